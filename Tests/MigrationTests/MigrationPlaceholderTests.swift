import XCTest
@testable import Migration

// Replaced by the real tests of the issue that builds Migration.
final class MigrationPlaceholderTests: XCTestCase {
    func testModuleLinks() {}
}
