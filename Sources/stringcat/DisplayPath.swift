import Foundation
import StringcatSupport

/// Paths as users typed them: relative to the current folder when inside it.
enum DisplayPath {
    static let currentDirectory = FileManager.default.currentDirectoryPath

    static func of(_ path: String) -> String {
        let prefix = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
        if path == currentDirectory || path + "/" == prefix { return "." }
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

/// `print --json` of a `.stringsdict`: the file's own content (its keys are the file's), pretty and
/// key-sorted as `JSONText` writes the reports.
enum JSONOutput {
    /// Pretty, key-sorted JSON text for scripts.
    static func text(_ object: Any) -> String {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self)
    }
}
