import StringcatSupport
import XCTest

@testable import StringsFile

/// Writing any entries and reading them back gives the same keys, values and comments.
final class RoundTripPropertyTests: XCTestCase {
    /// Scalars that break naive writers: quotes, backslashes, comment and syntax characters,
    /// every kind of line break and control, invisible and non-BMP characters.
    private let pool: [Unicode.Scalar] = {
        var list: [Unicode.Scalar] = Array("aZ09 _-.$:/*;={}()<>,'\"\\@#%u".unicodeScalars)
        list += (0x00...0x1F).map { Unicode.Scalar($0)! }
        list += [0x7F, 0x85, 0xA0, 0xE9, 0x2028, 0x2029, 0x3000, 0xFEFF, 0x202E, 0x0301, 0x1F600, 0x10FFFF, 0xFFFD].map
        { Unicode.Scalar($0)! }
        return list
    }()

    private func randomString(_ rng: inout SplitMix64, maxLength: Int) -> String {
        let length = Int(rng.next() % UInt64(maxLength + 1))
        var s = String.UnicodeScalarView()
        for _ in 0..<length { s.append(pool[Int(rng.next() % UInt64(pool.count))]) }
        return String(s)
    }

    /// A comment as the reader returns it: trimmed; `*/` only in one-line comments (see the writer).
    private func randomComment(_ rng: inout SplitMix64) -> String? {
        guard rng.next() % 3 != 0 else { return nil }
        var text = randomString(&rng, maxLength: 12)
        if text.contains("*/") {
            text = String(
                String.UnicodeScalarView(text.unicodeScalars.filter { !StringsTokenizer.isLineEnd($0.value) }))
        }
        return StringsParser.trimmed(text)
    }

    func testRandomEntriesRoundTrip() {
        var rng = SplitMix64(seed: 0x5EED_2026)
        let encodings: [StringsEncoding] = [.utf8, .utf16LE, .utf16BE, .utf32LE]
        for round in 0..<500 {
            let count = Int(rng.next() % 6)
            let entries = (0..<count).map { _ in
                StringsEntry(
                    key: randomString(&rng, maxLength: 10), value: randomString(&rng, maxLength: 16),
                    comment: randomComment(&rng))
            }
            let leading = rng.next() % 4 == 0 ? randomComment(&rng) : nil
            let encoding = encodings[round % encodings.count]
            let data = StringsFileWriter.data(entries, leadingComment: leading, encoding: encoding)
            let result = StringsFileReader.parse([UInt8](data), path: "t.strings")
            guard let file = result.file else {
                XCTFail(
                    "round \(round): cannot read back "
                        + "\(String(reflecting: StringsFileWriter.text(entries, leadingComment: leading))): "
                        + "\(result.diagnostics)"
                )
                continue
            }
            XCTAssertFalse(
                result.diagnostics.contains { $0.message.hasPrefix("unknown escape") || $0.message.hasPrefix("'\\u'") },
                "round \(round)")
            XCTAssertEqual(file.encoding, encoding == .utf8 ? .utf8 : encoding)
            XCTAssertEqual(file.entries.map(\.key), entries.map(\.key), "round \(round)")
            XCTAssertEqual(file.entries.map(\.value), entries.map(\.value), "round \(round)")
            var expectedComments = entries.map(\.comment)
            if !expectedComments.isEmpty && expectedComments[0] == nil { expectedComments[0] = leading }
            XCTAssertEqual(file.entries.map(\.comment), expectedComments, "round \(round)")
            XCTAssertEqual(
                file.leadingComment, leading ?? (entries.isEmpty ? nil : entries[0].comment), "round \(round)")
        }
    }
}
