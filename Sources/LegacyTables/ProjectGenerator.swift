import Foundation
import StringcatSupport
import XcodeProject

/// A project whose `.xcodeproj` is generated (docs/spec/project-edit.md#a-generated-project): editing it would be
/// undone at the next generation, so stringcat writes the catalogs, leaves every project file alone and
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
    /// Tuist: the `Project.swift` files of the tree, relative to the root, where the targets and
    /// their resource globs are (`Projects/App/Project.swift` in a monorepo whose root holds only
    /// `Tuist/`).
    public var manifests: [String] = []

    public init(kind: Kind, evidence: String, manifests: [String] = []) {
        self.kind = kind
        self.evidence = evidence
        self.manifests = manifests
    }

    /// What the user must check and do after the catalogs are written.
    public var checklist: [String] {
        var lines: [String]
        switch kind {
        case .xcodeGen:
            lines = [
                "make sure each catalog lies inside a sources or resources path of its target in \(evidence) "
                    + "(XcodeGen picks up .xcstrings files there)"
            ]
        case .tuist:
            lines = [
                "make sure each catalog is matched by the resources globs of its target in \(manifestList) (for "
                    + "example \"Resources/**\" or \"**/*.xcstrings\")"
            ]
        case .ignoredProject:
            lines = ["make sure the tool that generates the ignored .xcodeproj includes the catalogs"]
        }
        lines.append(
            "set LOCALIZATION_PREFERS_STRING_CATALOGS = YES and SWIFT_EMIT_LOC_STRINGS = YES in the project's settings")
        lines.append(
            "remove the .strings/.stringsdict files the catalogs replace from the spec (--delete-legacy deletes them "
                + "from disk once proven)"
        )
        lines.append("regenerate the project and build once")
        return lines
    }

    /// Where a Tuist project's targets are declared: its `Project.swift` files (the first three, then a count).
    private var manifestList: String {
        guard !manifests.isEmpty else { return evidence }
        let shown = manifests.prefix(3).joined(separator: ", ")
        return manifests.count > 3 ? "\(shown) and \(manifests.count - 3) more Project.swift files" : shown
    }

    /// Looks at the root for XcodeGen's `project.yml`, Tuist's `Project.swift` or `Tuist/`, or an
    /// `.xcodeproj` listed in `.gitignore`.
    /// A file that cannot be read is a `FileProbe.Failure`: a generated project not seen as one
    /// would be edited.
    /// `tuistManifests` are the `Project.swift` files of the tree (absolute).
    static func detect(
        root: String, projectFiles: [String], tuistManifests: [String] = [], probe: FileProbe
    ) throws(FileProbe.Failure) -> ProjectGenerator? {
        let manifests = tuistManifests.map { PathResolver.relative($0, from: root) }.sorted()
        for name in ["project.yml", "project.yaml"] where try probe.exists(root + "/" + name) {
            return ProjectGenerator(kind: .xcodeGen, evidence: name)
        }
        if try probe.exists(root + "/Project.swift") {
            return ProjectGenerator(kind: .tuist, evidence: "Project.swift", manifests: manifests)
        }
        if try probe.exists(root + "/Tuist") {
            return ProjectGenerator(kind: .tuist, evidence: "Tuist/", manifests: manifests)
        }
        if let ignore = try probe.bytes(root + "/.gitignore").map({ String(decoding: $0, as: UTF8.self) }) {
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
