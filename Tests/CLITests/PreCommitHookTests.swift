import Foundation
import XCTest

/// The hooks of `.pre-commit-hooks.yaml`, run by the real pre-commit (PyPI) in a temporary git
/// repository that uses a clone of this repository, as a user's `.pre-commit-config.yaml` does.
///
/// pre-commit builds the hooks' package once per repository and revision (`language: swift`:
/// `swift build -c release`, minutes on two cores) and keeps the build in `PRE_COMMIT_HOME`. Every
/// run here names the same clone and revision under one `PRE_COMMIT_HOME`, so the package is built
/// once for the whole test. (`pre-commit try-repo` writes this same config, but into a temporary
/// store of its own each time: one build per call.)
final class PreCommitHookTests: WorkFolderTestCase {
    func testTheHooksFailWithTheLocationOrTheCatalogAndPassOnceFixed() throws {
        // The script pip installs, or the module where the script is not on the PATH.
        let preCommit =
            ExternalTool.isInstalled("pre-commit")
            ? ["pre-commit"]
            : (try? ExternalTool.run(["python3", "-m", "pre_commit", "--version"], in: work))?.status == 0
                ? ["python3", "-m", "pre_commit"] : nil
        guard let preCommit else {
            throw XCTSkip("pre-commit is not installed (.ci/run installs it with pip): the hooks were not run")
        }
        let clone = work.appendingPathComponent("stringcat")
        try ExternalTool.succeed(["git", "clone", "--quiet", Stringcat.repositoryRoot.path, clone.path], in: work)
        let revision = try ExternalTool.succeed(["git", "rev-parse", "HEAD"], in: clone).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let config = work.appendingPathComponent("pre-commit-config.yaml")
        try Data(
            """
            repos:
            -   repo: \(clone.path)
                rev: \(revision)
                hooks:
                -   id: stringcat-lint
                -   id: stringcat-normalize
                -   id: stringcat-normalize-fix
                -   id: stringcat-verify

            """.utf8
        ).write(to: config)
        let environment = ["PRE_COMMIT_HOME": work.appendingPathComponent("pre-commit-home").path]

        let app = work.appendingPathComponent("app")
        try write("app/App/en.lproj/Localizable.strings", "\"a\" = \"A\"\n")
        try write("app/App/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
        let compact = "{\"sourceLanguage\":\"en\",\"strings\":{\"a\":{}},\"version\":\"1.0\"}"
        try write("app/Catalogs/Other.xcstrings", compact)
        try write("app/README.md", "An app.\n")
        try ExternalTool.succeed(["git", "init", "--quiet"], in: app)
        try ExternalTool.succeed(["git", "add", "-A"], in: app)
        func hook(_ id: String, _ files: [String] = []) throws -> StringcatRun {
            let selection = files.isEmpty ? ["--all-files"] : ["--files"] + files
            return try ExternalTool.run(
                preCommit + ["run", id, "--color", "never", "--config", config.path] + selection, in: app,
                environment: environment)
        }

        // lint: the missing ';' with its path:line:column, then nothing once it is there.
        let broken = try hook("stringcat-lint")
        XCTAssertEqual(broken.status, 1, broken.stdout + broken.stderr)
        XCTAssertTrue(broken.stdout.contains("stringcat lint"), broken.stdout)
        XCTAssertTrue(broken.stdout.contains("Failed"), broken.stdout)
        XCTAssertTrue(
            broken.stdout.contains(
                "App/en.lproj/Localizable.strings:1:10: error: missing ';' after the value of \"a\""),
            broken.stdout)
        try write("app/App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try ExternalTool.succeed(["git", "add", "-A"], in: app)
        let fixed = try hook("stringcat-lint")
        XCTAssertEqual(fixed.status, 0, fixed.stdout + fixed.stderr)
        XCTAssertTrue(fixed.stdout.contains("Passed"), fixed.stdout)

        // normalize: the check names the catalog and changes nothing; the fix rewrites it in
        // Xcode's form (pre-commit fails the run and shows the change); then the check passes.
        let check = try hook("stringcat-normalize")
        XCTAssertEqual(check.status, 1, check.stdout)
        XCTAssertTrue(
            check.stdout.contains(
                "Catalogs/Other.xcstrings: error: not normalized: not in the form Xcode writes; stringcat normalize "
                    + "rewrites it"), check.stdout)
        let catalog = app.appendingPathComponent("Catalogs/Other.xcstrings")
        XCTAssertEqual(try String(contentsOf: catalog, encoding: .utf8), compact)
        let fix = try hook("stringcat-normalize-fix")
        XCTAssertEqual(fix.status, 1, fix.stdout)
        XCTAssertTrue(fix.stdout.contains("files were modified by this hook"), fix.stdout)
        XCTAssertEqual(
            try String(contentsOf: catalog, encoding: .utf8),
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : {\n\n    }\n  },\n  \"version\" : \"1.0\"\n}"
        )
        try ExternalTool.succeed(["git", "add", "-A"], in: app)
        let normalized = try hook("stringcat-normalize")
        XCTAssertEqual(normalized.status, 0, normalized.stdout)
        XCTAssertEqual(try hook("stringcat-normalize-fix").status, 0)

        // verify: skipped when no localization file changes; the whole tree when one does.
        let readme = try hook("stringcat-verify", ["README.md"])
        XCTAssertEqual(readme.status, 0, readme.stdout)
        XCTAssertTrue(readme.stdout.contains("(no files to check)Skipped"), readme.stdout)
        let proven = try hook("stringcat-verify", ["App/de.lproj/Localizable.strings"])
        XCTAssertEqual(proven.status, 0, proven.stdout)
        XCTAssertTrue(proven.stdout.contains("Passed"), proven.stdout)
        try write(
            "app/App/Localizable.xcstrings",
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "a" : {
                  "localizations" : {
                    "de" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "A-de"
                      }
                    },
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Changed"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """)
        try ExternalTool.succeed(["git", "add", "-A"], in: app)
        let lost = try hook("stringcat-verify", ["App/Localizable.xcstrings"])
        XCTAssertEqual(lost.status, 1, lost.stdout)
        XCTAssertTrue(
            lost.stdout.contains(
                "App/en.lproj/Localizable.strings:1:1: error: \"a\" [en]: value changed: \"A\" -> \"Changed\""),
            lost.stdout)
    }
}
