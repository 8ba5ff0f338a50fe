import Foundation
import XCTest

// Tests that compare with reference material kept outside the repository (catalogs Xcode wrote,
// real apps, Xcode's own project edits) find it in `../shared` beside the repository. Without it
// they skip, all with the one sentence of `sharedFolderMissing`, through `sharedFolder(_:)`.

/// `../shared/relative` (or `../shared` itself for ""), or a skip that names what is missing.
public func sharedFolder(_ relative: String = "") throws -> String {
    guard let path = sharedFolderIfPresent(relative) else { throw XCTSkip(sharedFolderMissing(relative)) }
    return path
}

/// `../shared/relative`, or nil when it is not there (for a test that goes on without it).
public func sharedFolderIfPresent(_ relative: String = "") -> String? {
    let path = URL(fileURLWithPath: repositoryRoot).deletingLastPathComponent().appendingPathComponent(
        relative.isEmpty ? "shared" : "shared/" + relative
    ).path
    return FileManager.default.fileExists(atPath: path) ? path : nil
}

/// The one sentence every skip for lack of `../shared` says: `../shared/corpus not found beside
/// the repository; skipping the test that needs it`.
public func sharedFolderMissing(_ relative: String = "") -> String {
    "../shared\(relative.isEmpty ? "" : "/" + relative) not found beside the repository; skipping the test that needs "
        + "it"
}

/// The repository root.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
