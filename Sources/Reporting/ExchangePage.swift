import StringcatSupport
import XclocExport
import XclocImport
import XclocProof

/// The pages `export --report` and `import --report` write: the verdict, then the packages (or
/// the catalogs and languages) with their counts, the files skipped and why, the diagnostics.
/// Paths are relative to the tree, numbers grouped the same on every machine: the same run gives
/// the same bytes.
public enum ExchangePage {
    public static func export(_ report: ExportReport, proof: ExportProofSummary, dryRun: Bool) -> String {
        let paths = PagePaths(root: report.root, output: report.outputDirectory)
        var lines: [String] = []
        let catalogs = report.files.filter { $0.kind != .legacyStrings }.count
        let legacy = report.files.count - catalogs
        if report.hasErrors && !report.written {
            lines.append(
                "# Export: nothing written, \(NumberText.counted(report.diagnostics.filter(\.isError).count, "error"))")
        } else if report.hasErrors {
            lines.append(
                "# Export: written, with \(NumberText.counted(report.diagnostics.filter(\.isError).count, "error"))")
        } else {
            let verb = dryRun ? "would write" : "wrote"
            lines.append(
                "# Export: \(verb) \(NumberText.counted(report.packages.count, "language")), "
                    + "\(NumberText.counted(catalogs, "catalog"))"
                    + (legacy > 0 ? " and \(NumberText.counted(legacy, "legacy table"))" : ""))
            lines += [
                "",
                "Proof: every value of every catalog is in its language's XLIFF "
                    + "(\(NumberText.counted(proof.checked, "value")) compared"
                    + (proof.notXML > 0 ? ", \(NumberText.grouped(proof.notXML)) that XML cannot hold left out" : "")
                    + "), and importing the files back untouched changes no catalog.",
            ]
        }
        if !report.packages.isEmpty {
            lines += ["", "## Packages", ""]
            lines += Markdown.table(
                ["package", "outcome", "units", "with a translation"], right: [2, 3],
                report.packages.map { package in
                    [
                        Markdown.code(paths.relative(package.path)), package.outcome.description,
                        NumberText.grouped(package.units),
                        NumberText.grouped(package.targets),
                    ]
                })
        }
        if !report.files.isEmpty {
            lines += ["", "## Files in each XLIFF", ""]
            let rows = report.files.map { [Markdown.code($0.original), $0.kind.description] }
            lines += Markdown.collapsed(
                Markdown.table(["original", "kind"], rows), summary: "\(report.files.count) files", limit: 20)
        }
        lines += diagnostics(report.diagnostics, paths)
        return paths.scrubbed(lines.joined(separator: "\n")) + "\n"
    }

    public static func `import`(_ report: ImportReport, dryRun: Bool) -> String {
        let paths = PagePaths(root: report.projectRoot)
        var lines: [String] = []
        let imported = report.languages.reduce(0) { $0 + $1.imported }
        if report.hasErrors && !report.written {
            lines.append(
                "# Import: nothing written, \(NumberText.counted(report.diagnostics.filter(\.isError).count, "error"))")
        } else if report.hasErrors {
            lines.append(
                "# Import: written, with \(NumberText.counted(report.diagnostics.filter(\.isError).count, "error"))")
        } else if report.changedCatalogs.isEmpty {
            lines.append("# Import: nothing to change, the catalogs already hold every translation")
        } else {
            lines.append(
                "# Import: \(dryRun ? "would write" : "wrote") "
                    + "\(NumberText.counted(report.changedCatalogs.count, "catalog")), "
                    + "\(NumberText.counted(imported, "value")) imported"
            )
        }
        if !report.languages.isEmpty {
            lines += ["", "## Catalogs and languages", ""]
            lines += Markdown.table(
                ["catalog", "language", "imported", "unchanged", "skipped"], right: [2, 3],
                report.languages.map { language in
                    let skipped = language.skipped.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                        .map { "\(NumberText.grouped($0.value)) \(Markdown.text($0.key))" }.joined(separator: "; ")
                    return [
                        Markdown.code(paths.relative(language.catalog)), Markdown.code(language.language),
                        NumberText.grouped(language.imported),
                        NumberText.grouped(language.unchanged), skipped.isEmpty ? "0" : skipped,
                    ]
                })
        }
        if !report.skippedFiles.isEmpty {
            lines += ["", "## Files skipped", ""]
            lines += Markdown.table(
                ["original", "units", "why"], right: [1],
                report.skippedFiles.map {
                    [Markdown.code($0.original), NumberText.grouped($0.units), Markdown.text($0.reason)]
                })
        }
        lines += diagnostics(report.diagnostics, paths)
        return paths.scrubbed(lines.joined(separator: "\n")) + "\n"
    }

    private static func diagnostics(_ diagnostics: [Diagnostic], _ paths: PagePaths) -> [String] {
        guard !diagnostics.isEmpty else { return [] }
        let rows = diagnostics.map { diagnostic -> String in
            var place = paths.relative(diagnostic.location.path)
            if let line = diagnostic.location.line {
                place += ":\(line)" + (diagnostic.location.column.map { ":\($0)" } ?? "")
            }
            return "- \(diagnostic.severity.rawValue): \(Markdown.code(place)) \(Markdown.text(diagnostic.message))"
        }
        return ["", "## Diagnostics", ""]
            + Markdown.collapsed(rows, summary: "\(diagnostics.count) diagnostics", limit: 20)
    }
}
