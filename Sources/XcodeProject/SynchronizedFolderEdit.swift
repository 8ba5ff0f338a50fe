import Foundation

/// S5: a synchronized folder (`PBXFileSystemSynchronizedRootGroup`, Xcode 16) does not list its
/// files: every file in it is a member of each target that builds the folder, unless the target's
/// exception set (`PBXFileSystemSynchronizedBuildFileExceptionSet.membershipExceptions`) names it.
///
/// So while a migrated table's legacy files are kept beside its catalog, the target would build
/// the table twice ("Multiple commands produce …/Localizable.strings"): they leave the membership
/// of each such target, named as Xcode names a localized file, without its `.lproj` level
/// (`/Localized/<folder>/<Name.strings>` stands for every language of it; KeePassium writes its
/// storyboards so). When the files are deleted, the entry goes again, and an exception set left
/// empty by that goes with it. [INF: no Xcode migration of such a project was found; one held-out
/// migration left project.pbxproj untouched because Xcode deletes the files as it migrates.]
extension Editor {
    /// The entry that takes every language of a localized file out of a target, relative to its
    /// synchronized folder: `/Localized/general/about/AboutVC.strings` for
    /// `<folder>/general/about/de.lproj/AboutVC.strings`; nil for a file in no `.lproj` or no folder.
    static func localizedEntry(for file: String, inFolder folder: String) -> String? {
        guard file.hasPrefix(folder + "/") else { return nil }
        let lproj = PathResolver.parent(file)
        guard PathResolver.lastComponent(lproj).hasSuffix(".lproj") else { return nil }
        let within = PathResolver.parent(lproj)
        let relative = within == folder ? "" : String(within.dropFirst(folder.count + 1)) + "/"
        return "/Localized/" + relative + PathResolver.lastComponent(file)
    }

    /// The synchronized folders of the project: each root group's ID and absolute folder, deepest
    /// first (a file belongs to the deepest folder holding it).
    private var synchronizedRoots: [(id: String, folder: String)] {
        graph.objects(isa: "PBXFileSystemSynchronizedRootGroup").compactMap { root in resolver.path(of: root.id).map { (root.id, $0) } }
            .sorted { $0.folder.count > $1.folder.count }
    }

    /// Takes the legacy files (absolute) kept beside their catalogs out of every target that
    /// builds their synchronized folder.
    mutating func excludeFromSynchronizedFolders(_ files: [String]) {
        var entries: [String: [String]] = [:]   // root ID -> entries, in order
        var rootOrder: [String] = []
        for file in files.map({ PathResolver.normalize($0) }) {
            guard let root = synchronizedRoots.first(where: { file.hasPrefix($0.folder + "/") }),
                  let entry = Self.localizedEntry(for: file, inFolder: root.folder) else { continue }
            if entries[root.id] == nil { rootOrder.append(root.id) }
            if entries[root.id, default: []].contains(entry) == false { entries[root.id, default: []].append(entry) }
        }
        for rootID in rootOrder {
            for target in graph.targets where graph.strings("fileSystemSynchronizedGroups", of: target.id).contains(rootID) {
                let set = graph.strings("exceptions", of: rootID).first { id in
                    graph.object(id)?.isa == "PBXFileSystemSynchronizedBuildFileExceptionSet" && graph.string("target", of: id) == target.id
                }
                if let set {
                    addMembershipExceptions(entries[rootID]!, to: set)
                } else {
                    addExceptionSet(entries[rootID]!, root: rootID, target: target)
                }
            }
        }
    }

    /// After deletions: each entry that stood for deleted files goes once no file of it is left
    /// on disk, as does an entry naming a deleted file itself; an exception set emptied so goes.
    ///
    /// With `staleEntries`, also every `/Localized/…/Name.strings` (or `.stringsdict`) entry of
    /// which no language is left on disk while its table's catalog is: what a run killed after
    /// deleting a table's files, before this edit, left behind.
    mutating func removeSynchronizedExceptions(deletedFiles: [String], staleEntries: Bool = false) {
        let deleted = Set(deletedFiles.map { PathResolver.normalize($0) })
        guard !deleted.isEmpty || staleEntries else { return }
        for root in synchronizedRoots {
            var gone: Set<String> = []
            for file in deleted where file.hasPrefix(root.folder + "/") {
                gone.insert(String(file.dropFirst(root.folder.count + 1)))
                if let entry = Self.localizedEntry(for: file, inFolder: root.folder), !anyLanguageLeft(of: entry, in: root.folder) { gone.insert(entry) }
            }
            if staleEntries {
                for setID in graph.strings("exceptions", of: root.id) {
                    for item in graph.strings("membershipExceptions", of: setID) where item.hasPrefix("/Localized/")
                        && (item.hasSuffix(".strings") || item.hasSuffix(".stringsdict"))
                        && !anyLanguageLeft(of: item, in: root.folder) && catalogExists(for: item, in: root.folder) {
                        gone.insert(item)
                    }
                }
            }
            guard !gone.isEmpty else { continue }
            for setID in graph.strings("exceptions", of: root.id) {
                guard let object = graph.object(setID), case .array(let array)? = document.value("membershipExceptions", in: object.dictionary) else { continue }
                let items = document.itemStrings(array)
                var removedHere = 0
                for position in items.indices.reversed() {
                    guard let item = items[position], gone.contains(item) else { continue }
                    document.arrays[array].items.remove(at: position)
                    changes.exceptionsRemoved.insert(.init(exceptionSetID: setID, path: item), at: 0)
                    removedHere += 1
                }
                // A set this removal emptied (and that holds nothing else) goes with its entries.
                if removedHere > 0 && document.arrays[array].items.isEmpty && onlyMembershipExceptions(setID) {
                    removeExceptionSet(setID, from: root.id)
                }
            }
        }
    }

