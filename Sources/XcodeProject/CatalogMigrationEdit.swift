import StringcatSupport

/// The `project.pbxproj` edit of a migration (xcode-project.md §3, P1–P11), as operations on the
/// syntax tree: untouched bytes stay as they were, so the diff holds only removed and added
/// objects, changed `children`/`files` lists, build settings and `objectVersion`.
public enum CatalogMigrationEdit {
    /// Where the migration puts `SWIFT_EMIT_LOC_STRINGS = YES`: it depends on the Xcode that
    /// migrates, and nothing in the project file tells (docs/spec/migration-rules.md, "Which Xcode").
    public enum EmitLocStringsPlacement: Sendable, Hashable {
        /// Xcode 15: in each configuration of each target that received a catalog, where the
        /// target does not already evaluate to YES.
        case eachReceivingTarget
        /// Xcode 16 and later: in every project-level configuration that does not set it yet
        /// (even when the targets say YES); targets are left alone, an explicit `NO` included.
        case projectConfigurations
    }

    /// Replaces the variant groups of `tables` (any subset of `LocalizedTables.find`'s) by
    /// catalogs.
    ///
    /// - Normal table: one new `PBXFileReference` (P1) in the `.strings` group's slot (P3); the
    ///   groups, their children and their build files go (P2); each build phase that held a build
    ///   file of them gets one for the catalog where the first one was (P4).
    /// - IB table: the `.strings` children go and a `mul` child is added to the group (P5);
    ///   `objectVersion` becomes 60 if below (P6).
    /// - Settings: `LOCALIZATION_PREFERS_STRING_CATALOGS = YES` in every project-level
    ///   configuration lacking it (P8); `SWIFT_EMIT_LOC_STRINGS = YES` where `emitLocStrings`
    ///   says (P9). `knownRegions`, `developmentRegion` and `LastUpgradeCheck` are never
    ///   touched (P7).
    ///
    /// - Synchronized folders (S5): the legacy files of `keptSynchronizedFiles` (absolute),
    ///   kept beside their catalogs, leave the membership of each target that builds their folder
    ///   (`/Localized/<folder>/<Name>` in its exception set); the entries that stood for
    ///   `deletedFiles` go once no language of them is left on disk.
    ///
    /// New IDs are deterministic (`ObjectIDGenerator`): migrating tables one call at a time gives
    /// the same bytes as one call with all of them.
    /// - Parameters:
    ///   - tables: tables of this project, from `LocalizedTables.find` (any subset).
    ///   - graph: the project as read.
    ///   - projectFolder: the absolute folder holding the `.xcodeproj`.
    ///   - deletedFiles: absolute paths of legacy files the migration deletes inside synchronized
    ///     folders (files of variant groups need not be listed).
    /// - Throws: a `Diagnostic` when a table's group is not a variant group of this project.
    ///   - staleSynchronizedEntries: also remove the exception entries of tables whose files are
    ///     all gone while their catalog is on disk (after `--delete-legacy`: an earlier run killed
    ///     between its deletions and this edit left them).
    ///   - emitLocStrings: where `SWIFT_EMIT_LOC_STRINGS = YES` goes (default: as Xcode 16 and later).
    public static func apply(_ tables: [LocalizedTable], to graph: ProjectGraph, projectFolder: String,
                             keptSynchronizedFiles: [String] = [], deletedFiles: [String] = [],
                             staleSynchronizedEntries: Bool = false,
                             emitLocStrings: EmitLocStringsPlacement = .projectConfigurations) throws(Diagnostic) -> ProjectEdit {
        var editor = Editor(graph: graph, projectFolder: projectFolder)
        for table in tables { try editor.migrate(table) }
        editor.applySettings(emitLocStrings)
        editor.excludeFromSynchronizedFolders(keptSynchronizedFiles)
        editor.removeSynchronizedExceptions(deletedFiles: deletedFiles, staleEntries: staleSynchronizedEntries)
        return editor.finish()
    }
}

/// One edit in progress: the document being changed and what changed so far.
struct Editor {
    let graph: ProjectGraph
    let resolver: PathResolver
    var document: PBXDocument
    var changes = ProjectChanges()
    var ids: ObjectIDGenerator
    var removed: Set<String> = []
    var additions: [PBXDocument.NewObject] = []
    /// Targets that received a catalog (P9), by ID.
    var receivingTargets: Set<String> = []
    var addedMul = false
    var handledGroups: Set<String> = []
    /// Build file ID -> the file it builds.
    let buildFileRefs: [String: String]
    /// Whether the file writes reference comments (Project Builder files do not).
    let usesComments: Bool
    /// Every build phase, and the target owning it.
    let phases: [(object: PBXObject, target: String?)]

