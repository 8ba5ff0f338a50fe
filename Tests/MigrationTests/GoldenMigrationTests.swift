import Foundation
import TestSupport
import XCTest
@testable import Migration

/// Migrates each `../shared/goldens/*/before` and compares with the catalog Xcode wrote (as
/// `../shared/tools/golden_check.py` does): entries still in the migration's shape must match
/// exactly (`manual` ones apart from that field), and untouched pairs byte for byte.
final class GoldenMigrationTests: XCTestCase {
    func testEveryGoldenPairMatchesXcodesMigration() throws {
        let goldens = try sharedFolder("goldens")
        let pairs = try FileManager.default.contentsOfDirectory(atPath: goldens).sorted().filter {
            FileManager.default.fileExists(atPath: "\(goldens)/\($0)/before")
        }
        XCTAssertFalse(pairs.isEmpty)
        var compared = 0, matched = 0
        for pair in pairs {
            let out = try TestTree()
            var options = MigrationOptions()
            options.outputDirectory = out.root
            options.skipInvalid = true
            let report = ProjectMigrator.migrate("\(goldens)/\(pair)/before", options: options)
            XCTAssertFalse(report.tables.contains { $0.outcome == .failed }, "\(pair): \(report.tables.flatMap(\.diagnostics).filter(\.isError))")
            let source = try String(contentsOfFile: "\(goldens)/\(pair)/SOURCE.txt", encoding: .utf8)
            let untouched = source.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("UNTOUCHED") }
            let after = "\(goldens)/\(pair)/after"
            for relative in FileManager.default.subpaths(atPath: after)!.filter({ $0.hasSuffix(".xcstrings") }).sorted() {
                let ours = try XCTUnwrap(match(relative, in: out), "\(pair): no catalog for \(relative)")
                let xcodeData = try Data(contentsOf: URL(fileURLWithPath: "\(after)/\(relative)"))
                let ourData = try Data(contentsOf: URL(fileURLWithPath: ours))
                if untouched {
                    XCTAssertEqual(ourData, xcodeData, "\(pair)/\(relative) is not byte-identical to Xcode's")
                }
                let xcode = try JSONSerialization.jsonObject(with: xcodeData) as! [String: Any]
                let mine = try JSONSerialization.jsonObject(with: ourData) as! [String: Any]
                let ourStrings = mine["strings"] as! [String: Any]
                for (key, value) in xcode["strings"] as! [String: Any] {
                    var entry = value as! [String: Any]
                    guard let state = entry["extractionState"] as? String, state == "migrated" || state == "manual" else { continue }
                    entry["extractionState"] = "migrated"
                    compared += 1
                    if let got = ourStrings[key], NSDictionary(dictionary: entry).isEqual(got) {
                        matched += 1
                    } else {
                        XCTFail("\(pair)/\(relative): entry \(key.debugDescription) differs from Xcode's")
                    }
                }
            }
        }
        print("golden: \(matched)/\(compared) entries match")
        XCTAssertGreaterThan(compared, 1000)
        XCTAssertEqual(matched, compared)
    }

    private func match(_ relative: String, in out: TestTree) -> String? {
        let files = out.allFiles().filter { $0.hasSuffix(".xcstrings") }
        if files.contains(relative) { return out.path(relative) }
        let name = (relative as NSString).lastPathComponent
        let same = files.filter { ($0 as NSString).lastPathComponent == name }
        return same.count == 1 ? out.path(same[0]) : nil
    }
}
