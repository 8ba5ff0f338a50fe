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

/// The zero-loss contract: legacy files -> `CatalogMerger` -> `CatalogCompiler` gives back, per
/// language, every key and value of each `.strings` and every variable text and plural form of
/// each `.stringsdict` rule (variable names may differ; `arg1` for shape (a)).
///
/// Runs on every project of `../shared/corpus` and every `../shared/goldens/*/before`.
final class CompileRoundTripTests: XCTestCase {
    func testCorpusAndGoldensSurviveMigrateThenCompile() throws {
        let fm = FileManager.default
        let shared = try sharedFolder()
        var roots: [String] = []
        for (folder, suffix) in [("corpus", ""), ("goldens", "/before")] {
            let base = shared + "/" + folder
            for name in (try? fm.contentsOfDirectory(atPath: base))?.sorted() ?? [] where !name.hasPrefix(".") {
                let root = base + "/" + name + suffix
                var isDirectory: ObjCBool = false
                if fm.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue { roots.append(root) }
            }
        }
        guard !roots.isEmpty else {
            throw XCTSkip(sharedFolderMissing("corpus or goldens"))
        }
        var total = RoundTripCounts()
        for root in roots {
            let counts = try roundTrip(root)
            print("round trip \(root.dropFirst(shared.count + 1)): \(counts)")
            total.add(counts)
        }
        print("round trip total (\(roots.count) projects): \(total)")
        XCTAssertEqual(total.mismatches, 0)
        XCTAssertGreaterThan(total.stringValues, 10_000)
        XCTAssertGreaterThan(total.pluralForms, 100)
    }

