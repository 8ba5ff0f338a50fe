import Foundation
import TestSupport
import XCTest

/// What a newcomer meets in the first hour on a real app (issue 42): a second migrate of a
/// finished tree without an Xcode project, a new project's empty catalog exported, a Tuist
/// monorepo's own packages and checklist, and the words of the lines they read.
final class FirstHourTests: WorkFolderTestCase {
    private func run(_ arguments: [String]) throws -> StringcatRun {
        try Stringcat.run(arguments, in: work)
    }

    // MARK: a second migrate of a finished tree

    /// A Tuist project (`Project.swift`, no committed `.xcodeproj`) with a local package that has no
    /// `.lproj`: once `--delete-legacy` has migrated it, a second run finds nothing to do, as a
    /// second run on an Xcode project does (README: every catalog unchanged, exit 0).
    func testASecondMigrateOfAFinishedTuistTreeSaysNothingIsLeftAndExitsZero() throws {
        try write(
            "Project.swift",
            """
            import ProjectDescription

            let project = Project(
                name: "App",
                packages: [.local(path: "Packages/Core")],
                targets: [.target(name: "App", destinations: .iOS, product: .app, bundleId: "x.app",
                                  resources: ["App/Resources/**"], dependencies: [.package(product: "Core")])]
            )

            """)
        try write("App/Resources/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/Resources/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
        try write("Packages/Core/Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\n")
        try write("Packages/Core/Sources/Core/Core.swift", "public let core = 1\n")
        // A package nothing uses, with no `.lproj` either: it explains no missing table.
        try write("Tools/Lint/Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\n")
        let first = try run(["migrate", ".", "--delete-legacy"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.path + "/App/Resources/en.lproj"))
        let before = snapshot()
        let second = try run(["migrate", "."])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stderr, "")
        XCTAssertTrue(
            second.stdout.hasSuffix("nothing left to migrate: every table has its catalog\n"), second.stdout)
        let again = try run(["migrate", ".", "--delete-legacy"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(
            again.stdout.hasSuffix("nothing left to migrate: every table has its catalog; deleted 0 legacy files\n"),
            again.stdout)
        XCTAssertEqual(snapshot(), before)
    }

    /// The same for a bare folder of `.lproj` (no project, no package).
    func testASecondMigrateOfAFinishedBareFolderExitsZero() throws {
        try write("Strings/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("Strings/fr.lproj/Localizable.strings", "\"a\" = \"A-fr\";\n")
        XCTAssertEqual(try run(["migrate", "Strings", "--delete-legacy"]).status, 0)
        let second = try run(["migrate", "Strings"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stderr, "")
        XCTAssertTrue(second.stdout.hasSuffix("nothing left to migrate: every table has its catalog\n"), second.stdout)
    }

    /// Nothing to migrate and no catalog is still an error, and its reason names packages only when
    /// a package not read holds an `.lproj` folder.
    func testNoTableBlamesPackagesOnlyWhenASkippedPackageHoldsAnLproj() throws {
        try write("Tools/Lint/Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\n")
        try write("Tools/Lint/Sources/Lint/main.swift", "print(1)\n")
        let withoutLproj = try run(["migrate", "."])
        XCTAssertEqual(withoutLproj.status, 1)
        XCTAssertEqual(withoutLproj.stderr, ".: error: no .strings or .stringsdict files in any .lproj folder here\n")
        try write("Tools/Lint/Sources/Lint/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let withLproj = try run(["migrate", "."])
        XCTAssertEqual(withLproj.status, 1)
        XCTAssertEqual(
            withLproj.stderr,
            ".: error: no table here: the .lproj folders are in packages that are not this folder's own (1 package: "
                + "third-party or unused, see --verbose); --include PATH reads one\n")
    }

    // MARK: Tuist

    /// A Tuist monorepo: the root holds `Tuist/` only, the targets are in `Projects/*/Project.swift`,
    /// and the local packages are named by the helpers (`Tuist/ProjectDescriptionHelpers`), with a
    /// root-relative path and with a path relative to the manifest that calls the helper.
    func testATuistMonorepoHelpersLocalPackagesAreOwnAndTheChecklistNamesItsProjectFiles() throws {
        try write("Tuist/Config.swift", "import ProjectDescription\nlet config = Config()\n")
        try write(
            "Tuist/ProjectDescriptionHelpers/Project+Templates.swift",
            """
            import ProjectDescription

            extension Project {
                public static func app(name: String) -> Project {
                    Project(
                        name: name,
                        packages: [
                            .local(path: .relativeToRoot("Packages/Core")),
                            // A literal path is the calling manifest's: Projects/App/Project.swift.
                            .local(path: "../../Packages/Feature"),
                        ],
                        targets: [.target(name: name, destinations: .iOS, product: .app, bundleId: "x.\\(name)",
                                          resources: ["Resources/**"])])
                }
            }

            """)
        try write(
            "Projects/App/Project.swift",
            "import ProjectDescriptionHelpers\n\nlet project = Project.app(name: \"App\")\n")
        try write("Projects/App/Resources/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        for package in ["Core", "Feature"] {
            try write(
                "Packages/\(package)/Package.swift",
                """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "\(package)", defaultLocalization: "en",
                                      targets: [.target(name: "\(package)", resources: [.process("Resources")])])

                """)
            try write(
                "Packages/\(package)/Sources/\(package)/Resources/en.lproj/\(package).strings", "\"b\" = \"B\";\n")
        }
        let dryRun = try run(["migrate", ".", "--dry-run", "--verbose"])
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(
            dryRun.stdout.contains(
                "package Packages/Core: own, read (a local package of the Tuist manifest "
                    + "Tuist/ProjectDescriptionHelpers/Project+Templates.swift (path: .relativeToRoot(\"Packages/Core\")))"
            ), dryRun.stdout)
        XCTAssertTrue(
            dryRun.stdout.contains(
                "package Packages/Feature: own, read (a local package of the Tuist manifest "
                    + "Tuist/ProjectDescriptionHelpers/Project+Templates.swift (path: ../../Packages/Feature))"),
            dryRun.stdout)
        XCTAssertFalse(dryRun.stdout.contains("third-party"), dryRun.stdout)
        XCTAssertTrue(
            dryRun.stdout.contains(
                "  1. make sure each catalog is matched by the resources globs of its target in "
                    + "Projects/App/Project.swift (for example \"Resources/**\" or \"**/*.xcstrings\")\n"),
            dryRun.stdout)
        let page = work.appendingPathComponent("migration.md")
        XCTAssertEqual(try run(["migrate", ".", "--dry-run", "--report", page.path]).status, 0)
        let markdown = try String(contentsOf: page, encoding: .utf8)
        XCTAssertTrue(
            markdown.contains(
                "  1. make sure each catalog is matched by the resources globs of its target in Projects/App/Project.swift "
            ),
            markdown)
        XCTAssertFalse(markdown.contains("\\`"), markdown)
    }

    // MARK: export of an empty catalog

    /// A new project's catalog before its first build holds no key. Its export is a `<file>` with an
    /// empty body, as every catalog is exported (docs/spec/xliff.md §2.2), and importing it back
    /// changes nothing.
    func testAnEmptyCatalogExportsAsAFileWithAnEmptyBody() throws {
        try write("en.lproj/Localizable.strings", "")
        XCTAssertEqual(try run(["migrate", "."]).status, 0)
        let dryRun = try run(["export", ".", "--output", "o", "--dry-run"])
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.path + "/o"))
        let export = try run(["export", ".", "--output", "o"])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertEqual(export.stderr, "")
        XCTAssertTrue(export.stdout.contains("o/en.xcloc: written, 0 units, 0 with a translation\n"), export.stdout)
        let xliff = try String(
            contentsOf: work.appendingPathComponent("o/en.xcloc/Localized Contents/en.xliff"), encoding: .utf8)
        XCTAssertEqual(
            xliff,
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">
              <file original="Localizable.xcstrings" source-language="en" target-language="en" datatype="plaintext">
                <header>
                  <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="26.3" build-num="17C529"/>
                </header>
                <body/>
              </file>
            </xliff>

            """)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: work.path + "/o/en.xcloc/Source Contents/Localizable.xcstrings"))
        let before = snapshot()
        let back = try run(["import", "o/en.xcloc", "--project", "."])
        XCTAssertEqual(back.status, 0, back.stderr)
        XCTAssertEqual(back.stderr, "")
        XCTAssertEqual(
            back.stdout,
            "Localizable.xcstrings [en]: 0 imported, 0 unchanged\n"
                + "nothing to write: the catalog already holds every value of 1 XLIFF file\n")
        XCTAssertEqual(snapshot(), before)
    }

    // MARK: the source language

    /// The line names where the language comes from without a parenthesis inside its own.
    func testTheDefaultSourceLanguageLineHasNoNestedParentheses() throws {
        try write("en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let run = try run(["migrate", ".", "--dry-run"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.hasPrefix(
                "source language: en (default: no project file declares one; use --source-language to choose)\n"),
            run.stdout)
    }

    /// A workspace of four projects with tables: the language is each project's, and the line says
    /// so rather than naming the first project in path order (an API client's).
    func testAWorkspaceOfProjectsNamesEveryProjectTheSourceLanguageComesFrom() throws {
        for name in ["APIClient", "App", "Core", "UI"] {
            var project = MiniProject()
            project.variantGroup("Localizable.strings", in: name, languages: ["en"], targets: [name])
            try write("\(name)/\(name).xcodeproj/project.pbxproj", project.text())
            try write("\(name)/\(name)/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        }
        let agree = try run(["migrate", ".", "--dry-run"])
        XCTAssertEqual(agree.status, 0, agree.stderr)
        XCTAssertTrue(
            agree.stdout.hasPrefix(
                "source language: en (developmentRegion of each of the 4 projects with tables: "
                    + "APIClient/APIClient.xcodeproj, App/App.xcodeproj, Core/Core.xcodeproj, UI/UI.xcodeproj)\n"),
            agree.stdout)
        var german = MiniProject()
        german.developmentRegion = "de"
        german.knownRegions = ["de", "Base"]
        german.variantGroup("Localizable.strings", in: "UI", languages: ["en"], targets: ["UI"])
        try write("UI/UI.xcodeproj/project.pbxproj", german.text())
        let differ = try run(["migrate", ".", "--dry-run"])
        XCTAssertTrue(
            differ.stdout.hasPrefix(
                "source language: en (developmentRegion of 3 of the 4 projects with tables; UI/UI.xcodeproj says "
                    + "de, and its tables take it)\n"),
            differ.stdout)
    }

    // MARK: status

    /// Packages skipped for one reason are one line with a count; `--verbose` lists each.
    func testStatusGroupsSkippedPackagesOfOneReasonIntoOneLine() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        for name in ["alpha", "beta", "gamma"] {
            try write("plugins/\(name)/Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\n")
            try write("plugins/\(name)/Sources/\(name)/en.lproj/Localizable.strings", "\"p\" = \"P\";\n")
        }
        let reason =
            "no project, workspace, XcodeGen or Tuist spec, or package of this tree uses it by path (--include PATH "
            + "migrates it)"
        let grouped = try run(["status", "."])
        XCTAssertEqual(grouped.status, 0, grouped.stderr)
        let skippedLines = grouped.stdout.split(separator: "\n").filter { $0.hasPrefix("skipped: ") }
        XCTAssertEqual(
            skippedLines.last.map(String.init),
            "skipped: 3 packages (plugins/alpha, plugins/beta, …; --verbose lists each): \(reason)")
        let verbose = try run(["status", ".", "--verbose"])
        XCTAssertEqual(
            verbose.stdout.split(separator: "\n").filter { $0.hasPrefix("skipped: package") }.map(String.init),
            ["alpha", "beta", "gamma"].map { "skipped: package plugins/\($0): \(reason)" })
    }

    // MARK: import

    /// A legacy table is in every language's `.xcloc`: one warning for it, not one per package; and
    /// an untouched re-import counts the units it leaves as they are as unchanged, not skipped.
    func testImportWarnsOnceForAFileInEveryXclocAndCountsUntouchedUnitsAsUnchanged() throws {
        let sample = Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp").path
        try FileManager.default.copyItem(atPath: sample, toPath: work.path + "/App")
        XCTAssertEqual(try run(["migrate", "App", "--table", "Localizable"]).status, 0)
        XCTAssertEqual(try run(["export", "App", "--output", "out"]).status, 0)
        let xclocs = ["ar", "de", "en", "ja", "ru", "zh-Hans"].map { "out/\($0).xcloc" }
        let partial = try run(["import"] + xclocs + ["--project", "App"])
        XCTAssertEqual(partial.status, 0, partial.stderr)
        XCTAssertEqual(
            partial.stderr,
            "out/ar.xcloc/Localized Contents/ar.xliff: warning: LegacyApp/en.lproj/InfoPlist.strings: legacy .strings "
                + "table: import writes String Catalogs (migrate the table first); its 18 units are skipped (in 6 XLIFF "
                + "files)\n")

        XCTAssertEqual(try run(["migrate", "App", "--delete-legacy"]).status, 0)
        try FileManager.default.removeItem(at: work.appendingPathComponent("out"))
        XCTAssertEqual(try run(["export", "App", "--output", "out"]).status, 0)
        let before = snapshot()
        let untouched = try run(["import"] + xclocs + ["--project", "App"])
        XCTAssertEqual(untouched.status, 0, untouched.stderr)
        XCTAssertFalse(untouched.stdout.contains("skipped"), untouched.stdout)
        XCTAssertTrue(
            untouched.stdout.contains("App/LegacyApp/InfoPlist.xcstrings [ar]: 0 imported, 3 unchanged\n"),
            untouched.stdout)
        XCTAssertTrue(
            untouched.stdout.contains("App/LegacyApp/mul.lproj/Main.xcstrings [en]: 0 imported, 3 unchanged\n"),
            untouched.stdout)
        XCTAssertTrue(
            untouched.stdout.hasSuffix(
                "nothing to write: the 3 catalogs already hold every value of 6 XLIFF files\n"), untouched.stdout)
        XCTAssertEqual(snapshot(), before)

        // A unit whose target was removed where the catalog has a value is still skipped, and said.
        let german = work.appendingPathComponent("out/de.xcloc/Localized Contents/de.xliff")
        var text = try String(contentsOf: german, encoding: .utf8)
        let target = try XCTUnwrap(text.range(of: "        <target state=\"translated\">Hallo %1$@ %2$@!</target>\n"))
        text.removeSubrange(target)
        try Data(text.utf8).write(to: german)
        let removed = try run(["import", "out/de.xcloc", "--project", "App"])
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertTrue(
            removed.stdout.contains(
                "App/LegacyApp/Localizable.xcstrings [de]: 0 imported, 13 unchanged, 1 skipped (1 no target)\n"),
            removed.stdout)
    }

    // MARK: the README

    /// The README says what a table is before it uses the word.
    func testTheReadmeDefinesATableBeforeItUsesTheWord() throws {
        let readme = try String(
            contentsOf: Stringcat.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let word = try NSRegularExpression(pattern: "\\btables?\\b", options: [.caseInsensitive])
        let first = try XCTUnwrap(word.firstMatch(in: readme, range: NSRange(readme.startIndex..., in: readme)))
        let start = Range(first.range, in: readme)!.lowerBound
        // The first use is the definition, in italics: "a *table* is …".
        XCTAssertEqual(
            readme[readme.index(before: start)], "*",
            "the README uses \"table\" before it says what one is: \(readme[start...].prefix(80))")
    }
}
