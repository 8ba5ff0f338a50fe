import Foundation
import StringcatSupport

/// What stringcat needs of a `Package.swift` (docs/spec/project-edit.md#a-swift-package,
/// docs/spec/languages.md#the-source-language): its tools version, its `defaultLocalization`, its targets (the folders
/// whose resources it owns), and whether `.lproj` folders are named as resources.
///
/// A manifest is Swift code; it is not run, only read: comments and string literals are told
/// apart from code, and the targets are the `.target(…)`-style calls with a literal `name:` and,
/// when given, a literal `path:`. That covers the manifests SwiftPM's templates and real packages
/// write; a target built by code (a loop, a variable) is not seen, and its tables are not read.
public struct PackageManifest: Sendable, Hashable {
    /// One target the manifest declares.
    public struct Target: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            case regular = "target", executable = "executableTarget", test = "testTarget", macro, plugin
            case binary = "binaryTarget", system = "systemLibrary"
        }

        public var name: String
        public var kind: Kind
        /// The `path:` argument, relative to the package folder, when given.
        public var path: String?
    }

    public var path: String
    /// `5.9` from `// swift-tools-version:5.9`; nil when the line is missing.
    public var toolsVersion: String?
    public var defaultLocalization: String?
    public var targets: [Target]
    /// The products it declares (`.library(name: "X")`, `.executable(name: "X")`): what a project
    /// links from it.
    public var products: [String] = []
    /// The packages it depends on by path (`.package(path: "../Core")`), as written.
    public var localDependencies: [String] = []
    /// Resource paths its targets name (`.process("Resources")`, `.copy("en.lproj")`), absolute:
    /// a file or folder there must stay while the manifest names it.
    public var namedResources: [String] = []
    /// Warnings for the user: the manifest must change for the catalogs to be built.
    public var warnings: [Diagnostic]

    /// The folder holding the manifest.
    public var folder: String { (path as NSString).deletingLastPathComponent }

    /// The folders whose files the package's targets own, absolute: each target's `path:`, else
    /// the first of SwiftPM's predefined folders (`Sources/<name>`, `Source/<name>`, `src/<name>`,
    /// `srcs/<name>`; `Tests/…` for test targets, `Plugins/<name>` for plugins) that exists.
    /// Binary and system-library targets own none. Found when the manifest is read.
    public var targetFolders: [String] { ownedFolders.map(\.folder) }

    /// Each target that owns a folder, with that folder (`targetFolders`, by target name).
    public var ownedFolders: [OwnedFolder] = []

    /// A target's name and the folder it owns (absolute).
    public struct OwnedFolder: Sendable, Hashable {
        public var name: String
        public var folder: String
    }

    /// `targetFolders`, looked for on disk: a folder that cannot be looked at is a failure, not
    /// a folder that is not there (its tables would silently be no package's).
    static func targetFolders(
        of targets: [Target], in folder: String, probe: FileProbe
    ) throws(FileProbe.Failure) -> [OwnedFolder] {
        var folders: [OwnedFolder] = []
        for target in targets {
            if let path = target.path {
                folders.append(OwnedFolder(name: target.name, folder: PathResolverLite.join(folder, path)))
                continue
            }
            let bases: [String]
            switch target.kind {
            case .binary, .system: continue
            case .test: bases = ["Tests", "Sources", "Source", "src", "srcs"]
            case .plugin: bases = ["Plugins"]
            case .regular, .executable, .macro: bases = ["Sources", "Source", "src", "srcs"]
            }
            for base in bases where try probe.exists("\(folder)/\(base)/\(target.name)") {
                folders.append(OwnedFolder(name: target.name, folder: "\(folder)/\(base)/\(target.name)"))
                break
            }
        }
        return folders
    }

    /// Reads the manifest at `path` (asking `probe`); one that cannot be read (not "not there")
    /// is a failure.
    public static func read(_ path: String, probe: FileProbe = FileProbe()) throws(FileProbe.Failure) -> PackageManifest
    {
        let text = try probe.bytes(path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let code = ManifestCode(text)
        var manifest = PackageManifest(
            path: path, toolsVersion: nil, defaultLocalization: code.defaultLocalization,
            targets: code.targets(), warnings: [])
        manifest.products = code.calls(named: ["library", "executable"]).compactMap { $0["name"] }
        manifest.localDependencies = code.calls(named: ["package"]).compactMap { $0["path"] }
        let folder = manifest.folder
        manifest.ownedFolders = try targetFolders(of: manifest.targets, in: folder, probe: probe)
        manifest.namedResources = []
        for relative in code.resourcePaths() {
            // A resource path is relative to its target's folder; the target is not tracked here,
            // so each target folder is tried (the one that holds the path wins).
            let candidates = manifest.targetFolders.map { PathResolverLite.join($0, relative) }
            var found: String?
            for candidate in candidates where try probe.exists(candidate) {
                found = candidate
                break
            }
            manifest.namedResources.append(found ?? candidates.first ?? PathResolverLite.join(folder, relative))
        }
        if let first = text.split(separator: "\n", maxSplits: 1).first,
            let range = first.range(of: "swift-tools-version:")
        {
            manifest.toolsVersion = String(
                first[range.upperBound...].trimmingCharacters(in: .whitespaces).prefix { $0.isNumber || $0 == "." })
        }
        if let version = manifest.toolsVersion, Self.isBelow59(version) {
            manifest.warnings.append(
                .warning(
                    "swift-tools-version \(version) is below 5.9: SwiftPM builds String Catalogs only from 5.9 on; "
                        + "raise the tools version",
                    at: SourceLocation(path: path, line: 1, column: 1)))
        }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.contains(".lproj\"") {
            manifest.warnings.append(
                .warning(
                    "the manifest names an .lproj folder as a resource; point it at the catalog (or the folder holding "
                        + "it) instead",
                    at: SourceLocation(path: path, line: index + 1, column: 1)))
        }
        return manifest
    }

    static func isBelow59(_ version: String) -> Bool {
        let parts = version.split(separator: ".").compactMap { Int($0) }
        guard let major = parts.first else { return false }
        return major < 5 || (major == 5 && (parts.count > 1 ? parts[1] : 0) < 9)
    }
}

