import Foundation
import StringcatSupport
import XclocExport
import XclocImport
import XclocProof

/// `stringcat export --json`.
struct ExportJSON: Encodable {
    struct Package: Encodable {
        var language: String
        var package: String
        var outcome: String
        var units: Int
        var targets: Int
    }

    struct File: Encodable {
        var original: String
        var file: String
        var kind: String
    }

    var ok: Bool
    var dryRun: Bool
    var output: String
    var developmentRegion: String
    var packages: [Package]
    var files: [File]
    var proof: ExportProofSummary
    var diagnostics: [DiagnosticJSON]

    init(_ report: ExportReport, proof: ExportProofSummary, dryRun: Bool) {
        ok = !report.hasErrors
        self.dryRun = dryRun
        output = DisplayPath.of(report.outputDirectory)
        developmentRegion = report.developmentRegion
        packages = report.packages.map {
            Package(
                language: $0.language, package: DisplayPath.of($0.path), outcome: $0.outcome.description,
                units: $0.units,
                targets: $0.targets)
        }
        files = report.files.map {
            File(original: $0.original, file: DisplayPath.of($0.path), kind: $0.kind.description)
        }
        self.proof = proof
        diagnostics = report.diagnostics.map(DiagnosticJSON.init)
    }
}

/// `stringcat import --json`.
struct ImportJSON: Encodable {
    struct CatalogLanguage: Encodable {
        var catalog: String
        var language: String
        var imported: Int
        var unchanged: Int
        var skipped: [String: Int]
    }

    struct SkippedFile: Encodable {
        var input: String
        var original: String
        var units: Int
        var reason: String
    }

    var ok: Bool
    var dryRun: Bool
    var written: Bool
    var inputs: [String]
    var catalogs: [CatalogLanguage]
    var changedCatalogs: [String]
    var skippedFiles: [SkippedFile]
    var diagnostics: [DiagnosticJSON]

    init(_ report: ImportReport, dryRun: Bool) {
        ok = !report.hasErrors
        self.dryRun = dryRun
        written = report.written
        inputs = report.inputs.map(DisplayPath.of)
        catalogs = report.languages.map {
            CatalogLanguage(
                catalog: DisplayPath.of($0.catalog), language: $0.language, imported: $0.imported,
                unchanged: $0.unchanged, skipped: $0.skipped)
        }
        changedCatalogs = report.changedCatalogs.map(DisplayPath.of)
        skippedFiles = report.skippedFiles.map {
            SkippedFile(input: DisplayPath.of($0.input), original: $0.original, units: $0.units, reason: $0.reason)
        }
        diagnostics = report.diagnostics.map(DiagnosticJSON.init)
    }
}
