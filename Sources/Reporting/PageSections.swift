import Foundation
import StringcatSupport
import Verification

/// The sections the three pages share. Each returns its lines, or none when it has nothing to
/// say, so that a small project gets a short page.
enum PageSections {
    /// How many rows or items a section shows before it folds them into `<details>`.
    static let foldAbove = 20
    /// How many languages the coverage block shows before it folds.
    static let foldLanguagesAbove = 25
    /// How many incomplete languages a catalog's line names (the least covered), so that 60
    /// languages × 40 catalogs stay a page a comment can hold.
    static let languagesPerCatalog = 8

    /// A section: a blank line, its heading, a blank line, its lines.
    static func section(_ title: String, _ lines: [String]) -> [String] {
        lines.isEmpty ? [] : ["", "### \(title)", ""] + lines
    }

    /// `- `files`: reason`, one item per reason (in the order met), the files of each compacted
    /// (`FileList`); folded when long.
    static func filesWithReasons(
        _ files: [(path: String, reason: String)], _ paths: PagePaths, noun: String, plural: String
    ) -> [String] {
        var order: [String] = []
        var byReason: [String: [String]] = [:]
        for file in files {
            let reason = paths.scrubbed(file.reason)
            if byReason[reason] == nil { order.append(reason) }
            byReason[reason, default: []].append(paths.relative(file.path))
        }
        var lines: [String] = []
        for reason in order {
            let items = FileList.compact(byReason[reason]!)
            if items.count == 1 {
                lines.append("- \(Markdown.code(items[0])): \(Markdown.text(reason))")
            } else {
                lines.append("- \(NumberText.counted(byReason[reason]!.count, "file")): \(Markdown.text(reason))")
                lines += items.map { "  - \(Markdown.code($0))" }
            }
        }
        return Markdown.collapsed(lines, summary: NumberText.counted(files.count, noun, plural), limit: foldAbove)
    }

    /// The coverage block, and the languages each catalog lacks values in.
    static func coverage(_ catalogs: [(path: String, facts: CatalogFacts)], _ paths: PagePaths) -> [String] {
        let coverage = Coverage(catalogs.map(\.facts))
        guard !coverage.rows.isEmpty else { return [] }
        let sources = coverage.sourceLanguages.map(Markdown.code).joined(separator: ", ")
        var lines = [
            "Per language, the keys the \(catalogs.count == 1 ? "catalog holds" : "catalogs hold") a value for in that "
                + "language (a string, or plural or device variations), out of all "
                + "\(catalogs.count == 1 ? "its" : "their") keys. \(sources), the source "
                + "language\(coverage.sourceLanguages.count == 1 ? "" : "s"), "
                + "\(coverage.sourceLanguages.count == 1 ? "is" : "are") left out: "
                + "\(coverage.sourceLanguages.count == 1 ? "its" : "their") text is the catalog's "
                + "value, the key, or the storyboard's.",
            "",
        ]
        let block = ["```text"] + coverage.lines() + ["```"]
        if coverage.rows.count > foldLanguagesAbove {
            let complete = coverage.rows.filter { $0.translated == $0.total }.count
            let summary =
                complete == coverage.rows.count
                ? "\(coverage.rows.count) languages, all complete"
                : "\(coverage.rows.count) languages: \(complete) complete, the least covered "
                    + "\(Coverage.inline(coverage.rows.last!))"
            lines += ["<details>", "<summary>\(Markdown.html(summary))</summary>", ""] + block + ["", "</details>"]
        } else {
            lines += block
        }
        guard catalogs.count > 1 else { return lines }
        // Per catalog, the languages of the project it lacks values in, so a translator knows where.
        let languages = coverage.rows.map(\.language)
        var incomplete: [String] = []
        for catalog in catalogs.sorted(by: { paths.relative($0.path) < paths.relative($1.path) }) {
            let rows = languages.filter { $0 != catalog.facts.sourceLanguage }.map { language in
                Coverage.Row(
                    language: language, translated: catalog.facts.translated[language] ?? 0,
                    total: catalog.facts.keyCount)
            }.filter { $0.translated < $0.total }.sorted(by: Coverage.lessCovered)
            guard !rows.isEmpty else { continue }
            let shown = rows.prefix(languagesPerCatalog).map(Coverage.inline).joined(separator: ", ")
            let more =
                rows.count > languagesPerCatalog
                ? ", and \(NumberText.counted(rows.count - languagesPerCatalog, "more language"))" : ""
            incomplete.append(
                "- \(Markdown.code(paths.relative(catalog.path))) "
                    + "(\(NumberText.counted(catalog.facts.keyCount, "key"))): "
                    + shown + more)
        }
        if !incomplete.isEmpty {
            lines += ["", "Catalogs that lack values in a language, the least covered first:", ""]
            lines += Markdown.collapsed(
                incomplete, summary: NumberText.counted(incomplete.count, "catalog"), limit: foldAbove / 2)
        }
        return lines
    }

    /// The diagnostics table, folded when it has many kinds.
    static func diagnostics(_ summary: DiagnosticSummary, _ paths: PagePaths) -> [String] {
        guard !summary.groups.isEmpty else { return [] }
        let lines = ["Grouped by kind (\(summary.countsText)); the command's `--verbose` lists each.", ""]
        return lines
            + Markdown.collapsed(
                summary.table(paths),
                summary: "\(NumberText.counted(summary.groups.count, "kind")): \(summary.countsText)", limit: foldAbove)
    }

    /// A table of rows, folded when long.
    static func table(_ header: [String], right: Set<Int>, _ rows: [[String]], noun: String) -> [String] {
        Markdown.collapsed(
            Markdown.table(header, right: right, rows), summary: NumberText.counted(rows.count, noun),
            limit: foldAbove + 2)
    }

    /// Facts of each catalog, read once for the page; one that cannot be read is a warning of the
    /// page, and leaves its columns and coverage empty.
    static func facts(
        _ catalogs: [(path: String, bytes: Data?, sourceLanguage: String?)], into diagnostics: inout DiagnosticSummary
    ) -> [String: CatalogFacts] {
        var facts: [String: CatalogFacts] = [:]
        for catalog in catalogs where facts[catalog.path] == nil {
            do {
                facts[catalog.path] = try CatalogFacts.read(
                    path: catalog.path, bytes: catalog.bytes, sourceLanguage: catalog.sourceLanguage)
            } catch {
                diagnostics.add(.warning("the report cannot count this catalog: \(error.message)", at: error.location))
            }
        }
        return facts
    }

    /// Each target's bundle against the record of it before the migration (`AppProof`).
    static func apps(_ targets: [TargetProof]) -> [String] {
        let rows = targets.map { target -> [String] in
            [
                Markdown.text(target.title), NumberText.grouped(target.languageCount),
                NumberText.grouped(target.tableCount), NumberText.grouped(target.keyCount),
                Markdown.text(target.verdictText),
            ]
        }
        guard !rows.isEmpty else { return [] }
        return table(["Target", "Languages", "Tables", "Keys", "Its bundle"], right: [1, 2, 3], rows, noun: "target")
            + [
                "",
                "What each target's build puts in its bundle now (the project as it is, the catalogs compiled as Xcode "
                    + "compiles them), against what it held before stringcat's first run changed it.",
            ]
    }
}
