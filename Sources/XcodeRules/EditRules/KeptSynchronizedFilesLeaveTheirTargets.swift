import XcodeProject

/// Legacy files kept beside their catalogs in a synchronized folder leave its targets' membership.
public struct KeptSynchronizedFilesLeaveTheirTargets: ProjectEditRule {
    public let name = "kept legacy files leave a synchronized folder's targets"
    public let decides = """
        While a table's legacy files are kept beside its catalog in a synchronized folder, each \
        target that builds the folder gets /Localized/<folder>/<Name.strings> in its exception set \
        (the set Xcode writes when a file is unticked), so that it does not build the table twice.
        """
    public let evidence = """
        Inferred: the one Xcode migration of such a project seen left project.pbxproj untouched \
        because Xcode deletes the files as it migrates; KeePassium writes localized exceptions in \
        this form (docs/spec/project-edit.md#synchronized-folders).
        """

    public init() {}

    public func apply(_ facts: EditFacts, _ editor: inout ProjectEditor) -> [RuleChange] {
        let roots = facts.synchronizedRoots
        var entries: [String: [String]] = [:] // root ID -> entries, in order
        var rootOrder: [String] = []
        for file in facts.options.keptSynchronizedFiles.map({ PathResolver.normalize($0) }) {
            guard let root = roots.first(where: { file.hasPrefix($0.folder + "/") }),
                let entry = SynchronizedFolders.localizedEntry(for: file, inFolder: root.folder)
            else { continue }
            if entries[root.id] == nil { rootOrder.append(root.id) }
            if entries[root.id, default: []].contains(entry) == false { entries[root.id, default: []].append(entry) }
        }
        let graph = facts.graph
        var changes: [RuleChange] = []
        for rootID in rootOrder {
            for target in graph.targets
            where graph.strings("fileSystemSynchronizedGroups", of: target.id).contains(rootID) {
                let set = graph.strings("exceptions", of: rootID).first { id in
                    graph.object(id, is: .synchronizedExceptionSet) && graph.string("target", of: id) == target.id
                }
                if let set {
                    changes += addMembershipExceptions(entries[rootID]!, to: set, &editor)
                } else {
                    changes += addExceptionSet(entries[rootID]!, root: rootID, target: target, &editor)
                }
            }
        }
        return changes
    }

    /// Adds entries to a set's `membershipExceptions`, each where Xcode's order puts it, skipping
    /// those it has.
    private func addMembershipExceptions(_ entries: [String], to setID: String, _ editor: inout ProjectEditor)
        -> [RuleChange]
    {
        guard let items = editor.items("membershipExceptions", of: setID) else {
            editor.addField(
                "membershipExceptions", of: setID,
                rawValue: ProjectEditor.arrayText(entries.sorted(by: SynchronizedFolders.xcodeOrder), indent: 3))
            editor.changes.exceptionsAdded += entries.map { .init(exceptionSetID: setID, path: $0) }
            return entries.map { .exceptionAdded(set: setID, entry: $0) }
        }
        var current = items
        var changes: [RuleChange] = []
        for entry in entries {
            guard !current.contains(entry) else { continue }
            let position =
                current.firstIndex { $0.map { SynchronizedFolders.xcodeOrder(entry, $0) } ?? false } ?? current.count
            editor.insertItem("membershipExceptions", of: setID, at: position, entry, comment: nil, notingList: false)
            current.insert(entry, at: position)
            editor.changes.exceptionsAdded.append(.init(exceptionSetID: setID, path: entry))
            changes.append(.exceptionAdded(set: setID, entry: entry))
        }
        return changes
    }

    /// A new exception set for `target` holding `entries`, listed in the root group's `exceptions`.
    private func addExceptionSet(
        _ entries: [String], root rootID: String, target: PBXTargetView, _ editor: inout ProjectEditor
    ) -> [RuleChange] {
        let id = editor.newID(for: "synchronized-exceptions|\(rootID)|\(target.id)")
        let isa = ObjectKind.synchronizedExceptionSet.rawValue
        let sorted = entries.sorted(by: SynchronizedFolders.xcodeOrder)
        let text =
            "\(editor.reference(id, isa)) = {\n\t\t\tisa = \(isa);\n\t\t\tmembershipExceptions = "
            + "\(ProjectEditor.arrayText(sorted, indent: 3));\n\t\t\ttarget = "
            + "\(editor.reference(target.id, target.name ?? target.id));\n\t\t};"
        editor.addObject(id, kind: .synchronizedExceptionSet, comment: isa, text: text)
        editor.changes.exceptionsAdded += sorted.map { .init(exceptionSetID: id, path: $0) }
        let changes: [RuleChange] = [.exceptionSetAdded(id: id, target: target.id)]
        guard editor.graph.object(rootID) != nil else { return changes }
        if let items = editor.items("exceptions", of: rootID) {
            editor.insertItem("exceptions", of: rootID, at: items.count, id, comment: editor.usesComments ? isa : nil)
        } else {
            editor.addField("exceptions", of: rootID, rawValue: "(\(editor.reference(id, isa)), )")
            editor.noteChangedList(rootID)
        }
        return changes
    }
}
