import AppBundles
import Foundation
import Languages
import LegacyTables
import StringcatSupport
import XcodeProject

/// No run changes what a target's build puts in its bundle, except what the user asks for by
/// name (docs/spec/app-bundle.md#no-run-changes-a-bundle, docs/guarantees.md §9c).
///
/// An app offers the languages of the `.lproj` folders in its bundle, and a catalog makes no
/// `.lproj` for a language it holds no value in. Apps declare languages with tables that hold
/// no entry (a React Native app's empty `Localizable.strings`, iMast's comment-only
/// `Dummy.strings`): migrated, such a table would take the language out of the app. So the run's
/// plan is compared with the tree, target by target (`AppModel`, `BundleChanges`): a table whose
/// files are what puts a language in a target's bundle, and whose catalog would not, is left
/// alone (its variant group, its files, its place in the build stay as they are), one line per
/// table saying why; `--delete-empty-languages` migrates it and drops the language, named per
/// target. Whatever else a plan would lose is refused by the gate (`MigrationGate`).
enum BundleKeeping {
    /// The bundles before the run and as its plan leaves them, and what each target would lose.
    struct Check: Sendable {
        var before: AppModel
        var after: AppModel
        /// Each target of `before` that loses anything, with what it loses.
        var losses: [(bundle: TargetBundle, changes: [BundleChange])]
        /// The contents `before` is read through (the run's merges, else the disk).
        var beforeContents: PlannedContents
        /// The legacy files of the tables the plan migrates.
        var migratedFiles: Set<String>

        /// What the record keeps of each target of `project`, before the run changes any.
        func records(forProject project: String, dropped: [DroppedLanguages]) -> [String: BundleRecord] {
            records(dropped: dropped, base: PathResolver.projectFolder(ofProjectFile: project)) { owner in
                guard case .projectTarget(let file, let id) = owner, file == project else { return nil }
                return id
            }
        }

        /// What the record in the tree's root keeps of each target of its packages, before the run
        /// changes any (`PackageTargets.recordKey`).
        func packageRecords(root: String, dropped: [DroppedLanguages]) -> [String: BundleRecord] {
            // Written only by a run that migrates a package's table.
            let touched = before.bundles.contains { bundle in
                guard case .packageTarget = bundle.owner else { return false }
                return bundle.inputs.contains { migratedFiles.contains($0.path) }
            }
            guard touched else { return [:] }
            return records(dropped: dropped, base: root) { owner in
                guard case .packageTarget(let manifest, let name) = owner else { return nil }
                return PackageTargets.recordKey(manifest: manifest, target: name, root: root)
            }
        }

        private func records(dropped: [DroppedLanguages], base: String, key: (BundleOwner) -> String?)
            -> [String: BundleRecord]
        {
            var records: [String: BundleRecord] = [:]
            for bundle in before.bundles {
                // Every target of the project, not only those this run changes: the first run's record
                // is then the tree as it was, whichever table a batch migrates first.
                guard let id = key(bundle.owner) else { continue }
                var record = BundleSnapshot.record(bundle, beforeContents, base: base)
                for drop in dropped where drop.owner == bundle.owner {
                    for language in drop.languages { record.dropped[language] = "--delete-empty-languages" }
                }
                records[id] = record
            }
            return records
        }
    }

