import Foundation
import StringcatSupport

/// What a migration that kept its legacy files did to an Xcode project, kept beside the project
/// file (`App.xcodeproj/stringcat-migration.json`) until those files are gone.
///
/// Once `migrate` has replaced a variant group by a catalog reference, the project no longer says
/// which files on disk were that group's children; the files in no group (left alone,
/// docs/spec/project-edit.md#only-the-children-of-a-variant-group-are-read) look the same on disk. Xcode's own
/// migration deletes the files it migrates, so the question does not arise for it; stringcat keeps them unless
/// `--delete-legacy`, so it writes down, in the same batch as the project edit, which files each catalog replaced.
/// `status`, `verify`, a second `migrate` and `--delete-legacy` read it through `ProjectTables`; each deletion takes
/// the files out, and the record goes with the last of them. Without a record (a project Xcode migrated),
/// legacy files beside a catalog are left alone, as Xcode left them.
public struct MigrationRecord: Sendable, Equatable {
    /// The record's file name, inside the `.xcodeproj` folder.
    public static let fileName = "stringcat-migration.json"

    /// Catalog path -> the legacy files it replaced that were on disk when it was written; all
    /// relative to the project folder (the folder holding the `.xcodeproj`), sorted.
    public var tables: [String: [String]]
    /// Catalog path -> the option that took its table although the project's variant groups do not
    /// hold it (`--all-files`, `--include vendor/Pkg`): a later run without that option finds the
    /// table again from here, as the run that wrote it did. Absent for a variant group's table.
    public var selectedBy: [String: String] = [:]

    /// Legacy file -> why `--delete-legacy` kept it (`status` says it): relative like the rest.
    public var kept: [String: String] = [:]

    /// Catalog path -> the legacy files of it that `--delete-legacy` deleted while others of the
    /// table stay (kept for a reason, or a deletion that failed: an immutable file). The files
    /// left are then not the whole table: which comment the languages agreed on for a key the
    /// source language lacks cannot be asked of them
    /// (docs/spec/migration.md#the-comment-of-a-key-the-source-language-lacks).
    public var deleted: [String: [String]] = [:]

    /// Target (its ID in this project; a package target's name in a folder's record) -> what its
    /// bundle held before stringcat's first run changed it: `verify` compares the app with it,
    /// also once every legacy file is gone. It stays when the last file goes.
    public var bundles: [String: BundleRecord] = [:]

    public init(tables: [String: [String]] = [:], selectedBy: [String: String] = [:], deleted: [String: [String]] = [:])
    {
        self.tables = tables
        self.selectedBy = selectedBy
        self.deleted = deleted
    }

    /// `App.xcodeproj/stringcat-migration.json` for `App.xcodeproj/project.pbxproj`.
    public static func path(forProjectFile pbxproj: String) -> String {
        (pbxproj as NSString).deletingLastPathComponent + "/" + fileName
    }

    /// The record kept in a folder rather than a project bundle (`.stringcat-migration.json`): for
    /// tables no Xcode project around them holds.
    public static func path(inFolder folder: String) -> String { folder + "/" + LprojScanner.recordFileName }

    /// Reads the record at `path`: nil without one; a record that does not parse is a warning,
    /// and is then treated as absent (nothing of it is deleted). One that cannot be read (a
    /// failing disk, as `probe` says) is a `FileProbe.Failure`: not knowing what it says is not
    /// its absence.
    public static func read(_ path: String, probe: FileProbe = FileProbe())
        throws(FileProbe.Failure) -> (record: MigrationRecord?, diagnostic: Diagnostic?)
    {
        guard let bytes = try probe.bytes(path) else { return (nil, nil) }
        return parse(Data(bytes), path: path)
    }

    /// A record from its bytes (`path` names it in the warning of a record that does not parse).
    public static func parse(_ data: Data, path: String) -> (record: MigrationRecord?, diagnostic: Diagnostic?) {
        guard let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let tables = top["tables"] as? [String: Any] ?? (top["bundles"] != nil ? [:] : nil)
        else {
            return (
                nil,
                .warning(
                    "stringcat's migration record cannot be read; the legacy files it lists are left alone (delete it, "
                        + "or run migrate again with the project's old project.pbxproj)",
                    at: .file(path))
            )
        }
        var record = MigrationRecord()
        for (catalog, files) in tables {
            guard let files = files as? [String] else { continue }
            record.tables[catalog] = files.sorted()
        }
        for (catalog, option) in top["selectedBy"] as? [String: Any] ?? [:] where record.tables[catalog] != nil {
            if let option = option as? String { record.selectedBy[catalog] = option }
        }
        let listed = Set(record.tables.values.flatMap { $0 })
        for (file, reason) in top["kept"] as? [String: Any] ?? [:] where listed.contains(file) {
            if let reason = reason as? String { record.kept[file] = reason }
        }
        for (catalog, files) in top["deleted"] as? [String: Any] ?? [:] where record.tables[catalog] != nil {
            guard let files = files as? [String] else { continue }
            record.deleted[catalog] = files.sorted()
        }
        for (target, bundle) in top["bundles"] as? [String: Any] ?? [:] {
            if let bundle = BundleRecord(object: bundle) { record.bundles[target] = bundle }
        }
        return (record, nil)
    }

    /// The record's bytes: pretty, keys sorted, one file per line (a diff shows each file that goes).
    public var data: Data {
        var object: [String: Any] = [
            "about":
                "Written by stringcat migrate: the legacy files each catalog replaced that are still on disk, and "
                + "what each target's bundle held before the migration. stringcat status, verify and migrate "
                + "--delete-legacy read it.",
            "tables": tables.mapValues { $0.sorted() },
        ]
        if !bundles.isEmpty { object["bundles"] = bundles.mapValues(\.object) }
        let selected = selectedBy.filter { tables[$0.key] != nil }
        if !selected.isEmpty { object["selectedBy"] = selected }
        let listed = Set(tables.values.flatMap { $0 })
        let reasons = kept.filter { listed.contains($0.key) }
        if !reasons.isEmpty { object["kept"] = reasons }
        if !deleted.isEmpty { object["deleted"] = deleted.mapValues { $0.sorted() } }
        var data =
            (try? JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        data.append(0x0A)
        return data
    }

    /// Adds (or replaces) the files of a catalog, and the option that selected its table (nil for
    /// a variant group's).
    public mutating func record(catalog: String, files: [String], selectedBy option: String? = nil) {
        tables[catalog] = files.isEmpty ? nil : files.sorted()
        selectedBy[catalog] = files.isEmpty ? nil : option
        deleted[catalog] = nil
    }

    /// Takes deleted files out, and notes them under `deleted` while files of their table stay;
    /// a catalog left without files leaves the record.
    public mutating func remove(files gone: Set<String>) {
        for (catalog, files) in tables {
            let left = files.filter { !gone.contains($0) }
            guard left.count != files.count else { continue }
            tables[catalog] = left.isEmpty ? nil : left
            if left.isEmpty { selectedBy[catalog] = nil }
            let goneHere = Set((deleted[catalog] ?? []) + files.filter(gone.contains))
            deleted[catalog] = left.isEmpty ? nil : goneHere.sorted()
        }
        for file in gone { kept[file] = nil }
    }

    /// True when it lists no file and no bundle: it is removed.
    public var isEmpty: Bool { tables.isEmpty && bundles.isEmpty }

    /// The kept files' reasons, by absolute path.
    public func keptReasons(base: String) -> [String: String] {
        Dictionary(kept.map { (PathResolverLite.join(base, $0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
    }
}
