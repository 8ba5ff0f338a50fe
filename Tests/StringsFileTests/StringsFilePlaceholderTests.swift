import XCTest
@testable import StringsFile

// Replaced by the real tests of the issue that builds StringsFile.
final class StringsFilePlaceholderTests: XCTestCase {
    func testModuleLinks() {}
}
