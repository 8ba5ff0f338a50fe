import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import StringsDict

/// The one format-string grammar (`FormatArgumentScan`) against the parser it replaced, kept here
/// as the oracle (`ReferenceFormatStringParser`): the checks' scan finds exactly the specifiers,
/// `%%` and variable references the oracle finds, with the same texts, positions, conversions,
/// names and spellings; `FormatStringParser.parse`, built on the grammar, gives the oracle's
/// tokens exactly (literals, invalid `%`s, flags, widths, precisions and lengths too).
final class FormatArgumentScanTests: XCTestCase {
    /// What both say about one token, as text.
    private static func described(scanning s: String) -> [String] {
        var tokens: [FormatArgumentScan.Token] = []
        var names: [String] = []
        FormatArgumentScan.scan(s, into: &tokens, names: &names)
        return tokens.map { token in
            let raw = FormatArgumentScan.raw(token, in: s)
            switch token.kind {
            case .percentLiteral: return "%% \(raw)"
            case .specifier:
                return
                    "spec \(raw) at \(token.position.map(String.init) ?? "-") "
                    + "\(Character(Unicode.Scalar(token.conversion))) \(token.argumentKind)"
            case .variable:
                return
                    "var \(raw) name \(names[token.nameIndex]) at \(token.position.map(String.init) ?? "-") "
                    + "\(token.isMalformed ? "malformed" : "ok")"
            }
        }
    }

    private static func described(parsing s: String) -> [String] {
        ReferenceFormatStringParser.parse(s).compactMap { token in
            switch token {
            case .specifier(let spec) where spec.isPercentLiteral: return "%% \(spec.raw)"
            case .specifier(let spec):
                return
                    "spec \(spec.raw) at \(spec.position.map(String.init) ?? "-") \(spec.conversion) "
                    + "\(spec.argumentKind)"
            case .variable(let v):
                return
                    "var \(v.raw) name \(v.name) at \(v.position.map(String.init) ?? "-") "
                    + "\(v.isMalformed ? "malformed" : "ok")"
            case .literal, .invalid: return nil
            }
        }
    }

    private func assertSame(_ s: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(
            Self.described(scanning: s), Self.described(parsing: s), s.debugDescription, file: file, line: line)
        XCTAssertEqual(
            FormatStringParser.parse(s), ReferenceFormatStringParser.parse(s), s.debugDescription, file: file,
            line: line)
    }

    func testExactTokens() {
        XCTAssertEqual(
            Self.described(scanning: "%1$#@files@ in %#@folders@: %2$lld%% %-5.2f %@ %1#@n@ %# @sites @ %*3$d %y"),
            [
                "var %1$#@files@ name files at 1 ok",
                "var %#@folders@ name folders at - ok",
                "spec %2$lld at 2 d integer",
                "%% %%",
                "spec %-5.2f at - f floatingPoint",
                "spec %@ at - @ object",
                "var %1#@n@ name n at - malformed",
                "var %# @sites @ name sites at - malformed",
                "spec %*3$d at - d integer",
            ])
        // An argument index past Int: no position, as Int(String) gives.
        XCTAssertEqual(
            Self.described(scanning: "%99999999999999999999$d %99999999999999999999$#@x@"),
            [
                "spec %99999999999999999999$d at - d integer",
                "var %99999999999999999999$#@x@ name x at - ok",
            ])
    }

    func testEdgeSpellingsMatchTheParser() {
        let cases = [
            "", "%", "%%", "%%%", "%#@", "%#@@", "%#@ @", "%#@\t@", "%#@a", "%#@a\nb@", "%#@a\rb@", "%#@a%b@", "%#@ a@",
            "%#@a @",
            "%1$#@a@", "%1#@a@", "%#1@a@", "%1$ #@a@", "%$#@a@", "%12$##@a@", "%0$d", "%00002$@", "%hhd", "%hd", "%lld",
            "%ld",
            "%qd", "%zd", "%td", "%jd", "%Lf", "%lf", "%llu", "%ll", "%l", "%5", "%.", "%.d", "%.*d", "%*.*f",
            "%*2$.*3$f",
            "%'d", "%+-0 #'10.5lld", "%k", "%K", "%\u{212A}", "%#@\u{212A}@", "%#@ \u{301}a@", "%#@a \u{301}@",
            "%#@\u{600} x@",
            "%#@x\u{600} @", "%#@é@", "%#@e\u{301}@", "%#@名前@", "%#@😀@", "%1$@ %2$@ %1$d", "100%", "%@%", "% d",
            "%  #@x@",
            "%#@x@%#@y@", "%1$#@x@ %#@x@", "%3$#@x@ %d %#@y@ %2$d",
        ]
        for s in cases { assertSame(s) }
    }

    /// Strings made of the grammar's characters and a few that combine with their neighbours.
    func testGeneratedStringsMatchTheParser() {
        let alphabet = [
            "%", "%", "%", "#", "#", "@", "@", "$", "1", "2", "0", "9", " ", "\t", "l", "l", "h", "q", "z", "t",
            "j", "L", "d", "i", "u", "x", "f", "s", "p", "n", "c", "*", ".", "-", "+", "'", "a", "b", "é", "\u{301}",
            "\u{600}", "\n", "\r", "名", "😀", "K", "\u{212A}",
        ]
        var random = SplitMix64(seed: 24)
        for _ in 0..<40_000 {
            let s = (0..<random.below(14)).map { _ in alphabet[random.below(alphabet.count)] }.joined()
            assertSame(s)
        }
    }

    /// Every format key and form of the shared `.stringsdict` files.
    func testSharedStringsMatchTheParser() throws {
        var count = 0
        for folder in ["corpus", "goldens"] {
            for path in stringsdictFiles(under: try sharedFolder(folder)) {
                for entry in StringsDictReader.read(path: path).file?.entries ?? [] {
                    guard case .plural(let rule) = entry.rule else { continue }
                    assertSame(rule.formatKey)
                    for variable in rule.variables {
                        for (_, text) in variable.sortedForms { assertSame(text); count += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(count, 5_000)
    }
}
