import StringcatSupport
import XcodeProject

/// What the rules of one edit need to know, worked out once before any of them runs
/// (docs/spec/project-edit.md): the tables migrated, the IDs of the objects they get, where each
/// catalog's reference points, which targets receive a catalog, and for synchronized folders what
/// is on disk. The rules read these and never each other's state, so that their order does not
/// change the bytes.
public struct EditFacts: Sendable {
    /// The IDs a table's new objects get, reserved before any rule runs (docs/spec/project-edit.md#new-object-ids).
    public struct NewIDs: Sendable, Hashable {
        /// The catalog's file reference (not for an Interface Builder table).
        public var reference: String?
        /// The catalog's build files, one per build phase that builds one of the table's groups,
        /// in phase order.
        public var buildFiles: [BuildFile] = []
        /// The `mul` child of an Interface Builder table's group, when its folder is known.
        public var mul: String?
    }

    /// A catalog's new build file in one build phase.
    public struct BuildFile: Sendable, Hashable {
        public var phase: String
        public var id: String
    }

    public let graph: ProjectGraph
    public let resolver: PathResolver
    public let options: MigrationEdit.Options
    /// The tables this edit migrates, in order: a table whose groups an earlier one took is not.
    public internal(set) var tables: [LocalizedTable] = []
    /// By catalog path.
    public internal(set) var newIDs: [String: NewIDs] = [:]
    /// Where a table's new reference points when a rule decided it (by catalog path); otherwise
    /// relative to the group that takes it.
    public internal(set) var referenceLocations: [String: MigrationEdit.ReferenceLocation] = [:]
    /// Targets that receive a catalog, by ID (`SWIFT_EMIT_LOC_STRINGS` for Xcode 15).
    public internal(set) var receivingTargets: Set<String> = []
    /// An Interface Builder table gets a `mul` catalog (`objectVersion` 60).
    public internal(set) var addsMul = false
    /// The project's synchronized folders, deepest first.
    public internal(set) var synchronizedRoots: [SynchronizedFolders.Root] = []
    /// What is on disk in them, for the entries this edit may remove.
    public internal(set) var synchronizedDisk = SynchronizedFolders.Disk()

    /// True when the edit migrates at least one table.
    public var migratesAnyTable: Bool { !tables.isEmpty }

    /// The key new IDs of a table are derived from: the catalog's path below the project folder,
    /// so that migrating tables one call at a time gives the bytes of one call with all of them.
    public func idKey(_ table: LocalizedTable) -> String {
        PathResolver.relative(table.catalogPath, from: resolver.projectFolder)
    }

    /// Works the facts out, reserving the new IDs in `editor`.
    /// - Throws: a `Diagnostic` when a table's group is not a variant group of this project, or a
    ///   synchronized folder cannot be listed.
    init(
        _ tables: [LocalizedTable], editor: inout ProjectEditor, options: MigrationEdit.Options,
        factRules: [any TableFactRule]
    ) throws(Diagnostic) {
        graph = editor.graph
        resolver = editor.resolver
        self.options = options
        var handledGroups: Set<String> = []
        for table in tables where try Self.isNew(table, handledGroups, graph) {
            handledGroups.formUnion(table.variantGroupIDs)
            self.tables.append(table)
        }
        // IDs in table order, each table's in the order its objects were always made.
        for table in self.tables {
            var ids = NewIDs()
            let key = idKey(table)
            if table.isInterfaceBuilder {
                receivingTargets.formUnion(table.targetIDs)
                if let group = table.variantGroupIDs.first, resolver.path(of: group) != nil {
                    ids.mul = editor.newID(for: key + "|mul")
                    addsMul = true
                }
            } else {
                ids.reference = editor.newID(for: key + "|reference")
                let groups = Set(table.variantGroupIDs)
                for (phase, target) in editor.phases {
                    guard let items = editor.items("files", of: phase.id),
                        items.contains(where: {
                            $0.flatMap { editor.fileReference(ofBuildFile: $0) }.map(groups.contains) ?? false
                        })
                    else { continue }
                    ids.buildFiles.append(
                        BuildFile(phase: phase.id, id: editor.newID(for: key + "|buildFile|" + phase.id)))
                    if let target { receivingTargets.insert(target) }
                }
            }
            newIDs[table.catalogPath] = ids
        }
        for table in self.tables {
            for rule in factRules { rule.decide(for: table, in: &self) }
        }
        synchronizedRoots = SynchronizedFolders.roots(graph, resolver)
        synchronizedDisk = try SynchronizedFolders.Disk(
            roots: synchronizedRoots, deletedFiles: options.deletedFiles,
            staleEntries: options.staleSynchronizedEntries, graph: graph)
    }

    /// Checks a table's groups are this project's: false for a table already migrated in this
    /// edit (two tables of one group) or with no group.
    private static func isNew(_ table: LocalizedTable, _ handledGroups: Set<String>, _ graph: ProjectGraph)
        throws(Diagnostic) -> Bool
    {
        guard !table.variantGroupIDs.isEmpty else { return false }
        // docs/spec/project-edit.md#a-strings-file-outside-any-lproj: a plain `.strings` file's reference stands where
        // a variant group would.
        let plainFiles = Set(table.files.map(\.referenceID))
        for id in table.variantGroupIDs
        where graph.object(id)?.kind != .variantGroup
            && !(graph.object(id)?.kind == .fileReference && plainFiles.contains(id))
        {
            throw Diagnostic.error(
                "table \(table.name): \(id) is not a variant group of this project (was the project changed since its "
                    + "tables were listed?)",
                at: .file(graph.document.path))
        }
        return !table.variantGroupIDs.contains(where: handledGroups.contains)
    }
}
