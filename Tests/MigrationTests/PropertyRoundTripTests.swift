import Compilation
import Foundation
import LegacyTables
import StringCatalog
import StringcatSupport
import StringsDict
import StringsFile
import TestSupport
import Verification
import XCTest

@testable import Migration

/// Random legacy tables written to disk, migrated, compiled back (in memory and to disk) and read
/// again give the same keys, values and plural forms per category, in every language.
///
/// What is generated, and what is left out on purpose:
/// - `.strings` keys and values draw from quotes, backslashes, every C0 control except NUL,
///   U+2028/U+2029, BOM, combining marks and non-BMP scalars; empty values; one empty key.
///   NUL is left out: neither Apple's reader nor the `.strings` format has a way to write it.
/// - Keys equal under Swift's `String ==` (canonical equivalence: `"é"` and `"e\u{301}"`) are made
///   once only: the catalog model is a `[String: CatalogEntry]`, so the catalog reader rejects
///   such a pair with a diagnostic (`JSONParser`, "differs … only by Unicode normalization") rather
///   than keep both; `testKeysEqualUnderNormalizationAreAnErrorNotASilentMerge` holds that.
/// - `.stringsdict` text draws only from XML-safe scalars (no C0 controls but tab and line feed,
///   no CR, which XML parsers turn into LF): a property list cannot carry the others.
/// - Plural entries have the shape `%#@v@` with every form printing argument 1 (Xcode's shape
///   (a)); the variable's name is not kept by a catalog (it comes back as `arg1`), so variables
///   are compared by position.
final class PropertyRoundTripTests: XCTestCase {
    private static let languages = ["en", "de", "ru", "ar", "ja", "pt-BR"]

    private static let stringsPool: [Unicode.Scalar] = {
        var list: [Unicode.Scalar] = Array("aZ09 _-.$:/*;={}()<>,'\"\\@#%&u".unicodeScalars)
        list += (0x01...0x1F).map { Unicode.Scalar($0)! }
        list += [0x7F, 0x85, 0xA0, 0xE9, 0x2028, 0x2029, 0xFEFF, 0x0301, 0x1F600, 0x1D11E, 0x10FFFD].map {
            Unicode.Scalar($0)!
        }
        return list
    }()

    private static let plistPool: [Unicode.Scalar] = {
        var list: [Unicode.Scalar] = Array("aZ09 _-.$:/*;={}()<>,'\"\\@#&u\t\n".unicodeScalars)
        list += [0x85, 0xA0, 0xE9, 0x2028, 0x2029, 0x0301, 0x1F600, 0x1D11E].map { Unicode.Scalar($0)! }
        return list
    }()

    private func randomString(_ rng: inout SplitMix64, pool: [Unicode.Scalar], maxLength: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<rng.below(maxLength + 1) { scalars.append(pool[rng.below(pool.count)]) }
        return String(scalars)
    }

    /// Per language: `.strings` entries and plural entries (key -> forms per category).
    private struct Generated {
        var strings: [String: [(key: String, value: String)]] = [:]
        var plurals: [String: [(key: String, forms: [PluralCategory: String])]] = [:]
    }

    private func generate(seed: UInt64, keyCount: Int, pluralCount: Int) -> Generated {
        var rng = SplitMix64(seed: seed)
        var keys: [String] = [""]
        var seen: Set<String> = [""]
        while keys.count < keyCount {
            let key = randomString(&rng, pool: Self.stringsPool, maxLength: 14)
            if seen.insert(key).inserted { keys.append(key) }
        }
        var pluralKeys: [String] = []
        while pluralKeys.count < pluralCount {
            // A prefix keeps plural keys apart from .strings keys (a key in both is another test).
            let key = "plural." + randomString(&rng, pool: Self.plistPool, maxLength: 10)
            if seen.insert(key).inserted { pluralKeys.append(key) }
        }
        var generated = Generated()
        for (index, language) in Self.languages.enumerated() {
            // The source language (en) has every key; the others a random 80 %.
            generated.strings[language] = keys.compactMap { key in
                index > 0 && rng.below(5) == 0 ? nil : (key, randomString(&rng, pool: Self.stringsPool, maxLength: 20))
            }
            let categories = PluralRules.categories(for: language)!.sorted()
            generated.plurals[language] = pluralKeys.compactMap { key in
                guard index == 0 || rng.below(5) != 0 else { return nil }
                var forms: [PluralCategory: String] = [:]
                for category in categories {
                    let before = randomString(&rng, pool: Self.plistPool, maxLength: 8)
                    let after = randomString(&rng, pool: Self.plistPool, maxLength: 8)
                    forms[category] = before + (rng.below(2) == 0 ? "%d" : "%lld") + after
                }
                return (key, forms)
            }
        }
        return generated
    }

