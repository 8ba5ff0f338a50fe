import Foundation
import StringcatSupport
import XCTest

@testable import XcodeProject
@testable import XcodeRules

/// The edit rules that claim independence (`follows` empty) read only the facts and the project
/// as read: any order of them gives the same project, byte for byte.
final class EditRuleOrderTests: XCTestCase {
    /// `rules` with the independent ones of each phase in a shuffled order; a rule that follows
    /// others comes after all of them, in its registry order.
    static func shuffled(_ rules: EditRules, _ random: inout SplitMix64) -> EditRules {
        func order<Rule>(_ list: [Rule]) -> [Rule] {
            let independent = list.filter { ($0 as! any EditRule).follows.isEmpty }
            let following = list.filter { !($0 as! any EditRule).follows.isEmpty }
            return independent.shuffled(using: &random) + following
        }
        return EditRules(
            factRules: order(rules.factRules), tableRules: order(rules.tableRules),
            projectRules: order(rules.projectRules))
    }

    static func reversed(_ rules: EditRules) -> EditRules {
        func order<Rule>(_ list: [Rule]) -> [Rule] {
            list.filter { ($0 as! any EditRule).follows.isEmpty }.reversed()
                + list.filter { !($0 as! any EditRule).follows.isEmpty }
        }
        return EditRules(
            factRules: order(rules.factRules), tableRules: order(rules.tableRules),
            projectRules: order(rules.projectRules))
    }

    /// Names of the rules, in order, for failure messages.
    static func names(_ rules: EditRules) -> String {
        rules.all.map { String(describing: type(of: $0)) }.joined(separator: ", ")
    }

    func testShufflingTheIndependentRulesGivesByteIdenticalProjectsOnEveryGolden() throws {
        var random = SplitMix64(seed: 41)
        var orders = [Self.reversed(.standard)]
        for _ in 0..<6 { orders.append(Self.shuffled(.standard, &random)) }
        XCTAssertGreaterThan(Set(orders.map(Self.names)).count, 3, "the orders tried differ")
        var projects = 0
        for pair in try GoldenPair.all() {
            for project in pair.projects {
                let (graph, localization) = try pair.tables(project)
                // The tables Xcode migrated, and every table the finder lists (one per catalog).
                var seen: Set<String> = []
                let everyTable = localization.tables.filter { seen.insert($0.catalogPath).inserted }
                for tables in [pair.migratedTables(localization), everyTable] where !tables.isEmpty {
                    let folder = PathResolver.projectFolder(ofProjectFile: graph.document.path)
                    let options = MigrationEdit.Options(emitLocStrings: pair.emitLocStrings)
                    let standard = try MigrationEdit.run(tables, on: graph, projectFolder: folder, options: options)
                    XCTAssertNotEqual(standard.project.bytes, graph.document.text, "\(pair.name)/\(project)")
                    for rules in orders {
                        let other = try MigrationEdit.run(
                            tables, on: graph, projectFolder: folder, options: options, rules: rules)
                        XCTAssertTrue(
                            other.project.bytes == standard.project.bytes,
                            "\(pair.name)/\(project): \(Self.names(rules)) gives other bytes")
                        XCTAssertEqual(
                            Set(other.ruleChanges), Set(standard.ruleChanges),
                            "\(pair.name)/\(project): \(Self.names(rules)) says it did other things")
                    }
                    projects += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(projects, 16, "every golden's projects were edited")
    }

    /// A rule follows only rules of its own phase listed before it.
    func testARuleFollowsOnlyEarlierRulesOfItsPhase() {
        let phases: [[any EditRule]] = [
            EditRules.standard.factRules, EditRules.standard.tableRules, EditRules.standard.projectRules,
        ]
        for phase in phases {
            for (index, rule) in phase.enumerated() {
                for earlier in rule.follows {
                    XCTAssertTrue(
                        phase.prefix(index).contains { type(of: $0) == earlier },
                        "\(rule.name) follows \(earlier), which is not before it in its phase")
                }
            }
        }
        XCTAssertEqual(
            EditRules.standard.projectRules.filter { !$0.follows.isEmpty }.map { String(describing: type(of: $0)) },
            ["DeletedSynchronizedFilesLeaveTheExceptions"])
    }
}
