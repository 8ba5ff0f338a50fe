import Foundation
import XCTest

/// The command plugins of Package.swift, end to end: a package that depends on this checkout by
/// path, with `.lproj` resources in three languages and a plural, migrated by
/// `swift package migrate-localizations` and proven by `swift package verify-localizations`.
///
/// One test, one package: the plugins' tool (`stringcat` and its modules) is built once, by the
/// first plugin run, in that package's build folder (minutes on two cores); the runs after it
/// reuse it.
final class PackagePluginTests: WorkFolderTestCase {
    func testThePluginsMigrateAPackagesResourcesThatStillBuildWithTheSameLanguages() throws {
        let package = work.appendingPathComponent("Greeter")
        try write(
            "Greeter/Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Greeter",
                defaultLocalization: "en",
                dependencies: [.package(path: "\(Stringcat.repositoryRoot.path)")],
                targets: [.target(name: "Greeter", resources: [.process("Resources")])]
            )

            """)
        try write("Greeter/Sources/Greeter/Greeter.swift", "import Foundation\n\npublic let bundle = Bundle.module\n")
        let resources = "Greeter/Sources/Greeter/Resources/"
        try write(resources + "en.lproj/Localizable.strings", "/* A greeting */\n\"hello\" = \"Hello\";\n")
        try write(resources + "de.lproj/Localizable.strings", "\"hello\" = \"Hallo\";\n")
        try write(resources + "fr.lproj/Localizable.strings", "\"hello\" = \"Bonjour\";\n")
        for (language, one, other) in [("en", "%lld apple", "%lld apples"), ("de", "%lld Apfel", "%lld Äpfel")] {
            try write(
                resources + "\(language).lproj/Localizable.stringsdict",
                stringsDict(key: "%lld apples", one: one, other: other))
        }
        func swift(_ arguments: [String], scratch: String? = nil) throws -> StringcatRun {
            try ExternalTool.run(
                ["swift"] + arguments
                    + (scratch.map { ["--scratch-path", work.appendingPathComponent($0).path] } ?? []),
                in: package)
        }

        // The package as it was: its bundle holds en, de and fr.
        let before = try swift(["build"], scratch: "before")
        XCTAssertEqual(before.status, 0, before.stdout + before.stderr)
        XCTAssertEqual(try languages(inBundleUnder: work.appendingPathComponent("before")), ["de", "en", "fr"])
        let legacy = snapshot(of: package)

        // Without the permission, SwiftPM refuses with the plugin's reason and the option to give.
        let refused = try swift(["package", "migrate-localizations"])
        XCTAssertNotEqual(refused.status, 0)
        let refusal = refused.stdout + refused.stderr
        XCTAssertTrue(
            refusal.contains("Plugin ‘MigrateLocalizations’ wants permission to write to the package directory."),
            refusal)
        XCTAssertTrue(
            refusal.contains(
                "stringcat migrate writes the String Catalogs beside the .lproj folders and deletes the legacy files "
                    + "they provably hold"), refusal)
        XCTAssertTrue(refusal.contains("Use `--allow-writing-to-package-directory` to allow this."), refusal)
        XCTAssertEqual(snapshot(of: package), legacy)

        // --dry-run: the plan, and no file changed (this run builds the tool).
        let dryRun = try swift([
            "package", "--allow-writing-to-package-directory", "migrate-localizations", "--dry-run",
        ])
        XCTAssertEqual(dryRun.status, 0, dryRun.stdout + dryRun.stderr)
        XCTAssertTrue(
            dryRun.stdout.contains(
                "Sources/Greeter/Resources/Localizable.xcstrings: would write, 3 languages (de, en, fr), 2 entries, "
                    + "1 plural, 1 comment, 0 warnings"), dryRun.stdout)
        XCTAssertTrue(
            dryRun.stdout.contains("would write 1 of 1 catalog (2 entries, 3 languages); would delete 5 legacy files"),
            dryRun.stdout)
        XCTAssertEqual(snapshot(of: package), legacy)

        // The migration: the catalog replaces the legacy files, and the package still builds.
        let migrated = try swift(["package", "--allow-writing-to-package-directory", "migrate-localizations"])
        XCTAssertEqual(migrated.status, 0, migrated.stdout + migrated.stderr)
        XCTAssertTrue(
            migrated.stdout.contains("wrote 1 of 1 catalog (2 entries, 3 languages); deleted 5 legacy files"),
            migrated.stdout)
        XCTAssertEqual(
            snapshot(of: package).keys.filter { $0.hasPrefix("Sources/Greeter/Resources/") }.sorted(),
            ["Sources/Greeter/Resources/Localizable.xcstrings"])
        let after = try swift(["build"], scratch: "after")
        XCTAssertEqual(after.status, 0, after.stdout + after.stderr)
        XCTAssertEqual(try languages(inBundleUnder: work.appendingPathComponent("after")), ["de", "en", "fr"])

        // verify: nothing lost, and the proof fails on a catalog that lost a value.
        let proven = try swift(["package", "verify-localizations"])
        XCTAssertEqual(proven.status, 0, proven.stdout + proven.stderr)
        XCTAssertTrue(
            proven.stdout.contains("verify: fully migrated: 1 catalog, no legacy files left: nothing lost"),
            proven.stdout)
        try write(resources + "fr.lproj/Localizable.strings", "\"hello\" = \"Salut\";\n")
        let lost = try swift(["package", "verify-localizations"])
        XCTAssertNotEqual(lost.status, 0)
        XCTAssertTrue(
            (lost.stdout + lost.stderr).contains("error: \"hello\" [fr]: value changed: \"Salut\" -> \"Bonjour\""),
            lost.stdout + lost.stderr)
    }

    /// The languages a built resource bundle holds: its `.lproj` folders, and the languages of each
    /// catalog in it (SwiftPM on Linux copies a catalog as it is; Xcode compiles it into `.lproj`).
    private func languages(inBundleUnder scratch: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: scratch.path)
        var bundle: String?
        while let item = enumerator?.nextObject() as? String {
            if item.hasSuffix("Greeter_Greeter.resources") || item.hasSuffix("Greeter_Greeter.bundle") {
                bundle = scratch.appendingPathComponent(item).path
                break
            }
        }
        let folder = try XCTUnwrap(bundle, "no resource bundle under \(scratch.path)")
        var found: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            if name.hasSuffix(".lproj") {
                found.insert(String(name.dropLast(".lproj".count)))
            } else if name.hasSuffix(".xcstrings") {
                let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
                let catalog = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
                for case let entry as [String: Any] in (catalog["strings"] as? [String: Any] ?? [:]).values {
                    found.formUnion((entry["localizations"] as? [String: Any] ?? [:]).keys)
                }
            }
        }
        return found.sorted()
    }

    /// Every file under `folder` (relative) with its bytes, the build folder left out.
    private func snapshot(of folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for case let item as String in FileManager.default.enumerator(atPath: folder.path)!
        where !item.hasPrefix(".build") && !item.hasPrefix(".swiftpm") && item != "Package.resolved" {
            var isFolder: ObjCBool = false
            let path = folder.appendingPathComponent(item).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                files[item] = FileManager.default.contents(atPath: path)
            }
        }
        return files
    }

    private func stringsDict(key: String, one: String, other: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>\(key)</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@count@</string>
        \t\t<key>count</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>lld</string>
        \t\t\t<key>one</key>
        \t\t\t<string>\(one)</string>
        \t\t\t<key>other</key>
        \t\t\t<string>\(other)</string>
        \t\t</dict>
        \t</dict>
        </dict>
        </plist>

        """
    }
}
