import TestSupport
import XCTest

/// The shared reference folder (`../shared` beside the repository), or a skip.
func sharedFolder(_ relative: String) throws -> String {
    guard let path = sharedFolderIfPresent(relative) else { throw XCTSkip(sharedFolderMissing(relative)) }
    return path
}
