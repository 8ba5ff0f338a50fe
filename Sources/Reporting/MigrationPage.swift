import Foundation
import Migration
import StringcatSupport
import Verification

/// The page of `migrate --report`.
struct MigrationPage {
    var report: MigrationReport
    var options: MigrationOptions
    var proof: MigrationProof.Result

    private var paths: PagePaths { PagePaths(root: report.root, output: options.outputDirectory) }
    private var dryRun: Bool { options.dryRun }

    func lines() -> [String] {
        var diagnostics = warnings()
        let catalogs = tablesWithCatalogs()
        let facts = PageSections.facts(
            catalogs.map { table in
                (table.catalogPath, dryRun ? proof.catalogs[table.table.catalogPath] : nil, table.table.sourceLanguage)
            }, into: &diagnostics)
        var lines = [verdict(), ""]
        lines.append(
            "Source language: \(Markdown.code(report.sourceLanguage.code)) — "
                + "\(Markdown.text(paths.scrubbed(report.sourceLanguage.origin))). Paths are relative to the folder "
                + "migrated\(options.outputDirectory == nil ? "" : "; catalogs and the project file go to `--output`, at the same paths")."
                + (dryRun ? " A dry run: nothing is written yet." : ""))
        lines += PageSections.section("Catalogs", catalogTable(facts))
        lines += PageSections.section("Not carried", notCarried())
        lines += PageSections.section(
            "Coverage",
            PageSections.coverage(
                catalogs.compactMap { table in facts[table.catalogPath].map { (table.catalogPath, $0) } }, paths))
        lines += PageSections.section("Apps", PageSections.apps(proof.verification.targets))
        lines += PageSections.section("Project", project())
        lines += PageSections.section("Left alone", leftAlone())
        lines += PageSections.section("Errors, warnings and notes", PageSections.diagnostics(diagnostics, paths))
        return lines
    }

    // MARK: - Verdict

    /// `**stringcat migrate**: 3 tables → 3 catalogs written, 6 languages, 15 keys; …; verify:
    /// nothing lost`. Its numbers are the summary line's and `--json`'s: tables, catalogs, the
    /// languages and the entries of the tables not failed.
    func verdict() -> String {
        let tables = report.tables
        let failed = tables.filter { $0.outcome == .failed }.count
        let unchanged = tables.filter { $0.outcome == .unchanged }.count
        let done = tables.count - failed - unchanged
        let carried = tables.filter { $0.outcome != .failed }
        let keys = carried.reduce(0) { $0 + $1.entryCount }
        let languages = Set(carried.flatMap(\.languages)).count
        var text: String
        if tables.isEmpty && !report.leftovers.isEmpty {
            text =
                "nothing left to migrate: \(NumberText.counted(report.leftovers.count, "table")) "
                + "\(report.leftovers.count == 1 ? "is" : "are") already migrated"
        } else if tables.isEmpty {
            text = "0 tables: nothing to migrate"
        } else {
            let written = dryRun ? "would be written" : options.merge ? "written or merged" : "written"
            text = "\(NumberText.counted(tables.count, "table")) → \(NumberText.counted(done, "catalog")) \(written)"
            if unchanged > 0 { text += ", \(NumberText.grouped(unchanged)) unchanged" }
            if failed > 0 { text += ", \(NumberText.grouped(failed)) failed" }
            text += ", \(NumberText.counted(languages, "language")), \(NumberText.counted(keys, "key"))"
        }
        if options.deleteLegacy {
            let all = report.tables + report.leftovers
            let deleted = all.reduce(0) { $0 + $1.deletedFiles.count }
            let kept = all.reduce(0) { $0 + $1.keptFiles.count }
            text +=
                dryRun
                ? "; would delete \(NumberText.counted(deleted, "legacy file"))"
                : "; deleted \(NumberText.counted(deleted, "legacy file"))"
            if kept > 0 {
                text += dryRun ? ", would keep \(NumberText.grouped(kept))" : ", kept \(NumberText.grouped(kept))"
            }
        }
        let verification = proof.verification
        if verification.isLossless {
            text += dryRun ? "; verify: nothing would be lost" : "; verify: nothing lost"
            // The proof after the run compares what is left; a deleted file was proven before it went.
            if options.deleteLegacy && !dryRun
                && (report.tables + report.leftovers).contains(where: { !$0.deletedFiles.isEmpty })
            {
                text += " (each deleted file was proven held by its catalog first)"
            }
        } else {
            let lossy = verification.tables.filter { !$0.isLossless }.count
            let problems = verification.lossCount + verification.diagnostics.filter(\.isError).count
            text +=
                "; verify: \(NumberText.counted(problems, "loss or error", "losses or errors")) in "
                + "\(NumberText.counted(lossy, "table"))"
        }
        return "**stringcat migrate\(dryRun ? " --dry-run" : "")**: " + text
    }

    // MARK: - Catalogs

