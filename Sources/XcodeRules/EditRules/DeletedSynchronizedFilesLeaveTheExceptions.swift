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

    public func apply(to edit: inout MigrationEdit) {
        let deleted = Set(edit.options.deletedFiles.map { PathResolver.normalize($0) })
        guard !deleted.isEmpty || edit.options.staleSynchronizedEntries else { return }
        let graph = edit.graph
        for root in SynchronizedFolders.roots(edit.editor) {
            var gone: Set<String> = []
            for file in deleted where file.hasPrefix(root.folder + "/") {
                gone.insert(String(file.dropFirst(root.folder.count + 1)))
                if let entry = SynchronizedFolders.localizedEntry(for: file, inFolder: root.folder),
                    !SynchronizedFolders.anyLanguageLeft(of: entry, in: root.folder)
                {
                    gone.insert(entry)
                }
            }
            if edit.options.staleSynchronizedEntries {
                for setID in graph.strings("exceptions", of: root.id) {
                    for item in graph.strings("membershipExceptions", of: setID)
                    where item.hasPrefix("/Localized/")
                        && (item.hasSuffix(".strings") || item.hasSuffix(".stringsdict"))
                        && !SynchronizedFolders.anyLanguageLeft(of: item, in: root.folder)
                        && SynchronizedFolders.catalogExists(for: item, in: root.folder)
                    {
                        gone.insert(item)
                    }
                }
            }
            guard !gone.isEmpty else { continue }
            for setID in graph.strings("exceptions", of: root.id) {
                guard let items = edit.editor.items("membershipExceptions", of: setID) else { continue }
                var removedHere = 0
                for position in items.indices.reversed() {
                    guard let item = items[position], gone.contains(item) else { continue }
                    edit.editor.removeItem("membershipExceptions", of: setID, at: position, notingList: false)
                    edit.editor.changes.exceptionsRemoved.insert(.init(exceptionSetID: setID, path: item), at: 0)
                    removedHere += 1
                }
                // A set this removal emptied (and that holds nothing else) goes with its entries.
                if removedHere > 0 && removedHere == items.count && onlyMembershipExceptions(setID, edit.editor) {
                    edit.editor.removeObject(setID)
                    if let position = edit.editor.items("exceptions", of: root.id)?.firstIndex(of: setID) {
                        edit.editor.removeItem("exceptions", of: root.id, at: position, removingEmptyField: true)
                    }
                }
            }
        }
    }

    /// True when the set has no field but `isa`, `membershipExceptions` and `target`.
    private func onlyMembershipExceptions(_ setID: String, _ editor: ProjectEditor) -> Bool {
        editor.fieldNames(of: setID).allSatisfy { ["isa", "membershipExceptions", "target"].contains($0) }
    }
}
