import Languages
import LegacyTables
import StringcatSupport

/// Turns the read files of a table into per-language content, as `migrate` and `verify` both
/// need it: invalid files are skipped (with `skipInvalid`) or mark the table invalid; a second
/// folder of one language adds only the keys the winning file lacks.
enum TableLoader {
    struct Loaded {
        var contents: [String: LegacyLanguageContent]
        var diagnostics: [Diagnostic]
        /// Files skipped because they do not parse (`skipInvalid`), with their errors.
        var skippedFiles: [String]
        /// Files that do not parse (when not skipping).
        var invalidFiles: [String]
    }

    static func load(_ table: LegacyTable, results: [LegacyReader.FileResult], skipInvalid: Bool) -> Loaded {
        var loaded = Loaded(contents: [:], diagnostics: [], skippedFiles: [], invalidFiles: [])
        for (file, result) in zip(table.files + table.shadowedFiles, results) {
            if result.failed {
                if skipInvalid {
                    loaded.diagnostics += result.diagnostics.map { d in
                        d.isError
                            ? Diagnostic.warning("\(d.message) (file skipped: --skip-invalid)", at: d.location) : d
                    }
                    loaded.skippedFiles.append(file.path)
                    continue
                }
                loaded.invalidFiles.append(file.path)
            }
            loaded.diagnostics += result.diagnostics
            var content = loaded.contents[file.language] ?? LegacyLanguageContent(language: file.language)
            let shadowed = table.shadowedFiles.contains(file)
            // `Base.lproj` loses only to the source language's own folder (TableGrouper): Xcode
            // then takes none of its keys.
            let addsKeys = file.lprojName != LprojFolderName.base
            if let strings = result.strings {
                content.strings = fold(
                    strings, into: shadowed ? content.strings : nil,
                    { ShadowedFiles.fold($0, into: $1, addsKeys: addsKeys) }, &loaded)
            }
            if let dict = result.stringsDict {
                content.stringsDict = fold(
                    dict, into: shadowed ? content.stringsDict : nil,
                    { ShadowedFiles.fold($0, into: $1, addsKeys: addsKeys) }, &loaded)
            }
            loaded.contents[file.language] = content
        }
        return loaded
    }

    /// A file of a second folder of one language adds only what the winning file lacks.
    private static func fold<File>(
        _ file: File, into winner: File?, _ combine: (File, File) -> ShadowedFiles.Folded<File>,
        _ loaded: inout Loaded
    ) -> File {
        guard let winner else { return file }
        let folded = combine(file, winner)
        loaded.diagnostics.append(folded.note)
        return folded.file
    }
}
