import Foundation
import XCTest

/// The docs name tests as the proof of their promises (docs/guarantees.md: "a promise with no test
/// here is not a promise"): every test and test class they name must exist, so a renamed or removed
/// test cannot leave a promise standing on nothing.
final class DocumentationTests: XCTestCase {
    func testEveryTestAndTestClassTheDocsNameExists() throws {
        let root = Stringcat.repositoryRoot
        let sources = try Self.text(ofFilesUnder: root.appendingPathComponent("Tests"), endingIn: ".swift")
        let definedTests = Set(Self.captures(of: try NSRegularExpression(pattern: "func (test[A-Za-z0-9]+)\\("), in: sources))
        let definedClasses = Set(Self.captures(of: try NSRegularExpression(pattern: "class ([A-Za-z0-9]+Tests)\\b"), in: sources))
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

    /// README.md and every Markdown page under docs/, as paths relative to the repository.
    private static func documents(under root: URL) throws -> [String] {
        let docs = root.appendingPathComponent("docs")
        var found = ["README.md"]
        for case let relative as String in FileManager.default.enumerator(atPath: docs.path)! where relative.hasSuffix(".md") {
            found.append("docs/" + relative)
        }
        return found.sorted()
    }

    private static func text(ofFilesUnder folder: URL, endingIn suffix: String) throws -> String {
        var text = ""
        for case let relative as String in FileManager.default.enumerator(atPath: folder.path)! where relative.hasSuffix(suffix) {
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