    /// The tree's bundles before and after the plan: `tables` with a catalog are migrated (their
    /// catalogs written where the project will look for them, their groups replaced by `edits`),
    /// and with `--delete-legacy` every legacy file of those tables and of `leftovers` it read is
    /// gone (the most a run deletes).
    static func check(
        _ project: ProjectTables, tables: [TableReport], leftovers: [TableReport], edits: [ProjectEditReport],
        options: MigrationOptions, disk: ReadingContents
    ) -> Check {
        let migrating = tables.filter(\.hasCatalog)
        var graphs: [String: ProjectGraph] = [:]
        for edit in edits where edit.notWritten == nil || edit.notWritten == .dryRun {
            guard !edit.data.isEmpty,
                let document = try? PBXProjectReader.parse([UInt8](edit.data), path: edit.projectPath)
            else { continue }
            graphs[edit.projectPath] = ProjectGraph(document: document)
        }
        // The most a run deletes: every file of those tables but the ones it did not read (a file
        // that does not parse, left out with --skip-invalid, is never proven held, so it stays).
        var deleted: [String] = []
        if options.deleteLegacy && options.outputDirectory == nil {
            let unread = Set((migrating + leftovers).flatMap(\.skippedFiles))
            deleted = (migrating + leftovers).flatMap(\.table.allFiles).map(\.path).filter { !unread.contains($0) }
        }
        let files = TreeFiles(scan: project.scan).applying(
            written: migrating.map(\.table.catalogPath), deleted: deleted)
        let before = AppModel(project)
        let after = AppModel(project, graphs: graphs, files: files)
        let beforeContents = PlannedContents(disk: disk, tables: migrating, side: .before)
        let afterContents = PlannedContents(disk: disk, tables: migrating, side: .after)
        var losses: [(TargetBundle, [BundleChange])] = []
        for bundle in before.bundles {
            let changes: [BundleChange]
            if let now = after.bundle(bundle.owner) {
                changes = BundleChanges.losses(before: bundle, beforeContents, after: now, afterContents)
            } else {
                let empty = TargetBundle(
                    owner: bundle.owner, name: bundle.name, kind: bundle.kind, sourceLanguage: bundle.sourceLanguage,
                    inputs: [], failures: [])
                changes = BundleChanges.losses(before: bundle, beforeContents, after: empty, afterContents)
            }
            if !changes.isEmpty { losses.append((bundle, changes)) }
        }
        return Check(
            before: before, after: after, losses: losses, beforeContents: beforeContents,
            migratedFiles: Set(migrating.flatMap(\.table.allFiles).map(\.path)))
    }

    /// The tables to leave alone so that no target loses a language (index in `tables` -> the
    /// line that says why), and the languages `--delete-empty-languages` lets go instead.
    static func tablesToLeaveAlone(_ check: Check, tables: [TableReport], options: MigrationOptions)
        -> (leave: [Int: Diagnostic], dropped: [DroppedLanguages])
    {
        // Table index -> the languages it keeps, and the targets it keeps them in.
        var leave: [Int: (languages: Set<LanguageTag>, targets: [String], sourceOnly: Bool)] = [:]
        var dropped: [DroppedLanguages] = []
        for (bundle, changes) in check.losses {
            var droppedHere: [String] = []
            for case .languageLost(let language) in changes {
                // The tables of this run whose files put the language in this bundle.
                let declaring = tables.indices.filter { index in
                    tables[index].hasCatalog
                        && tables[index].table.allFiles.contains { file in
                            LanguageTag(file.language) == language
                                && bundle.inputs.contains {
                                    $0.path == file.path && $0.folder == .language(language)
                                }
                        }
                }
                guard !declaring.isEmpty else { continue }
                let empty = declaring.allSatisfy { !holdsOwnValue(tables[$0], in: language) }
                if options.deleteEmptyLanguages && empty {
                    droppedHere.append(language.canonical)
                    continue
                }
                // The table that loses least by staying: one with no entry at all, else the fewest
                // keys; one already staying keeps the language for every target it is built in.
                let chosen =
                    declaring.first { leave[$0] != nil }
                    ?? declaring.min { a, b in
                        (total(tables[a]), tables[a].table.catalogPath) < (
                            total(tables[b]), tables[b].table.catalogPath
                        )
                    }!
                leave[chosen, default: ([], [], false)].languages.insert(language)
                if leave[chosen]!.targets.last != bundle.title { leave[chosen]!.targets.append(bundle.title) }
                leave[chosen]!.sourceOnly = leave[chosen]!.sourceOnly || keys(of: tables[chosen], in: language) > 0
            }
            if !droppedHere.isEmpty {
                dropped.append(
                    DroppedLanguages(owner: bundle.owner, target: bundle.title, languages: droppedHere.sorted()))
            }
        }
        var lines: [Int: Diagnostic] = [:]
        for (index, kept) in leave {
            lines[index] = reason(
                tables[index], languages: kept.languages.sorted(), targets: kept.targets, sourceOnly: kept.sourceOnly)
        }
        return (lines, dropped)
    }