    init(graph: ProjectGraph, projectFolder: String) {
        self.graph = graph
        self.resolver = PathResolver(graph: graph, projectFolder: projectFolder)
        self.document = graph.document
        self.ids = ObjectIDGenerator(existing: graph.objects.map(\.id))
        var refs: [String: String] = [:]
        for object in graph.objects where object.isa == "PBXBuildFile" {
            if let ref = graph.document.string("fileRef", in: object.dictionary) { refs[object.id] = ref }
        }
        buildFileRefs = refs
        var owners: [String: String] = [:]
        for target in graph.targets { for phase in target.buildPhases { owners[phase] = target.id } }
        phases = graph.objects.filter { $0.isa.hasSuffix("BuildPhase") }.map { ($0, owners[$0.id]) }
        usesComments = graph.objects.isEmpty || graph.objects.contains { $0.comment != nil }
    }

    /// `ID /* comment */` in this file's style.
    func reference(_ id: String, _ comment: String) -> String {
        PBXDocument.reference(id, usesComments ? comment : nil)
    }

    /// The key new IDs of a table are derived from: the catalog's path below the project folder.
    func idKey(_ table: LocalizedTable) -> String {
        PathResolver.relative(table.catalogPath, from: resolver.projectFolder)
    }

    mutating func migrate(_ table: LocalizedTable) throws(Diagnostic) {
        guard let slot = table.variantGroupIDs.first else { return }
        // L8: a plain `.strings` file's reference stands where a variant group would.
        let plainFiles = Set(table.files.map(\.referenceID))
        for id in table.variantGroupIDs where graph.object(id)?.isa != "PBXVariantGroup"
            && !(graph.object(id)?.isa == "PBXFileReference" && plainFiles.contains(id)) {
            throw Diagnostic.error("table \(table.name): \(id) is not a variant group of this project (was the project changed since its tables were listed?)", at: .file(graph.document.path))
        }
        guard !table.variantGroupIDs.contains(where: handledGroups.contains) else { return }
        handledGroups.formUnion(table.variantGroupIDs)
        if table.isInterfaceBuilder {
            migrateInterfaceBuilder(table)
        } else {
            migrateTable(table, slot: slot)
        }
    }

    /// P1–P4.
    private mutating func migrateTable(_ table: LocalizedTable, slot: String) {
        let key = idKey(table)
        let catalogName = PathResolver.lastComponent(table.catalogPath)
        let referenceID = ids.id(for: key + "|reference")
        let location = table.referencePlacement.map { referenceLocation(table.catalogPath, inGroup: $0.groupID) }
            ?? referenceLocation(table.catalogPath, slot: slot)
        var fields = "isa = PBXFileReference; lastKnownFileType = text.json.xcstrings; "
        if let name = location.name { fields += "name = \(PBXStringCoding.encode(name)); " }
        fields += "path = \(PBXStringCoding.encode(location.path)); sourceTree = \(PBXStringCoding.encode(location.sourceTree)); "
        add(referenceID, "PBXFileReference", catalogName, "\(reference(referenceID, catalogName)) = {\(fields)};")

        // P3: the reference takes the first group's slot; the other groups leave their parents.
        // L9: every group leaves its `.lproj` group, and the reference goes into the group of the
        // folder holding them, before the first of them.
        // A group that several groups list (a hand-edited or merged file) is replaced in each.
        for (index, group) in table.variantGroupIDs.enumerated() {
            for parent in graph.parents(of: group) {
                guard let array = list("children", of: parent) else { continue }
                let items = document.itemStrings(array)
                let positions = items.indices.filter { items[$0] == group }
                guard let first = positions.first else { continue }
                for position in positions.dropFirst().reversed() { document.arrays[array].items.remove(at: position) }
                if index == 0 && table.referencePlacement == nil {
                    document.replaceItem(in: array, at: first, id: referenceID, comment: catalogName)
                } else {
                    document.arrays[array].items.remove(at: first)
                }
                noteChangedList(parent)
            }
        }
        if let placement = table.referencePlacement, let array = list("children", of: placement.groupID) {
            let items = document.itemStrings(array)
            document.insertItem(in: array, at: items.firstIndex(of: placement.beforeChildID) ?? items.count, id: referenceID, comment: catalogName)
            noteChangedList(placement.groupID)
        }
        // P2: the groups, their children, their build files.
        let groups = Set(table.variantGroupIDs)
        for group in table.variantGroupIDs {
            removed.insert(group)
            removed.formUnion(graph.strings("children", of: group))
        }
        // P4: one build file per phase that built one of the groups, where the first one was.
        for (phase, target) in phases {
            guard let array = list("files", of: phase.id) else { continue }
            let items = document.itemStrings(array)
            let positions = items.indices.filter { items[$0].flatMap { buildFileRefs[$0] }.map(groups.contains) ?? false }
            guard let first = positions.first else { continue }
            for position in positions { removed.insert(items[position]!) }
            let buildFileID = ids.id(for: key + "|buildFile|" + phase.id)
            let comment = "\(catalogName) in \(phase.comment ?? graph.string("name", of: phase.id) ?? "Resources")"
            document.replaceItem(in: array, at: first, id: buildFileID, comment: comment)
            for position in positions.dropFirst().reversed() { document.arrays[array].items.remove(at: position) }
            add(buildFileID, "PBXBuildFile", comment, "\(reference(buildFileID, comment)) = {isa = PBXBuildFile; fileRef = \(reference(referenceID, catalogName)); };")
            noteChangedList(phase.id)
            if let target { receivingTargets.insert(target) }
        }
    }

