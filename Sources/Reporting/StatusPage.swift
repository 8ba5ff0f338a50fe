import Foundation
import Migration
import StringcatSupport

/// The page of `status --report`.
struct StatusPage {
    var report: StatusReport

    private var paths: PagePaths { PagePaths(root: report.root) }

    func lines() -> [String] {
        var diagnostics = DiagnosticSummary()
        diagnostics.add(contentsOf: report.diagnostics)
        let fm = FileManager.default
        let catalogs = report.tables.map(\.catalogPath).filter { fm.fileExists(atPath: $0) }
        let facts = PageSections.facts(catalogs.map { ($0, nil, nil) }, into: &diagnostics)
        var lines = [verdict(), ""]
        lines.append("Where a table-by-table migration stands. Paths are relative to the folder read.")
        lines += PageSections.section("Tables", table(facts))
        lines += PageSections.section("Not the tables' own", notTheirs())
        lines += PageSections.section(
            "Coverage", PageSections.coverage(catalogs.compactMap { path in facts[path].map { (path, $0) } }, paths))
        lines += PageSections.section("Errors, warnings and notes", PageSections.diagnostics(diagnostics, paths))
        return lines
    }

    /// The summary line `status` prints: `**stringcat status**: 3 tables: 1 legacy only, 2 migrated`.
    func verdict() -> String {
        let counts = Dictionary(grouping: report.tables, by: \.state).mapValues(\.count)
        let parts = [TableState.legacyOnly, .halfMigrated, .migrated, .catalogOnly].compactMap { state in
            counts[state].map { "\(NumberText.grouped($0)) \(state.rawValue)" }
        }
        var line =
            NumberText.counted(report.tables.count, "table")
            + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
        if !report.missingReferences.isEmpty {
            line += "; \(NumberText.counted(report.missingReferences.count, "project reference")) to missing files"
        }
        return "**stringcat status**: " + line
    }

    private func table(_ facts: [String: CatalogFacts]) -> [String] {
        guard !report.tables.isEmpty else { return [] }
        let rows = report.tables.map { table -> [String] in
            let catalog = facts[table.catalogPath]
            return [
                Markdown.code(paths.relative(table.catalogPath)),
                Markdown.text(table.state.rawValue),
                NumberText.grouped(table.legacyFiles.count),
                catalog.map { NumberText.grouped($0.translated.count) } ?? "–",
                catalog.map { NumberText.grouped($0.keyCount) } ?? "–",
                table.projectReference.map { Markdown.text($0.rawValue) } ?? "–",
            ]
        }
        return PageSections.table(
            ["Catalog", "State", "Legacy files", "Languages", "Keys", "Project"], right: [2, 3, 4], rows, noun: "table")
            + ["", "Languages and Keys: of the catalog on disk (none yet for a table that is legacy only)."]
    }

    private func notTheirs() -> [String] {
        var lines: [String] = []
        let leftAlone = report.tables.flatMap(\.leftAlone)
        if !leftAlone.isEmpty {
            lines.append(
                "Legacy files beside a catalog that are not its table's (left alone by the migration, as Xcode leaves "
                    + "files in no variant group), each with the reason:"
            )
            lines.append("")
            lines += PageSections.filesWithReasons(
                leftAlone.map { ($0.path, $0.reason) }, paths, noun: "file left alone", plural: "files left alone")
        }
        if !report.missingReferences.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("Project references to localization files that are gone:")
            lines.append("")
            lines += Markdown.collapsed(
                report.missingReferences.map {
                    "- \(Markdown.code(paths.relative($0.project))) references "
                        + "\(Markdown.code(paths.relative($0.path)))"
                },
                summary: NumberText.counted(report.missingReferences.count, "missing file"),
                limit: PageSections.foldAbove)
        }
        return lines
    }
}