    private func tablesWithCatalogs() -> [TableReport] {
        (report.tables.filter(\.hasCatalog) + report.leftovers).filter { table in
            dryRun
                ? proof.catalogs[table.table.catalogPath] != nil
                    || FileManager.default.fileExists(atPath: table.catalogPath)
                : FileManager.default.fileExists(atPath: table.catalogPath)
        }
    }

    private func catalogTable(_ facts: [String: CatalogFacts]) -> [String] {
        let all = report.tables + report.leftovers
        guard !all.isEmpty else { return [] }
        let rows = all.map { table -> [String] in
            let catalog = facts[table.catalogPath]
            let leftover = table.outcome == .leftover
            let counted = table.outcome != .failed
            func number(_ value: Int?) -> String { counted ? value.map(NumberText.grouped) ?? "–" : "–" }
            return [
                Markdown.code(paths.relative(table.catalogPath)),
                Markdown.text(table.outcome.rawValue),
                number(leftover ? catalog?.translated.count : table.languages.count),
                number(leftover ? catalog?.keyCount : table.entryCount),
                number(leftover ? catalog?.variationEntryCount : table.pluralEntryCount),
                number(catalog?.deviceEntryCount),
                number(leftover ? catalog?.commentCount : table.commentCount),
                legacyFiles(table),
            ]
        }
        var lines = PageSections.table(
            ["Catalog", "Outcome", "Languages", "Keys", "Plural", "Device", "Comments", "Legacy files"],
            right: [2, 3, 4, 5, 6], rows, noun: "catalog")
        lines += [
            "",
            "Plural: entries with variations (plural forms, or device cases); Device: those with device cases. "
                + "Comments: entries with a comment.",
        ]
        return lines
    }

    /// What became of a table's legacy files: `12 deleted`, `would delete 11, keep 1`, `12, left in place`.
    private func legacyFiles(_ table: TableReport) -> String {
        let count = table.table.allFiles.count
        var text: String
        if options.deleteLegacy && (!table.deletedFiles.isEmpty || !table.keptFiles.isEmpty) {
            let deleted = table.deletedFiles.count, kept = table.keptFiles.count
            if dryRun {
                text = [
                    "would delete \(NumberText.grouped(deleted))", kept > 0 ? "keep \(NumberText.grouped(kept))" : nil,
                ].compactMap { $0 }.joined(separator: ", ")
            } else {
                text = ["\(NumberText.grouped(deleted)) deleted", kept > 0 ? "\(NumberText.grouped(kept)) kept" : nil]
                    .compactMap { $0 }.joined(separator: ", ")
            }
        } else {
            text = "\(NumberText.grouped(count)), left in place"
        }
        if !table.skippedFiles.isEmpty {
            text += "; \(NumberText.grouped(table.skippedFiles.count)) skipped (do not parse)"
        }
        return text
    }

    // MARK: - Not carried

