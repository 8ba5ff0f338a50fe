import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import StringsDict

/// Real `.stringsdict` files damaged at random (tokens inserted, bytes deleted, lines repeated,
/// dropped or swapped, a key's block repeated, keys and tags renamed), each read through the public
/// route (one pass, or handed over) and by the reference reader: the same entries and the same
/// diagnostics, whether the damage keeps the file in the one-pass reader's form or takes it out.
final class StringsDictMutationTests: XCTestCase {
    private static let tokens = [
        "<", ">", "&", "&amp;", "&lt;", "&#65;", "&nbsp;", "\n", "\r", "\r\n", "\t", " ", "%", "%d", "%@", "%lld",
        "%2$@",
        "%#@x@", "%1$#@n@", "%1#@n@", "@", "#", "$", "é", "\u{212A}", "e\u{301}", "<!-- c -->", "<![CDATA[x]]>",
        "\u{FEFF}", "\u{1}", "<dict>", "</dict>", "<key>one</key><string>1</string>", "<key>x</key><dict></dict>",
    ]
    private static let renames: [(String, String)] = [
        ("<key>one</key>", "<key>few</key>"), ("<key>one</key>", "<key>zero</key>"),
        ("<key>other</key>", "<key>many</key>"),
        ("<key>one</key>", "<key>One</key>"), ("<key>other</key>", "<key>one</key>"),
        ("NSStringFormatValueTypeKey", "NSStringFormatSpecTypeKey"),
        ("NSStringPluralRuleType", "NSStringPluralRule"), ("<string>", "<dict>"), ("</string>", "</dict>"),
        ("<dict>", "<dict/>"),
        ("NSStringLocalizedFormatKey", "NSStringDeviceSpecificRuleType"), ("<string>d</string>", "<string>%d</string>"),
        ("<string>ld</string>", "<string>@</string>"),
        ("<key>NSStringFormatSpecTypeKey</key>", "<key>NSStringFormatSpecType\u{212A}ey</key>"),
        ("%#@", "%1$#@"), ("%d", "%@"), ("%ld", "%2$ld"), ("encoding=\"UTF-8\"", "encoding=\"UTF-16\""),
    ]

    func testDamagedSharedFilesReadAsTheReferenceReadsThem() throws {
        var sources: [(path: String, bytes: [UInt8])] = []
        for folder in ["corpus", "goldens"] {
            for path in stringsdictFiles(under: try sharedFolder(folder)) {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                if bytes.count <= 6_000 { sources.append((path, bytes)) }
            }
        }
        var rng = SplitMix64(seed: 2024)
        for i in stride(from: sources.count - 1, to: 0, by: -1) { sources.swapAt(i, rng.below(i + 1)) }
        sources = Array(sources.prefix(50))
        XCTAssertEqual(sources.count, 50)

        var onePass = 0, handedOver = 0
        for source in sources {
            for round in 0..<80 {
                var bytes = source.bytes
                // Mostly one change, so that much of the damage stays in the one-pass form.
                let changes = (0..<(rng.below(4) == 0 ? 2 + rng.below(2) : 1)).map { _ in Self.mutate(&bytes, rng: &rng)
                }
                let data = Data(bytes)
                let language: String? = round % 4 == 0 ? "ru" : nil
                let public_ = StringsDictReader.parse(data, path: source.path, language: language)
                let reference = ReferenceStringsDictReader.parse(data, path: source.path, language: language)
                let what = "\(source.path) after \(changes)"
                XCTAssertEqual(public_.file, reference.file, what)
                XCTAssertEqual(public_.diagnostics, reference.diagnostics, what)
                if StringsDictOnePassReader.read(data, path: source.path, language: language) != nil {
                    onePass += 1
                } else {
                    handedOver += 1
                }
            }
        }
        print("stringsdict mutations: \(onePass) read in one pass, \(handedOver) handed over")
        // Both sides are exercised: damage the one-pass reader reads, and damage it hands over.
        XCTAssertGreaterThan(onePass, 600)
        XCTAssertGreaterThan(handedOver, 600)
    }

    /// One random change to `bytes`; its description.
    private static func mutate(_ bytes: inout [UInt8], rng: inout SplitMix64) -> String {
        let at = rng.below(bytes.count + 1)
        switch rng.below(7) {
        case 0:
            let token = tokens[rng.below(tokens.count)]
            bytes.insert(contentsOf: Array(token.utf8), at: at)
            return "insert \(token.debugDescription) at \(at)"
        case 1:
            let end = min(bytes.count, at + 1 + rng.below(8))
            bytes.removeSubrange(at..<end)
            return "delete \(at)..<\(end)"
        case 2, 3:
            var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
            let k = rng.below(lines.count)
            let j = rng.below(lines.count)
            let kind = rng.below(3)
            switch kind {
            case 0: lines.insert(lines[k], at: j)
            case 1: lines.remove(at: k)
            default: lines.swapAt(k, j)
            }
            bytes = Array(lines.joined(separator: [0x0A]))
            return ["repeat line \(k) at \(j)", "drop line \(k)", "swap lines \(k), \(j)"][kind]
        case 4:
            // A key and everything to the next `</dict>` twice: a variable (or an entry) repeated.
            let text = String(decoding: bytes, as: UTF8.self)
            let start = text.utf8.index(text.utf8.startIndex, offsetBy: min(at, text.utf8.count))
            guard let key = text.range(of: "<key>", range: start..<text.endIndex),
                let end = text.range(of: "</dict>", range: key.upperBound..<text.endIndex)
            else { return "no block" }
            let block = text[key.lowerBound..<end.upperBound]
            bytes = Array((text[..<end.upperBound] + block + text[end.upperBound...]).utf8)
            return "repeat block at \(text.utf8.distance(from: text.startIndex, to: key.lowerBound))"
        default:
            let (from, to) = renames[rng.below(renames.count)]
            let text = String(decoding: bytes, as: UTF8.self)
            let start = text.utf8.index(text.utf8.startIndex, offsetBy: min(at, text.utf8.count))
            guard let range = text.range(of: from, range: start..<text.endIndex) ?? text.range(of: from) else {
                return "no \(from)"
            }
            bytes = Array(text.replacingCharacters(in: range, with: to).utf8)
            return "rename \(from) -> \(to)"
        }
    }
}
