import Foundation
import StringcatSupport
import XCTest
@testable import XcodeProject

/// `../shared` beside the repository, found from this file's path.
func sharedFolder(file: StaticString = #filePath) -> String {
    URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared").path
}

/// The shared folder, or an XCTSkip that says why the test cannot run.
func requireShared(_ subfolder: String = "") throws -> String {
    let root = sharedFolder()
    let path = subfolder.isEmpty ? root : root + "/" + subfolder
    guard FileManager.default.fileExists(atPath: path) else {
        throw XCTSkip("the shared reference folder \(path) is missing (expected ../shared beside the repository); real-project tests skipped")
    }
    return path
}

/// Every `project.pbxproj` under `folder`, sorted.
func projectFiles(under folder: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    var result: [String] = []
    while let relative = walker.nextObject() as? String {
        if relative.hasSuffix("/project.pbxproj") || relative == "project.pbxproj" { result.append(folder + "/" + relative) }
    }
    return result.sorted()
}

/// Parses text given as a Swift string (fixtures).
func parse(_ text: String, path: String = "fixture.pbxproj") throws -> PBXDocument {
    do { return try PBXProjectReader.parse(Array(text.utf8), path: path) } catch { throw error }
}

/// The diagnostic a parse gives, or nil when it parses.
func parseError(_ bytes: [UInt8], path: String = "fixture.pbxproj") -> Diagnostic? {
    do {
        _ = try PBXProjectReader.parse(bytes, path: path)
        return nil
    } catch {
        return error
    }
}
