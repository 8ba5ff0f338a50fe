import Foundation
import TestSupport
import XCTest

@testable import StringsFile

/// Every `.strings` of ../shared/corpus through our reader and through Foundation
/// (PropertyListSerialization, i.e. CoreFoundation's parser).
final class CorpusTests: XCTestCase {
    func testCorpusAgreesWithFoundation() throws {
        let corpus = URL(fileURLWithPath: try sharedFolder("corpus"))
        var paths: [String] = []
        let enumerator = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "strings",
                (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            else { continue }
            paths.append(url.path)
        }
        paths.sort()
        XCTAssertGreaterThan(paths.count, 1000, "the corpus should hold thousands of .strings files")

        var entryCount = 0, agreements = 0, bothReject = 0, plists = 0, endedEarly = 0
        var exceptions: [String: Int] = [:]
        var start = Date()
        var ourTime: TimeInterval = 0
        for path in paths {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            start = Date()
            let ours = StringsFileReader.parse(bytes, path: path)
            ourTime += Date().timeIntervalSince(start)
            let foundation =
                try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
                as? [String: String]
            if let file = ours.file { entryCount += file.entries.count }
            if ours.file?.encoding == .binaryPlist || ours.file?.encoding == .xmlPlist { plists += 1 }
            switch (ours.file, foundation) {
            case let (file?, dict?):
                XCTAssertEqual(file.dictionary, dict, "dictionary differs from Foundation's for \(path)")
                if file.dictionary == dict { agreements += 1 }
                if let tail = file.unreadTail {
                    // CF ends the table where a key cannot start; we do too, and warn.
                    XCTAssertTrue(
                        ours.diagnostics.contains {
                            $0.severity == .warning && $0.location.line == tail.line
                                && $0.message.contains("where a key should start")
                        }, "\(path)")
                    endedEarly += 1
                }
            case (nil, nil):
                // Foundation rejects it: we must say where.
                let error = ours.diagnostics.first { $0.isError }
                XCTAssertNotNil(error?.location.line, "no located error for \(path): \(ours.diagnostics)")
                XCTAssertNotNil(error?.location.column, "no located error for \(path)")
                bothReject += 1
            case let (file?, nil):
                // Accepted by us, rejected by Foundation: allowed only for these reasons.
                if bytes.isEmpty {
                    // CF: "Cannot parse a NULL or zero-length data"; we read an empty table and warn.
                    XCTAssertEqual(file.entries.count, 0)
                    XCTAssertTrue(ours.diagnostics.contains { $0.message.hasPrefix("empty file") })
                    exceptions["zero-byte file (we warn, Foundation errors)", default: 0] += 1
                } else if file.hasByteOrderMark && bytes.count <= 3 {
                    // A byte order mark and nothing else: CF sees zero characters and errors as
                    // for a 0-byte file; it is an empty table (Xcode saves such files), no warning.
                    XCTAssertEqual(file.entries.count, 0)
                    XCTAssertEqual(ours.diagnostics, [])
                    exceptions["byte order mark only (we read an empty table, Foundation errors)", default: 0] += 1
                } else if !file.hasByteOrderMark && (file.encoding == .utf16LE || file.encoding == .utf16BE) {
                    // CF calls BOM-less UTF-16 "Unicode" and fails; we detect the byte order and warn.
                    XCTAssertTrue(
                        ours.diagnostics.contains { $0.message.hasPrefix("UTF-16 without a byte order mark") })
                    exceptions["BOM-less UTF-16 (we warn, Foundation errors)", default: 0] += 1
                } else {
                    XCTFail("we accept \(path) but Foundation rejects it")
                }
            case (nil, _?):
                XCTFail("we reject \(path) but Foundation accepts it: \(ours.diagnostics)")
            }
        }
        print(
            "corpus: \(paths.count) .strings files, \(entryCount) entries, \(agreements) files with dictionaries equal "
                + "to Foundation's (\(endedEarly) ended early where a key should start, with a warning), \(bothReject) "
                + "rejected by both, \(plists) property-list files; our parse time "
                + "\(String(format: "%.2f", ourTime)) s"
        )
        for (reason, count) in exceptions.sorted(by: { $0.key < $1.key }) {
            print("corpus exception: \(count) × \(reason)")
        }
    }
}
