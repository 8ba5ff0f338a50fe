import Foundation
import StringcatSupport
import Verification

/// The page of `verify --report`.
struct VerificationPage {
    var report: VerificationReport
    /// The catalogs `migrate` would write, by path, for the tables with none on disk.
    var planned: [String: Data]

    private var paths: PagePaths { PagePaths(root: report.root) }

    func lines() -> [String] {
        var diagnostics = self.diagnostics()
        var catalogs: [(path: String, bytes: Data?, sourceLanguage: String?)] = report.tables.compactMap { table in
            switch table.catalog {
            case .onDisk: return (table.catalogPath, nil, table.table.sourceLanguage)
            case .planned: return planned[table.catalogPath].map { (table.catalogPath, $0, table.table.sourceLanguage) }
            case .missing, .emptyTable: return nil
            }
        }
        catalogs += report.catalogsOnly.map { ($0, nil, nil) }
        let facts = PageSections.facts(catalogs, into: &diagnostics)
        var lines = [verdict(), ""]
        lines.append(
            "Source language: \(Markdown.code(report.sourceLanguage.code)) — "
                + "\(Markdown.text(paths.scrubbed(report.sourceLanguage.origin))). Each legacy file, as its reader "
                + "sees it, against its catalog compiled back, leaf by leaf. Paths are relative to the folder "
                + "verified."
        )
        lines += PageSections.section("Catalogs", catalogTable(facts))
        lines += PageSections.section("Apps", PageSections.apps(report.targets))
        lines += PageSections.section("Not carried", notCarried())
        lines += PageSections.section(
            "Coverage",
            PageSections.coverage(
                catalogs.compactMap { catalog in facts[catalog.path].map { (catalog.path, $0) } }, paths))
        lines += PageSections.section("Errors, warnings and notes", PageSections.diagnostics(diagnostics, paths))
        return lines
    }

    /// The summary line `verify` prints, its numbers grouped: `**stringcat verify**: 3 tables,
    /// 15 keys in 6 languages: nothing lost`.
    func verdict() -> String {
        "**stringcat verify**: " + report.verdict(count: { NumberText.counted($0, $1, $2) }, number: NumberText.grouped)
    }

    private func catalogTable(_ facts: [String: CatalogFacts]) -> [String] {
        var rows = report.tables.map { table -> [String] in
            let catalog = facts[table.catalogPath]
            let kept = table.files.filter { !$0.isCarried }.count
            var files = "\(NumberText.grouped(table.files.count - kept)) carried"
            if kept > 0 { files += ", \(NumberText.grouped(kept)) must stay" }
            return [
                Markdown.code(paths.relative(table.catalogPath)),
                Markdown.text(table.catalog.rawValue),
                NumberText.grouped(table.languageCount),
                NumberText.grouped(table.keyCount),
                catalog.map { NumberText.grouped($0.variationEntryCount) } ?? "–",
                catalog.map { NumberText.grouped($0.deviceEntryCount) } ?? "–",
                table.lossCount == 0 ? "none" : NumberText.grouped(table.lossCount),
                files,
            ]
        }
        rows += report.catalogsOnly.map { path in
            let catalog = facts[path]
            return [
                Markdown.code(paths.relative(path)), "catalog only, no legacy files left",
                catalog.map { NumberText.grouped($0.translated.count) } ?? "–",
                catalog.map { NumberText.grouped($0.keyCount) } ?? "–",
                catalog.map { NumberText.grouped($0.variationEntryCount) } ?? "–",
                catalog.map { NumberText.grouped($0.deviceEntryCount) } ?? "–", "–", "none",
            ]
        }
        guard !rows.isEmpty else { return [] }
        return PageSections.table(
            ["Catalog", "Checked against", "Languages", "Keys", "Plural", "Device", "Losses", "Legacy files"],
            right: [2, 3, 4, 5, 6], rows, noun: "catalog")
            + [
                "",
                "Languages and Keys: of the legacy files. Plural: entries of the catalog with variations (plural "
                    + "forms, or device cases); Device: those with device cases.",
            ]
    }

    private func notCarried() -> [String] {
        var lines: [String] = []
        for table in report.tables {
            var parts: [String] = []
            if let comments = NotCarried.otherLanguageComments(table.otherLanguageCommentCount, .stay) {
                parts.append(comments)
            }
            if let shadowed = NotCarried.shadowedValues(ShadowedValues.count(in: table.notes)) {
                parts.append(shadowed)
            }
            guard !parts.isEmpty else { continue }
            lines.append("- \(Markdown.code(paths.relative(table.catalogPath))): " + parts.joined(separator: "; "))
        }
        if report.filesNotCompared > 0 {
            lines.append(
                "- \(NumberText.counted(report.filesNotCompared, "legacy file")) beside catalogs "
                    + "\(report.filesNotCompared == 1 ? "is" : "are") not compared: no table takes "
                    + "\(report.filesNotCompared == 1 ? "it" : "them") (each is a warning below, with the reason)"
            )
        }
        let mustStay = report.tables.flatMap { $0.files.filter { !$0.isCarried } }
        if !mustStay.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append(
                "Legacy files the catalogs do not carry whole, which must stay (`migrate --delete-legacy` keeps them), "
                    + "each with its reason:"
            )
            lines.append("")
            lines += PageSections.filesWithReasons(
                mustStay.map { ($0.path, $0.reason ?? "not proven") }, paths, noun: "file that must stay",
                plural: "files that must stay")
        }
        return lines
    }

    /// What `verify` prints on stderr: its notes of the scan left out, as there.
    private func diagnostics() -> DiagnosticSummary {
        var summary = DiagnosticSummary()
        summary.add(contentsOf: report.diagnostics.filter { $0.severity != .note })
        for table in report.tables {
            summary.add(contentsOf: table.notes + table.errors + table.unreadableFiles)
            for loss in table.losses { summary.add(loss.diagnostic, kind: "loss: " + loss.kind.rawValue) }
        }
        return summary
    }
}
