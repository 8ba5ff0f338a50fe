import Foundation
import LegacyTables
import StringcatSupport

/// A language a bundle would lose is never dropped silently (docs/spec/project-tree.md#languages-live-in-the-bundle).
///
/// An app's languages are the `.lproj` folders in its bundle, and a catalog with no value in a
/// language produces no `.lproj` for it at build time. Apps keep comment-only tables to declare
/// languages (cinderella-project/iMast `Sources/iOS/App/*.lproj/Dummy.strings`): deleting such a
/// file, when it empties its `.lproj` folder and no catalog of its bundle holds a value in that
/// language, would remove the language from the built app. `--delete-legacy` keeps those files,
/// with the reason, unless `--delete-empty-languages`.
enum LanguageDeclarations {
    /// Moves, in every table of the run, the files `--delete-legacy` is about to delete that are
    /// the last declaration of their language in their bundle to the kept files.
    /// Returns the folders that could not be listed (a failing disk): the caller stops the run.
    @discardableResult
    static func keep(
        in report: inout MigrationReport, project: ProjectTables,
        options: MigrationOptions
    ) -> [FileProbe.Failure] {
        guard !options.deleteEmptyLanguages else { return [] }
        let all = report.tables + report.leftovers
        let goingAway = Set(all.flatMap(\.deletedFiles))
        var failures: [FileProbe.Failure] = []
        for index in report.tables.indices {
            keep(
                in: &report.tables[index], among: all, goingAway: goingAway, probe: options.fileProbe,
                failures: &failures)
        }
        for index in report.leftovers.indices {
            keep(
                in: &report.leftovers[index], among: all, goingAway: goingAway, probe: options.fileProbe,
                failures: &failures)
        }
        return failures
    }

    private static func keep(
        in table: inout TableReport, among all: [TableReport], goingAway: Set<String>, probe: FileProbe,
        failures: inout [FileProbe.Failure]
    ) {
        guard !table.deletedFiles.isEmpty else { return }
        let byPath = Dictionary(table.table.allFiles.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var declaring: [String] = []
        for path in table.deletedFiles {
            guard let file = byPath[path], file.language != table.table.sourceLanguage else { continue }
            if holdsValue(table, in: file.language) { continue }
            if all.contains(where: {
                $0.catalogPath != table.catalogPath && sameBundle($0, table) && holdsValue($0, in: file.language)
            }) {
                continue
            }
            // Anything else left in its `.lproj` folder keeps the language in the bundle.
            let folder = (path as NSString).deletingLastPathComponent
            let names: [String]
            do {
                names = try probe.names(inFolder: folder) ?? []
            } catch {
                failures.append(error)
                continue
            }
            let left = names.map { folder + "/" + $0 }
            if left.contains(where: { !goingAway.contains($0) }) { continue }
            declaring.append(path)
        }
        guard !declaring.isEmpty else { return }
        table.deletedFiles.removeAll { declaring.contains($0) }
        for path in declaring {
            let language = byPath[path]!.language
            let folder = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
            table.keptFiles.append(
                KeptFile(
                    path: path,
                    reason:
                        "it declares \(language): no catalog of its bundle holds a value in \(language), and deleting "
                        + "it would empty \(folder), so the built app would no longer offer \(language) "
                        + "(--delete-empty-languages deletes it anyway)"
                ))
        }
    }

    /// True when the table's catalog holds a value in `language` after the run.
    private static func holdsValue(_ table: TableReport, in language: String) -> Bool {
        table.provenLanguages.contains(language)
            || (table.outcome != .leftover && table.hasCatalog && table.languages.contains(language))
    }

    /// Two tables whose catalogs end up in one bundle: a target in common, one synchronized folder's
    /// project, one package, one folder.
    private static func sameBundle(_ a: TableReport, _ b: TableReport) -> Bool {
        switch (a.table.origin, b.table.origin) {
        case (.xcodeProject(let x), .xcodeProject(let y)), (.xcodeProject(let x), .synchronizedFolder(let y)),
            (.synchronizedFolder(let x), .xcodeProject(let y)),
            (.synchronizedFolder(let x), .synchronizedFolder(let y)):
            return x == y && !Set(a.table.targetIDs).isDisjoint(with: b.table.targetIDs)
        case (.package(let x), .package(let y)):
            return x == y
        case (.folder, .folder):
            return a.table.folder == b.table.folder
        default:
            return false
        }
    }
}
