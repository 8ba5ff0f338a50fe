import XcodeProject

/// Once a synchronized table's legacy files are deleted, the exception entries that stood for them go.
public struct DeletedSynchronizedFilesLeaveTheExceptions: ProjectEditRule {
    public let name = "deleted legacy files leave the exception sets"
    public let decides = """
        After --delete-legacy, each exception entry that stood for deleted files goes once no \
        language of it is left on disk, as does an entry naming a deleted file; an exception set \
        emptied so goes with it. Entries a killed run left (no language on disk, the catalog \
        there) go too when asked.
        """
    public let evidence = """
        The counterpart of the exceptions added while the files were kept: a target that builds \
        the catalog alone needs none (docs/spec/project-edit.md#synchronized-folders).
        """

    public init() {}

    /// It reads the exception sets the kept files' rule may have added to.
    public var follows: [any EditRule.Type] { [KeptSynchronizedFilesLeaveTheirTargets.self] }

    public func apply(_ facts: EditFacts, _ editor: inout ProjectEditor) -> [RuleChange] {
        let deleted = Set(facts.options.deletedFiles.map { PathResolver.normalize($0) })
        guard !deleted.isEmpty || facts.options.staleSynchronizedEntries else { return [] }
        let graph = facts.graph
        let disk = facts.synchronizedDisk
        var changes: [RuleChange] = []
        for root in facts.synchronizedRoots {
            var gone: Set<String> = []
            for file in deleted where file.hasPrefix(root.folder + "/") {
                gone.insert(String(file.dropFirst(root.folder.count + 1)))
                if let entry = SynchronizedFolders.localizedEntry(for: file, inFolder: root.folder),
                    !disk.languageLeft.contains(.init(folder: root.folder, entry: entry))
                {
                    gone.insert(entry)
                }
            }
            if facts.options.staleSynchronizedEntries {
                for setID in graph.strings("exceptions", of: root.id) {
                    for item in graph.strings("membershipExceptions", of: setID)
                    where SynchronizedFolders.isLocalizedTableEntry(item)
                        && !disk.languageLeft.contains(.init(folder: root.folder, entry: item))
                        && disk.catalogOnDisk.contains(.init(folder: root.folder, entry: item))
                    {
                        gone.insert(item)
                    }
                }
            }
            guard !gone.isEmpty else { continue }
            for setID in graph.strings("exceptions", of: root.id) {
                guard let items = editor.items("membershipExceptions", of: setID) else { continue }
                var removedHere = 0
                for position in items.indices.reversed() {
                    guard let item = items[position], gone.contains(item) else { continue }
                    editor.removeItem("membershipExceptions", of: setID, at: position, notingList: false)
                    editor.changes.exceptionsRemoved.insert(.init(exceptionSetID: setID, path: item), at: 0)
                    changes.append(.exceptionRemoved(set: setID, entry: item))
                    removedHere += 1
                }
                // A set this removal emptied (and that holds nothing else) goes with its entries.
                if removedHere > 0 && removedHere == items.count && onlyMembershipExceptions(setID, editor) {
                    editor.removeObject(setID)
                    if let position = editor.items("exceptions", of: root.id)?.firstIndex(of: setID) {
                        editor.removeItem("exceptions", of: root.id, at: position, removingEmptyField: true)
                    }
                    changes.append(.exceptionSetRemoved(id: setID))
                }
            }
        }
        return changes
    }

    /// True when the set has no field but `isa`, `membershipExceptions` and `target`.
    private func onlyMembershipExceptions(_ setID: String, _ editor: ProjectEditor) -> Bool {
        editor.fieldNames(of: setID).allSatisfy { ["isa", "membershipExceptions", "target"].contains($0) }
    }
}
