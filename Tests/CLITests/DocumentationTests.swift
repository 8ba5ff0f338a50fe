import Foundation
import XCTest

/// The docs name tests as the proof of their promises (docs/guarantees.md: "a promise with no test
/// here is not a promise"): every test and test class they name must exist, so a renamed or removed
/// test cannot leave a promise standing on nothing.
final class DocumentationTests: XCTestCase {
    func testEveryTestAndTestClassTheDocsNameExists() throws {
        let root = Stringcat.repositoryRoot
        let sources = try Self.text(ofFilesUnder: root.appendingPathComponent("Tests"), endingIn: ".swift")
        let definedTests = Set(
            Self.captures(of: try NSRegularExpression(pattern: "func (test[A-Za-z0-9]+)\\("), in: sources))
        let definedClasses = Set(
            Self.captures(of: try NSRegularExpression(pattern: "class ([A-Za-z0-9]+Tests)\\b"), in: sources))
        let testName = try NSRegularExpression(pattern: "`(?:[A-Za-z0-9]+[./])?(test[A-Z][A-Za-z0-9]*)`")
        let className = try NSRegularExpression(pattern: "`([A-Z][A-Za-z0-9]*Tests)`")
        var named = 0
        for document in try Self.documents(under: root) {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            for name in Self.captures(of: testName, in: text) {
                named += 1
                XCTAssertTrue(definedTests.contains(name), "\(document) names \(name), which no test defines")
            }
            for name in Self.captures(of: className, in: text) {
                named += 1
                XCTAssertTrue(definedClasses.contains(name), "\(document) names \(name), which no test class defines")
            }
        }
        XCTAssertGreaterThan(named, 100)
    }

