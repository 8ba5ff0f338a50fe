import StringcatSupport
import XCTest

@testable import StringsDict

final class FormatStringParserTests: XCTestCase {
    private func spec(_ s: String) -> FormatSpecifier? {
        let tokens = FormatStringParser.parse(s)
        guard tokens.count == 1, case .specifier(let spec) = tokens[0] else { return nil }
        return spec
    }

    func testEveryConversion() {
        for c in ["@", "d", "i", "u", "x", "X", "o", "f", "e", "g", "c", "s", "p", "a"] {
            let s = spec("%" + c)
            XCTAssertEqual(s?.typeKey, c, c)
            XCTAssertEqual(s?.raw, "%" + c)
            XCTAssertNil(s?.position)
        }
    }

    func testLengthModifiers() {
        for (text, length, conversion) in [
            ("%lld", "ll", "d"), ("%ld", "l", "d"), ("%lu", "l", "u"), ("%hd", "h", "d"),
            ("%hhd", "hh", "d"), ("%qd", "q", "d"), ("%zu", "z", "u"), ("%td", "t", "d"),
            ("%jd", "j", "d"), ("%Lf", "L", "f"), ("%lf", "l", "f"),
        ] {
            let s = spec(text)
            XCTAssertEqual(s?.length, length, text)
            XCTAssertEqual(s.map { String($0.conversion) }, conversion, text)
            XCTAssertEqual(s?.typeKey, length + conversion, text)
        }
    }

    func testPositionFlagsWidthPrecision() {
        let s = spec("%2$-+ #0'12.3lf")
        XCTAssertEqual(s?.position, 2)
        XCTAssertEqual(s?.flags, "-+ #0'")
        XCTAssertEqual(s?.width, "12")
        XCTAssertEqual(s?.precision, "3")
        XCTAssertEqual(s?.typeKey, "lf")
        XCTAssertEqual(spec("%1$@")?.position, 1)
        XCTAssertEqual(spec("%1$@")?.typeKey, "@")
        XCTAssertEqual(spec("%*d")?.width, "*")
        XCTAssertEqual(spec("%.*f")?.precision, "*")
        XCTAssertEqual(spec("%*2$d")?.width, "*2$")
        XCTAssertEqual(spec("%.f")?.precision, "")
        XCTAssertEqual(spec("%05d")?.flags, "0")
        XCTAssertEqual(spec("%05d")?.width, "5")
    }

    func testPercentLiteral() {
        let s = spec("%%")
        XCTAssertEqual(s?.isPercentLiteral, true)
        XCTAssertEqual(FormatStringParser.specifiers(in: "100%% of %d"), [spec("%d")!])
    }

    func testVariableReferences() {
        XCTAssertEqual(
            FormatStringParser.parse("There are %#@count@ left"),
            [
                .literal("There are "),
                .variable(VariableReference(raw: "%#@count@", name: "count", position: nil, isMalformed: false)),
                .literal(" left"),
            ])
        XCTAssertEqual(
            FormatStringParser.variableReferences(in: "%2$#@b@ %1$#@a@"),
            [
                VariableReference(raw: "%2$#@b@", name: "b", position: 2, isMalformed: false),
                VariableReference(raw: "%1$#@a@", name: "a", position: 1, isMalformed: false),
            ])
    }

    func testMalformedVariableSpellings() {
        XCTAssertEqual(
            FormatStringParser.variableReferences(in: "%1#@count@"),
            [VariableReference(raw: "%1#@count@", name: "count", position: nil, isMalformed: true)])
        XCTAssertEqual(
            FormatStringParser.variableReferences(in: "%#1@count@"),
            [VariableReference(raw: "%#1@count@", name: "count", position: nil, isMalformed: true)])
        XCTAssertEqual(
            FormatStringParser.variableReferences(in: "on %# @sites @ now"),
            [VariableReference(raw: "%# @sites @", name: "sites", position: nil, isMalformed: true)])
        XCTAssertEqual(
            FormatStringParser.variableReferences(in: "%#@ sites@"),
            [VariableReference(raw: "%#@ sites@", name: "sites", position: nil, isMalformed: true)])
    }

    func testNotAVariable() {
        // No closing `@`: `%#@` is an object specifier with the `#` flag.
        XCTAssertEqual(FormatStringParser.parse("%#@x"), [.specifier(spec("%#@")!), .literal("x")])
        // A name never spans another specifier.
        XCTAssertEqual(FormatStringParser.variableReferences(in: "%#@ and %@"), [])
    }

    func testInvalidPercent() {
        XCTAssertEqual(FormatStringParser.parse("50%"), [.literal("50"), .invalid("%")])
        XCTAssertEqual(FormatStringParser.parse("%y!"), [.invalid("%"), .literal("y!")])
        // printf reads "% o" as an octal conversion with the space flag: so do we.
        XCTAssertEqual(FormatStringParser.specifiers(in: "50% off").map(\.raw), ["% o"])
    }

    func testArgumentsNumbering() {
        let args = FormatStringParser.arguments(in: "%@ %#@n@ %3$d %1#@x@ %%")
        XCTAssertEqual(args.map(\.index), [1, 2, 3, nil])
        XCTAssertEqual(args.map(\.token.raw), ["%@", "%#@n@", "%3$d", "%1#@x@"])
    }

    func testNonASCIIAroundTokens() {
        let s = "‘${content}’ %1$@ — %#@zähler@ 🎉"
        XCTAssertEqual(FormatStringParser.parse(s).map(\.raw).joined(), s)
        XCTAssertEqual(FormatStringParser.variableReferences(in: s).map(\.name), ["zähler"])
    }

    /// Every string maps to tokens whose raw texts concatenate back to it.
    func testConcatenationPropertyOnRandomStrings() {
        var rng = SplitMix64(seed: 0x5EED_2026)
        let alphabet: [String] = [
            "%", "%", "%", "#", "@", "$", "1", "2", "0", " ", "l", "h", "q", "d", "@", ".", "*", "-", "+", "'",
            "x", "a", "é", "🎉", "\n", "n", "z", "L", "s", "%#@", "%1$", "@v@",
        ]
        for _ in 0..<20_000 {
            let length = Int(rng.next() % 24)
            var s = ""
            for _ in 0..<length { s += alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            let tokens = FormatStringParser.parse(s)
            XCTAssertEqual(tokens.map(\.raw).joined(), s, "round trip of \(s.debugDescription)")
            for token in tokens {
                if case .literal(let text) = token {
                    XCTAssertFalse(text.isEmpty || text.contains("%"), s.debugDescription)
                }
            }
        }
    }
}