/// `base/relative` with `.` and `..` folded (the manifest's `path:` arguments).
enum PathResolverLite {
    static func join(_ base: String, _ relative: String) -> String {
        URL(fileURLWithPath: relative.hasPrefix("/") ? relative : base + "/" + relative).standardizedFileURL.path
    }
}

/// A manifest's text with its comments blanked out (string literals kept), so that searches see
/// only code.
struct ManifestCode {
    let text: [Character]

    init(_ source: String) {
        var out: [Character] = []
        let chars = Array(source)
        var i = 0
        var inString = false
        while i < chars.count {
            let c = chars[i]
            if inString {
                out.append(c)
                if c == "\\", i + 1 < chars.count { out.append(chars[i + 1]); i += 2; continue }
                if c == "\"" { inString = false }
                i += 1
                continue
            }
            if c == "\"" { inString = true; out.append(c); i += 1; continue }
            if c == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                while i < chars.count && chars[i] != "\n" { out.append(" "); i += 1 }
                continue
            }
            if c == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                var depth = 0
                repeat {
                    if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                        depth += 1; out += [" ", " "]; i += 2; continue
                    }
                    if chars[i] == "*", i + 1 < chars.count, chars[i + 1] == "/" {
                        depth -= 1; out += [" ", " "]; i += 2; continue
                    }
                    out.append(chars[i] == "\n" ? "\n" : " ")
                    i += 1
                } while depth > 0 && i < chars.count
                continue
            }
            out.append(c)
            i += 1
        }
        text = out
    }

    /// The target calls: `.target(`, `.executableTarget(`… with their literal `name:` and `path:`.
    func targets() -> [PackageManifest.Target] {
        var result: [PackageManifest.Target] = []
        var i = 0
        while i < text.count {
            guard text[i] == ".", let (kind, open) = targetCall(at: i) else { i += 1; continue }
            guard let close = matchingParenthesis(open) else { break }
            let arguments = (open + 1)..<close
            if let name = stringArgument("name", in: arguments) {
                result.append(.init(name: name, kind: kind, path: stringArgument("path", in: arguments)))
            }
            i = close
        }
        return result
    }

    private func targetCall(at dot: Int) -> (PackageManifest.Target.Kind, Int)? {
        var end = dot + 1
        while end < text.count, text[end].isLetter { end += 1 }
        guard let kind = PackageManifest.Target.Kind(rawValue: String(text[(dot + 1)..<end])) else { return nil }
        var open = end
        while open < text.count, text[open].isWhitespace { open += 1 }
        return open < text.count && text[open] == "(" ? (kind, open) : nil
    }

    private func matchingParenthesis(_ open: Int) -> Int? {
        var depth = 0
        var inString = false
        var i = open
        while i < text.count {
            let c = text[i]
            if inString {
                if c == "\\" { i += 2; continue }
                if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
            } else if c == "(" || c == "[" {
                depth += 1
            } else if c == ")" || c == "]" {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }

    /// The literal string arguments (label -> value) of every call `.NAME(…)` for NAME in `names`
    /// (`.library(name: "X", …)`, `.package(path: "../Core")`).
    func calls(named names: Set<String>) -> [[String: String]] {
        var result: [[String: String]] = []
        var i = 0
        while i < text.count {
            guard text[i] == "." else { i += 1; continue }
            var end = i + 1
            while end < text.count, text[end].isLetter { end += 1 }
            var open = end
            while open < text.count, text[open].isWhitespace { open += 1 }
            guard names.contains(String(text[(i + 1)..<end])), open < text.count, text[open] == "(",
                let close = matchingParenthesis(open)
            else { i = end; continue }
            var arguments: [String: String] = [:]
            for label in ["name", "path", "url"] {
                if let value = stringArgument(label, in: (open + 1)..<close, depth: 0) { arguments[label] = value }
            }
            result.append(arguments)
            i = open + 1
        }
        return result
    }

    /// How a Tuist `Path` is written: a string literal (relative to the manifest, or to the root
    /// when it starts with `//`), or `.relativeToRoot("…")`, `.relativeToManifest("…")`,
    /// `.relativeToCurrentFile("…")`.
    enum TuistPath: Equatable {
        case literal(String)
        case relativeToRoot(String)
        case relativeToManifest(String)
        case relativeToCurrentFile(String)
    }

    /// The `path:` argument of every call `.NAME(…)` for NAME in `names`, as a Tuist `Path`
    /// (`.local(path: .relativeToRoot("Packages/Core"))`, `.package(path: "../Core")`).
    func tuistPaths(inCallsNamed names: Set<String>) -> [TuistPath] {
        var result: [TuistPath] = []
        var i = 0
        while i < text.count {
            guard text[i] == "." else { i += 1; continue }
            var end = i + 1
            while end < text.count, text[end].isLetter { end += 1 }
            var open = end
            while open < text.count, text[open].isWhitespace { open += 1 }
            guard names.contains(String(text[(i + 1)..<end])), open < text.count, text[open] == "(",
                let close = matchingParenthesis(open)
            else { i = end; continue }
            let arguments = (open + 1)..<close
            if let literal = stringArgument("path", in: arguments, depth: 0) {
                result.append(.literal(literal))
            } else {
                for (name, make) in [
                    ("relativeToRoot", TuistPath.relativeToRoot), ("relativeToManifest", TuistPath.relativeToManifest),
                    ("relativeToCurrentFile", TuistPath.relativeToCurrentFile),
                ] {
                    // `path: .relativeToRoot("…")`: the call's one string argument.
                    for call in constructorArguments(name, in: arguments) { result.append(make(call)) }
                }
            }
            i = open + 1
        }
        return result
    }

    /// The first string literal of each `.NAME("…")` directly after a `path:` label in `range`.
    private func constructorArguments(_ name: String, in range: Range<Int>) -> [String] {
        let label = Array("path")
        var result: [String] = []
        var i = range.lowerBound
        while i + label.count <= range.upperBound {
            guard Array(text[i..<(i + label.count)]) == label,
                i == range.lowerBound || !(text[i - 1].isLetter || text[i - 1].isNumber || text[i - 1] == "_")
            else { i += 1; continue }
            var j = i + label.count
            while j < range.upperBound, text[j].isWhitespace { j += 1 }
            guard j < range.upperBound, text[j] == ":" else { i += 1; continue }
            j += 1
            while j < range.upperBound, text[j].isWhitespace { j += 1 }
            let call = Array("." + name + "(")
            guard j + call.count <= range.upperBound, Array(text[j..<(j + call.count)]) == call else {
                i += 1
                continue
            }
            j += call.count
            while j < range.upperBound, text[j].isWhitespace { j += 1 }
            guard j < range.upperBound, text[j] == "\"" else { i += 1; continue }
            let (value, after) = stringLiteral(openingAt: j, before: range.upperBound)
            if !value.isEmpty { result.append(value) }
            i = after
        }
        return result
    }

    /// The string literal whose opening quote is at `quote` (an escaped character taken as
    /// itself; the literal ends at its closing quote, a line's end, or `end`), and the index after it.
    private func stringLiteral(openingAt quote: Int, before end: Int) -> (value: String, after: Int) {
        var value = ""
        var j = quote + 1
        while j < end, text[j] != "\"", text[j] != "\n" {
            if text[j] == "\\", j + 1 < end {
                value.append(text[j + 1])
                j += 2
                continue
            }
            value.append(text[j])
            j += 1
        }
        return (value, j)
    }

    /// The paths of `.process("…")` and `.copy("…")` resource rules (the first, unlabelled argument).
    func resourcePaths() -> [String] {
        var result: [String] = []
        var i = 0
        while i < text.count {
            guard text[i] == "." else { i += 1; continue }
            var end = i + 1
            while end < text.count, text[end].isLetter { end += 1 }
            let name = String(text[(i + 1)..<end])
            var open = end
            while open < text.count, text[open].isWhitespace { open += 1 }
            guard name == "process" || name == "copy", open < text.count, text[open] == "(" else { i = end; continue }
            var j = open + 1
            while j < text.count, text[j].isWhitespace { j += 1 }
            guard j < text.count, text[j] == "\"" else { i = j; continue }
            let (value, after) = stringLiteral(openingAt: j, before: text.count)
            if !value.isEmpty { result.append(value) }
            i = after
        }
        return result
    }

    /// `defaultLocalization: "xx"` of the `Package(…)` call, when it is a literal.
    var defaultLocalization: String? { stringArgument("defaultLocalization", in: 0..<text.count, depth: 1) }

    /// The string literal after `label:` at `depth` in `range` (0: not inside a nested call).
    func stringArgument(_ label: String, in range: Range<Int>, depth wantedDepth: Int = 0) -> String? {
        let wanted = Array(label)
        var depth = 0
        var inString = false
        var i = range.lowerBound
        while i < range.upperBound {
            let c = text[i]
            if inString {
                if c == "\\" { i += 2; continue }
                if c == "\"" { inString = false }
                i += 1
                continue
            }
            switch c {
            case "\"": inString = true
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            default:
                if depth == wantedDepth, i + wanted.count <= range.upperBound,
                    Array(text[i..<(i + wanted.count)]) == wanted,
                    i == range.lowerBound || !(text[i - 1].isLetter || text[i - 1].isNumber || text[i - 1] == "_")
                {
                    var j = i + wanted.count
                    while j < range.upperBound, text[j].isWhitespace { j += 1 }
                    guard j < range.upperBound, text[j] == ":" else { break }
                    j += 1
                    while j < range.upperBound, text[j].isWhitespace { j += 1 }
                    guard j < range.upperBound, text[j] == "\"" else { break }
                    let value = stringLiteral(openingAt: j, before: range.upperBound).value
                    return value.isEmpty ? nil : value
                }
            }
            i += 1
        }
        return nil
    }
}
