import Foundation
import LegacyTables
import StringCatalog
import StringcatSupport
import StringsDict
import StringsFile
import TestSupport
import XCTest

@testable import Migration

/// `MergePlan` (the streaming migrate's merge) against the merger it replaced (`ReferenceMerger`,
/// the code of e6c2a97): on random tables and on every table of the corpus apps, the same catalog,
/// the same diagnostics in the same order, the same counts, and the same bytes whether the
/// catalog is built whole or streamed block by block.
final class MergePlanDifferentialTests: XCTestCase {
    /// Tables that had two spellings of one key (see `assertSame`).
    private var conflicts = 0
    private func assertSame(
        _ contents: [LegacyLanguageContent], source: String, sabotage: MergeSabotage? = nil, _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let reference = ReferenceMerger.merge(
            contents, sourceLanguage: source, version: "1.0", shardThreshold: .max, sabotage: sabotage)
        let plan = MergePlan(contents, sourceLanguage: source, fault: sabotage)
        let catalog = plan.catalog(version: "1.0")
        // One deliberate difference: when a key is spelled two ways that differ only by Unicode
        // normalization (an error: the later spelling is left out, and the table gets no catalog
        // unless --skip-invalid), the old merger still joined the left-out spelling's comment
        // into the kept key's comment (its comment table was keyed by Swift's canonical string
        // equality). The plan leaves the whole entry out, comment included.
        let conflicted = Set(
            plan.diagnostics.filter { $0.message.contains("only by Unicode normalization") }.compactMap { diagnostic in
                catalog.strings.keys.first {
                    diagnostic.message.hasPrefix("key \(KeySpellings.spelled($0)) ")
                        || diagnostic.message.contains("from the key \(KeySpellings.spelled($0)) ")
                }
            })
        func comparable(_ entry: CatalogEntry?, _ key: String) -> CatalogEntry? {
            guard var entry, conflicted.contains(key) else { return entry }
            entry.comment = nil
            return entry
        }
        // The first keys that differ, not the whole catalogs (they run to hundreds of lines).
        let keys = Set(catalog.strings.keys).union(reference.catalog.strings.keys).sorted()
        let differing = keys.filter {
            comparable(catalog.strings[$0], $0) != comparable(reference.catalog.strings[$0], $0)
        }
        XCTAssertEqual(
            differing.count, 0,
            "\(what): \(differing.prefix(3).map { "\($0): \(String(describing: catalog.strings[$0])) vs \(String(describing: reference.catalog.strings[$0]))" })",
            file: file, line: line)
        XCTAssertEqual(
            plan.diagnostics.map(\.description), reference.diagnostics.map(\.description), what, file: file, line: line)
        XCTAssertEqual(plan.pluralEntryCount, reference.pluralEntryCount, what, file: file, line: line)
        if conflicted.isEmpty {
            XCTAssertEqual(plan.commentCount, reference.commentCount, what, file: file, line: line)
        }
        XCTAssertEqual(
            plan.languages, Array(Set(reference.catalog.strings.values.flatMap { $0.localizations.keys })).sorted(),
            what,
            file: file, line: line)
        var streamed: [UInt8] = []
        plan.write(version: "1.0") { (part: [UInt8]) in streamed += part }
        XCTAssertEqual(
            Data(streamed), CatalogWriter.data(for: conflicted.isEmpty ? reference.catalog : catalog), what, file: file,
            line: line)
        if !conflicted.isEmpty { conflicts += 1 }
    }

