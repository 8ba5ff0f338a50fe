import Foundation
import Migration

/// `stringcat status --json` (docs/json.md#status).
struct StatusJSON: Encodable {
    struct Table: Encodable {
        var table: String
        var catalog: String
        /// `legacy only`, `half-migrated`, `migrated` or `catalog only`.
        var state: String
        var legacyFiles: [String]
        @Nullable var project: String?
        var leftAlone: [FileReasonJSON]
        var kept: [FileReasonJSON]
    }

    struct MissingReference: Encodable {
        var project: String
        var file: String
    }

    struct SkippedPackage: Encodable {
        var package: String
        var owner: String
        var reason: String
    }

    var tables: [Table]
    var missingReferences: [MissingReference]
    var filesLeftAlone: [FileReasonJSON]
    var skippedFolders: [String]
    var skippedPackages: [SkippedPackage]

    init(_ report: StatusReport) {
        tables = report.tables.map { table in
            Table(
                table: table.name, catalog: DisplayPath.of(table.catalogPath), state: table.state.rawValue,
                legacyFiles: table.legacyFiles.map(DisplayPath.of), project: table.projectReference?.rawValue,
                leftAlone: table.leftAlone.map { FileReasonJSON($0.path, $0.reason) },
                kept: table.kept.map { FileReasonJSON($0.path, $0.reason) })
        }
        missingReferences = report.missingReferences.map {
            MissingReference(project: DisplayPath.of($0.project), file: DisplayPath.of($0.path))
        }
        filesLeftAlone = report.filesLeftAlone.map { FileReasonJSON($0.path, $0.reason) }
        skippedFolders = report.skippedFolders.map(DisplayPath.of)
        skippedPackages = report.skippedPackages.map {
            SkippedPackage(
                package: DisplayPath.of($0.manifest.folder), owner: $0.ownership.kind.rawValue,
                reason: $0.skippedBecause ?? "")
        }
    }
}