    /// Code and tests cite the spec as `docs/spec/<page>.md#<anchor>` (a later `#anchor` in the same
    /// comment is of the same page): every page and heading they cite must exist, so a heading
    /// renamed in the docs cannot leave a comment pointing at nothing.
    func testEverySpecSectionTheCodeCitesExists() throws {
        let root = Stringcat.repositoryRoot
        let spec = root.appendingPathComponent("docs/spec")
        var headings: [String: Set<String>] = [:]
        for page in try FileManager.default.contentsOfDirectory(atPath: spec.path) where page.hasSuffix(".md") {
            let text = try String(contentsOf: spec.appendingPathComponent(page), encoding: .utf8)
            headings[page] = Set(
                text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { Self.anchor(of: String($0)) })
        }
        let citation = try NSRegularExpression(
            pattern: "docs/spec/([a-z][a-z-]*\\.md)((?:#[a-z0-9_-]+|,\\s*\\\\?\\s*(?:///?\\s*)?#[a-z0-9_-]+)*)")
        var cited = 0
        for folder in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(folder)
            for case let relative as String in FileManager.default.enumerator(atPath: base.path)!
            where relative.hasSuffix(".swift") {
                let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
                for match in citation.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    let page = String(text[Range(match.range(at: 1), in: text)!])
                    let anchors = String(text[Range(match.range(at: 2), in: text)!])
                    guard let known = headings[page] else {
                        XCTFail("\(folder)/\(relative) cites docs/spec/\(page), which does not exist")
                        continue
                    }
                    for anchor in anchors.split(separator: "#").map({ $0.prefix { $0 != "," } }) {
                        cited += 1
                        XCTAssertTrue(
                            known.contains(String(anchor)),
                            "\(folder)/\(relative) cites docs/spec/\(page)#\(anchor), no heading of that page")
                    }
                }
            }
        }
        XCTAssertGreaterThan(cited, 100)
    }

    /// Code cites the docs' numbered sections as `docs/guarantees.md §9` or `docs/spec/xliff.md
    /// §2.6` (more after a comma: `§2.2, §2.4`), and the rules of docs/spec/xliff.md by their codes
    /// (`I10`, `Q5`): every section must be a numbered heading of its page, and every rule one that
    /// page defines (a row `| I10 |`, a `**Q5 settled**`).
    func testEveryNumberedSectionAndRuleCodeTheCodeCitesExists() throws {
        let root = Stringcat.repositoryRoot
        func sections(of page: String) throws -> Set<String> {
            let text = try String(contentsOf: root.appendingPathComponent("docs/" + page), encoding: .utf8)
            return Set(
                text.split(separator: "\n").filter { $0.hasPrefix("#") }.compactMap { line in
                    let first = line.drop { $0 == "#" }.drop { $0 == " " }.prefix { $0 != " " }
                    let number = first.hasSuffix(".") ? first.dropLast() : first
                    return number.first?.isNumber == true ? String(number) : nil
                })
        }
        let xliff = try String(contentsOf: root.appendingPathComponent("docs/spec/xliff.md"), encoding: .utf8)
        let rules = Set(
            Self.captures(of: try NSRegularExpression(pattern: "\n\\| ([IQ][0-9]+) \\|"), in: xliff)
                + Self.captures(of: try NSRegularExpression(pattern: "\\*\\*(Q[0-9]+) settled\\*\\*"), in: xliff))
        XCTAssertTrue(rules.isSuperset(of: ["I1", "I15", "Q1", "Q7"]), "\(rules.sorted())")
        let citation = try NSRegularExpression(
            pattern: "docs/((?:spec/)?[a-z][a-z-]*\\.md)((?:,? ?§[0-9]+[a-z]?(?:\\.[0-9]+)*)+)")
        let ruleCode = try NSRegularExpression(pattern: "\\b([IQ][0-9]{1,2})\\b")
        var known: [String: Set<String>] = [:]
        var cited = 0
        for folder in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(folder)
            for case let relative as String in FileManager.default.enumerator(atPath: base.path)!
            where relative.hasSuffix(".swift") {
                let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
                for match in citation.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    let page = String(text[Range(match.range(at: 1), in: text)!])
                    guard FileManager.default.fileExists(atPath: root.appendingPathComponent("docs/" + page).path)
                    else {
                        XCTFail("\(folder)/\(relative) cites docs/\(page), which does not exist")
                        continue
                    }
                    if known[page] == nil { known[page] = try sections(of: page) }
                    let numbers = text[Range(match.range(at: 2), in: text)!].split(separator: "§").map {
                        $0.trimmingCharacters(in: CharacterSet(charactersIn: ", "))
                    }
                    for number in numbers where !number.isEmpty {
                        cited += 1
                        XCTAssertTrue(
                            known[page]?.contains(number) == true,
                            "\(folder)/\(relative) cites docs/\(page) §\(number), no numbered heading of that page")
                    }
                }
                for code in Self.captures(of: ruleCode, in: text) {
                    cited += 1
                    XCTAssertTrue(
                        rules.contains(code), "\(folder)/\(relative) cites rule \(code), which docs/spec/xliff.md lacks"
                    )
                }
            }
        }
        XCTAssertGreaterThan(cited, 40)
    }

    /// Code names the tests that hold what it says (`` `UnitOrderTests` ``, `Tests/XclocTests`), and
    /// the docs name test files (`Tests/LegacyTablesTests/ProjectLayoutTests.swift`): each must exist.
    func testEveryTestClassTargetAndFileTheCodeAndDocsNameExists() throws {
        let root = Stringcat.repositoryRoot
        let tests = root.appendingPathComponent("Tests")
        let sources = try Self.text(ofFilesUnder: tests, endingIn: ".swift")
        let targets = Set(try FileManager.default.contentsOfDirectory(atPath: tests.path))
        let defined = Set(
            Self.captures(of: try NSRegularExpression(pattern: "class ([A-Za-z0-9]+Tests)\\b"), in: sources)
        ).union(targets)
        let className = try NSRegularExpression(pattern: "`([A-Z][A-Za-z0-9]*Tests)`")
        let target = try NSRegularExpression(pattern: "\\bTests/([A-Za-z0-9]+)")
        let file = try NSRegularExpression(pattern: "\\b(Tests/[A-Za-z0-9]+/[A-Za-z0-9/]+\\.swift)")
        var named = 0
        var texts = [
            ("Package.swift", try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
        ]
        let base = root.appendingPathComponent("Sources")
        for case let relative as String in FileManager.default.enumerator(atPath: base.path)!
        where relative.hasSuffix(".swift") {
            texts.append(
                ("Sources/" + relative, try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)))
        }
        for (name, text) in texts {
            for cited in Self.captures(of: className, in: text) + Self.captures(of: target, in: text) {
                named += 1
                XCTAssertTrue(defined.contains(cited), "\(name) names \(cited), which is no test class or target")
            }
        }
        for document in try Self.documents(under: root) {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            for path in Self.captures(of: file, in: text) {
                named += 1
                XCTAssertTrue(
                    FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path),
                    "\(document) names \(path), which does not exist")
            }
        }
        XCTAssertGreaterThan(named, 50)
    }

    /// A heading's anchor as GitHub makes it: lower case, punctuation but `-` and `_` dropped,
    /// spaces as `-`.
    private static func anchor(of heading: String) -> String {
        let title = heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
        let kept = title.unicodeScalars.filter {
            CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
        }
        return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
    }

    /// README.md and every Markdown page under docs/, as paths relative to the repository.
    private static func documents(under root: URL) throws -> [String] {
        let docs = root.appendingPathComponent("docs")
        var found = ["README.md"]
        for case let relative as String in FileManager.default.enumerator(atPath: docs.path)!
        where relative.hasSuffix(".md") {
            found.append("docs/" + relative)
        }
        return found.sorted()
    }

    private static func text(ofFilesUnder folder: URL, endingIn suffix: String) throws -> String {
        var text = ""
        for case let relative as String in FileManager.default.enumerator(atPath: folder.path)!
        where relative.hasSuffix(suffix) {
            text += try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
        }
        return text
    }

    private static func captures(of pattern: NSRegularExpression, in text: String) -> [String] {
        pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }
}
