import StringsDict
import XCTest

@testable import Verification

/// The leaves of one `.stringsdict` entry, exactly: how variables are named by argument, on the
/// common rule (one `%#@name@`, read without the format parser) and on the general one.
final class LeafEquivalenceTests: XCTestCase {
    private typealias Flat = [String]

    /// `path = "text" (kind)` per leaf, in the order the proof compares them.
    private func leaves(_ entry: [String: Any]) -> Flat {
        LeafEquivalence.stringsDictValues(PlistNode(foundation: entry)).map {
            "\($0.path) = \"\($0.text)\"" + ($0.formatType.map { " (\($0))" } ?? "")
        }
    }

    private func variable(_ valueType: String?, _ forms: [String: String]) -> [String: Any] {
        var members: [String: Any] = ["NSStringFormatSpecTypeKey": "NSStringPluralRuleType"]
        if let valueType { members["NSStringFormatValueTypeKey"] = valueType }
        for (category, text) in forms { members[category] = text }
        return members
    }

    func testASoleReferenceIsArgumentOneAndAVariableNothingReferencesKeepsItsName() {
        let entry: [String: Any] = [
            "NSStringLocalizedFormatKey": "%#@files@",
            "files": variable("lld", ["one": "%lld file", "other": "%lld files"]),
            "spare": variable("@", ["other": "%@ spare"]),
        ]
        XCTAssertEqual(
            leaves(entry),
            [
                "%1.one = \"%lld file\" (integer)",
                "%1.other = \"%lld files\" (integer)",
                "@spare.other = \"%@ spare\" (object)",
                "format = \"%#@%1@\"",
            ])
    }

    func testASoleReferenceToAMissingVariableStandsForTheOnlyDictionary() {
        let entry: [String: Any] = [
            "NSStringLocalizedFormatKey": "%#@count@", "items": variable("d", ["other": "%d items"]),
        ]
        XCTAssertEqual(leaves(entry), ["%1.other = \"%d items\" (integer)", "format = \"%#@%1@\""])
    }

    func testASoleReferenceToAMissingVariableAmongTwoStandsForNone() {
        let entry: [String: Any] = [
            "NSStringLocalizedFormatKey": "%#@count@",
            "a": variable("d", ["other": "%d a"]),
            "b": variable("d", ["other": "%d b"]),
        ]
        XCTAssertEqual(
            leaves(entry),
            ["@a.other = \"%d a\" (integer)", "@b.other = \"%d b\" (integer)", "format = \"%#@?count@\""])
    }

    func testAFormReferencingAnotherVariableTakesTheGeneralStepsAndNamesItByItsPosition() {
        let entry: [String: Any] = [
            "NSStringLocalizedFormatKey": "%#@files@",
            "files": variable("lld", ["other": "%lld files in %2$#@folders@"]),
            "folders": variable("lld", ["one": "%2$lld folder", "other": "%2$lld folders"]),
        ]
        XCTAssertEqual(
            leaves(entry),
            [
                "%1.other = \"%lld files in %#@%2@\" (integer)",
                "%2.one = \"%2$lld folder\" (integer)",
                "%2.other = \"%2$lld folders\" (integer)",
                "format = \"%#@%1@\"",
            ])
    }

    func testTwoReferencesInTheFormatKeyAreNamedByTheirArguments() {
        let entry: [String: Any] = [
            "NSStringLocalizedFormatKey": "%2$#@b@ and %1$#@a@",
            "a": variable("lld", ["other": "%1$lld a"]),
            "b": variable("lld", ["other": "%2$lld b"]),
        ]
        XCTAssertEqual(
            leaves(entry),
            [
                "%1.other = \"%1$lld a\" (integer)", "%2.other = \"%2$lld b\" (integer)",
                "format = \"%#@%2@ and %#@%1@\"",
            ])
    }

    func testTheRuleACatalogCompilesToHasTheLeavesOfTheSameFile() {
        let file: [String: Any] = [
            "NSStringLocalizedFormatKey": "%#@arg1@",
            "arg1": variable("lld", ["one": "%lld day", "other": "%lld days"]),
        ]
        let compiled = StringsDictRule.plural(
            PluralRule(
                formatKey: "%#@arg1@",
                variables: [
                    PluralVariable(name: "arg1", valueType: "lld", forms: [.one: "%lld day", .other: "%lld days"])
                ]))
        let fromCompiler = LeafEquivalence.stringsDictValues(PlistNode(compiled))
        XCTAssertEqual(fromCompiler, LeafEquivalence.stringsDictValues(PlistNode(foundation: file)))
        XCTAssertEqual(fromCompiler.map(\.path), ["%1.one", "%1.other", "format"])
    }

    func testKeysSwiftCallsEqualAreOneMemberAsInADictionary() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let members = PlistMembers([
            PlistMember(composed, .string("1")), PlistMember("a", .string("2")), PlistMember(decomposed, .string("3")),
        ])
        XCTAssertEqual(members.count, 2)
        XCTAssertEqual(members.items.first?.key, "a")
        XCTAssertTrue(["1", "3"].contains(members[decomposed]?.string), "one of the two spellings' values")
    }
}
