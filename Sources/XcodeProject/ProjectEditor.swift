import StringcatSupport

/// Edits of one `project.pbxproj`, as operations on its syntax tree: objects added and removed,
/// items of list fields (`children`, `files`, `membershipExceptions`, `exceptions`) replaced,
/// inserted and removed, build settings added, `objectVersion` set. Untouched bytes stay as they
/// were, so the diff holds only what changed; every change is recorded in `changes`. What a
/// migration does with these primitives (which groups go, where a catalog's reference goes) is
/// not decided here: that is the rules' job (the XcodeRules module).
public struct ProjectEditor: Sendable {
    /// The project as read (object IDs and fields before the edit).
    public let graph: ProjectGraph
    public let resolver: PathResolver
    /// What changed so far.
    public var changes = ProjectChanges()
    /// Objects the edit removes (taken out when it finishes).
    public private(set) var removed: Set<String> = []
    private var document: PBXDocument
    private var ids: ObjectIDGenerator
    private var additions: [PBXDocument.NewObject] = []
    private let buildFileRefs: [String: String]
    /// Whether the file writes reference comments (Project Builder files do not).
    public let usesComments: Bool
    /// Every build phase, and the target owning it.
    public let phases: [(object: PBXObject, target: String?)]

    /// - Parameter projectFolder: the absolute folder holding the `.xcodeproj`.
    public init(graph: ProjectGraph, projectFolder: String) {
        self.graph = graph
        self.resolver = PathResolver(graph: graph, projectFolder: projectFolder)
        self.document = graph.document
        self.ids = ObjectIDGenerator(existing: graph.objects.map(\.id))
        var refs: [String: String] = [:]
        for object in graph.objects where object.kind == .buildFile {
            if let ref = graph.document.string("fileRef", in: object.dictionary) { refs[object.id] = ref }
        }
        buildFileRefs = refs
        var owners: [String: String] = [:]
        for target in graph.targets { for phase in target.buildPhases { owners[phase] = target.id } }
        phases = graph.objects.filter { $0.isa.hasSuffix("BuildPhase") }.map { ($0, owners[$0.id]) }
        usesComments = graph.objects.isEmpty || graph.objects.contains { $0.comment != nil }
    }

    /// A new object ID, the same for the same `key` whatever else the edit adds (`ObjectIDGenerator`).
    public mutating func newID(for key: String) -> String { ids.id(for: key) }

    /// `ID /* comment */` in this file's style.
    public func reference(_ id: String, _ comment: String) -> String {
        PBXDocument.reference(id, usesComments ? comment : nil)
    }

    /// The file a build file builds.
    public func fileReference(ofBuildFile id: String) -> String? { buildFileRefs[id] }

    // MARK: Objects

    /// Adds an object (`text`: its whole entry, `ID /* comment */ = {…};`), in its section in ID order.
    public mutating func addObject(_ id: String, isa: String, comment: String, text: String) {
        additions.append(.init(id: id, isa: isa, text: text))
        changes.addedObjects.append(.init(id: id, isa: isa, comment: comment))
    }

    /// Removes an object when the edit finishes, with every list item that still names it.
    public mutating func removeObject(_ id: String) { removed.insert(id) }

    // MARK: Lists

    /// The items of an object's list field (nil when it has none), as strings.
    public func items(_ key: String, of id: String) -> [String?]? {
        list(key, of: id).map { document.itemStrings($0) }
    }

    public mutating func replaceItem(_ key: String, of id: String, at index: Int, with newID: String, comment: String?)
    {
        guard let array = list(key, of: id) else { return }
        document.replaceItem(in: array, at: index, id: newID, comment: comment)
        noteChangedList(id)
    }

    /// Inserts an item; `notingList: false` for a list whose changes are recorded otherwise (an
    /// exception set's `membershipExceptions`: `changes.exceptionsAdded`).
    public mutating func insertItem(
        _ key: String, of id: String, at index: Int, _ newItem: String, comment: String?, notingList: Bool = true
    ) {
        guard let array = list(key, of: id) else { return }
        document.insertItem(in: array, at: index, id: newItem, comment: comment)
        if notingList { noteChangedList(id) }
    }

    /// Removes the item at `index`; with `removingEmptyField`, the field itself goes when the
    /// list is left empty.
    public mutating func removeItem(
        _ key: String, of id: String, at index: Int, removingEmptyField: Bool = false, notingList: Bool = true
    ) {
        guard let array = list(key, of: id), let object = graph.object(id) else { return }
        document.arrays[array].items.remove(at: index)
        if removingEmptyField, document.arrays[array].items.isEmpty,
            let entry = document.entryIndex(key, in: object.dictionary)
        {
            document.dictionaries[object.dictionary].entries.remove(at: entry)
        }
        if notingList { noteChangedList(id) }
    }

