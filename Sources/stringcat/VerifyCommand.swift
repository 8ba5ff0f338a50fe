import Foundation
import Migration
import StringcatSupport

/// `stringcat verify`: legacy -> catalog -> legacy, compared key by key.
enum VerifyCommand: Subcommand {
    static let name = "verify"
    static let summary = "prove, key by key, that migrating a project loses nothing"
    static let help = """
        usage: stringcat verify [PATH] [--table NAME]... [--source-language CODE] [--json]

        For each table under PATH (found as migrate finds them): migrates the legacy files in
        memory, compiles the catalog back, reads the result and compares it with the legacy files:
        values, plural forms, specifiers and source-language comments. Where a catalog already
        exists next to the .lproj folders, it is compared with the legacy files too.

        options:
          --table NAME            only this table (repeatable)
          --source-language CODE  the development language (default: as migrate finds it)
          --json                  print the report as JSON
        exit status: 0 nothing lost, 1 a loss or an error, 2 usage error
        """
    static let spec = ArgumentSpec(flags: ["--json"], options: ["--table", "--source-language"])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard arguments.positionals.count <= 1 else { throw UsageError("verify takes one PATH") }
        let report = RoundTripVerifier.verify(arguments.positionals.first ?? ".", tables: arguments.values("--table"),
                                              sourceLanguage: arguments.value("--source-language"))
        if arguments.has("--json") {
            console.out(JSONOutput.text(json(report)))
        } else {
            printReport(report, console: console)
        }
        return report.isLossless ? 0 : 1
    }

    private static func printReport(_ report: VerificationReport, console: Console) {
        for diagnostic in report.diagnostics where diagnostic.severity != .note { console.err(DisplayPath.of(diagnostic)) }
        var keys = 0
        var languages: Set<String> = []
        for table in report.tables {
            for note in table.notes { console.err(DisplayPath.of(note)) }
            for check in table.checks {
                keys += check.check == .roundTrip ? check.keyCount : 0
                for error in check.errors { console.out(DisplayPath.of(error)) }
                for difference in check.differences { console.out(DisplayPath.of(difference.diagnostic)) }
                let losses = check.differences.count + check.errors.count
                var line = "\(DisplayPath.of(check.catalogPath)): \(check.check.rawValue): \(check.languageCount) languages, \(check.keyCount) keys, "
                line += losses == 0 ? "no loss" : "\(losses) loss\(losses == 1 ? "" : "es")" + summary(check.differences)
                console.out(line)
            }
            languages.formUnion(table.table.languages)
        }
        // Say which check lost what: stringcat's own round trip, or a catalog already on disk.
        func losses(_ kind: VerificationCheck) -> (count: Int, tables: Int) {
            let counts = report.tables.map { table in
                table.checks.filter { $0.check == kind }.reduce(0) { $0 + $1.differences.count + $1.errors.count }
            }
            return (counts.reduce(0, +), counts.filter { $0 > 0 }.count)
        }
        let roundTrip = losses(.roundTrip)
        let existing = losses(.existingCatalog)
        let existingCount = report.tables.filter { $0.checks.contains { $0.check == .existingCatalog } }.count
        var line = "verify: \(report.tables.count) tables, \(keys) keys in \(languages.count) languages: "
        if report.isLossless {
            line += "nothing lost" + (existingCount > 0 ? " (round trip, and \(existingCount) existing catalogs)" : "")
        } else {
            line += roundTrip.count == 0 ? "round trip lossless" : "round trip: \(roundTrip.count) losses in \(roundTrip.tables) tables"
            if existingCount > 0 {
                line += existing.count == 0 ? "; existing catalogs hold everything"
                    : "; existing catalogs: \(existing.count) differences in \(existing.tables) of \(existingCount)"
            }
        }
        let skipped = report.tables.reduce(0) { $0 + $1.skippedFiles.count }
        if skipped > 0 { line += "; \(skipped) file\(skipped == 1 ? "" : "s") skipped because \(skipped == 1 ? "it does" : "they do") not parse (not compared; see the notes above)" }
        console.out(line)
    }

    private static func summary(_ differences: [Difference]) -> String {
        guard !differences.isEmpty else { return "" }
        let counts = Dictionary(grouping: differences, by: \.kind).mapValues(\.count)
        let parts = DifferenceKind.allCases.compactMap { kind in counts[kind].map { "\($0) \(kind.rawValue)" } }
        return " (" + parts.joined(separator: ", ") + ")"
    }

    private static func json(_ report: VerificationReport) -> [String: Any] {
        [
            "ok": report.isLossless,
            "losses": report.lossCount,
            "sourceLanguage": report.sourceLanguage.code,
            "diagnostics": report.diagnostics.map(DisplayPath.json),
            "tables": report.tables.map { table -> [String: Any] in
                [
                    "table": table.table.name,
                    "notes": table.notes.map(DisplayPath.json),
                    "checks": table.checks.map { check -> [String: Any] in
                        [
                            "check": check.check.rawValue,
                            "catalog": DisplayPath.of(check.catalogPath),
                            "languages": check.languageCount,
                            "keys": check.keyCount,
                            "errors": check.errors.map(DisplayPath.json),
                            "differences": check.differences.map { difference -> [String: Any] in
                                [
                                    "kind": difference.kind.rawValue,
                                    "language": difference.language,
                                    "key": difference.key ?? NSNull(),
                                    "file": DisplayPath.of(difference.location.path),
                                    "line": difference.location.line ?? NSNull(),
                                    "column": difference.location.column ?? NSNull(),
                                    "detail": difference.detail,
                                ]
                            },
                        ]
                    },
                ]
            },
        ]
    }
}
