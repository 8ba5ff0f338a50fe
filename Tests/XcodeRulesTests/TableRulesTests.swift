import Foundation
import XCTest

@testable import XcodeRules

/// The rules that find a project's tables are units: each file of `Sources/XcodeRules/TableRules/`
/// is one rule in the registry, which says what it decides and on what evidence.
final class TableRulesTests: XCTestCase {
    func testEveryTableRuleIsListedOnceWithWhatItDecidesAndItsEvidence() {
        let names = TableRules.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count)
        for rule in TableRules.all {
            XCTAssertFalse(rule.decides.isEmpty, rule.name)
            XCTAssertTrue(
                rule.evidence.contains("docs/spec/"), "\(rule.name): the evidence says where it is written down")
        }
    }

    func testEveryTableRuleFileIsInTheRegistry() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/XcodeRules/TableRules")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            .map { String($0.dropLast(6)) }
        XCTAssertEqual(Set(files), Set(TableRules.all.map { String(describing: type(of: $0)) }))
    }
}