    /// True when a file of `entry` (`/Localized/<folder>/<Name>`) is still in some `.lproj` of
    /// that folder on disk.
    private func anyLanguageLeft(of entry: String, in folder: String) -> Bool {
        let relative = String(entry.dropFirst("/Localized/".count))
        let within = relative.contains("/") ? folder + "/" + PathResolver.parent(relative) : folder
        let name = PathResolver.lastComponent(relative)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: within)) ?? []
        return names.contains { $0.hasSuffix(".lproj") && FileManager.default.fileExists(atPath: within + "/" + $0 + "/" + name) }
    }

    /// True when the table of `entry` (`/Localized/<folder>/<Name>.strings`) has its catalog on
    /// disk: `<folder>/Name.xcstrings`, or `<folder>/mul.lproj/Name.xcstrings`.
    private func catalogExists(for entry: String, in folder: String) -> Bool {
        let relative = String(entry.dropFirst("/Localized/".count))
        let within = relative.contains("/") ? folder + "/" + PathResolver.parent(relative) : folder
        let file = PathResolver.lastComponent(relative)
        let name = String(file[..<(file.lastIndex(of: ".") ?? file.endIndex)])
        return [within + "/" + name + ".xcstrings", within + "/mul.lproj/" + name + ".xcstrings"].contains { FileManager.default.fileExists(atPath: $0) }
    }

    /// True when the set has no field but `isa`, `membershipExceptions` and `target`.
    private func onlyMembershipExceptions(_ setID: String) -> Bool {
        guard let object = graph.object(setID) else { return false }
        return document.dictionaries[object.dictionary].entries.allSatisfy { entry in
            ["isa", "membershipExceptions", "target"].contains(document.string(entry.key))
        }
    }

    private mutating func removeExceptionSet(_ setID: String, from rootID: String) {
        removed.insert(setID)
        if let object = graph.object(rootID), case .array(let array)? = document.value("exceptions", in: object.dictionary),
           let position = document.itemStrings(array).firstIndex(of: setID) {
            document.arrays[array].items.remove(at: position)
            if document.arrays[array].items.isEmpty, let index = document.entryIndex("exceptions", in: object.dictionary) {
                document.dictionaries[object.dictionary].entries.remove(at: index)
            }
            noteChangedList(rootID)
        }
    }

    /// Adds entries to a set's `membershipExceptions`, each where Xcode's order puts it (case
    /// folded), skipping those it has.
    private mutating func addMembershipExceptions(_ entries: [String], to setID: String) {
        guard let object = graph.object(setID) else { return }
        guard case .array(let array)? = document.value("membershipExceptions", in: object.dictionary) else {
            document.insertSortedEntry(in: object.dictionary, key: "membershipExceptions",
                                       rawValue: Self.arrayText(entries.sorted(by: Self.xcodeOrder), indent: 3, newline: "\n"))
            changes.exceptionsAdded += entries.map { .init(exceptionSetID: setID, path: $0) }
            return
        }
        for entry in entries {
            let items = document.itemStrings(array)
            guard !items.contains(entry) else { continue }
            let position = items.firstIndex { $0.map { Self.xcodeOrder(entry, $0) } ?? false } ?? items.count
            document.insertItem(in: array, at: position, id: entry, comment: nil)
            changes.exceptionsAdded.append(.init(exceptionSetID: setID, path: entry))
        }
    }

    /// A new exception set for `target` holding `entries`, listed in the root group's `exceptions`.
    private mutating func addExceptionSet(_ entries: [String], root rootID: String, target: PBXTargetView) {
        let id = ids.id(for: "synchronized-exceptions|\(rootID)|\(target.id)")
        let isa = "PBXFileSystemSynchronizedBuildFileExceptionSet"
        let sorted = entries.sorted(by: Self.xcodeOrder)
        let text = "\(reference(id, isa)) = {\n\t\t\tisa = \(isa);\n\t\t\tmembershipExceptions = \(Self.arrayText(sorted, indent: 3, newline: "\n"));\n\t\t\ttarget = \(reference(target.id, target.name ?? target.id));\n\t\t};"
        add(id, isa, isa, text)
        changes.exceptionsAdded += sorted.map { .init(exceptionSetID: id, path: $0) }
        guard let object = graph.object(rootID) else { return }
        if case .array(let array)? = document.value("exceptions", in: object.dictionary) {
            document.insertItem(in: array, at: document.arrays[array].items.count, id: id, comment: usesComments ? isa : nil)
        } else {
            document.insertSortedEntry(in: object.dictionary, key: "exceptions", rawValue: "(\(reference(id, isa)), )")
        }
        noteChangedList(rootID)
    }

    /// `(\n\t\t\t\tA,\n\t\t\t\tB,\n\t\t\t)` at `indent` tabs for the closing parenthesis.
    static func arrayText(_ items: [String], indent: Int, newline: String) -> String {
        let inner = String(repeating: "\t", count: indent + 1)
        return "(" + newline + items.map { inner + PBXStringCoding.encode($0) + "," + newline }.joined() + String(repeating: "\t", count: indent) + ")"
    }

    /// Xcode's order of `membershipExceptions`: case folded (`file-info` before `PasscodeInputVC`
    /// in KeePassium), then by bytes.
    static func xcodeOrder(_ a: String, _ b: String) -> Bool {
        let (x, y) = (a.lowercased(), b.lowercased())
        return x != y ? x < y : a < b
    }
}
