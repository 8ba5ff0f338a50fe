import Foundation
import Migration
import StringcatSupport

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

    struct Target: Encodable {
        var target: String
        var declaredIn: String
        var languages: [String]
        var tables: [String]
        var buildFailures: [String]
    }

    var tables: [Table]
    var targets: [Target]
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
        targets = report.targets.map {
            Target(
                target: $0.title, declaredIn: DisplayPath.of($0.declaredIn), languages: $0.languages, tables: $0.tables,
                buildFailures: $0.failures.map(\.description))
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