    /// Tiny case that must fail if the comparison is not done: a value changed after compiling.
    func testComparisonNoticesAChangedValue() {
        let strings = StringsFile(
            path: "/p/de.lproj/L.strings", entries: [StringsEntry(key: "a", value: "A")], encoding: .utf8,
            hasByteOrderMark: false, leadingComment: nil)
        var counts = RoundTripCounts()
        let problems = compare(
            LegacyLanguageContent(language: "de", strings: strings),
            with: CompiledLanguage(language: "de", strings: [StringsEntry(key: "a", value: "B")]), skippedKeys: [],
            counts: &counts)
        XCTAssertEqual(counts.mismatches, 1)
        XCTAssertEqual(problems, [#"/p/de.lproj/L.strings: "a" = "A" compiled to Optional("B")"#])
    }

    // MARK: - Migrate in memory, compile, compare

    /// A migrated table: what was read per language, and the catalog merged from it.
    struct MigratedTable {
        var table: LegacyTable
        var contents: [String: LegacyLanguageContent]
        var catalog: StringCatalog
        var unparsableFiles: Int
    }

    /// Every table of the project, migrated in memory as `migrate --skip-invalid` would.
    static func migrate(_ root: String) -> [MigratedTable] {
        let scan = LprojScanner.scan(root)
        let source = ProjectTables.find(root, TableSearch(requireTables: false)).sourceLanguage
        let tables = TableGrouper.group(scan, sourceLanguage: source.code).tables
        let results = LegacyReader.read(tables.flatMap { $0.files + $0.shadowedFiles })
        var cursor = 0
        var migrated: [MigratedTable] = []
        for table in tables {
            let files = table.files + table.shadowedFiles
            let tableResults = results[cursor..<(cursor + files.count)]
            cursor += files.count
            // As `migrate --skip-invalid`: files that do not parse are not in the catalog.
            let loaded = TableLoader.load(table, results: Array(tableResults), skipInvalid: true)
            let contents = loaded.contents
            let unparsable = loaded.skippedFiles.count
            let merged = CatalogMerger.merge(Array(contents.values), sourceLanguage: source.code)
            migrated.append(
                MigratedTable(table: table, contents: contents, catalog: merged.catalog, unparsableFiles: unparsable))
        }
        return migrated
    }

    /// Every table of the project, migrated in memory and compiled.
    static func migrateAndCompile(_ root: String) -> [CompiledTable] {
        migrate(root).map { CatalogCompiler.compile($0.catalog, tableName: $0.table.name) }
    }

    private func roundTrip(_ root: String) throws -> RoundTripCounts {
        var counts = RoundTripCounts()
        counts.projects = 1
        for migrated in Self.migrate(root) {
            let table = migrated.table, contents = migrated.contents
            counts.unparsableFiles += migrated.unparsableFiles
            let compiled = CatalogCompiler.compile(migrated.catalog, tableName: table.name)
            XCTAssertEqual(compiled.diagnostics, [], "\(table.catalogPath)")
            counts.tables += 1
            for content in contents.values {
                counts.languages += 1
                // Width rules cannot be migrated (the merger reports an error and leaves the key out).
                let skipped = Set(
                    content.stringsDict?.entries.filter {
                        if case .width = $0.rule { return true }; return false
                    }.map(\.key) ?? [])
                let problems = compare(
                    content, with: compiled.language(content.language) ?? CompiledLanguage(language: content.language),
                    skippedKeys: skipped, counts: &counts)
                for problem in problems.prefix(20) { XCTFail(problem) }
            }
        }
        return counts
    }

    /// What differs between a language's legacy files and its compiled form.
    private func compare(
        _ original: LegacyLanguageContent, with compiled: CompiledLanguage, skippedKeys: Set<String>,
        counts: inout RoundTripCounts
    ) -> [String] {
        var failures: [String] = []
        let place = "\(original.strings?.path ?? original.stringsDict?.path ?? original.language)"
        var compiledStrings: [String: String] = [:]
        for entry in compiled.strings {
            if compiledStrings.updateValue(entry.value, forKey: entry.key) != nil {
                failures.append("\(place): \"\(entry.key)\" twice in the compiled output")
            }
        }
        let compiledDict = Dictionary(compiled.stringsDict.map { ($0.key, $0.rule) }, uniquingKeysWith: { a, _ in a })
        let dictKeys = Set(original.stringsDict?.entries.map(\.key) ?? [])
        for (key, value) in original.strings?.dictionary ?? [:] {
            if dictKeys.contains(key) && !skippedKeys.contains(key) {
                counts.supersededByStringsDict += 1 // the .stringsdict form wins, as in Xcode
                continue
            }
            counts.stringValues += 1
            if compiledStrings[key] != value {
                counts.mismatches += 1
                failures.append(
                    "\(place): \"\(key)\" = \(String(reflecting: value)) compiled to "
                        + "\(String(reflecting: compiledStrings[key]))"
                )
            }
        }
        for entry in original.stringsDict?.entries ?? [] {
            if skippedKeys.contains(entry.key) { counts.widthRulesNotMigratable += 1; continue }
            counts.stringsDictEntries += 1
            guard let rule = compiledDict[entry.key] else {
                counts.mismatches += 1
                failures.append("\(place): \"\(entry.key)\" missing from the compiled .stringsdict")
                continue
            }
            let problems = RuleEquivalence.differences(entry.rule, rule, counts: &counts)
            if !problems.isEmpty {
                counts.mismatches += 1
                failures.append("\(place): \"\(entry.key)\": \(problems.joined(separator: "; "))")
            }
        }
        return failures
    }
}

struct RoundTripCounts: CustomStringConvertible {
    var projects = 0, tables = 0, languages = 0, unparsableFiles = 0
    var stringValues = 0, supersededByStringsDict = 0
    var stringsDictEntries = 0, pluralForms = 0, widthRulesNotMigratable = 0
    var argSpellings = 0, renamedVariables = 0
    var mismatches = 0

    mutating func add(_ other: RoundTripCounts) {
        projects += other.projects; tables += other.tables; languages += other.languages
        unparsableFiles += other.unparsableFiles; stringValues += other.stringValues
        supersededByStringsDict += other.supersededByStringsDict; stringsDictEntries += other.stringsDictEntries
        pluralForms += other.pluralForms; widthRulesNotMigratable += other.widthRulesNotMigratable
        argSpellings += other.argSpellings; renamedVariables += other.renamedVariables
        mismatches += other.mismatches
    }

    var description: String {
        "\(tables) tables, \(languages) table-languages, \(stringValues) .strings values, \(stringsDictEntries) "
            + ".stringsdict rules with \(pluralForms) forms equal; \(renamedVariables) variables renamed, "
            + "\(argSpellings) forms equal up to the %arg specifier; \(supersededByStringsDict) .strings values "
            + "superseded by the .stringsdict, \(widthRulesNotMigratable) width rules (not migratable), "
            + "\(unparsableFiles) unparsable files left out; \(mismatches) mismatches"
    }
}

/// Compares an original `.stringsdict` rule with the compiled one, allowing only the spellings
/// the round-trip contract calls equivalent.
enum RuleEquivalence {
    static func differences(_ original: StringsDictRule, _ compiled: StringsDictRule, counts: inout RoundTripCounts)
        -> [String]
    {
        switch (original, compiled) {
        case (.plural(let a), .plural(let b)):
            return differences(a, b, counts: &counts)
        case (.device(let a), .device(let b)):
            var problems: [String] = []
            let bCases = Dictionary(b.cases.map { ($0.key, $0.value) }, uniquingKeysWith: { x, _ in x })
            for c in a.cases {
                switch (c.value, bCases[c.key]) {
                case (.string(let s), .string(let t)?) where s == t: counts.pluralForms += 1
                case (.plural(let p), .plural(let q)?):
                    problems += differences(p, q, counts: &counts).map { "\(c.key): \($0)" }
                default: problems.append("device case \(c.key) differs")
                }
            }
            if a.cases.count != b.cases.count {
                problems.append("device cases \(a.cases.map(\.key)) vs \(b.cases.map(\.key))")
            }
            return problems
        default:
            return ["rule kind differs"]
        }
    }

    static func differences(_ a: PluralRule, _ b: PluralRule, counts: inout RoundTripCounts) -> [String] {
        let aRefs = FormatStringParser.variableReferences(in: a.formatKey)
        let bRefs = FormatStringParser.variableReferences(in: b.formatKey)
        var problems: [String] = []
        if normalized(a.formatKey) != normalized(b.formatKey) {
            problems.append("format key \(String(reflecting: a.formatKey)) vs \(String(reflecting: b.formatKey))")
        }
        guard aRefs.count == bRefs.count else { return problems + ["variable count differs"] }
        let defined = Set(a.variables.map(\.name))
        var unused = a.variables.map(\.name).filter { name in !aRefs.contains { $0.name == name } }
        for (ra, rb) in zip(aRefs, bRefs) {
            // A reference to a missing dictionary stands for the one unused dictionary (Xcode's rule).
            var name = ra.name
            if !defined.contains(name), unused.count == 1 { name = unused.removeFirst() }
            guard let va = a.variable(named: name) else { continue }
            guard let vb = b.variable(named: rb.name) else { problems.append("variable \(rb.name) missing"); continue }
            if va.name != vb.name { counts.renamedVariables += 1 }
            if Set(va.forms.keys) != Set(vb.forms.keys) {
                problems.append(
                    "\(va.name): categories \(va.forms.keys.map(\.rawValue).sorted()) vs "
                        + "\(vb.forms.keys.map(\.rawValue).sorted())"
                )
            }
            for (category, text) in va.forms {
                guard let other = vb.forms[category] else { continue }
                if text == other {
                    counts.pluralForms += 1
                } else if equalUpToOwnSpecifier(text, other) {
                    counts.pluralForms += 1
                    counts.argSpellings += 1
                } else {
                    problems.append(
                        "\(va.name).\(category.rawValue): \(String(reflecting: text)) vs \(String(reflecting: other))")
                }
            }
        }
        return problems
    }

    /// The format key with every well-formed variable reference written `%#@@` (names may differ;
    /// `%1$#@v@` and `%#@v@` are equivalent).
    static func normalized(_ formatKey: String) -> String {
        FormatStringParser.parse(formatKey).map { token in
            if case .variable(let reference) = token, !reference.isMalformed { return "%#@@" }
            return token.raw
        }.joined()
    }

    /// Equal when the only differences are unpositioned specifiers (`%arg` stood for the
    /// variable's own specifier, which the catalog may spell differently).
    static func equalUpToOwnSpecifier(_ a: String, _ b: String) -> Bool {
        let ta = FormatStringParser.parse(a), tb = FormatStringParser.parse(b)
        guard ta.count == tb.count else { return false }
        return zip(ta, tb).allSatisfy { x, y in
            if case .specifier(let s) = x, case .specifier(let t) = y, s.position == nil, t.position == nil {
                return true
            }
            return x == y
        }
    }
}
