import Foundation
import StringcatSupport
import XCTest

@testable import XcodeProject
@testable import XcodeRules

/// Every `project.pbxproj` under `folder`, sorted.
func projectFiles(under folder: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    var result: [String] = []
    while let relative = walker.nextObject() as? String {
        if relative.hasSuffix("/project.pbxproj") || relative == "project.pbxproj" {
            result.append(folder + "/" + relative)
        }
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
