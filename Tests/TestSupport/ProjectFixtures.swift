import StringcatSupport
import XcodeProject

/// Parses a `project.pbxproj` given as a Swift string (fixtures).
public func parseProject(_ text: String, path: String = "fixture.pbxproj") throws -> PBXDocument {
    do { return try PBXProjectReader.parse(Array(text.utf8), path: path) } catch { throw error }
}

/// The diagnostic parsing `bytes` as a `project.pbxproj` gives, or nil when it parses.
public func projectParseError(_ bytes: [UInt8], path: String = "fixture.pbxproj") -> Diagnostic? {
    do {
        _ = try PBXProjectReader.parse(bytes, path: path)
        return nil
    } catch {
        return error
    }
}
