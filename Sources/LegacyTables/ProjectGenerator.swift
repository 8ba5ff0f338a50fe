import Foundation
import StringcatSupport

/// A project whose `.xcodeproj` is generated (xcode-project.md S2): editing it would be undone at
/// the next generation, so stringcat writes the catalogs, leaves every project file alone and
/// prints what the user must change.
public struct ProjectGenerator: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case xcodeGen = "XcodeGen"
        case tuist = "Tuist"
        /// An `.xcodeproj` that `.gitignore` ignores: made by some generator on each checkout.
        case ignoredProject = "an ignored .xcodeproj"
    }

    public var kind: Kind
    /// The file that says so (`project.yml`, `Project.swift`, `.gitignore`).
    public var evidence: String

    /// What the user must check and do after the catalogs are written.
    public var checklist: [String] {
        var lines: [String]
        switch kind {
        case .xcodeGen:
            lines = ["make sure each catalog lies inside a `sources` or `resources` path of its target in \(evidence) (XcodeGen picks up .xcstrings files there)"]
        case .tuist:
            lines = ["make sure each catalog is matched by the target's `resources` in \(evidence) (for example \"**/*.xcstrings\")"]
        case .ignoredProject:
            lines = ["make sure the tool that generates the ignored .xcodeproj includes the catalogs"]
        }
        lines.append("set LOCALIZATION_PREFERS_STRING_CATALOGS = YES and SWIFT_EMIT_LOC_STRINGS = YES in the project's settings")
        lines.append("remove the .strings/.stringsdict files the catalogs replace from the spec (--delete-legacy deletes them from disk once proven)")
        lines.append("regenerate the project and build once")
        return lines
    }

    /// Looks at the root for XcodeGen's `project.yml`, Tuist's `Project.swift` or `Tuist/`, or an
    /// `.xcodeproj` listed in `.gitignore`.
    static func detect(root: String, projectFiles: [String]) -> ProjectGenerator? {
        let fm = FileManager.default
        for name in ["project.yml", "project.yaml"] where fm.fileExists(atPath: root + "/" + name) {
            return ProjectGenerator(kind: .xcodeGen, evidence: name)
        }
        if fm.fileExists(atPath: root + "/Project.swift") { return ProjectGenerator(kind: .tuist, evidence: "Project.swift") }
        if fm.fileExists(atPath: root + "/Tuist") { return ProjectGenerator(kind: .tuist, evidence: "Tuist/") }
        if let ignore = fm.contents(atPath: root + "/.gitignore").map({ String(decoding: $0, as: UTF8.self) }) {
            for project in projectFiles where project.hasSuffix("/project.pbxproj") {
                let bundle = (project as NSString).deletingLastPathComponent
                let relative = bundle.hasPrefix(root + "/") ? String(bundle.dropFirst(root.count + 1)) : bundle
                if ignores(ignore, relative) { return ProjectGenerator(kind: .ignoredProject, evidence: ".gitignore") }
            }
        }
        return nil
    }

    /// True when a line of a `.gitignore` (no negations) matches the folder `relative` or its name.
    static func ignores(_ gitignore: String, _ relative: String) -> Bool {
        let name = (relative as NSString).lastPathComponent
        for raw in gitignore.split(whereSeparator: \.isNewline) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#"), !line.hasPrefix("!") else { continue }
            while line.hasSuffix("/") { line.removeLast() }
            if line.hasPrefix("/") {
                if fnmatch(String(line.dropFirst()), relative, 0) == 0 { return true }
            } else if line.contains("/") {
                if fnmatch(line, relative, 0) == 0 { return true }
            } else if fnmatch(line, name, 0) == 0 {
                return true
            }
        }
        return false
    }
}

/// What stringcat needs of a `Package.swift` (xcode-project.md S1, F5): its tools version, its
/// `defaultLocalization`, and whether `.lproj` folders are named as resources.
public struct PackageManifest: Sendable, Hashable {
    public var path: String
    /// `5.9` from `// swift-tools-version:5.9`; nil when the line is missing.
    public var toolsVersion: String?
    public var defaultLocalization: String?
    /// Warnings for the user: the manifest must change for the catalogs to be built.
    public var warnings: [Diagnostic]

    static func read(_ path: String) -> PackageManifest {
        let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        var manifest = PackageManifest(path: path, toolsVersion: nil, defaultLocalization: SourceLanguageDetector.defaultLocalization(inManifest: text), warnings: [])
        if let first = text.split(separator: "\n", maxSplits: 1).first, let range = first.range(of: "swift-tools-version:") {
            manifest.toolsVersion = String(first[range.upperBound...].trimmingCharacters(in: .whitespaces).prefix { $0.isNumber || $0 == "." })
        }
        if let version = manifest.toolsVersion, Self.isBelow59(version) {
            manifest.warnings.append(.warning("swift-tools-version \(version) is below 5.9: SwiftPM builds String Catalogs only from 5.9 on; raise the tools version", at: SourceLocation(path: path, line: 1, column: 1)))
        }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains(".lproj\"") {
            manifest.warnings.append(.warning("the manifest names an .lproj folder as a resource; point it at the catalog (or the folder holding it) instead", at: SourceLocation(path: path, line: index + 1, column: 1)))
        }
        return manifest
    }

    static func isBelow59(_ version: String) -> Bool {
        let parts = version.split(separator: ".").compactMap { Int($0) }
        guard let major = parts.first else { return false }
        return major < 5 || (major == 5 && (parts.count > 1 ? parts[1] : 0) < 9)
    }
}
