import XcodeProject
import XcodeRules

/// A project edit (`ProjectChanges`) in words a reviewer can check against the `project.pbxproj`
/// diff: what was replaced, removed and added, by name where the file names its objects.
enum ProjectEditWords {
    /// How many names a line lists before it says how many more there are.
    static let listedNames = 8

    /// One item per kind of change (`EditSummary`), each a line of the page without its list marker.
    static func lines(_ changes: ProjectChanges) -> [String] {
        let edit = EditSummary(changes)
        var lines: [String] = []
        let groups = edit.replacedGroups
        if !groups.isEmpty {
            lines.append(
                "\(NumberText.counted(groups.count, "variant group")) replaced by "
                    + "\(groups.count == 1 ? "its catalog" : "their catalogs")\(named(groups))"
            )
        }
        if !edit.catalogReferences.isEmpty {
            lines.append(
                "\(NumberText.counted(edit.catalogReferences.count, "catalog")) added to the "
                    + "project\(named(edit.catalogReferences))"
            )
        }
        if !edit.mulReferences.isEmpty || !edit.interfaceBuilderGroups.isEmpty {
            let count = max(edit.mulReferences.count, edit.interfaceBuilderGroups.count)
            lines.append(
                "\(NumberText.counted(count, "Interface Builder variant group")) given a `mul` catalog in place of "
                    + "\(edit.interfaceBuilderGroups.count == 1 ? "its" : "their") `.strings` "
                    + "files\(named(edit.interfaceBuilderGroups))"
            )
        }
        if !edit.catalogBuildFiles.isEmpty {
            lines.append(
                "\(NumberText.counted(edit.catalogBuildFiles.count, "catalog")) added to the build phases the legacy "
                    + "files were in\(named(edit.catalogBuildFiles))"
            )
        }
        if !edit.legacyFileReferences.isEmpty {
            lines.append(
                "\(NumberText.counted(edit.legacyFileReferences.count, "legacy file reference")) removed (the files of "
                    + "the replaced groups)"
            )
        }
        if !edit.legacyBuildFiles.isEmpty {
            lines.append(
                "\(NumberText.counted(edit.legacyBuildFiles.count, "legacy build file")) removed from the build "
                    + "phases\(named(edit.legacyBuildFiles))"
            )
        }
        if !edit.changedLists.isEmpty {
            let phases = edit.changedLists.filter { $0.isa.hasSuffix("BuildPhase") }.count
            let others = edit.changedLists.count - phases
            let parts =
                (others > 0 ? [NumberText.counted(others, "group")] : [])
                + (phases > 0 ? [NumberText.counted(phases, "build phase")] : [])
            lines.append(
                "\(parts.joined(separator: " and ")) list\(edit.changedLists.count == 1 ? "s" : "") the catalogs in "
                    + "place of the legacy files\(named(edit.changedLists))"
            )
        }
        for (key, value, places) in settings(edit.settingsAdded) {
            lines.append("build setting \(Markdown.code("\(key) = \(value)")) added: \(places)")
        }
        if let version = edit.objectVersion {
            lines.append("`objectVersion` \(version.from) → \(version.to)")
        }
        if !edit.excludedFiles.isEmpty {
            let count = edit.excludedFiles.count
            lines.append(
                "\(NumberText.counted(count, "legacy file")) kept beside "
                    + "\(count == 1 ? "its catalog leaves" : "their catalogs leave") the membership of "
                    + "\(count == 1 ? "its" : "their") synchronized folder's targets "
                    + "(\(NumberText.counted(edit.exceptionsAdded, "exception")) added)"
            )
        }
        if !edit.reincludedFiles.isEmpty {
            lines.append(
                "\(NumberText.counted(edit.exceptionsRemoved, "membership exception")) removed for "
                    + "\(NumberText.counted(edit.reincludedFiles.count, "deleted legacy file"))"
            )
        }
        for (verb, objects) in [
            (
                "removed",
                edit.otherRemoved + edit.exceptionSets.filter { object in changes.removedObjects.contains(object) }
            ),
            ("added", edit.otherAdded + edit.exceptionSets.filter { object in changes.addedObjects.contains(object) }),
        ] where !objects.isEmpty {
            let byIsa = Dictionary(grouping: objects, by: \.isa).sorted { $0.key < $1.key }
            lines.append(
                "also \(verb): "
                    + byIsa.map { "\(NumberText.grouped($0.value.count)) \($0.key)" }.joined(separator: ", "))
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
        let shown = order.prefix(listedNames).map { name in
            Markdown.code(name) + (counts[name]! > 1 ? " ×\(NumberText.grouped(counts[name]!))" : "")
        }
        return ": " + shown.joined(separator: ", ")
            + (order.count > listedNames ? ", and \(NumberText.grouped(order.count - listedNames)) more" : "")
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
            let text = places[id]!.map { "\($0.owner) (\($0.configurations.joined(separator: ", ")))" }.joined(
                separator: "; ")
            return (parts[0], parts[1], text)
        }
    }
}
