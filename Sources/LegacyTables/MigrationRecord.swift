import Foundation
import StringcatSupport

/// What a migration that kept its legacy files did to an Xcode project, kept beside the project
/// file (`App.xcodeproj/stringcat-migration.json`) until those files are gone.
///
/// Once `migrate` has replaced a variant group by a catalog reference, the project no longer says
/// which files on disk were that group's children; the files in no group (left alone, F1) look
/// the same on disk. Xcode's own migration deletes the files it migrates, so the question does not
/// arise for it; stringcat keeps them unless `--delete-legacy`, so it writes down, in the same
/// batch as the project edit, which files each catalog replaced. `status`, `verify`, a second
/// `migrate` and `--delete-legacy` read it through `ProjectTables`; each deletion takes the files
/// out, and the record goes with the last of them. Without a record (a project Xcode migrated),
/// legacy files beside a catalog are left alone, as Xcode left them.
public struct MigrationRecord: Sendable, Equatable {
    /// The record's file name, inside the `.xcodeproj` folder.
    public static let fileName = "stringcat-migration.json"

    /// Catalog path -> the legacy files it replaced that were on disk when it was written; all
    /// relative to the project folder (the folder holding the `.xcodeproj`), sorted.
    public var tables: [String: [String]]
    /// Catalog path -> the legacy files of it that `--delete-legacy` deleted while others of the
    /// table stay (kept for a reason, or a deletion that failed: an immutable file). The files
    /// left are then not the whole table: which comment the languages agreed on for a key the
    /// source language lacks cannot be asked of them (formats.md 5.3).
    public var deleted: [String: [String]]

    public init(tables: [String: [String]] = [:], deleted: [String: [String]] = [:]) {
        self.tables = tables
        self.deleted = deleted
    }

    /// `App.xcodeproj/stringcat-migration.json` for `App.xcodeproj/project.pbxproj`.
    public static func path(forProjectFile pbxproj: String) -> String {
        (pbxproj as NSString).deletingLastPathComponent + "/" + fileName
    }

    /// Reads the record at `path`: nil without one; a record that cannot be read is a warning,
    /// and is then treated as absent (nothing of it is deleted).
    public static func read(_ path: String) -> (record: MigrationRecord?, diagnostic: Diagnostic?) {
        guard FileManager.default.fileExists(atPath: path) else { return (nil, nil) }
        guard let data = FileManager.default.contents(atPath: path),
              let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let tables = top["tables"] as? [String: Any] else {
            return (nil, .warning("stringcat's migration record cannot be read; the legacy files it lists are left alone (delete it, or run migrate again with the project's old project.pbxproj)", at: .file(path)))
        }
        var record = MigrationRecord()
        for (catalog, files) in tables {
            guard let files = files as? [String] else { continue }
            record.tables[catalog] = files.sorted()
        }
        for (catalog, files) in top["deleted"] as? [String: Any] ?? [:] where record.tables[catalog] != nil {
            guard let files = files as? [String] else { continue }
            record.deleted[catalog] = files.sorted()
        }
        return (record, nil)
    }

    /// The record's bytes: pretty, keys sorted, one file per line (a diff shows each file that goes).
    public var data: Data {
        var object: [String: Any] = [
            "about": "Written by stringcat migrate: the legacy files each catalog replaced that are still on disk. stringcat status, verify and migrate --delete-legacy read it; it goes with the last of those files.",
            "tables": tables.mapValues { $0.sorted() },
        ]
        if !deleted.isEmpty { object["deleted"] = deleted.mapValues { $0.sorted() } }
        var data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        data.append(0x0A)
        return data
    }

    /// Adds (or replaces) the files of a catalog.
    public mutating func record(catalog: String, files: [String]) {
        tables[catalog] = files.isEmpty ? nil : files.sorted()
        deleted[catalog] = nil
    }

    /// Takes deleted files out, and notes them under `deleted` while files of their table stay;
    /// a catalog left without files leaves the record.
    public mutating func remove(files gone: Set<String>) {
        for (catalog, files) in tables {
            let left = files.filter { !gone.contains($0) }
            guard left.count != files.count else { continue }
            tables[catalog] = left.isEmpty ? nil : left
            let goneHere = Set((deleted[catalog] ?? []) + files.filter(gone.contains))
            deleted[catalog] = left.isEmpty ? nil : goneHere.sorted()
        }
    }

    public var isEmpty: Bool { tables.isEmpty }
}
