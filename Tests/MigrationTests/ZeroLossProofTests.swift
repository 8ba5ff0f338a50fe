import Foundation
import LegacyTables
import StringCatalog
import StringcatSupport
import StringsDict
import StringsFile
import TestSupport
import XCTest

@testable import Migration
@testable import Verification

/// `verify` must catch every loss, on both sides: damage done to a catalog on disk, and loss made
/// inside the converter (a sabotaged merger). Runs on the sample, a nested-variable table and every
/// app of `../shared/corpus`; each case must be caught and must name its key.
final class ZeroLossProofTests: XCTestCase {
    /// Every `.lproj` file of the corpus apps (`--all-files`), not only their projects' variant
    /// groups: the more of the converter's input, the better.
    static var everyFile: TableSearch {
        var search = TableSearch()
        search.allFiles = true
        return search
    }

    /// The projects: the bundled sample, the nested-variable reproduction, every corpus app.
    private func projects() throws -> [(name: String, root: String, keep: TestTree?)] {
        let nested = try TestTree()
        try nested.write("App/en.lproj/Localizable.stringsdict", NestedVariableTests.english)
        try nested.write("App/de.lproj/Localizable.stringsdict", NestedVariableTests.german)
        var list: [(String, String, TestTree?)] = [
            ("sample", repositoryRoot + "/Samples/LegacyApp", nil), ("nested", nested.path("App"), nested),
        ]
        if let corpus = sharedFolderIfPresent("corpus") {
            for app in try FileManager.default.contentsOfDirectory(atPath: corpus).sorted() where !app.hasPrefix(".") {
                list.append((app, corpus + "/" + app, nil))
            }
        } else {
            print(sharedFolderMissing("corpus") + " (corpus apps left out; the sample and the nested table still run)")
        }
        return list
    }

