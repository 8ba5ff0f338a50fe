import XCTest
@testable import StringsDict

// Replaced by the real tests of the issue that builds StringsDict.
final class StringsDictPlaceholderTests: XCTestCase {
    func testModuleLinks() {}
}
