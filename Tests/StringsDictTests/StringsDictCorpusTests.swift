import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import StringsDict

/// Every `.stringsdict` of ../shared/corpus: reads without error, survives write → read, and the
/// model matches what PropertyListSerialization sees (nothing dropped, nothing invented).
final class StringsDictCorpusTests: XCTestCase {
    func testCorpus() throws {
        let corpus = try sharedFolder("corpus")
        let files = stringsdictFiles(under: corpus)
        XCTAssertGreaterThan(files.count, 100)
        var entryCount = 0
        var variableCount = 0
        var formCount = 0
        var warningsByKind: [String: Int] = [:]
        for path in files {
            let result = StringsDictReader.read(path: path)
            let errors = result.diagnostics.filter(\.isError)
            XCTAssertEqual(errors.map(\.description), [], path)
            let file = try XCTUnwrap(result.file, path)
            entryCount += file.entries.count
            for d in result.diagnostics where d.severity == .warning {
                warningsByKind[Self.kind(of: d.message), default: 0] += 1
                // DUMP=1 swift test --filter StringsDictCorpusTests lists every warning.
                if ProcessInfo.processInfo.environment["DUMP"] != nil { print(d) }
                XCTAssertNotNil(d.location.line, "XML corpus warnings carry a line: \(d)")
            }
            for entry in file.entries {
                if case .plural(let rule) = entry.rule {
                    variableCount += rule.variables.count
                    formCount += rule.variables.reduce(0) { $0 + $1.forms.count }
                }
                XCTAssertNotNil(entry.line, "\(path): \(entry.key)")
            }

            // Model vs Foundation's own reading of the file.
            let raw = try PropertyListSerialization.propertyList(
                from: Data(contentsOf: URL(fileURLWithPath: path)), format: nil)
            let rebuilt = StringsDictWriter.propertyList(file.entries)
            XCTAssertEqual(NSDictionary(dictionary: rebuilt), raw as? NSDictionary, "model differs from plist: \(path)")

            // Write → read gives the same model, with no new diagnostics kind (errors in particular).
            let written = StringsDictWriter.data(file.entries)
            let reread = StringsDictReader.parse(written, path: path)
            XCTAssertEqual(reread.file?.entries.map(\.rule), file.entries.map(\.rule), path)
            XCTAssertEqual(reread.file?.entries.map(\.key), file.entries.map(\.key), path)
            XCTAssertEqual(reread.diagnostics.map(\.message), result.diagnostics.map(\.message), path)
        }
        print(
            "stringsdict corpus: \(files.count) files, \(entryCount) entries, \(variableCount) variables, \(formCount) "
                + "forms"
        )
        for (kind, count) in warningsByKind.sorted(by: { $0.key < $1.key }) {
            print("  warning \(count)× \(kind)")
        }
        // mastodon's 157 files (2,550 entries) and KeePassium's 21 (103).
        XCTAssertEqual(files.count, 178)
        XCTAssertEqual(entryCount, 2653)
        // The corpus's known oddities (docs/spec/strings-grammar.md#malformed-rules-in-real-files), found and counted;
        // `zero` forms are Apple's form for 0 in every language and no warning.
        XCTAssertEqual(
            warningsByKind,
            [
                "NSStringFormatValueTypeKey '…' starts with '…'; read as '…'": 152,
                "category '…' is not used by language '…' (CLDR …); kept": 184,
                "form uses … (object) but NSStringFormatValueTypeKey is '…' (integer)": 4,
                "variable is defined but never referenced": 1,
            ])
    }

    /// A warning message with the key path and quoted names removed, for counting by kind.
    static func kind(of message: String) -> String {
        var text = message
        if let colon = text.range(of: ": ", options: []), text.hasPrefix("\"") {
            text = String(text[colon.upperBound...])
        }
        text = text.replacingOccurrences(of: #"'[^']*'"#, with: "'…'", options: .regularExpression)
        text = text.replacingOccurrences(of: #"\(CLDR[^)]*\)"#, with: "(CLDR …)", options: .regularExpression)
        text = text.replacingOccurrences(of: #"uses \S+ \("#, with: "uses … (", options: .regularExpression)
        return text
    }
}