    /// The tables of a project, smallest first (by bytes on disk): cases are looked for there.
    private func smallestFirst(_ project: ProjectTables) -> [LegacyTable] {
        func size(_ table: LegacyTable) -> Int {
            table.allFiles.reduce(0) {
                $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0)
            }
        }
        return project.tables.map { ($0, size($0)) }.sorted { ($0.1, $0.0.catalogPath) < ($1.1, $1.0.catalogPath) }.map(
            \.0)
    }

    // MARK: - Loss inside the converter

    /// One sabotage target of each kind per project, found in the legacy files as the readers see them.
    private func sabotageTargets(_ table: LegacyTable, source: String) -> [MergeSabotage.Kind: MergeSabotage] {
        var found: [MergeSabotage.Kind: MergeSabotage] = [:]
        for file in table.files {
            switch file.kind {
            case .strings:
                guard let strings = StringsFileReader.read(path: file.path).file, let first = strings.entries.first
                else { continue }
                if file.language != source, found[.language] == nil {
                    found[.language] = MergeSabotage(kind: .language, key: first.key, language: file.language)
                }
                if file.language == source, found[.comment] == nil,
                    let commented = strings.entries.first(where: {
                        ($0.comment.map { !StringsFile.droppedComments.contains($0) } ?? false)
                            && !Self.inStringsDict($0.key, table, file.language)
                    })
                {
                    found[.comment] = MergeSabotage(kind: .comment, key: commented.key, language: file.language)
                }
            case .stringsdict:
                guard let dict = StringsDictReader.read(path: file.path, language: file.language).file else { continue }
                let refused = Set(dict.droppedParts.map(\.key))
                for entry in dict.entries where !refused.contains(entry.key) {
                    guard case .plural(let rule) = entry.rule, rule.variables.contains(where: { !$0.forms.isEmpty })
                    else { continue }
                    let target = { (kind: MergeSabotage.Kind) in
                        MergeSabotage(kind: kind, key: entry.key, language: file.language)
                    }
                    if found[.pluralCategory] == nil { found[.pluralCategory] = target(.pluralCategory) }
                    let named = Set(FormatStringParser.variableReferences(in: rule.formatKey).map(\.name))
                    let formatIsOneVariable =
                        FormatStringParser.parse(rule.formatKey).count == 1 && rule.variables.count == 1
                    if found[.variable] == nil, !formatIsOneVariable { found[.variable] = target(.variable) }
                    if found[.nestedVariableForm] == nil,
                        rule.variables.contains(where: { !named.contains($0.name) && !$0.forms.isEmpty })
                    {
                        found[.nestedVariableForm] = target(.nestedVariableForm)
                    }
                }
            }
        }
        return found
    }

    private static func inStringsDict(_ key: String, _ table: LegacyTable, _ language: String) -> Bool {
        table.files.contains {
            $0.kind == .stringsdict && $0.language == language
                && (StringsDictReader.read(path: $0.path).file?.entry(forKey: key) != nil)
        }
    }

    func testVerifyCatchesEveryLossMadeInsideTheConverter() throws {
        var caught: [MergeSabotage.Kind: (caught: Int, total: Int)] = [:]
        for project in try projects() {
            let tables = ProjectTables.find(project.root, Self.everyFile)
            let source = tables.sourceLanguage.code
            var remaining = Set(MergeSabotage.Kind.allCases)
            for table in smallestFirst(tables) where !remaining.isEmpty {
                let targets = sabotageTargets(table, source: source).filter { remaining.contains($0.key) }
                guard !targets.isEmpty else { continue }
                let output = try TestTree()
                var single = tables
                single.tables = [table]
                var options = MigrationOptions()
                options.outputDirectory = output.root
                options.skipInvalid = true
                // Every table migrated, as Xcode does (a table that alone declares a language
                // would otherwise stay, and a fault in it would be nobody's).
                options.deleteEmptyLanguages = true
                // Without a fault the table verifies clean: a caught loss is the fault's, not noise.
                let clean = ProjectMigrator.migrate(single, options: options)
                let cleanProof = ProjectVerifier.verifyOnDisk(
                    table, catalogPath: clean.tables[0].catalogPath, sourceLanguage: source)
                XCTAssertTrue(
                    cleanProof.isProven,
                    "\(project.name) \(table.catalogPath): \(cleanProof.losses.prefix(3).map(\.diagnostic.description))"
                )
                guard cleanProof.isProven else { continue }
                options.force = true
                for (kind, sabotage) in targets.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                    remaining.remove(kind)
                    options.mergeFault = sabotage
                    let report = ProjectMigrator.migrate(single, options: options)
                    // A fault that takes keys out of a language changes the app: the gate refuses
                    // the run before verify is needed, naming the table (issue 39).
                    if report.isRefused {
                        let said = report.refusals.contains {
                            $0.message.contains(" of \(table.name) in ")
                                || $0.message.contains("loses \(table.name) in ")
                        }
                        XCTAssertTrue(
                            said, "\(project.name): \(kind) refused without naming \(table.name): \(report.refusals)")
                        caught[kind, default: (0, 0)].total += 1
                        if said { caught[kind]!.caught += 1 }
                        continue
                    }
                    let proof = ProjectVerifier.verifyOnDisk(
                        table, catalogPath: report.tables[0].catalogPath, sourceLanguage: source)
                    let named = proof.losses.contains { $0.key == sabotage.key }
                    XCTAssertFalse(
                        proof.isProven, "\(project.name): \(kind) of \(sabotage.key) [\(sabotage.language)] not caught")
                    XCTAssertTrue(
                        named,
                        "\(project.name): \(kind) of \(sabotage.key) caught without naming the key: "
                            + "\(proof.losses.map(\.diagnostic.description))"
                    )
                    caught[kind, default: (0, 0)].total += 1
                    if !proof.isProven && named { caught[kind]!.caught += 1 }
                }
            }
        }
        let summary = MergeSabotage.Kind.allCases.map {
            "\($0.rawValue) \(caught[$0]?.caught ?? 0)/\(caught[$0]?.total ?? 0)"
        }
        print("sabotage caught: " + summary.joined(separator: ", "))
        for kind in MergeSabotage.Kind.allCases {
            XCTAssertGreaterThan(caught[kind]?.total ?? 0, 0, "no case of \(kind) was found")
        }
    }

    // MARK: - Damage to the catalog

    enum Damage: String, CaseIterable {
        case value, language, entry, pluralForm, substitution, comment
    }

    /// Applies `damage` to one key chosen by `random`; returns the key (or language) it hit, nil
    /// when the catalog has nothing of that kind.
    private func damage(_ catalog: inout StringCatalog, _ damage: Damage, source: String, random: inout SplitMix64)
        -> String?
    {
        let keys = catalog.strings.keys.sorted()
        func pick(_ candidates: [String]) -> String? {
            candidates.isEmpty ? nil : candidates[random.below(candidates.count)]
        }
        switch damage {
        case .value:
            let candidates = keys.filter { key in
                catalog.strings[key]!.localizations.values.contains { $0.stringUnit != nil && $0.substitutions.isEmpty }
            }
            guard let key = pick(candidates) else { return nil }
            let language = catalog.strings[key]!.localizations.keys.sorted().first {
                catalog.strings[key]!.localizations[$0]!.stringUnit != nil
                    && catalog.strings[key]!.localizations[$0]!.substitutions.isEmpty
            }!
            catalog.strings[key]!.localizations[language]!.stringUnit!.value += " (edited)"
            return key
        case .language:
            let languages = Set(catalog.strings.values.flatMap(\.localizations.keys)).sorted()
            guard let language = pick(languages) else { return nil }
            for key in keys { catalog.strings[key]!.localizations[language] = nil }
            return language
        case .entry:
            guard let key = pick(keys.filter { !catalog.strings[$0]!.localizations.isEmpty }) else { return nil }
            catalog.strings[key] = nil
            return key
        case .pluralForm:
            let candidates = keys.filter {
                catalog.strings[$0]!.localizations.values.contains {
                    $0.variations?.plural?.isEmpty == false
                        || $0.substitutions.values.contains { $0.variations?.plural?.isEmpty == false }
                }
            }
            guard let key = pick(candidates) else { return nil }
            for language in catalog.strings[key]!.localizations.keys.sorted() {
                var localization = catalog.strings[key]!.localizations[language]!
                if let category = localization.variations?.plural?.keys.sorted().first {
                    localization.variations!.plural![category] = nil
                } else if let name = localization.substitutions.keys.sorted().first(where: {
                    localization.substitutions[$0]!.variations?.plural?.isEmpty == false
                }) {
                    let category = localization.substitutions[name]!.variations!.plural!.keys.sorted().first!
                    localization.substitutions[name]!.variations!.plural![category] = nil
                } else {
                    continue
                }
                catalog.strings[key]!.localizations[language] = localization
                return key
            }
            return nil
        case .substitution:
            let candidates = keys.filter {
                catalog.strings[$0]!.localizations.values.contains { !$0.substitutions.isEmpty }
            }
            guard let key = pick(candidates) else { return nil }
            let language = catalog.strings[key]!.localizations.keys.sorted().first {
                !catalog.strings[key]!.localizations[$0]!.substitutions.isEmpty
            }!
            let name = catalog.strings[key]!.localizations[language]!.substitutions.keys.sorted().first!
            catalog.strings[key]!.localizations[language]!.substitutions[name] = nil
            return key
        case .comment:
            guard
                let key = pick(
                    keys.filter {
                        catalog.strings[$0]!.comment != nil && catalog.strings[$0]!.localizations[source] != nil
                    })
            else { return nil }
            catalog.strings[key]!.comment = random.below(2) == 0 ? nil : catalog.strings[key]!.comment! + " (edited)"
            return key
        }
    }

    func testVerifyCatchesEveryDamageToTheCatalogOnEveryCorpusApp() throws {
        let corpus = try sharedFolder("corpus")
        var random = SplitMix64(seed: 0xDA_4A6E)
        var counts: [Damage: (caught: Int, total: Int)] = [:]
        var apps = 0
        for app in try FileManager.default.contentsOfDirectory(atPath: corpus).sorted() where !app.hasPrefix(".") {
            let project = ProjectTables.find(corpus + "/" + app, Self.everyFile)
            let source = project.sourceLanguage.code
            // The three smallest tables with no catalog on disk yet and at least 3 keys, and the
            // smallest such table with plurals.
            var chosen: [LegacyTable] = []
            var plainCount = 0, withPlurals = false
            for table in smallestFirst(project) where !FileManager.default.fileExists(atPath: table.catalogPath) {
                let plural = table.files.contains { $0.kind == .stringsdict }
                guard plural ? !withPlurals : plainCount < 3 else { continue }
                if withPlurals && plainCount == 3 { break }
                var single = project
                single.tables = [table]
                guard let data = ProjectMigrator.plannedCatalogs(single)[table.catalogPath],
                    let catalog = try? CatalogReader.parse(data, path: table.catalogPath), catalog.strings.count >= 3
                else { continue }
                if plural { withPlurals = true } else { plainCount += 1 }
                chosen.append(table)
                let files = table.allFiles.map(LegacyFileLeaves.read)
                let clean = ProjectVerifier.verify(table, files: files, catalog: .planned(data), sourceLanguage: source)
                XCTAssertTrue(
                    clean.isProven,
                    "\(app) \(table.catalogPath): \(clean.losses.prefix(3).map(\.diagnostic.description))")
                for kind in Damage.allCases {
                    for _ in 0..<(kind == .pluralForm || kind == .substitution ? 8 : 2) {
                        var damaged = catalog
                        guard let hit = damage(&damaged, kind, source: source, random: &random) else { continue }
                        let proof = ProjectVerifier.verify(
                            table, files: files, catalog: .planned(CatalogWriter.data(for: damaged)),
                            sourceLanguage: source)
                        let named = proof.losses.contains { kind == .language ? $0.language == hit : $0.key == hit }
                        XCTAssertTrue(
                            !proof.isProven && named,
                            "\(app) \(table.name): \(kind) of \(hit) not caught: "
                                + "\(proof.losses.prefix(3).map(\.diagnostic.description))"
                        )
                        counts[kind, default: (0, 0)].total += 1
                        if !proof.isProven && named { counts[kind]!.caught += 1 }
                    }
                }
            }
            apps += chosen.isEmpty ? 0 : 1
        }
        let total = counts.values.reduce(0) { $0 + $1.total }
        let caught = counts.values.reduce(0) { $0 + $1.caught }
        print(
            "catalog damage caught: \(caught)/\(total) on \(apps) corpus apps ("
                + Damage.allCases.map { "\($0.rawValue) \(counts[$0]?.caught ?? 0)/\(counts[$0]?.total ?? 0)" }.joined(
                    separator: ", ") + ")")
        XCTAssertGreaterThanOrEqual(total, 100)
        XCTAssertEqual(caught, total)
    }
}