    /// P5: the `.strings` children go, a `mul` child comes; the storyboard or xib stays.
    private mutating func migrateInterfaceBuilder(_ table: LocalizedTable) {
        let read = Set(table.files.map(\.referenceID))
        for (index, group) in table.variantGroupIDs.enumerated() {
            guard let array = list("children", of: group) else { continue }
            let items = document.itemStrings(array)
            for position in items.indices.reversed() where items[position].map(read.contains) ?? false {
                removed.insert(items[position]!)
                document.arrays[array].items.remove(at: position)
            }
            if index == 0, let folder = resolver.path(of: group) {
                let mulID = ids.id(for: idKey(table) + "|mul")
                let path = PathResolver.relative(table.catalogPath, from: folder)
                add(mulID, "PBXFileReference", "mul", "\(reference(mulID, "mul")) = {isa = PBXFileReference; lastKnownFileType = text.json.xcstrings; name = mul; path = \(PBXStringCoding.encode(path)); sourceTree = \"<group>\"; };")
                document.insertItem(in: array, at: document.arrays[array].items.count, id: mulID, comment: "mul")
                addedMul = true
            }
            noteChangedList(group)
        }
        receivingTargets.formUnion(table.targetIDs)
    }

    /// Where the new reference points from the slot's group (P1): `path = T.xcstrings` relative
    /// to the group when the catalog is in the group's folder, as in every migration studied.
    /// When the variant group had a folder of its own (`path`, or `SOURCE_ROOT` like Easydict's
    /// `Localizable.strings`), the reference keeps pointing at the catalog: a path relative to
    /// the same base, with `name` set as Xcode does for paths with folders [INF].
    func referenceLocation(_ catalog: String, slot: String) -> (name: String?, path: String, sourceTree: String) {
        let name = PathResolver.lastComponent(catalog)
        if graph.string("sourceTree", of: slot) == "SOURCE_ROOT" || graph.parent(of: slot) == nil {
            let path = PathResolver.relative(catalog, from: resolver.projectFolder)
            return (path.contains("/") ? name : nil, path, "SOURCE_ROOT")
        }
        guard let parent = graph.parent(of: slot) else { return (name, catalog, "<absolute>") }
        return referenceLocation(catalog, inGroup: parent)
    }

    /// Where a reference to `catalog` in the group `group` points: relative to the group's folder.
    func referenceLocation(_ catalog: String, inGroup group: String) -> (name: String?, path: String, sourceTree: String) {
        let name = PathResolver.lastComponent(catalog)
        guard let folder = resolver.path(of: group) else { return (name, catalog, "<absolute>") }
        let path = PathResolver.relative(catalog, from: folder)
        return (path.contains("/") ? name : nil, path, "<group>")
    }