    /// Adds a field to an object that has none, in its sorted place, its value written as
    /// `rawValue` (a list: `arrayText`, or `(A, )`).
    public mutating func addField(_ key: String, of id: String, rawValue: String) {
        guard let object = graph.object(id) else { return }
        document.insertSortedEntry(in: object.dictionary, key: key, rawValue: rawValue)
    }

    /// The field names of an object, in file order.
    public func fieldNames(of id: String) -> [String] {
        guard let object = graph.object(id) else { return [] }
        return document.dictionaries[object.dictionary].entries.map { document.string($0.key) }
    }

    /// `(\n\t\t\t\tA,\n\t\t\t\tB,\n\t\t\t)` at `indent` tabs for the closing parenthesis.
    public static func arrayText(_ items: [String], indent: Int) -> String {
        let inner = String(repeating: "\t", count: indent + 1)
        return "(\n" + items.map { inner + PBXStringCoding.encode($0) + ",\n" }.joined()
            + String(repeating: "\t", count: indent) + ")"
    }

    /// Records a list field of `id` as changed (once).
    public mutating func noteChangedList(_ id: String) {
        guard let object = graph.object(id), !changes.changedLists.contains(where: { $0.id == id }) else { return }
        changes.changedLists.append(.init(id: id, isa: object.isa, comment: object.comment))
    }

    // MARK: Settings

    /// Adds `key = value` to a configuration's build settings, in sorted place.
    public mutating func addBuildSetting(_ key: String, value: String, to configuration: String, targetName: String?) {
        guard let object = graph.object(configuration),
            case .dictionary(let settings)? = document.value("buildSettings", in: object.dictionary)
        else { return }
        document.insertSortedEntry(in: settings, key: key, value: value)
        changes.settingsAdded.append(
            .init(
                configurationID: configuration, configurationName: graph.buildConfiguration(configuration)?.name,
                targetName: targetName, key: key, value: value))
    }

    /// Sets the file's top-level `objectVersion`.
    public mutating func setObjectVersion(_ version: ObjectVersion) {
        guard let root = document.rootDictionary, let from = graph.project?.objectVersion else { return }
        document.replaceString(in: root, key: "objectVersion", with: version.description)
        changes.objectVersion = ProjectChanges.VersionChange(from: from.rawValue, to: version.rawValue)
    }

    // MARK: Finishing

    /// Takes every removed object out of the lists that still name it (a child that another
    /// group lists too, a build file of a removed file in a phase), removes and adds the objects,
    /// and writes the bytes. A reference to an object that is gone is a broken project for Xcode.
    public mutating func finish() -> ProjectEdit {
        dropDanglingReferences()
        changes.removedObjects = graph.objects.filter { removed.contains($0.id) }.map {
            .init(id: $0.id, isa: $0.isa, comment: $0.comment)
        }
        changes.changedLists.removeAll { removed.contains($0.id) }
        if !removed.isEmpty || !additions.isEmpty { document.editObjects(removing: removed, adding: additions) }
        return ProjectEdit(document: document, bytes: PBXProjectWriter.bytes(document), changes: changes)
    }

    private mutating func dropDanglingReferences() {
        guard !removed.isEmpty else { return }
        for object in graph.objects where !removed.contains(object.id) && object.kind == .buildFile {
            if let ref = graph.document.string("fileRef", in: object.dictionary), removed.contains(ref) {
                removed.insert(object.id)
            }
        }
        for object in graph.objects where !removed.contains(object.id) {
            let key: String
            if ProjectGraph.groupKinds.contains(object.isa) {
                key = "children"
            } else if object.isa.hasSuffix("BuildPhase") {
                key = "files"
            } else {
                continue
            }
            guard let array = list(key, of: object.id) else { continue }
            let items = document.itemStrings(array)
            let gone = items.indices.filter { items[$0].map(removed.contains) ?? false }
            guard !gone.isEmpty else { continue }
            for position in gone.reversed() { document.arrays[array].items.remove(at: position) }
            noteChangedList(object.id)
        }
    }

    /// The array node of a list field of an object.
    private func list(_ key: String, of id: String) -> Int? {
        guard let object = graph.object(id), case .array(let array)? = document.value(key, in: object.dictionary) else {
            return nil
        }
        return array
    }
}
