import StringcatSupport

/// The objects of a project by ID, in file order, with the parent of every group member.
///
/// A read-only view of one `PBXDocument`: edits make a new document, and a new graph over it.
public struct ProjectGraph: Sendable {
    public let document: PBXDocument
    /// Every object in file order.
    public let objects: [PBXObject]
    /// The `rootObject` (the `PBXProject`'s ID).
    public let rootObjectID: String?
    /// Problems found while indexing (duplicate IDs, dangling references): notes, not errors,
    /// because Xcode opens such files.
    public let diagnostics: [Diagnostic]
    private let positions: [String: Int]
    /// Child ID -> the group (`PBXGroup`, `PBXVariantGroup`, …) listing it.
    private let parents: [String: String]
    /// Child ID -> every group listing it, in file order, for the few children that more than one
    /// group lists (a hand-edited or merged file): their edits must leave none of those lists
    /// naming a removed object.
    private let sharedChildren: [String: [String]]

    public init(document: PBXDocument) {
        self.document = document
        var objects: [PBXObject] = []
        var positions: [String: Int] = [:]
        var diagnostics: [Diagnostic] = []
        var rootObjectID: String?
        if let root = document.rootDictionary {
            rootObjectID = document.string("rootObject", in: root)
        }
        if let objectsNode = document.objectsDictionary {
            let entries = document.dictionaries[objectsNode].entries
            objects.reserveCapacity(entries.count)
            positions.reserveCapacity(entries.count)
            for (index, entry) in entries.enumerated() {
                guard case .dictionary(let node) = entry.value else { continue }
                let id = document.string(entry.key)
                var isa = ""
                for field in document.dictionaries[node].entries where document.tokenEquals(field.key, "isa") {
                    isa = document.string(field.value) ?? ""
                }
                if positions[id] != nil {
                    diagnostics.append(
                        .warning(
                            "object ID \(id) is defined twice; the last definition is used", at: .file(document.path)))
                }
                positions[id] = objects.count
                objects.append(
                    PBXObject(
                        id: id, isa: isa, comment: document.comment(before: entry.equals), dictionary: node,
                        entryIndex: index))
            }
        }
        var parents: [String: String] = [:]
        var sharedChildren: [String: [String]] = [:]
        for object in objects where ProjectGraph.groupKinds.contains(object.isa) {
            for child in document.strings("children", in: object.dictionary) ?? [] {
                guard let first = parents[child] else {
                    parents[child] = object.id
                    continue
                }
                if first != object.id, sharedChildren[child]?.contains(object.id) != true {
                    sharedChildren[child, default: [first]].append(object.id)
                }
            }
        }
        self.sharedChildren = sharedChildren
        self.objects = objects
        self.positions = positions
        self.parents = parents
        self.rootObjectID = rootObjectID
        self.diagnostics = diagnostics
    }

    /// Reads and indexes a project file.
    public init(path: String) throws(Diagnostic) {
        self.init(document: try PBXProjectReader.read(path: path))
    }

    /// The object with this ID.
    public func object(_ id: String) -> PBXObject? {
        positions[id].map { objects[$0] }
    }

    /// Objects of one `isa`, in file order.
    public func objects(isa: String) -> [PBXObject] { objects.filter { $0.isa == isa } }

    /// The group that lists `id` among its children (the first one, when a hand-edited file lists
    /// it twice).
    public func parent(of id: String) -> String? { parents[id] }

    /// Every group that lists `id` among its children, in file order, each once.
    public func parents(of id: String) -> [String] {
        sharedChildren[id] ?? parents[id].map { [$0] } ?? []
    }

    /// Objects whose `children` list groups and files.
    public static let groupKinds: Set<String> = Set(
        [ObjectKind.group, .variantGroup, .versionGroup, .synchronizedRootGroup].map(\.rawValue))

    /// A string field of an object.
    public func string(_ key: String, of id: String) -> String? {
        object(id).flatMap { document.string(key, in: $0.dictionary) }
    }

    /// A list field of an object (`children`, `files`, `targets`); empty when absent.
    public func strings(_ key: String, of id: String) -> [String] {
        object(id).flatMap { document.strings(key, in: $0.dictionary) } ?? []
    }

    /// The build settings of an `XCBuildConfiguration`, in file order.
    public func buildSettings(of configurationID: String) -> [(key: String, value: PBXSettingValue)] {
        guard let object = object(configurationID),
            case .dictionary(let node)? = document.value("buildSettings", in: object.dictionary)
        else { return [] }
        return document.dictionaries[node].entries.map { entry in
            let key = document.string(entry.key)
            switch entry.value {
            case .string(let token): return (key, .string(document.string(token)))
            case .array(let array):
                return (key, .list(document.arrays[array].items.compactMap { document.string($0.value) }))
            case .dictionary: return (key, .list([]))
            }
        }
    }

    /// One build setting of a configuration (the last, if repeated).
    public func buildSetting(_ key: String, of configurationID: String) -> PBXSettingValue? {
        buildSettings(of: configurationID).last { $0.key == key }?.value
    }
}
