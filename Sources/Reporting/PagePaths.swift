import Foundation
import Languages

/// Paths as the page writes them: relative to the PATH the command was given, so that the page
/// holds no absolute path and is the same wherever the tree is checked out.
struct PagePaths: Sendable {
    /// The tree the command read (absolute, standardized).
    var root: String
    /// `--output DIR` (absolute): files written there are shown at their place in the tree.
    var output: String?

    init(root: String, output: String? = nil) {
        self.root = Self.standardized(root)
        self.output = output.map(Self.standardized)
    }

    /// `path` relative to the root (`.` for the root itself); a file under `--output` relative to
    /// that folder, which mirrors the tree; anything else by its last two components, so that no
    /// absolute path reaches the page.
    func relative(_ path: String) -> String {
        for base in bases {
            if path == base { return "." }
            let prefix = base.hasSuffix("/") ? base : base + "/"
            if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        }
        let components = path.split(separator: "/")
        return "…/" + components.suffix(2).joined(separator: "/")
    }

    /// Text from the tool (a message, a reason) with the root and the output folder taken out of
    /// any path in it: `/work/App/de.lproj` becomes `de.lproj`, `/work/App` alone `.`; a sibling
    /// such as `/work/App2` is left as it is.
    func scrubbed(_ text: String) -> String {
        var result = text
        for base in bases where base != "/" {
            var scrubbed = ""
            var rest = Substring(result)
            while let range = rest.range(of: base) {
                scrubbed += rest[..<range.lowerBound]
                let after = rest[range.upperBound...]
                if after.hasPrefix("/") {
                    rest = after.dropFirst()
                } else if let next = after.first, next.isLetter || next.isNumber || "-_.".contains(next) {
                    scrubbed += base
                    rest = after
                } else {
                    scrubbed += "."
                    rest = after
                }
            }
            result = scrubbed + rest
        }
        return result
    }

    private var bases: [String] { [root] + (output.map { [$0] } ?? []) }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// Files listed compactly: the files of one name in several `.lproj` folders of one folder are
/// one item, `App/{de,fr}.lproj/Localizable.strings`, so that a table kept in 60 languages is one
/// line that still names every file.
enum FileList {
    static func compact(_ paths: [String]) -> [String] {
        var order: [String] = []
        var groups: [String: (folder: String, name: String, lprojs: [String])] = [:]
        for path in paths {
            let name = (path as NSString).lastPathComponent
            let parent = (path as NSString).deletingLastPathComponent
            let lproj = (parent as NSString).lastPathComponent
            guard LprojFolderName.isLproj(lproj) else {
                if groups[path] == nil { order.append(path); groups[path] = (path, "", []) }
                continue
            }
            let folder = (parent as NSString).deletingLastPathComponent
            let id = folder + "\u{0}" + name
            if groups[id] == nil { order.append(id); groups[id] = (folder, name, []) }
            groups[id]!.lprojs.append(String(lproj.dropLast(LprojFolderName.suffix.count)))
        }
        return order.map { id in
            let group = groups[id]!
            guard !group.lprojs.isEmpty else { return group.folder }
            let prefix = group.folder.isEmpty || group.folder == "." ? "" : group.folder + "/"
            let lprojs = group.lprojs.count == 1 ? group.lprojs[0] : "{" + group.lprojs.joined(separator: ",") + "}"
            return "\(prefix)\(lprojs).lproj/\(group.name)"
        }
    }
}