    private func write(_ generated: Generated, into tree: TestTree) throws {
        for language in Self.languages {
            let entries = generated.strings[language]!.map { StringsEntry(key: $0.key, value: $0.value) }
            try tree.write("App/\(language).lproj/Localizable.strings", StringsFileWriter.data(entries))
            let dict = generated.plurals[language]!.map { item in
                StringsDictEntry(
                    key: item.key,
                    rule: .plural(
                        PluralRule(
                            formatKey: "%#@items@",
                            variables: [
                                PluralVariable(name: "items", valueType: "d", forms: item.forms)
                            ])))
            }
            try tree.write("App/\(language).lproj/Localizable.stringsdict", StringsDictWriter.data(dict))
        }
    }

    /// The plural forms of a compiled entry's only variable.
    private func forms(_ entry: StringsDictEntry) -> [PluralCategory: String]? {
        guard case .plural(let rule) = entry.rule, rule.variables.count == 1,
            rule.formatKey == "%#@\(rule.variables[0].name)@"
        else { return nil }
        return rule.variables[0].forms
    }

    /// Whether `text` starts with U+FEFF: CoreFoundation's XML property-list parser drops that
    /// character from the start of every string (`<string>&#xFEFF;v</string>` reads as `"v"`), so
    /// such keys and values cannot survive `compile --strings-format xml` (reported, not fixed:
    /// it is the reader of Apple's runtime too).
    private static func startsWithBOM(_ text: String) -> Bool { text.unicodeScalars.first == "\u{FEFF}" }