    private func notCarried() -> [String] {
        var lines: [String] = []
        for table in report.tables + report.leftovers {
            var parts: [String] = []
            if table.outcome == .failed { parts.append("not migrated: see the errors below") }
            let fate: NotCarried.CommentFate =
                options.deleteLegacy && !table.deletedFiles.isEmpty ? (dryRun ? .wouldGo : .went) : .stay
            if let comments = NotCarried.otherLanguageComments(table.otherLanguageCommentCount, fate) {
                parts.append(comments)
            }
            if let shadowed = NotCarried.shadowedValues(ShadowedValues.count(in: table.diagnostics)) {
                parts.append(shadowed)
            }
            if !table.skippedFiles.isEmpty {
                parts.append(
                    "\(NumberText.counted(table.skippedFiles.count, "file")) not read, "
                        + "\(table.skippedFiles.count == 1 ? "it does" : "they do") not parse (`--skip-invalid`): "
                        + FileList.compact(table.skippedFiles.map(paths.relative)).map(Markdown.code).joined(
                            separator: ", "))
            }
            if !table.mergeDifferences.isEmpty {
                let kept =
                    options.prefer == .catalog
                    ? "the catalog's values stay, the legacy files' are not carried"
                    : "the legacy files' values replace the catalog's"
                parts.append(
                    "\(NumberText.counted(table.mergeDifferences.count, "key")) the catalog and the legacy files give "
                        + "differently (`--merge`): \(kept)"
                )
            }
            guard !parts.isEmpty else { continue }
            lines.append("- \(Markdown.code(paths.relative(table.catalogPath))): " + parts.joined(separator: "; "))
        }
        let kept = (report.tables + report.leftovers).flatMap(\.keptFiles)
        if !kept.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append(
                "Legacy files \(dryRun ? "`--delete-legacy` would keep" : "kept by `--delete-legacy`"), each with its "
                    + "reason:"
            )
            lines.append("")
            lines += PageSections.filesWithReasons(
                kept.map { ($0.path, $0.reason) }, paths, noun: "kept file", plural: "kept files")
        }
        return lines
    }

    // MARK: - Project

    private func project() -> [String] {
        var lines: [String] = []
        for edit in report.projectEdits {
            let state: String
            if edit.written {
                state = "edited"
            } else if edit.notWritten == .unchanged {
                state = "unchanged: it already holds these edits"
            } else if edit.notWritten == .dryRun {
                state = "would be edited"
            } else {
                state =
                    "not edited (\(Markdown.text(paths.scrubbed(edit.notWritten?.description ?? "")))); the edit it would "
                    + "have"
            }
            lines.append("- \(Markdown.code(paths.relative(edit.projectPath))): \(state)")
            lines += ProjectEditWords.lines(edit.changes).map { "  - " + $0 }
        }
        for record in report.recordWrites {
            let state: String
            if record.written {
                state = record.isRemoval ? "removed: no legacy file of a migrated table is left" : "written"
            } else if record.notWritten == .dryRun {
                state = record.isRemoval ? "would be removed" : "would be written"
            } else {
                state = "not written (\(Markdown.text(paths.scrubbed(record.notWritten?.description ?? ""))))"
            }
            var line = "- \(Markdown.code(paths.relative(record.path))): \(state)"
            if record.fileCount > 0 {
                line +=
                    "; stringcat's record of the \(NumberText.counted(record.fileCount, "legacy file")) kept beside "
                    + "\(NumberText.counted(record.catalogCount, "catalog")) (`status`, `verify` and "
                    + "`--delete-legacy` read it)"
            }
            if record.bundleCount > 0 {
                line +=
                    "; it keeps what \(NumberText.counted(record.bundleCount, "target's bundle", "targets' bundles")) "
                    + "held before the migration (`verify` compares the app with it)"
            }
            lines.append(line)
        }
        if let generator = report.generator {
            lines.append(
                "- The project is generated (\(Markdown.text(generator.kind.rawValue)), "
                    + "\(Markdown.text(paths.scrubbed(generator.evidence)))): its files were left alone. To finish:"
            )
            lines += generator.checklist.enumerated().map {
                "  \($0.offset + 1). \(Markdown.text(paths.scrubbed($0.element)))"
            }
        }
        return lines
    }

    // MARK: - Left alone

    private func leftAlone() -> [String] {
        var lines: [String] = []
        if !report.filesLeftAlone.isEmpty {
            lines.append("Legacy files in no table: not read, not deleted, each with the reason:")
            lines.append("")
            lines += PageSections.filesWithReasons(
                report.filesLeftAlone.map { ($0.path, $0.reason) }, paths, noun: "file left alone",
                plural: "files left alone")
        }
        if !report.skippedFolders.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append(
                "\(NumberText.counted(report.skippedFolders.count, "`.lproj` folder")) skipped: inside bundles, "
                    + "frameworks, apps, dependency folders or third-party packages, or excluded:"
            )
            lines.append("")
            lines += Markdown.collapsed(
                report.skippedFolders.map { "- " + Markdown.code(paths.relative($0)) },
                summary: NumberText.counted(report.skippedFolders.count, "folder"), limit: PageSections.foldAbove / 2)
        }
        if !report.skippedPackages.isEmpty {
            if !lines.isEmpty { lines.append("") }
            let packages = report.skippedPackages.map {
                Markdown.code(paths.relative(($0 as NSString).deletingLastPathComponent))
            }
            lines.append(
                "\(NumberText.counted(report.skippedPackages.count, "package")) inside the tree that "
                    + "\(report.skippedPackages.count == 1 ? "is" : "are") not read: third-party code (under a "
                    + "dependency folder, or a submodule), or built by nothing in the tree (`migrate --verbose` says "
                    + "which; `--include PATH` migrates one): "
                    + packages.joined(separator: ", "))
        }
        return lines
    }

    // MARK: - Diagnostics

    /// What `migrate` prints on stderr (notes of a table with errors left out, as there), plus
    /// the losses and errors of the proof for the tables the run did not fail.
    private func warnings() -> DiagnosticSummary {
        var summary = DiagnosticSummary()
        summary.add(contentsOf: report.diagnostics)
        for table in report.tables {
            summary.add(
                contentsOf: table.diagnostics.filter { $0.severity != .note || !table.diagnostics.containsError })
        }
        for leftover in report.leftovers { summary.add(contentsOf: leftover.diagnostics) }
        summary.add(contentsOf: SourceLanguageWarnings.of(report))
        // A table the run failed has its errors above already; the proof would only repeat them.
        let failed = Set(report.tables.filter { $0.outcome == .failed }.map(\.table.catalogPath))
        for table in proof.verification.tables where !failed.contains(table.catalogPath) {
            summary.add(contentsOf: table.errors + table.unreadableFiles)
            for loss in table.losses { summary.add(loss.diagnostic, kind: "verify: " + loss.kind.rawValue) }
        }
        // The proof's scan diagnostics are the migration's own scan again: not counted twice.
        return summary
    }
}
