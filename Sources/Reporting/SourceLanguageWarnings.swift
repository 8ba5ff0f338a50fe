import InfoPlistStrings
import Migration
import StringcatSupport

/// A warning for each table with strings but none in its source language: a wrong
/// `--source-language`, or a `developmentRegion` that is not the language of the strings.
/// Interface Builder and InfoPlist tables are left out: their source strings are in the storyboard
/// or the Info.plist, not in a `.strings` file. `migrate` prints them, lists them in `--json`,
/// and the page counts them with the others.
public enum SourceLanguageWarnings {
    public static func of(_ report: MigrationReport) -> [Diagnostic] {
        report.tables.filter { table in
            table.outcome != .failed && table.entryCount > 0 && !table.languages.contains(table.table.sourceLanguage)
                && !table.table.isInterfaceBuilder
                && !InfoPlistTable.isInfoPlistTable(fileName: table.table.name + ".strings")
        }.map { table in
            .warning(
                "no strings in the source language '\(table.table.sourceLanguage)'; if the development language is "
                    + "another, pass it with --source-language",
                at: .file(table.catalogPath))
        }
    }
}