    private func assertSame(
        _ generated: Generated, strings: [String: [StringsEntry]], plurals: [String: [StringsDictEntry]],
        _ what: String, xmlPropertyList: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) {
        for language in Self.languages {
            var expected = Dictionary(uniqueKeysWithValues: generated.strings[language]!.map { ($0.key, $0.value) })
            var actualEntries = strings[language] ?? []
            if xmlPropertyList {
                // Leave out the entries whose key or value starts with U+FEFF and whatever key they
                // come back as (the key without it, which may be another generated key).
                let damaged = Set(
                    generated.strings[language]!.filter { Self.startsWithBOM($0.key) || Self.startsWithBOM($0.value) }
                        .map { String(String.UnicodeScalarView($0.key.unicodeScalars.drop { $0 == "\u{FEFF}" })) })
                expected = expected.filter {
                    !Self.startsWithBOM($0.key) && !Self.startsWithBOM($0.value) && !damaged.contains($0.key)
                }
                actualEntries = actualEntries.filter { !damaged.contains($0.key) }
            }
            let actual = Dictionary(actualEntries.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
            XCTAssertEqual(
                actualEntries.count, actual.count, "\(what) [\(language)]: a key is written twice", file: file,
                line: line)
            XCTAssertEqual(
                Set(actual.keys), Set(expected.keys), "\(what) [\(language)]: keys differ", file: file, line: line)
            for (key, value) in expected where actual[key] != value {
                XCTFail(
                    "\(what) [\(language)] \(String(reflecting: key)): \(String(reflecting: value)) came back as "
                        + "\(String(reflecting: actual[key]))",
                    file: file, line: line)
            }

            let expectedPlurals = Dictionary(
                uniqueKeysWithValues: generated.plurals[language]!.map { ($0.key, $0.forms) })
            let actualPlurals = Dictionary(
                (plurals[language] ?? []).map { ($0.key, forms($0)) }, uniquingKeysWith: { a, _ in a })
            XCTAssertEqual(
                Set(actualPlurals.keys), Set(expectedPlurals.keys), "\(what) [\(language)]: plural keys differ",
                file: file, line: line)
            for (key, forms) in expectedPlurals where actualPlurals[key] != forms {
                XCTFail(
                    "\(what) [\(language)] \(String(reflecting: key)): forms \(forms) came back as "
                        + "\(String(describing: actualPlurals[key]))",
                    file: file, line: line)
            }
        }
    }

    func testRandomTablesSurviveMigrateAndCompile() throws {
        let generated = generate(seed: 0x5EED_C47A_1065, keyCount: 300, pluralCount: 40)
        let tree = try TestTree()
        try write(generated, into: tree)

        var options = MigrationOptions()
        options.outputDirectory = tree.path("out")
        options.sourceLanguage = "en"
        let report = ProjectMigrator.migrate(tree.path("App"), options: options)
        XCTAssertFalse(
            report.hasErrors,
            report.tables.flatMap(\.diagnostics).filter(\.isError).map(\.description).joined(separator: "\n"))
        XCTAssertEqual(report.tables.map(\.outcome), [.written])
        let catalogPath = tree.path("out/Localizable.xcstrings")
        let catalog = try CatalogReader.read(path: catalogPath)
        XCTAssertEqual(catalog.strings.count, 300 + 40)

        // In memory.
        let compiled = CatalogCompiler.compile(catalog, tableName: "Localizable")
        XCTAssertEqual(compiled.diagnostics.map(\.description), [])
        assertSame(
            generated,
            strings: Dictionary(uniqueKeysWithValues: compiled.languages.map { ($0.language, $0.strings) }),
            plurals: Dictionary(uniqueKeysWithValues: compiled.languages.map { ($0.language, $0.stringsDict) }),
            "in memory")

        // On disk, through the files `compile` writes, in each output format.
        for format in StringsOutputFormat.allCases {
            var compileOptions = CompileOptions()
            compileOptions.outputDirectory = tree.path("compiled-\(format.rawValue)")
            compileOptions.stringsFormat = format
            let compileReport = CatalogCompiler.run([catalogPath], options: compileOptions)
            XCTAssertFalse(
                compileReport.hasErrors, compileReport.diagnostics.map(\.description).joined(separator: "\n"))
            XCTAssertTrue(compileReport.written)
            var strings: [String: [StringsEntry]] = [:]
            var plurals: [String: [StringsDictEntry]] = [:]
            for language in Self.languages {
                let folder = tree.path("compiled-\(format.rawValue)/\(language).lproj/")
                let readStrings = StringsFileReader.read(path: folder + "Localizable.strings")
                XCTAssertFalse(
                    readStrings.diagnostics.contains(where: \.isError),
                    "\(format) \(language): \(readStrings.diagnostics)")
                strings[language] = readStrings.file?.entries
                let readDict = StringsDictReader.read(path: folder + "Localizable.stringsdict")
                XCTAssertFalse(
                    readDict.diagnostics.contains(where: \.isError), "\(format) \(language): \(readDict.diagnostics)")
                plurals[language] = readDict.file?.entries
            }
            assertSame(
                generated, strings: strings, plurals: plurals, "compiled \(format.rawValue)",
                xmlPropertyList: format == .xml)
        }
    }

    /// Two keys equal under canonical equivalence cannot both live in a catalog model keyed by
    /// Swift strings (Apple's `.strings` reader keeps both): the migration must say so, never merge
    /// one into the other silently. Before the fix, `migrate` wrote one entry holding the last
    /// value and `verify` said "nothing lost".
    func testKeysEqualUnderNormalizationAreAnErrorNotASilentMerge() throws {
        let tree = try TestTree()
        let path = try tree.write(
            "App/en.lproj/Localizable.strings", "\"caf\u{E9}\" = \"composed\";\n\"cafe\u{301}\" = \"decomposed\";\n")
        var options = MigrationOptions()
        options.outputDirectory = tree.path("out")
        let report = ProjectMigrator.migrate(tree.path("App"), options: options)
        XCTAssertTrue(report.hasErrors)
        XCTAssertEqual(report.tables.map(\.outcome), [.failed])
        XCTAssertEqual(
            report.tables.first?.diagnostics.first(where: \.isError)?.description,
            "\(path):2:1: error: key \"cafe\\u{301}\" differs from the key \"caf\\u{E9}\" only by Unicode "
                + "normalization (composed vs decomposed characters); a String Catalog cannot keep both: rename one or "
                + "remove it"
        )
        XCTAssertFalse(tree.exists("out/Localizable.xcstrings"))

        let project = ProjectTables.find(tree.path("App"), tables: [], sourceLanguage: nil)
        let verification = ProjectVerifier.verify(project, planned: ProjectMigrator.plannedCatalogs(project))
        XCTAssertFalse(verification.isLossless, "verify must not call this lossless")
        XCTAssertEqual(
            verification.tables.flatMap(\.losses).map(\.diagnostic.description),
            ["\(path):2:1: error: \"cafe\u{301}\" [en]: key missing"])

        // --skip-invalid: the later spelling is left out and said so; the first keeps its value.
        options.skipInvalid = true
        let skipped = ProjectMigrator.migrate(tree.path("App"), options: options)
        XCTAssertFalse(skipped.hasErrors)
        XCTAssertTrue(
            skipped.tables.flatMap(\.diagnostics).contains {
                $0.severity == .warning && $0.message.hasSuffix("(entry skipped: --skip-invalid)")
            })
        let catalog = try CatalogReader.read(path: tree.path("out/Localizable.xcstrings"))
        XCTAssertEqual(catalog.strings.keys.map { Array($0.unicodeScalars) }, [Array("caf\u{E9}".unicodeScalars)])
        XCTAssertEqual(catalog.strings["caf\u{E9}"]?.localizations["en"]?.stringUnit?.value, "composed")
    }
}
