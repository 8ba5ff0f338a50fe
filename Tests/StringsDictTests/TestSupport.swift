import Foundation
import StringcatSupport
import XCTest

/// Every `.lproj` folder name (without the extension) under `root`, sorted and unique.
func lprojNames(under root: String) throws -> [String] {
    var names = Set<String>()
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let item = enumerator?.nextObject() as? String {
        let last = (item as NSString).lastPathComponent
        if last.hasSuffix(".lproj") { names.insert(String(last.dropLast(6))) }
    }
    return names.sorted()
}

/// Every `.stringsdict` file under `root`, sorted.
func stringsdictFiles(under root: String) -> [String] {
    var files: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let item = enumerator?.nextObject() as? String {
        if item.hasSuffix(".stringsdict") { files.append(root + "/" + item) }
    }
    return files.sorted()
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