    /// Random tables built to hit every rule: duplicate keys, keys the source lacks (comment votes
    /// and ties), dropped and commented-out comments, trailing comments, keys in both files of a
    /// language, plural forms, a `.stringsdict` part the reader cannot place, two spellings of one
    /// key, a missing source language, and each kind of sabotage.
    func testRandomTablesMergeAsTheMergerItReplaced() throws {
        var rng = SplitMix64(seed: 0x91A7)
        let pool = (0..<40).map { "key.\($0)" } + ["caf\u{E9}", "Empty folder", "n %lld", "%@ and %@"]
        let comments = [
            "", "/* Shown on the list. */\n", "/* No comment provided by engineer. */\n", "/* */\n",
            "/* \"old\" = \"Alt\"; */\n", "// A line comment\n", "/* Same everywhere */\n", "/* Other text */\n",
        ]
        var checked = 0
        for round in 0..<120 {
            var languages = ["en", "de", "fr", "ja", "pl"].filter { _ in rng.below(4) != 0 }
            if languages.isEmpty { languages = ["de"] }
            var contents: [LegacyLanguageContent] = []
            for language in languages {
                var content = LegacyLanguageContent(language: language)
                if rng.below(6) != 0 {
                    var text = rng.below(3) == 0 ? "/* Created by someone.\n   Copyright. */\n\n" : ""
                    for index in 0..<(5 + rng.below(30)) {
                        var key = pool[rng.below(pool.count)]
                        if key == "caf\u{E9}" && rng.below(3) == 0 { key = "cafe\u{301}" } // the same key, decomposed
                        text += comments[rng.below(comments.count)]
                        text += "\"\(key)\" = \"\(language) \(index)\";"
                        text += rng.below(5) == 0 ? " // trailing \(rng.below(2))\n" : "\n"
                    }
                    content.strings = try XCTUnwrap(
                        StringsFileReader.parse(Array(text.utf8), path: "\(language).lproj/L.strings").file, text)
                }
                if rng.below(3) == 0 {
                    var entries:
                        [(
                            key: String, format: String,
                            variables: [(name: String, type: String, forms: [(String, String)])]
                        )] = []
                    for key in Set((0..<(1 + rng.below(5))).map { _ in pool[rng.below(pool.count)] }).sorted()
                    where !key.contains("%@") {
                        let forms: [(String, String)] =
                            rng.below(2) == 0 ? [("one", "%lld x"), ("other", "%lld xs")] : [("other", "%lld xs")]
                        entries.append(
                            (
                                key, rng.below(3) == 0 ? "%#@n@ and %#@m@" : "%#@n@",
                                [("n", "lld", forms), ("m", "d", [("other", "%d m")])]
                            ))
                    }
                    var xml = stringsDictXML(entries)
                    if rng.below(4) == 0, let first = entries.first {
                        // A part the reader cannot place: the key is refused.
                        xml = xml.replacingOccurrences(
                            of: "<key>\(first.key)</key>\n\t<dict>\n",
                            with:
                                "<key>\(first.key)</key>\n\t<dict>\n\t\t<key>NSStringUnknownPart</key>\n\t\t<integer>1</integer>\n"
                        )
                    }
                    content.stringsDict = try XCTUnwrap(
                        StringsDictReader.parse(
                            Data(xml.utf8), path: "\(language).lproj/L.stringsdict", language: language
                        ).file)
                }
                contents.append(content)
            }
            assertSame(contents, source: "en", "round \(round)")
            let keys = contents.flatMap {
                ($0.strings?.entries.map(\.key) ?? []) + ($0.stringsDict?.entries.map(\.key) ?? [])
            }
            if let key = keys.first, let language = contents.first?.language {
                let kind = MergeSabotage.Kind.allCases[round % MergeSabotage.Kind.allCases.count]
                assertSame(
                    contents, source: "en", sabotage: MergeSabotage(kind: kind, key: key, language: language),
                    "round \(round), \(kind)")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 120)
        XCTAssertGreaterThan(conflicts, 10, "two spellings of one key are among the random tables")
    }

    /// Every table of every corpus app, as `migrate --all-files` reads it.
    func testCorpusTablesMergeAsTheMergerItReplaced() throws {
        let corpus = try sharedFolder("corpus")
        var tables = 0
        for app in try FileManager.default.contentsOfDirectory(atPath: corpus).sorted() where !app.hasPrefix(".") {
            var search = TableSearch()
            search.allFiles = true
            let project = ProjectTables.find(corpus + "/" + app, search)
            for table in project.tables {
                let results = table.allFiles.map { LegacyReader.read($0) }
                let loaded = TableLoader.load(table, results: results, skipInvalid: true)
                assertSame(Array(loaded.contents.values), source: project.sourceLanguage.code, "\(app) \(table.name)")
                tables += 1
            }
        }
        XCTAssertGreaterThan(tables, 50)
    }
}
