import XCTest
@testable import InfoPlistStrings

// Replaced by the real tests of the issue that builds InfoPlistStrings.
final class InfoPlistStringsPlaceholderTests: XCTestCase {
    func testModuleLinks() {}
}
