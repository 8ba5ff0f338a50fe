import XCTest
@testable import StringCatalog

// Replaced by the real tests of the issue that builds StringCatalog.
final class StringCatalogPlaceholderTests: XCTestCase {
    func testModuleLinks() {}
}
