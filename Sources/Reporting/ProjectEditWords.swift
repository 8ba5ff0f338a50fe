import XcodeProject

/// A project edit (`ProjectChanges`) in words a reviewer can check against the `project.pbxproj`
/// diff: what was replaced, removed and added, by name where the file names its objects.
enum ProjectEditWords {
    /// How many names a line lists before it says how many more there are.
    static let listedNames = 8

    /// One item per kind of change, each a line of the page without its list marker.
    static func lines(_ changes: ProjectChanges) -> [String] {
        var lines: [String] = []
        var removed = changes.removedObjects
        var added = changes.addedObjects
        var changedLists = changes.changedLists
        func take(_ objects: inout [ProjectChanges.Object], _ matches: (ProjectChanges.Object) -> Bool) -> [ProjectChanges.Object] {
            let taken = objects.filter(matches)
            objects.removeAll(where: matches)
            return taken
        }
        let groups = take(&removed) { $0.isa == "PBXVariantGroup" }
        if !groups.isEmpty {
            lines.append("\(NumberText.counted(groups.count, "variant group")) replaced by \(groups.count == 1 ? "its catalog" : "their catalogs")\(named(groups))")
        }
        let catalogs = take(&added) { $0.isa == "PBXFileReference" && ($0.comment ?? "").hasSuffix(".xcstrings") }
        if !catalogs.isEmpty {
            lines.append("\(NumberText.counted(catalogs.count, "catalog")) added to the project\(named(catalogs))")
        }
        let mul = take(&added) { $0.isa == "PBXFileReference" && $0.comment == "mul" }
        let interfaceGroups = take(&changedLists) { $0.isa == "PBXVariantGroup" }
        if !mul.isEmpty || !interfaceGroups.isEmpty {
            lines.append("\(NumberText.counted(max(mul.count, interfaceGroups.count), "Interface Builder variant group")) given a `mul` catalog in place of \(interfaceGroups.count == 1 ? "its" : "their") `.strings` files\(named(interfaceGroups))")
        }
        let buildFilesAdded = take(&added) { $0.isa == "PBXBuildFile" }
        if !buildFilesAdded.isEmpty {
            lines.append("\(NumberText.counted(buildFilesAdded.count, "catalog")) added to the build phases the legacy files were in\(named(buildFilesAdded))")
        }
        let references = take(&removed) { $0.isa == "PBXFileReference" }
        if !references.isEmpty {
            lines.append("\(NumberText.counted(references.count, "legacy file reference")) removed (the files of the replaced groups)")
        }
        let buildFilesRemoved = take(&removed) { $0.isa == "PBXBuildFile" }
        if !buildFilesRemoved.isEmpty {
            lines.append("\(NumberText.counted(buildFilesRemoved.count, "legacy build file")) removed from the build phases\(named(buildFilesRemoved))")
        }
        if !changedLists.isEmpty {
            let phases = changedLists.filter { $0.isa.hasSuffix("BuildPhase") }.count
            let others = changedLists.count - phases
            let parts = (others > 0 ? [NumberText.counted(others, "group")] : []) + (phases > 0 ? [NumberText.counted(phases, "build phase")] : [])
            lines.append("\(parts.joined(separator: " and ")) list\(changedLists.count == 1 ? "s" : "") the catalogs in place of the legacy files\(named(changedLists))")
        }
        for (key, value, places) in settings(changes.settingsAdded) {
            lines.append("build setting \(Markdown.code("\(key) = \(value)")) added: \(places)")
        }
        if let version = changes.objectVersion {
            lines.append("`objectVersion` \(version.from) → \(version.to)")
        }
        let excluded = Set(changes.exceptionsAdded.map(\.path)).sorted()
        if !excluded.isEmpty {
            lines.append("\(NumberText.counted(excluded.count, "legacy file")) kept beside \(excluded.count == 1 ? "its catalog leaves" : "their catalogs leave") the membership of \(excluded.count == 1 ? "its" : "their") synchronized folder's targets (\(NumberText.counted(changes.exceptionsAdded.count, "exception")) added)")
        }
        let included = Set(changes.exceptionsRemoved.map(\.path)).sorted()
        if !included.isEmpty {
            lines.append("\(NumberText.counted(changes.exceptionsRemoved.count, "membership exception")) removed for \(NumberText.counted(included.count, "deleted legacy file"))")
        }
        for (verb, objects) in [("removed", removed), ("added", added)] where !objects.isEmpty {
            let byIsa = Dictionary(grouping: objects, by: \.isa).sorted { $0.key < $1.key }
            lines.append("also \(verb): " + byIsa.map { "\(NumberText.grouped($0.value.count)) \($0.key)" }.joined(separator: ", "))
        }
        return lines
    }

    /// `: `A`, `B` ×21, and 3 more`, from the objects' reference comments (none when the file
    /// writes no comments); a name several objects share (a variant group per language) once,
    /// with how many.
    private static func named(_ objects: [ProjectChanges.Object]) -> String {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for name in objects.compactMap(\.comment) {
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }
        guard !order.isEmpty else { return "" }
        let shown = order.prefix(listedNames).map { name in Markdown.code(name) + (counts[name]! > 1 ? " ×\(NumberText.grouped(counts[name]!))" : "") }
        return ": " + shown.joined(separator: ", ") + (order.count > listedNames ? ", and \(NumberText.grouped(order.count - listedNames)) more" : "")
    }

    /// Settings added, one item per key and value: `project (Debug, Release); target App (Debug)`.
    private static func settings(_ settings: [ProjectChanges.Setting]) -> [(String, String, String)] {
        var order: [String] = []
        var places: [String: [(owner: String, configurations: [String])]] = [:]
        for setting in settings {
            let id = setting.key + "\u{0}" + setting.value
            if places[id] == nil { order.append(id) }
            let owner = setting.targetName.map { "target " + Markdown.text($0) } ?? "project"
            let configuration = Markdown.text(setting.configurationName ?? setting.configurationID)
            if let index = places[id]?.firstIndex(where: { $0.owner == owner }) {
                places[id]![index].configurations.append(configuration)
            } else {
                places[id, default: []].append((owner, [configuration]))
            }
        }
        return order.map { id in
            let parts = id.components(separatedBy: "\u{0}")
            let text = places[id]!.map { "\($0.owner) (\($0.configurations.joined(separator: ", ")))" }.joined(separator: "; ")
            return (parts[0], parts[1], text)
        }
    }
}