    /// The line that says why a table is left alone.
    private static func reason(_ table: TableReport, languages: [LanguageTag], targets: [String], sourceOnly: Bool)
        -> Diagnostic
    {
        let codes = languages.map(\.canonical)
        let shown = codes.prefix(8).joined(separator: ", ") + (codes.count > 8 ? ", … (\(codes.count) in all)" : "")
        let names = Set(targets).sorted()
        let bundles =
            names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more targets" : "")
        let what =
            sourceOnly
            ? "its files in \(shown) hold no entry or only values equal to their keys (a build may write no .lproj "
                + "for those)"
            : "its files in \(shown) hold no entry"
        return .warning(
            "left alone: \(what), and they are what puts \(codes.count == 1 ? "that language" : "those languages") "
                + "in the bundle of \(bundles); a catalog makes no .lproj for a language it holds no value in, so "
                + "migrated, the app would no longer offer \(codes.count == 1 ? "it" : "them")"
                + " (--delete-empty-languages migrates the table and drops \(codes.count == 1 ? "it" : "them"))",
            at: .file(table.catalogPath))
    }

    /// True when the table's catalog would hold a value of its own in `language`: a key its legacy
    /// files give there, or, in the source language, a value other than the key itself.
    private static func holdsOwnValue(_ table: TableReport, in language: LanguageTag) -> Bool {
        guard let output = table.bundleOutput?.catalog else { return false }
        if language == output.sourceLanguage { return output.ownSourceValues > 0 }
        return keys(of: table, in: language) > 0
    }

    /// The keys the table's legacy files give in `language`.
    private static func keys(of table: TableReport, in language: LanguageTag) -> Int {
        guard let counts = table.bundleOutput?.legacyKeys else { return 0 }
        return counts.filter { LanguageTag($0.key) == language }.values.reduce(0, +)
    }

    /// Every key of every language the table's legacy files give.
    private static func total(_ table: TableReport) -> Int {
        table.bundleOutput?.legacyKeys.values.reduce(0, +) ?? 0
    }
}

/// The contents of the files a bundle builds, as a run's plan has them: the legacy files of the
/// tables it migrates counted from their merge (before), the catalogs it writes from their plan
/// (after); every other file as the disk has it (read only if a comparison needs it).
struct PlannedContents: BundleContentSource {
    enum Side: Sendable { case before, after }

    let disk: ReadingContents
    let side: Side
    /// Legacy file -> its table (by catalog path), its planned output, and its language as the
    /// table keys it.
    private let legacy: [String: (table: String, output: PlannedBundleOutput, language: String)]
    /// Catalog path (in the tree) -> what the run writes there.
    private let catalogs: [String: CatalogOutput]

    init(disk: ReadingContents, tables: [TableReport], side: Side) {
        self.disk = disk
        self.side = side
        var legacy: [String: (String, PlannedBundleOutput, String)] = [:]
        var catalogs: [String: CatalogOutput] = [:]
        for table in tables {
            guard let output = table.bundleOutput else { continue }
            for file in table.table.allFiles { legacy[file.path] = (table.table.catalogPath, output, file.language) }
            catalogs[table.table.catalogPath] = output.catalog
        }
        self.legacy = legacy
        self.catalogs = side == .after ? catalogs : [:]
    }

    func keyCount(ofLegacyFiles paths: [String]) -> Int? {
        let places = paths.map { legacy[$0] }
        if let first = places.first, let (table, output, language) = first,
            places.allSatisfy({ $0?.language == language && $0?.table == table })
        {
            return output.legacyKeys[language] ?? 0
        }
        return disk.keyCount(ofLegacyFiles: paths)
    }

    func output(ofCatalog path: String) -> CatalogOutput? { catalogs[path] ?? disk.output(ofCatalog: path) }

    func replaces(catalog path: String) -> Bool { catalogs[path] != nil }
}