    /// P8 and P9, once the tables are done.
    mutating func applySettings(_ emitLocStrings: CatalogMigrationEdit.EmitLocStringsPlacement) {
        guard !handledGroups.isEmpty, let project = graph.project else { return }
        let projectConfigurations = project.buildConfigurationList.flatMap { graph.configurationList($0) }?.buildConfigurations ?? []
        for configuration in projectConfigurations where graph.buildSetting("LOCALIZATION_PREFERS_STRING_CATALOGS", of: configuration) == nil {
            addSetting("LOCALIZATION_PREFERS_STRING_CATALOGS", to: configuration, target: nil)
        }
        switch emitLocStrings {
        case .projectConfigurations:
            // A value the project level already has (YES, or a NO someone chose) is left as it is.
            for configuration in projectConfigurations where graph.buildSetting("SWIFT_EMIT_LOC_STRINGS", of: configuration) == nil {
                addSetting("SWIFT_EMIT_LOC_STRINGS", to: configuration, target: nil)
            }
        case .eachReceivingTarget:
            var projectEmits: [String: PBXSettingValue] = [:]
            for configuration in projectConfigurations {
                if let name = graph.buildConfiguration(configuration)?.name, let value = graph.buildSetting("SWIFT_EMIT_LOC_STRINGS", of: configuration) {
                    projectEmits[name] = value
                }
            }
            for target in graph.targets where receivingTargets.contains(target.id) {
                let configurations = target.buildConfigurationList.flatMap { graph.configurationList($0) }?.buildConfigurations ?? []
                for configuration in configurations where graph.buildSetting("SWIFT_EMIT_LOC_STRINGS", of: configuration) == nil {
                    // Inherited from the project-level configuration of the same name.
                    if let name = graph.buildConfiguration(configuration)?.name, projectEmits[name] == .string("YES") { continue }
                    addSetting("SWIFT_EMIT_LOC_STRINGS", to: configuration, target: target.name ?? target.id)
                }
            }
        }
        if addedMul, let version = project.objectVersion, version < 60, let root = document.rootDictionary {
            document.replaceString(in: root, key: "objectVersion", with: "60")
            changes.objectVersion = (version, 60)
        }
    }

    private mutating func addSetting(_ key: String, to configuration: String, target: String?) {
        guard let object = graph.object(configuration), case .dictionary(let settings)? = document.value("buildSettings", in: object.dictionary) else { return }
        document.insertSortedEntry(in: settings, key: key, value: "YES")
        changes.settingsAdded.append(.init(configurationID: configuration, configurationName: graph.buildConfiguration(configuration)?.name,
                                           targetName: target, key: key, value: "YES"))
    }

    /// The array node of a list field of an object.
    private func list(_ key: String, of id: String) -> Int? {
        guard let object = graph.object(id), case .array(let array)? = document.value(key, in: object.dictionary) else { return nil }
        return array
    }

    mutating func add(_ id: String, _ isa: String, _ comment: String, _ text: String) {
        additions.append(.init(id: id, isa: isa, text: text))
        changes.addedObjects.append(.init(id: id, isa: isa, comment: comment))
    }

    mutating func noteChangedList(_ id: String) {
        guard let object = graph.object(id), !changes.changedLists.contains(where: { $0.id == id }) else { return }
        changes.changedLists.append(.init(id: id, isa: object.isa, comment: object.comment))
    }

    /// Takes every removed object out of the lists that still name it: a child that another
    /// group lists too (a variant group's file also in a plain group), a build file of a removed
    /// file in a phase. A reference to an object that is gone is a broken project for Xcode.
    mutating func dropDanglingReferences() {
        guard !removed.isEmpty else { return }
        for object in graph.objects where !removed.contains(object.id) && object.isa == "PBXBuildFile" {
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

    /// Removes and adds the objects, and writes the bytes.
    mutating func finish() -> ProjectEdit {
        dropDanglingReferences()
        changes.removedObjects = graph.objects.filter { removed.contains($0.id) }.map { .init(id: $0.id, isa: $0.isa, comment: $0.comment) }
        changes.changedLists.removeAll { removed.contains($0.id) }
        if !removed.isEmpty || !additions.isEmpty { document.editObjects(removing: removed, adding: additions) }
        return ProjectEdit(document: document, bytes: PBXProjectWriter.bytes(document), changes: changes)
    }
}
