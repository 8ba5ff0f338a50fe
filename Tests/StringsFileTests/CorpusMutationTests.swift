import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import StringsFile

/// Real corpus files, damaged at random (a byte or a token deleted, duplicated or inserted), read
/// by our reader and by Foundation's `PropertyListSerialization` (CoreFoundation's parser): where
/// Foundation returns a table of strings we must return exactly its key → value pairs (last
/// duplicate wins), and where Foundation fails we must report a located error. Damage where a key
/// should start is the interesting case: CF ends the table there, and so must we (with a warning).
final class CorpusMutationTests: XCTestCase {
    /// Tokens inserted or deleted: syntax, a quoted string, line breaks, non-ASCII characters
    /// (Cyrillic, ideographic space, no-break space, line separator, emoji).
    private static let tokens = [
        "\"", "'", ";", "=", "/*", "*/", "//", "\\", "{", "}", "(", "<", "%", "*", "\"x\"", "k", "\n", "\r\n",
        "ы", "\u{3000}", "\u{A0}", "\u{2028}", "é", "😀", "\\U0041", "\\351",
    ]
    /// Single bytes inserted: controls, syntax bytes, and bytes that break UTF-8.
    private static let bytes: [UInt8] = [
        0x00, 0x01, 0x09, 0x0A, 0x0D, 0x20, 0x22, 0x27, 0x2A, 0x2F, 0x3B, 0x3D, 0x5C, 0x7B, 0x7D, 0x25, 0x40, 0x61,
        0x80, 0xC3, 0xE2, 0xFF,
    ]

    private struct Source {
        var path: String
        var bytes: [UInt8]
    }

