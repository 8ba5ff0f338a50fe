import Foundation
import XCTest

@testable import XcodeRules

/// The registry lists each rule once, in the order they apply, and each says what it decides and
/// on what evidence.
final class EditRulesTests: XCTestCase {
    func testEveryRuleIsListedOnceWithWhatItDecidesAndItsEvidence() {
        let names = EditRules.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertEqual(Set(EditRules.all.map { String(describing: type(of: $0)) }).count, EditRules.all.count)
        for rule in EditRules.all {
            XCTAssertFalse(rule.decides.isEmpty, rule.name)
            XCTAssertTrue(
                rule.evidence.contains("docs/spec/"), "\(rule.name): the evidence says where it is written down")
        }
    }

    /// Every rule file of `Sources/XcodeRules/EditRules/` is in the registry.
    func testEveryRuleFileIsInTheRegistry() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/XcodeRules/EditRules")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            .map { String($0.dropLast(6)) }
        XCTAssertEqual(Set(files), Set(EditRules.all.map { String(describing: type(of: $0)) }))
    }
}
