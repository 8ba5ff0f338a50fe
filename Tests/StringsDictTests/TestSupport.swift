import Foundation
import StringcatSupport
import TestSupport
import XCTest

/// Every `.lproj` folder name (without the extension) under `root`, sorted and unique.
func lprojNames(under root: String) throws -> [String] {
    let lprojs = relativePaths(under: root).map { ($0 as NSString).lastPathComponent }.filter { $0.hasSuffix(".lproj") }
    return Set(lprojs.map { String($0.dropLast(6)) }).sorted()
}

/// Every `.stringsdict` file under `root`, sorted.
func stringsdictFiles(under root: String) -> [String] {
    files(under: root, endingIn: ".stringsdict")
}

/// A minimal XML plist around `body` (the content of the top dict). The first key of `body`
/// is on line 5.
func plist(_ body: String) -> Data {
    Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>

        """.utf8)
}

/// Diagnostics as `line:column: severity: message` (0 for a missing line or column).
func rendered(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.location.line ?? 0):\($0.location.column ?? 0): \($0.severity.rawValue): \($0.message)" }
}
