import StringcatSupport

/// What an edit did to a project file, for `--dry-run` and the summary.
public struct ProjectChanges: Sendable, Hashable, Encodable {
    /// An object removed or added: its ID, isa and reference comment (`Localizable.strings`,
    /// `Localizable.xcstrings in Resources`, `mul`).
    public struct Object: Sendable, Hashable, Codable {
        public var id: String
        public var isa: String
        public var comment: String?
    }

    /// A build setting added to one configuration.
    public struct Setting: Sendable, Hashable, Codable {
        public var configurationID: String
        /// `Debug`, `Release`…
        public var configurationName: String?
        /// The target's name, or nil for a project-level configuration.
        public var targetName: String?
        public var key: String
        public var value: String
    }

    /// A path taken out of a synchronized folder's exception set.
    public struct ExceptionRemoval: Sendable, Hashable, Codable {
        public var exceptionSetID: String
        public var path: String

        public init(exceptionSetID: String, path: String) {
            self.exceptionSetID = exceptionSetID
            self.path = path
        }
    }

    /// `objectVersion` before and after.
    public struct VersionChange: Sendable, Hashable, Codable {
        public var from: Int
        public var to: Int

        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    public var removedObjects: [Object] = []
    public var addedObjects: [Object] = []
    /// Groups and phases whose `children` / `files` lists changed.
    public var changedLists: [Object] = []
    public var settingsAdded: [Setting] = []
    /// `objectVersion` before and after, when it changed (docs/spec/project-edit.md#objectversion-becomes-60).
    /// `--json` says `null` when it did not change.
    @Nullable public var objectVersion: VersionChange?
    public var exceptionsRemoved: [ExceptionRemoval] = []
    /// Paths added to a synchronized folder's exception set (kept legacy files leave a target).
    public var exceptionsAdded: [ExceptionRemoval] = []

    public init() {}

    /// One line per change, for `--dry-run`: `- PBXVariantGroup 5A… Localizable.strings`,
    /// `+ PBXFileReference 3F… Localizable.xcstrings`, `~ PBXGroup 7B… Resources (children)`,
    /// `+ LOCALIZATION_PREFERS_STRING_CATALOGS = YES (project, Debug)`, `objectVersion 56 -> 60`,
    /// `- exception de.lproj/Localizable.strings (E1…)`.
    public var lines: [String] {
        var out: [String] = []
        for object in removedObjects {
            out.append("- \(object.isa) \(object.id)" + (object.comment.map { " " + $0 } ?? ""))
        }
        for object in addedObjects {
            out.append("+ \(object.isa) \(object.id)" + (object.comment.map { " " + $0 } ?? ""))
        }
        for object in changedLists {
            let field = object.isa.hasSuffix("BuildPhase") ? "files" : "children"
            out.append("~ \(object.isa) \(object.id)" + (object.comment.map { " " + $0 } ?? "") + " (\(field))")
        }
        for setting in settingsAdded {
            out.append(
                "+ \(setting.key) = \(setting.value) (\(setting.targetName.map { "target " + $0 } ?? "project"), "
                    + "\(setting.configurationName ?? setting.configurationID))"
            )
        }
        if let version = objectVersion { out.append("objectVersion \(version.from) -> \(version.to)") }
        for addition in exceptionsAdded { out.append("+ exception \(addition.path) (\(addition.exceptionSetID))") }
        for removal in exceptionsRemoved { out.append("- exception \(removal.path) (\(removal.exceptionSetID))") }
        return out
    }

    /// True when the edit changes nothing.
    public var isEmpty: Bool {
        removedObjects.isEmpty && addedObjects.isEmpty && changedLists.isEmpty && settingsAdded.isEmpty
            && objectVersion == nil && exceptionsRemoved.isEmpty && exceptionsAdded.isEmpty
    }
}

/// An edited project file.
public struct ProjectEdit: Sendable {
    /// The edited document (parse it again with `ProjectGraph(document:)` to edit further).
    public var document: PBXDocument
    /// The edited file's bytes.
    public var bytes: [UInt8]
    public var changes: ProjectChanges
}
