/// S5: a synchronized folder (`PBXFileSystemSynchronizedRootGroup`, Xcode 16) does not list its
/// files, so migrating tables inside one changes the project only where an exception set names a
/// file the migration deleted: that path leaves `membershipExceptions` [INF: no migration commit
/// of such a project was found]. An exception set left empty is kept, as Xcode keeps one until
/// the folder's target settings are edited.
extension Editor {
    mutating func removeSynchronizedExceptions(deletedFiles: [String]) {
        let deleted = Set(deletedFiles.map { PathResolver.normalize($0) })
        guard !deleted.isEmpty else { return }
        for root in graph.objects(isa: "PBXFileSystemSynchronizedRootGroup") {
            guard let folder = resolver.path(of: root.id) else { continue }
            for setID in graph.strings("exceptions", of: root.id) {
                guard let object = graph.object(setID), case .array(let array)? = document.value("membershipExceptions", in: object.dictionary) else { continue }
                let items = document.itemStrings(array)
                for position in items.indices.reversed() {
                    guard let item = items[position], deleted.contains(PathResolver.join(folder, item)) else { continue }
                    document.arrays[array].items.remove(at: position)
                    changes.exceptionsRemoved.insert(.init(exceptionSetID: setID, path: item), at: 0)
                }
            }
        }
    }
}
