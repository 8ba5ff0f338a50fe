import Foundation

/// A temporary folder tree for a test, removed afterwards.
public final class TestTree {
    public let root: String

    public init() throws {
        root = NSTemporaryDirectory() + "stringcat-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes UTF-8 text at a path relative to the root, creating folders.
    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, Data(text.utf8))
    }

    @discardableResult
    public func write(_ relative: String, _ data: Data) throws -> String {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    public func mkdir(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/" + relative, withIntermediateDirectories: true)
    }

    public func path(_ relative: String) -> String { root + "/" + relative }

    public func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    /// Every file under the root, relative, sorted.
    public func allFiles() -> [String] {
        relativePaths(under: root).filter { item in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path(item), isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }
}

/// A one-variable `.stringsdict` body for tests.
public func stringsDictXML(
    _ entries: [(key: String, format: String, variables: [(name: String, type: String, forms: [(String, String)])])]
) -> String {
    var body = ""
    for entry in entries {
        body +=
            "\t<key>\(entry.key)</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>\(entry.format)</string>\n"
        for variable in entry.variables {
            body +=
                "\t\t<key>\(variable.name)</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>\(variable.type)</string>\n"
            for (category, text) in variable.forms {
                body += "\t\t\t<key>\(category)</key>\n\t\t\t<string>\(text)</string>\n"
            }
            body += "\t\t</dict>\n"
        }
        body += "\t</dict>\n"
    }
    return
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
        + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist "
        + "version=\"1.0\">\n<dict>\n\(body)</dict>\n</plist>\n"
}

extension TestTree {
    /// A shared golden migration's project as Xcode saw it, in a fresh tree: its `before/`
    /// (legacy files) and its `context/` (project files, storyboards) together.
    public static func golden(_ pair: String) throws -> TestTree {
        let goldens = try sharedFolder("goldens")
        let tree = try TestTree()
        try FileManager.default.removeItem(atPath: tree.root)
        try FileManager.default.copyItem(atPath: "\(goldens)/\(pair)/before", toPath: tree.root)
        for item in FileManager.default.subpaths(atPath: "\(goldens)/\(pair)/context") ?? [] {
            let from = "\(goldens)/\(pair)/context/\(item)"
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: from, isDirectory: &isFolder)
            if isFolder.boolValue {
                try tree.mkdir(item)
            } else if !tree.exists(item) {
                try tree.write(item, try Data(contentsOf: URL(fileURLWithPath: from)))
            }
        }
        return tree
    }
}
