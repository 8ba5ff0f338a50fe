import Foundation
import LegacyTables
import StringCatalog
import TestSupport
import XCTest

@testable import Verification

/// The proof on the bundled sample and the catalogs `migrate` writes for it (kept as fixtures of
/// the CLI tests), damaged one way at a time: each damage is a loss, named with its key and file.
/// No `Migration` here: the catalogs come from disk, as `verify` sees them.
final class VerifierTests: XCTestCase {
    /// A copy of the sample with the migrated catalogs beside its `.lproj` folders.
    private func migratedSample() throws -> TestTree {
        let tree = try TestTree()
        try FileManager.default.removeItem(atPath: tree.root)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Samples/LegacyApp", toPath: tree.root)
        let fixtures = repositoryRoot + "/Tests/CLITests/Fixtures/LegacyApp-catalogs"
        for name in ["Localizable.xcstrings", "InfoPlist.xcstrings", "mul.lproj/Main.xcstrings"] {
            try tree.write("LegacyApp/" + name, try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + name)))
        }
        return tree
    }

    private func mutateCatalog(_ tree: TestTree, _ change: (inout StringCatalog) -> Void) throws {
        let path = tree.path("LegacyApp/Localizable.xcstrings")
        var catalog = try CatalogReader.read(path: path)
        change(&catalog)
        try CatalogWriter.data(for: catalog).write(to: URL(fileURLWithPath: path))
    }

    private func verify(_ root: String, tables: [String] = []) -> VerificationReport {
        ProjectVerifier.verify(ProjectTables.find(root, tables: tables, sourceLanguage: nil, requireTables: false))
    }

    private func losses(_ tree: TestTree) -> [Loss] {
        let report = verify(tree.root, tables: ["Localizable"])
        XCTAssertEqual(report.tables.map(\.catalog), [.onDisk])
        XCTAssertFalse(report.isLossless)
        return report.tables.flatMap(\.losses)
    }

    func testTheMigratedSampleVerifiesWithoutLoss() throws {
        let tree = try migratedSample()
        let report = verify(tree.root)
        XCTAssertTrue(report.isLossless, "\(report.tables.flatMap(\.losses).map(\.diagnostic.description))")
        XCTAssertEqual(report.tables.map(\.catalog), [.onDisk, .onDisk, .onDisk])
        XCTAssertEqual(report.tables.map(\.keyCount), [3, 9, 3])
        XCTAssertEqual(report.tables.flatMap(\.files).filter { !$0.isCarried }.map(\.path), [])
    }

    func testDroppedKeyIsCaught() throws {
        let tree = try migratedSample()
        try mutateCatalog(tree) { $0.strings["button.save"]!.localizations["de"] = nil }
        XCTAssertEqual(
            losses(tree).map(\.diagnostic.description),
            ["\(tree.path("LegacyApp/de.lproj/Localizable.strings")):10:1: error: \"button.save\" [de]: key missing"])
    }

    func testChangedValueIsCaught() throws {
        let tree = try migratedSample()
        try mutateCatalog(tree) { $0.strings["button.cancel"]!.localizations["ru"]!.stringUnit!.value = "Отмена" }
        XCTAssertEqual(
            losses(tree).map(\.diagnostic.description),
            [
                "\(tree.path("LegacyApp/ru.lproj/Localizable.strings")):5:1: error: \"button.cancel\" [ru]: value "
                    + "changed: \"Отменить\" -> \"Отмена\""
            ])
    }

    func testDroppedPluralCategoryIsCaught() throws {
        let tree = try migratedSample()
        try mutateCatalog(tree) {
            $0.strings["inbox.unread %lld"]!.localizations["ru"]!.variations!.plural!["few"] = nil
        }
        let found = losses(tree)
        XCTAssertEqual(found.map(\.kind), [.formMissing])
        XCTAssertEqual(found.first?.key, "inbox.unread %lld")
        XCTAssertEqual(found.first?.language, "ru")
        XCTAssertEqual(found.first?.detail, "%1.few: \"%lld непрочитанных сообщения\"")
    }

    func testDroppedSubstitutionIsCaught() throws {
        let tree = try migratedSample()
        try mutateCatalog(tree) {
            $0.strings["photos.in.albums %lld %lld"]!.localizations["de"]!.substitutions["albums"] = nil
        }
        let found = losses(tree)
        XCTAssertEqual(
            found.map(\.kind), [.formMissing, .formMissing, .valueChanged], "\(found.map(\.diagnostic.description))")
        XCTAssertTrue(found.allSatisfy { $0.key == "photos.in.albums %lld %lld" && $0.language == "de" })
        XCTAssertEqual(
            found.map(\.detail),
            [
                "%2.one: \"%lld Album\"", "%2.other: \"%lld Alben\"",
                "format: \"%#@%1@ in %#@%2@\" -> \"%#@%1@ in %#@?albums@\"",
            ])
    }

    func testChangedSpecifierIsCaught() throws {
        let tree = try migratedSample()
        try mutateCatalog(tree) {
            $0.strings["photos.in.albums %lld %lld"]!.localizations["de"]!.substitutions["albums"]!.formatSpecifier =
                "@"
        }
        // `%arg` now stands for `%@`: the forms change with the kind of argument they format.
        XCTAssertEqual(
            losses(tree).map(\.detail),
            [
                "%2.one: \"%lld Album\" -> \"%@ Album\"",
                "%2.other: \"%lld Alben\" -> \"%@ Alben\"",
            ])
    }

    func testChangedCommentIsCaught() throws {
        let tree = try migratedSample()
        try mutateCatalog(tree) { $0.strings["settings.title"]!.comment = "Settings" }
        XCTAssertEqual(
            losses(tree).map(\.diagnostic.description),
            [
                "\(tree.path("LegacyApp/en.lproj/Localizable.strings")):26:1: error: \"settings.title\" [en]: comment "
                    + "changed: \"Title of the settings screen\" -> \"Settings\""
            ])
    }

    func testDroppedLanguageIsCaught() throws {
        let tree = try migratedSample()
        try mutateCatalog(tree) { catalog in
            for key in catalog.strings.keys { catalog.strings[key]!.localizations["ja"] = nil }
        }
        let found = losses(tree)
        XCTAssertEqual(found.map(\.kind), [.languageMissing])
        XCTAssertEqual(found.first?.language, "ja")
        XCTAssertEqual(
            found.first?.detail,
            "12 values of ja (9 keys: \"Welcome\", \"button.cancel\", \"button.save\", …) are not in the catalog")
    }

    func testAFullyMigratedTreeVerifiesCleanAndSaysSo() throws {
        let tree = try migratedSample()
        for language in ["ar", "de", "en", "ja", "ru", "zh_Hans"] {
            try FileManager.default.removeItem(atPath: tree.path("LegacyApp/\(language).lproj"))
        }
        let report = verify(tree.root)
        XCTAssertTrue(report.isLossless)
        XCTAssertEqual(report.tables.count, 0)
        XCTAssertEqual(
            report.catalogsOnly,
            ["InfoPlist.xcstrings", "Localizable.xcstrings", "mul.lproj/Main.xcstrings"].map {
                tree.path("LegacyApp/" + $0)
            })
    }

    func testAFileThatDoesNotParseIsAnErrorAndIsNotCarried() throws {
        let tree = try migratedSample()
        // A missing value: neither Apple's reader nor Xcode's migration reads it (a missing `;`
        // is read from its line as Xcode's migration does: Rule1VerifyTests).
        let broken = try tree.write("LegacyApp/de.lproj/Localizable.strings", "\"a\" = ;\n")
        let report = verify(tree.root, tables: ["Localizable"])
        XCTAssertFalse(report.isLossless)
        XCTAssertEqual(
            report.tables[0].unreadableFiles.map(\.description),
            ["\(broken):1:7: error: cannot be compared, it does not parse: missing value after '=' for the key \"a\""])
        XCTAssertEqual(report.tables[0].files.filter { !$0.isCarried }.map(\.path), [broken])
    }

    /// Verification reads a `.stringsdict` with Foundation, not with the fast reader: a file
    /// nested 50,000 deep is refused with its place before Foundation or `PlistNode` sees it.
    func testAStringsDictNestedDeeperThan512LevelsIsALocatedErrorNotACrash() throws {
        let tree = try migratedSample()
        let deep = try tree.write("LegacyApp/de.lproj/Localizable.stringsdict", DeepInput.stringsDictXML(depth: 50_000))
        let report = verify(tree.root, tables: ["Localizable"])
        XCTAssertFalse(report.isLossless)
        XCTAssertEqual(
            report.tables[0].unreadableFiles.map(\.description),
            [
                "\(deep):5:\(DeepInput.stringsDictXMLTooDeepColumn): error: cannot be compared, it does not parse: "
                    + "nesting deeper than 512 levels"
            ])
        try tree.write("LegacyApp/de.lproj/Localizable.stringsdict", DeepInput.binaryPlist(depth: 50_000))
        XCTAssertEqual(verify(tree.root, tables: ["Localizable"]).tables[0].unreadableFiles.count, 1)
    }

    func testEquivalentSpellingsAreEqual() throws {
        // `%#@v@` against `%#@arg1@` (shape (a) loses the name), `%1$#@v@` against `%#@v@` with
        // argNum 1, `%arg` against the value type's own specifier, `d` against `lld`.
        let tree = try TestTree()
        try tree.write(
            "App/de.lproj/Localizable.stringsdict",
            stringsDictXML([
                ("n %lld", "%#@things@", [("things", "d", [("one", "%d Ding"), ("other", "%d Dinge")])]),
                (
                    "m %lld %lld", "%2$#@a@ und %1$#@b@",
                    [("a", "lld", [("other", "%2$lld A")]), ("b", "lld", [("other", "%1$lld B")])]
                ),
                ("k %lld", "Es gibt %#@c@", [("c", "lld", [("other", "%lld C")])]),
            ]))
        try tree.write(
            "App/Localizable.xcstrings",
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "k %lld" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Es gibt %1$#@c@" },
                  "substitutions" : { "c" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld C" } } } } } } } } },
                "m %lld %lld" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "%#@a@ und %#@b@" },
                  "substitutions" : {
                    "a" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "%2$lld A" } } } } },
                    "b" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "%1$lld B" } } } } } } } } },
                "n %lld" : { "localizations" : { "de" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%d Ding" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%d Dinge" } } } } } } }
              },
              "version" : "1.0"
            }
            """)
        let report = verify(tree.root)
        XCTAssertTrue(report.isLossless, "\(report.tables.flatMap(\.losses).map(\.diagnostic.description))")
        XCTAssertEqual(report.tables.map(\.keyCount), [3])
    }

    /// Base.lproj and en.lproj give one key differently: the catalog can hold one; the other file
    /// is kept with its reason, and the disagreement is a warning, not a loss of the migration.
    func testTwoFoldersOfOneLanguageThatDisagreeKeepTheLosingFile() throws {
        let tree = try TestTree()
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
        let base = try tree.write("App/Base.lproj/Localizable.strings", "\"a\" = \"Other A\";\n\"b\" = \"B\";\n")
        try tree.write(
            "App/Localizable.xcstrings",
            """
            {"sourceLanguage":"en","strings":{"a":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"A"}}}},"b":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"B"}}}}},"version":"1.0"}
            """)
        let report = verify(tree.root)
        XCTAssertTrue(report.isLossless, "\(report.tables.flatMap(\.losses).map(\.diagnostic.description))")
        XCTAssertEqual(
            report.tables[0].notes.filter { $0.severity == .warning }.map(\.description),
            [
                "\(base):1:1: warning: \"a\" [en]: 1 of its strings here is not in the catalog: "
                    + "en.lproj/Localizable.strings gives this key differently for the same language, and the catalog "
                    + "holds that; this file is kept"
            ])
        XCTAssertEqual(report.tables[0].files.map(\.isCarried), [true, false])
    }
}

/// `Verification` must never depend on `Migration`, directly or through another module: a proof
/// that shares the conversion's code shares its mistakes. Read from the manifest itself.
final class IndependenceTests: XCTestCase {
    func testVerificationDoesNotDependOnMigration() throws {
        let manifest = try String(contentsOfFile: repositoryRoot + "/Package.swift", encoding: .utf8)
        let graph = Self.targetDependencies(manifest)
        XCTAssertNotNil(graph["Verification"], "no Verification target in Package.swift")
        XCTAssertNotNil(graph["Migration"], "no Migration target in Package.swift")
        var reached: Set<String> = []
        var stack = ["Verification"]
        while let target = stack.popLast() {
            for dependency in graph[target] ?? [] where reached.insert(dependency).inserted { stack.append(dependency) }
        }
        XCTAssertFalse(reached.contains("Migration"), "Verification reaches Migration through \(reached.sorted())")
        XCTAssertTrue(
            reached.isSuperset(of: ["Compilation", "StringCatalog", "StringsFile", "StringsDict"]),
            "\(reached.sorted())")
        // And no source file of the module imports it.
        let folder = repositoryRoot + "/Sources/Verification"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            XCTAssertFalse(text.contains("import Migration"), "\(name) imports Migration")
        }
    }

    /// `.target(name: "X", dependencies: ["A", "B"])` -> X: [A, B], for every target of the manifest.
    static func targetDependencies(_ manifest: String) -> [String: [String]] {
        var graph: [String: [String]] = [:]
        var rest = Substring(manifest)
        while let start = rest.range(of: "arget(name: \"") {
            let afterName = rest[start.upperBound...]
            guard let nameEnd = afterName.firstIndex(of: "\"") else { break }
            let name = String(afterName[..<nameEnd])
            let tail = afterName[nameEnd...]
            let close = tail.firstIndex(of: ")") ?? tail.endIndex
            let declaration = tail[..<close]
            var dependencies: [String] = []
            if let open = declaration.range(of: "dependencies: [") {
                let list = declaration[open.upperBound...].prefix { $0 != "]" }
                dependencies = list.split(separator: ",").compactMap { item in
                    let trimmed = item.trimmingCharacters(in: .whitespacesAndNewlines)
                    return trimmed.hasPrefix("\"") ? String(trimmed.dropFirst().dropLast()) : nil
                }
            }
            graph[name] = dependencies
            rest = tail
        }
        return graph
    }
}
