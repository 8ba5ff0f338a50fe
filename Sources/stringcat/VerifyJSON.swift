import AppBundles
import Foundation
import StringcatSupport
import Verification

/// `stringcat verify --json` (docs/json.md#verify).
struct VerifyJSON: Encodable {
    struct Loss: Encodable {
        var kind: String
        var language: String
        @Nullable var key: String?
        var file: String
        @Nullable var line: Int?
        @Nullable var column: Int?
        var detail: String
    }

    struct File: Encodable {
        var file: String
        var carried: Bool
        @Nullable var reason: String?
    }

    struct Table: Encodable {
        var table: String
        var catalog: String
        /// `catalog on disk`, `planned catalog`, … (what the legacy files were compared with).
        var checkedAgainst: String
        var languages: Int
        var keys: Int
        var otherLanguageComments: Int
        var notes: [DiagnosticJSON]
        var errors: [DiagnosticJSON]
        var losses: [Loss]
        var files: [File]
    }

    struct Target: Encodable {
        var target: String
        var declaredIn: String
        var languages: Int
        var tables: Int
        var keys: Int
        /// `same`, `differs`, `not migrated`, `no record`.
        var verdict: String
        var differences: [String]
        var droppedOnRequest: [String: String]
    }

    var ok: Bool
    var losses: Int
    var sourceLanguage: String
    var diagnostics: [DiagnosticJSON]
    var catalogsOnly: [String]
    var filesNotCompared: Int
    var tables: [Table]
    var targets: [Target]

    init(_ report: VerificationReport) {
        ok = report.isLossless
        losses = report.lossCount
        sourceLanguage = report.sourceLanguage.code
        diagnostics = report.diagnostics.map(DiagnosticJSON.init)
        catalogsOnly = report.catalogsOnly.map(DisplayPath.of)
        filesNotCompared = report.filesNotCompared
        tables = report.tables.map { table in
            Table(
                table: table.table.name, catalog: DisplayPath.of(table.catalogPath),
                checkedAgainst: table.catalog.rawValue,
                languages: table.languageCount, keys: table.keyCount,
                otherLanguageComments: table.otherLanguageCommentCount,
                notes: table.notes.map(DiagnosticJSON.init),
                errors: (table.errors + table.unreadableFiles).map(DiagnosticJSON.init),
                losses: table.losses.map { loss in
                    Loss(
                        kind: loss.kind.rawValue, language: loss.language, key: loss.key,
                        file: DisplayPath.of(loss.location.path),
                        line: loss.location.line, column: loss.location.column, detail: loss.detail)
                },
                files: table.files.map { File(file: DisplayPath.of($0.path), carried: $0.isCarried, reason: $0.reason) }
            )
        }
        targets = report.targets.map { target in
            var verdict = "not migrated"
            var differences: [String] = []
            var dropped: [String: String] = [:]
            switch target.verdict {
            case .same(let requested):
                verdict = "same"
                dropped = requested
            case .differs(let changes, let requested):
                verdict = "differs"
                differences = BundleChange.summarized(changes)
                dropped = requested
            case .notMigrated: break
            case .noRecord: verdict = "no record"
            }
            return Target(
                target: target.title, declaredIn: DisplayPath.of(target.declaredIn), languages: target.languageCount,
                tables: target.tableCount, keys: target.keyCount, verdict: verdict, differences: differences,
                droppedOnRequest: dropped)
        }
    }
}
