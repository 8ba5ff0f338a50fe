import Foundation
import XCTest

/// The docs name tests as the proof of their promises (docs/guarantees.md: "a promise with no test
/// here is not a promise"): every test they name must exist, so a renamed or removed test cannot
/// leave a promise standing on nothing.
final class DocumentationTests: XCTestCase {
    func testEveryTestTheDocsNameExists() throws {
        let root = Stringcat.repositoryRoot
        var sources = ""
        for case let relative as String in FileManager.default.enumerator(atPath: root.appendingPathComponent("Tests").path)! where relative.hasSuffix(".swift") {
            sources += try String(contentsOf: root.appendingPathComponent("Tests/" + relative), encoding: .utf8)
        }
        var named = 0
        for document in ["docs/guarantees.md", "docs/user-guide.md", "docs/format-notes.md", "docs/spec/migration-rules.md", "docs/performance.md", "README.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            let pattern = try NSRegularExpression(pattern: "`(test[A-Z][A-Za-z0-9]*)`")
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let name = String(text[Range(match.range(at: 1), in: text)!])
                named += 1
                XCTAssertTrue(sources.contains("func \(name)("), "\(document) names \(name), which no test defines")
            }
        }
        XCTAssertGreaterThan(named, 100)
    }
}