    /// A seeded sample of the corpus's UTF-8 text files of 200 B–6 KB (small enough that 6,000
    /// copies take seconds in a debug build), or nil when the corpus is not there.
    private func sample(count: Int, rng: inout SplitMix64) throws -> [Source] {
        let corpus = URL(fileURLWithPath: try sharedFolder("corpus"))
        var candidates: [Source] = []
        var skipped: [String: Int] = [:]
        let enumerator = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: [.fileSizeKey])
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "strings", let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize,
                (200...6_000).contains(size)
            else { continue }
            let bytes = [UInt8](try Data(contentsOf: url))
            if bytes.starts(with: Array("bplist".utf8)) || bytes.starts(with: Array("<?xml".utf8)) {
                skipped["property list, not text", default: 0] += 1
            } else if String(bytes: bytes, encoding: .utf8) == nil {
                // UTF-16 files: byte damage would only test the decoder, which EncodingTests covers.
                skipped["not UTF-8", default: 0] += 1
            } else {
                candidates.append(Source(path: url.path, bytes: bytes))
            }
        }
        candidates.sort { $0.path < $1.path }
        XCTAssertGreaterThan(candidates.count, count, "the corpus should hold enough small UTF-8 .strings files")
        for (reason, n) in skipped.sorted(by: { $0.key < $1.key }) {
            print("mutation sample: \(n) candidate files left out (\(reason))")
        }
        // Seeded Fisher–Yates, then the first `count`.
        for i in stride(from: candidates.count - 1, to: 0, by: -1) { candidates.swapAt(i, rng.below(i + 1)) }
        return Array(candidates.prefix(count))
    }

    /// One random change; returns the description used in failure messages.
    private func mutate(_ bytes: inout [UInt8], rng: inout SplitMix64) -> String {
        let at = rng.below(bytes.count + 1)
        switch rng.below(6) {
        case 0 where !bytes.isEmpty:
            let i = min(at, bytes.count - 1)
            bytes.remove(at: i)
            return "deleted byte \(i)"
        case 1 where !bytes.isEmpty:
            let i = min(at, bytes.count - 1)
            bytes.insert(bytes[i], at: i)
            return "duplicated byte \(i)"
        case 2:
            let b = Self.bytes[rng.below(Self.bytes.count)]
            bytes.insert(b, at: at)
            return "inserted byte 0x\(String(b, radix: 16)) at \(at)"
        case 3:
            let token = Self.tokens[rng.below(Self.tokens.count)]
            bytes.insert(contentsOf: Array(token.utf8), at: at)
            return "inserted \(String(reflecting: token)) at \(at)"
        default:
            // Delete or duplicate an occurrence of a token at or after a random point.
            let token = Array(Self.tokens[rng.below(Self.tokens.count)].utf8)
            guard
                let i = (at..<bytes.count).first(where: { bytes[$0...].starts(with: token) })
                    ?? (0..<at).first(where: { bytes[$0...].starts(with: token) })
            else {
                let b = Self.bytes[rng.below(Self.bytes.count)]
                bytes.insert(b, at: at)
                return "inserted byte 0x\(String(b, radix: 16)) at \(at)"
            }
            if rng.below(2) == 0 {
                bytes.removeSubrange(i..<i + token.count)
                return "deleted \(String(reflecting: String(decoding: token, as: UTF8.self))) at \(i)"
            }
            bytes.insert(contentsOf: token, at: i)
            return "duplicated \(String(reflecting: String(decoding: token, as: UTF8.self))) at \(i)"
        }
    }

    func testDamagedCorpusFilesMatchFoundation() throws {
        var rng = SplitMix64(seed: 0xC0FF_EE5_2026)
        let sources = try sample(count: 300, rng: &rng)
        let copies = 6_000
        var agreeDictionary = 0, agreeDictionaryStopped = 0, agreeError = 0
        var excluded: [String: Int] = [:]
        for round in 0..<copies {
            let source = sources[round % sources.count]
            var bytes = source.bytes
            var changes: [String] = []
            for _ in 0..<(1 + (rng.below(4) == 0 ? 1 : 0)) { changes.append(mutate(&bytes, rng: &rng)) }
            let what = "round \(round): \(source.path) with \(changes.joined(separator: ", then "))"

            let ours = StringsFileReader.parse(bytes, path: "m.strings")
            let object = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
            guard let object else {
                if let file = ours.file {
                    if bytes.isEmpty {
                        // CF: "Cannot parse a NULL or zero-length data"; we read an empty table and warn.
                        excluded["0-byte file: we warn, Foundation fails", default: 0] += 1
                    } else if !file.hasByteOrderMark && (file.encoding == .utf16LE || file.encoding == .utf16BE) {
                        // A NUL in the first two bytes: CF's "Unicode" guess fails; we read UTF-16 and warn.
                        excluded[
                            "BOM-less UTF-16 guess (NUL in the first 2 bytes): we warn, Foundation fails", default: 0] +=
                            1
                    } else {
                        XCTFail("\(what): we accept what Foundation rejects; diagnostics \(ours.diagnostics)")
                    }
                } else {
                    XCTAssertNotNil(
                        ours.diagnostics.first { $0.isError }?.location.line,
                        "\(what): error without a line: \(ours.diagnostics)")
                    agreeError += 1
                }
                continue
            }
            guard let table = object as? [String: Any] else {
                // A file that is one string, array or data: CF returns that; we reject it.
                XCTAssertNil(ours.file, "\(what): Foundation returns a \(type(of: object)), we a table")
                excluded[
                    "Foundation returns a \(type(of: object) is String.Type ? "string" : "non-table value"), we an "
                        + "error",
                    default: 0] += 1
                continue
            }
            guard let strings = table as? [String: String] else {
                XCTAssertNil(ours.file, "\(what): Foundation's table has non-string values, we accept it")
                excluded["Foundation's table has non-string values ({…}, (…), <…>), we an error", default: 0] += 1
                continue
            }
            guard let file = ours.file else {
                if ours.diagnostics.contains(where: { $0.isError && $0.message.contains("surrogate") }) {
                    // CF keeps the lone UTF-16 surrogate, which Swift shows as U+FFFD; we reject it.
                    excluded["lone surrogate escape: Foundation gives U+FFFD, we an error", default: 0] += 1
                } else {
                    XCTFail("\(what): we reject what Foundation reads as \(strings.count) entries: \(ours.diagnostics)")
                }
                continue
            }
            XCTAssertEqual(file.dictionary, strings, "\(what): tables differ; diagnostics \(ours.diagnostics)")
            agreeDictionary += 1
            if file.unreadTail != nil { agreeDictionaryStopped += 1 }
        }
        print(
            "mutation differential: \(copies) damaged copies of \(sources.count) corpus files: \(agreeDictionary) same "
                + "table as Foundation (\(agreeDictionaryStopped) of them ended early where a key should start, with a "
                + "warning), \(agreeError) rejected by both"
        )
        for (reason, n) in excluded.sorted(by: { $0.key < $1.key }) {
            print("mutation differential: excluded \(n) × \(reason)")
        }
        XCTAssertGreaterThan(agreeDictionaryStopped, 100, "the sample should exercise the early end of the table")
        XCTAssertGreaterThan(agreeError, 500)
    }
}
