import Foundation
import TestSupport
import XCTest

/// `--report FILE.md` of `migrate`, `verify` and `status` (issue 26): the page the binary writes,
/// the example committed in docs/, and on real apps the page's numbers against `--json`'s and
/// the catalogs' own.
final class ReportCommandTests: WorkFolderTestCase {
    private func copySample() throws {
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp"),
            to: work.appendingPathComponent("LegacyApp"))
    }

    private func page(_ name: String) throws -> String {
        try String(contentsOf: work.appendingPathComponent(name), encoding: .utf8)
    }

    // MARK: The example in docs/

    /// docs/example-report.md is what `stringcat migrate LegacyApp --delete-legacy --report …`
    /// writes for a copy of the sample, byte for byte. When the page changes on purpose, write the
    /// new one there (the failure says how).
    func testTheExampleReportInDocsIsWhatMigrateWritesForTheSample() throws {
        try copySample()
        let run = try Stringcat.run(
            ["migrate", "LegacyApp", "--delete-legacy", "--report", "example-report.md"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        let written = try Data(contentsOf: work.appendingPathComponent("example-report.md"))
        let committed = try Data(contentsOf: Stringcat.repositoryRoot.appendingPathComponent("docs/example-report.md"))
        XCTAssertEqual(
            String(decoding: written, as: UTF8.self), String(decoding: committed, as: UTF8.self),
            "docs/example-report.md is stale: copy Samples/LegacyApp to a temporary folder and run `stringcat migrate "
                + "LegacyApp --delete-legacy --report example-report.md` there"
        )
        XCTAssertEqual(written, committed)
    }

    // MARK: The option

    func testTheReportMustBeAMarkdownFileSoASlipCannotReplaceAProjectFile() throws {
        try copySample()
        let before = snapshot()
        let run = try Stringcat.run(
            ["migrate", "LegacyApp", "--report", "LegacyApp/LegacyApp/de.lproj/Localizable.strings"], in: work)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(
            run.stderr,
            "error: --report takes a Markdown file name ending in .md (it replaces the file): "
                + "LegacyApp/LegacyApp/de.lproj/Localizable.strings\n"
                + "usage: stringcat migrate [PATH] [--table NAME]... [--source-language CODE] [--output DIR] "
                + "[--dry-run] [--merge [--prefer catalog|legacy] | --force] [--delete-legacy] "
                + "[--delete-empty-languages] [--skip-invalid] [--strict] [--no-project] [--all-files] "
                + "[--exclude GLOB]... [--include PATH]... [--include-base-only] [--xcode-version "
                + "VERSION] [--format-version 1.0|1.1] [--report FILE.md] [--json] [--verbose | "
                + "--quiet]\n"
        )
        XCTAssertEqual(snapshot(), before)
        for command in ["verify", "status"] {
            XCTAssertEqual(
                try Stringcat.run([command, "LegacyApp", "--report", "notes.txt"], in: work).status, 2, command)
        }
    }

    func testAnExistingReportIsReplacedAndStdoutStaysTheCommandsOwn() throws {
        try copySample()
        try write("r.md", "an older page\n")
        let run = try Stringcat.run(["migrate", "LegacyApp", "--dry-run", "--json", "--report", "r.md"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)), run.stdout)
        XCTAssertTrue(
            try page("r.md").hasPrefix(
                "**stringcat migrate --dry-run**: 3 tables → 3 catalogs would be written, 6 languages, 15 keys; "
                    + "verify: nothing would be lost\n"
            ))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: work.path).filter {
            $0 != "LegacyApp" && $0 != "r.md"
        }
        XCTAssertEqual(leftovers, [], "no temporary file is left beside the report")
    }

    func testAFailedRunStillWritesItsPageWithTheFailureInTheVerdict() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n\"b\" = ;\n")
        let run = try Stringcat.run(["migrate", "App", "--report", "r.md"], in: work)
        XCTAssertEqual(run.status, 1, run.stderr)
        let page = try page("r.md")
        XCTAssertEqual(
            page.components(separatedBy: "\n")[0],
            "**stringcat migrate**: 1 table → 0 catalogs written, 1 failed, 0 languages, 0 keys; verify: 2 losses or "
                + "errors in 1 table"
        )
        XCTAssertTrue(
            page.contains("| `Localizable.xcstrings` | failed | – | – | – | – | – | 2, left in place |"), page)
        XCTAssertTrue(page.contains("- `Localizable.xcstrings`: not migrated: see the errors below"), page)
        XCTAssertTrue(page.contains("Grouped by kind (2 errors)"), page)
    }

    func testVerifyAndStatusPagesStartWithTheLineTheCommandPrints() throws {
        try copySample()
        let verify = try Stringcat.run(["verify", "LegacyApp", "--report", "verify.md"], in: work)
        XCTAssertEqual(verify.status, 0, verify.stderr)
        XCTAssertEqual(
            verify.stdout.components(separatedBy: "\n").dropLast().last,
            "verify: 3 tables, 15 keys in 6 languages: nothing lost (3 of them checked against the catalog migrate "
                + "would write)"
        )
        XCTAssertEqual(
            try page("verify.md").components(separatedBy: "\n")[0],
            "**stringcat verify**: 3 tables, 15 keys in 6 languages: nothing lost (3 of them checked against the "
                + "catalog migrate would write)"
        )
        let status = try Stringcat.run(["status", "LegacyApp", "--report", "status.md"], in: work)
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertEqual(status.stdout.components(separatedBy: "\n").dropLast().last, "status: 3 tables: 3 legacy only")
        XCTAssertEqual(
            try page("status.md").components(separatedBy: "\n")[0], "**stringcat status**: 3 tables: 3 legacy only")
    }

    // MARK: Real apps

    /// A copy of `../shared/corpus/<app>` in the work folder, or a skip.
    private func copyCorpusApp(_ app: String) throws {
        let source = try sharedFolder("corpus/" + app)
        let destination = work.appendingPathComponent(app)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: source), to: destination)
        for case let item as String in FileManager.default.enumerator(atPath: destination.path)! {
            chmod(destination.appendingPathComponent(item).path, 0o755)
        }
        chmod(destination.path, 0o755)
    }

    func testAltTabsPageAgreesWithJSONAndItsCatalogs() throws {
        try checkCorpusApp("lwouis__alt-tab-macos")
    }

    func testIINAsPageAgreesWithJSONAndItsCatalogsAndNamesBothKeptFiles() throws {
        let kept = try checkCorpusApp("iina__iina")
        XCTAssertEqual(kept, 2)
    }

    func testMonitorControlsPageNamesTheFileItKeptWithItsReason() throws {
        let kept = try checkCorpusApp("MonitorControl__MonitorControl")
        XCTAssertEqual(kept, 1)
    }

    /// Migrates a copy of the app with `--delete-legacy --json --report`, then checks the page:
    /// the verdict's numbers are `--json`'s (and `verify --json`'s after the run), the coverage
    /// block's counts are the catalogs' read here as plain JSON, and every file kept appears with
    /// its reason. Returns how many files were kept.
    @discardableResult
    private func checkCorpusApp(_ app: String) throws -> Int {
        try copyCorpusApp(app)
        let run = try Stringcat.run(["migrate", app, "--delete-legacy", "--json", "--report", "report.md"], in: work)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stderr)
        let tables = try XCTUnwrap(json["tables"] as? [[String: Any]])
        let leftovers = try XCTUnwrap(json["leftovers"] as? [[String: Any]])
        let page = try page("report.md")

        // The verdict.
        let carried = tables.filter { $0["outcome"] as? String != "failed" }
        let languages = Set(carried.flatMap { $0["languages"] as? [String] ?? [] }).count
        let keys = carried.reduce(0) { $0 + ($1["entries"] as? Int ?? 0) }
        let written = tables.filter { $0["outcome"] as? String == "written" }.count
        let deleted = (tables + leftovers).reduce(0) { $0 + ($1["deletedFiles"] as? [Any] ?? []).count }
        let keptFiles = (tables + leftovers).flatMap { $0["keptFiles"] as? [[String: String]] ?? [] }
        let proof = try Stringcat.run(["verify", app, "--json"], in: work)
        let verified = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(proof.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(verified["ok"] as? Bool, true, proof.stderr)
        var verdict =
            "**stringcat migrate**: \(grouped(tables.count)) tables → \(grouped(written)) catalogs written, "
            + "\(grouped(languages)) languages, \(grouped(keys)) keys; deleted \(grouped(deleted)) legacy files"
        if !keptFiles.isEmpty { verdict += ", kept \(grouped(keptFiles.count))" }
        verdict += "; verify: nothing lost (each deleted file was proven held by its catalog first)"
        XCTAssertEqual(page.components(separatedBy: "\n")[0], verdict)

        // The coverage block, against the catalogs read as JSON.
        var translated: [String: Int] = [:]
        var total: [String: Int] = [:]
        var allLanguages: Set<String> = []
        var catalogs: [(source: String, keys: Int, values: [String: Int])] = []
        for table in tables + leftovers {
            let path = try XCTUnwrap(table["catalog"] as? String)
            let catalog = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(contentsOf: work.appendingPathComponent(path)))
                    as? [String: Any])
            let strings = try XCTUnwrap(catalog["strings"] as? [String: [String: Any]])
            var values: [String: Int] = [:]
            for entry in strings.values {
                for (language, localization) in entry["localizations"] as? [String: [String: Any]] ?? [:]
                where localization["stringUnit"] != nil || localization["variations"] != nil {
                    values[language, default: 0] += 1
                }
            }
            allLanguages.formUnion(values.keys)
            catalogs.append((try XCTUnwrap(catalog["sourceLanguage"] as? String), strings.count, values))
        }
        for language in allLanguages {
            for catalog in catalogs where catalog.source != language {
                total[language, default: 0] += catalog.keys
                translated[language, default: 0] += catalog.values[language] ?? 0
            }
        }
        let expected = Set(total.filter { $0.value > 0 }.map { "\($0.key) \(translated[$0.key]!) \($0.value)" })
        let lines = page.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex(of: "```text"))
        let end = try XCTUnwrap(lines[start...].firstIndex(of: "```"))
        let shown = lines[(start + 1)..<end].map { line -> String in
            let parts = line.split(separator: " ")
            let counts = line[line.index(after: line.lastIndex(of: "(")!)..<line.lastIndex(of: ")")!]
                .replacingOccurrences(of: ",", with: "").components(separatedBy: " / ")
            return "\(parts[0]) \(counts[0]) \(counts[1])"
        }
        XCTAssertEqual(Set(shown), expected)
        XCTAssertEqual(shown.count, expected.count)

        // Every kept file, with its reason.
        let listed = keptFilesListed(in: page)
        for file in keptFiles {
            let path = String(try XCTUnwrap(file["file"]).dropFirst(app.count + 1))
            XCTAssertEqual(listed[path], file["reason"], "\(path) is not listed with its reason in\n\(page)")
        }
        XCTAssertEqual(listed.count, keptFiles.count)
        return keptFiles.count
    }

    /// The kept files the page lists, each with its reason (`{a,b}.lproj` expanded, escapes undone).
    private func keptFilesListed(in page: String) -> [String: String] {
        var listed: [String: String] = [:]
        let lines = page.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "Legacy files kept by `--delete-legacy`, each with its reason:") else {
            return [:]
        }
        var reason = ""
        for line in lines[(start + 2)...] {
            guard line.hasPrefix("- ") || line.hasPrefix("  - ") else { break }
            if line.hasPrefix("- ") {
                let item = line.dropFirst(2)
                let colon = item.range(of: ": ")!
                reason = unescaped(String(item[colon.upperBound...]))
                if item.hasPrefix("`") {
                    for path in expanded(String(item[..<colon.lowerBound].dropFirst().dropLast())) {
                        listed[path] = reason
                    }
                }
            } else {
                for path in expanded(String(line.dropFirst(4).dropFirst().dropLast())) { listed[path] = reason }
            }
        }
        return listed
    }

    private func expanded(_ item: String) -> [String] {
        guard let open = item.firstIndex(of: "{"), let close = item.firstIndex(of: "}") else { return [item] }
        return item[item.index(after: open)..<close].split(separator: ",").map {
            String(item[..<open]) + $0 + String(item[item.index(after: close)...])
        }
    }

    private func unescaped(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if !escaping && character == "\\" { escaping = true; continue }
            escaping = false
            result.append(character)
        }
        return result
    }

    private func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        return String(
            digits.enumerated().flatMap { index, digit in
                (index > 0 && (digits.count - index) % 3 == 0 ? [","] : []) + [digit]
            })
    }
}
