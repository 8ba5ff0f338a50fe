import XCTest
@testable import XLIFF

final class XLIFFWriterTests: XCTestCase {
}
