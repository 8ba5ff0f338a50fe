import Foundation
import StringcatSupport
import XcodeProject

/// What earlier runs recorded about how they selected tables (`MigrationRecord.selectedBy`):
/// a table taken with `--all-files` or `--include` is found again by a run without the option,
/// so that `status`, `verify` and a later `migrate` see the tree the first run left.
public enum RecordedSelection {
    /// The prefix of an `--include` record value (`--include vendor/Pkg`).
    public static let includePrefix = "--include "

    /// The origin of a recorded table selected by `option`, paths relative to `base`.
    static func origin(of option: String, base: String) -> TableOrigin {
        guard option.hasPrefix(includePrefix) else { return .folder }
        let folder = PathResolver.join(base, String(option.dropFirst(includePrefix.count)))
        return .package(folder + "/Package.swift")
    }

    /// The package folders earlier runs included, relative to `root` (as `--include` takes them).
    static func includes(projects: [XcodeProjectFile], loose: [LooseRecord], root: String) -> [String] {
        var folders: [String] = []
        let recorded =
            projects.compactMap { project in project.record.map { ($0, project.folder) } }
            + loose.map { ($0.record, $0.folder) }
        for (record, base) in recorded {
            for option in record.selectedBy.values.sorted() where option.hasPrefix(includePrefix) {
                let folder = PathResolver.join(base, String(option.dropFirst(includePrefix.count)))
                let relative = TableGrouper.relative(folder, to: root)
                if !folders.contains(relative) { folders.append(relative) }
            }
        }
        return folders
    }

    /// The records kept outside project bundles (`.stringcat-migration.json` in a folder).
    static func readLoose(
        _ paths: [String], probe: FileProbe,
        diagnostics: inout [Diagnostic]
    ) throws(FileProbe.Failure) -> [LooseRecord] {
        var records: [LooseRecord] = []
        for path in paths {
            let (record, problem) = try MigrationRecord.read(path, probe: probe)
            if let problem { diagnostics.append(problem) }
            if let record { records.append(LooseRecord(path: path, record: record)) }
        }
        return records
    }
}

/// A record kept in a folder (no project holds its tables' catalogs): every table it lists was
/// selected by an option, and is found again from it.
struct LooseRecord: Sendable {
    var path: String
    var record: MigrationRecord
    var folder: String { PathResolver.parent(path) }

    /// Its tables whose catalog and some legacy files are on disk, as leftovers.
    func tables(
        claimed: inout Set<String>, probe: FileProbe,
        diagnostics: inout [Diagnostic]
    ) throws(FileProbe.Failure) -> [LegacyTable] {
        var result: [LegacyTable] = []
        for (catalogRelative, relatives) in record.tables.sorted(by: { $0.key < $1.key }) {
            let catalog = PathResolver.join(folder, catalogRelative)
            guard try probe.exists(catalog) else { continue }
            var onDisk: [String] = [], gone: [String] = []
            for relative in relatives {
                let path = PathResolver.join(folder, relative)
                if try probe.exists(path) { onDisk.append(path) } else { gone.append(path) }
            }
            let paths = onDisk.filter { !claimed.contains($0) }
            guard !paths.isEmpty else { continue }
            let origin = RecordedSelection.origin(of: record.selectedBy[catalogRelative] ?? "", base: folder)
            let source = Self.sourceLanguage(ofCatalog: catalog) ?? SourceLanguage.fallback.code
            if var table = XcodeProjectTables.recordedTable(
                catalog: catalog, files: paths, source: source, origin: origin,
                diagnostics: &diagnostics)
            {
                table.goneFiles = gone + (record.deleted[catalogRelative] ?? []).map { PathResolver.join(folder, $0) }
                table.keptReasons = record.keptReasons(base: folder)
                claimed.formUnion(paths)
                result.append(table)
            }
        }
        return result
    }

    /// The `sourceLanguage` a catalog declares (Xcode writes it first): the source language of a
    /// table already migrated whose owner declares none.
    static func sourceLanguage(ofCatalog path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4096) else { return nil }
        let text = String(decoding: head, as: UTF8.self)
        guard let key = text.range(of: "\"sourceLanguage\" : \"") else { return nil }
        let rest = text[key.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}
