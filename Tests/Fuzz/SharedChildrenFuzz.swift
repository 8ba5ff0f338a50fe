// libFuzzer entry for project files whose objects several groups list (issue 33, item 3). Built
// by run-fuzzers.sh together with the sources of StringcatSupport and XcodeProject as one module.
//
// The input is not a project file but a small program that makes one: folder groups (with a
// path, with only a name, or SOURCE_ROOT), variant groups of `.strings`, `.stringsdict` and
// storyboards in them, one or two targets building them, and then extra listings: a variant group,
// a file or a group put in the `children` of a second group (or of itself, or of its child: cycles
// too). The project then goes through `LocalizedTables.find` and the migration's edit.
//
// Checks (a broken one is a `fatalError`, which libFuzzer records as a crash):
// - the edited file parses, and names no object that is not defined, unless the input already did;
// - no migrated variant group is left in any list, and every `.strings`/`.stringsdict` child in an
//   `.lproj` folder of a migrated group is read by its table;
// - no table holds a group whose parents put it in two folders (nothing is guessed), and no two
//   tables write one catalog;
// - every file a table reads lies below the folder of one of its groups.
import Foundation

private struct Cursor {
    var bytes: [UInt8]
    var index = 0
    var done: Bool { index >= bytes.count }
    mutating func next(_ bound: Int) -> Int {
        guard bound > 1, index < bytes.count else { index += 1; return 0 }
        defer { index += 1 }
        return Int(bytes[index]) % bound
    }
}

private struct Generated {
    var objects: [(id: String, text: String)] = []
    var children: [String: [String]] = [:]
    var counter = 0
    mutating func id() -> String {
        counter += 1
        return String(format: "F0F0F0F0F0F0%012X", counter)
    }
}

private func quoted(_ text: String) -> String { "\"" + text + "\"" }

private func project(from cursor: inout Cursor) -> String {
    var g = Generated()
    let main = "A0A0A0A0A0A0A0A0A0A0A002", projectID = "A0A0A0A0A0A0A0A0A0A0A001"
    var groups = [main]
    g.children[main] = []
    for index in 0..<(1 + cursor.next(5)) {
        let id = g.id()
        let parent = groups[cursor.next(groups.count)]
        let fields: String
        switch cursor.next(4) {
        case 0: fields = "name = \(quoted("N\(index)")); sourceTree = \"<group>\";"
        case 1: fields = "path = \(quoted("G\(index)")); sourceTree = SOURCE_ROOT;"
        default: fields = "path = \(quoted("G\(index)")); sourceTree = \"<group>\";"
        }
        g.objects.append((id, "isa = PBXGroup; children = (CHILDREN); \(fields)"))
        g.children[id] = []
        g.children[parent]!.append(id)
        groups.append(id)
    }
    let targets = [g.id(), g.id()]
    var resources: [String: [String]] = [targets[0]: [], targets[1]: []]
    var variantGroups: [String] = []
    var files: [String] = []
    let names = ["Localizable.strings", "Localizable.stringsdict", "InfoPlist.strings", "Main.storyboard"]
    for _ in 0..<(1 + cursor.next(5)) {
        let id = g.id()
        let name = names[cursor.next(names.count)]
        var kids: [String] = []
        for language in ["en", "de", "Base"] where cursor.next(3) != 0 {
            let child = g.id()
            let file = name.hasSuffix(".storyboard") && language != "Base" ? "Main.strings" : name
            let path = cursor.next(8) == 0 ? file : "\(language).lproj/\(file)"
            g.objects.append(
                (child, "isa = PBXFileReference; name = \(language); path = \(quoted(path)); sourceTree = \"<group>\";")
            )
            kids.append(child)
            files.append(child)
        }
        g.children[id] = kids
        g.objects.append(
            (id, "isa = PBXVariantGroup; children = (CHILDREN); name = \(quoted(name)); sourceTree = \"<group>\";"))
        g.children[groups[cursor.next(groups.count)]]!.append(id)
        variantGroups.append(id)
        let mask = 1 + cursor.next(3)
        for (bit, target) in targets.enumerated() where mask & (1 << bit) != 0 {
            let buildFile = g.id()
            g.objects.append((buildFile, "isa = PBXBuildFile; fileRef = \(id);"))
            resources[target]!.append(buildFile)
        }
    }
    // The extra listings: any group, variant group or file, in any group or variant group.
    let listable = Array(groups.dropFirst()) + variantGroups + files
    let listers = groups + variantGroups
    for _ in 0..<cursor.next(5) where !listable.isEmpty {
        let child = listable[cursor.next(listable.count)]
        g.children[listers[cursor.next(listers.count)]]!.append(child)
    }
    var phases: [String] = []
    for target in targets {
        let phase = g.id()
        phases.append(phase)
        g.objects.append(
            (phase, "isa = PBXResourcesBuildPhase; files = (\(resources[target]!.map { $0 + ", " }.joined())); "))
        g.objects.append((target, "isa = PBXNativeTarget; buildPhases = (\(phase), ); name = T\(target.suffix(1));"))
    }
    g.objects.append((main, "isa = PBXGroup; children = (CHILDREN); sourceTree = \"<group>\";"))
    g.objects.append(
        (
            projectID,
            "isa = PBXProject; developmentRegion = en; mainGroup = \(main); targets = "
                + "(\(targets.map { $0 + ", " }.joined()));"
        ))
    var text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 56;\n\tobjects = {\n"
    for object in g.objects {
        let body = object.text.replacingOccurrences(
            of: "CHILDREN", with: (g.children[object.id] ?? []).map { $0 + ", " }.joined())
        text += "\t\t\(object.id) = {\(body)};\n"
    }
    return text + "\t};\n\trootObject = \(projectID);\n}\n"
}

/// IDs that a `children` or `files` list or a `fileRef` names and the file does not define.
private func dangling(_ graph: ProjectGraph) -> Set<String> {
    var missing: Set<String> = []
    for object in graph.objects {
        for id in graph.strings("children", of: object.id) + graph.strings("files", of: object.id)
            + [graph.string("fileRef", of: object.id)].compactMap({ $0 }) where graph.object(id) == nil
        {
            missing.insert(id)
        }
    }
    return missing
}

@_cdecl("LLVMFuzzerTestOneInput")
public func sharedChildrenFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var cursor = Cursor(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let text = project(from: &cursor)
    let path = "/fuzz/App.xcodeproj/project.pbxproj"
    let document: PBXDocument
    do {
        document = try PBXProjectReader.parse(Array(text.utf8), path: path)
    } catch {
        fatalError("the generated project does not parse: \(error.description)\n\(text)")
    }
    let graph = ProjectGraph(document: document)
    let resolver = PathResolver(graph: graph, projectFolder: "/fuzz")
    let localization = LocalizedTables.find(in: graph, projectFolder: "/fuzz")
    for diagnostic in localization.diagnostics { _ = diagnostic.description }
    var catalogs: Set<String> = []
    for table in localization.tables {
        if !catalogs.insert(table.catalogPath).inserted { fatalError("two tables write \(table.catalogPath)\n\(text)") }
        for group in table.variantGroupIDs
        where AGroupInTwoFoldersIsLeftAlone.conflictingFolders(of: group, graph: graph, resolver: resolver) != nil {
            fatalError("table \(table.name) holds \(group), which its parents put in two folders\n\(text)")
        }
        let folders = table.variantGroupIDs.compactMap { resolver.path(of: $0) }
        for file in table.files where !folders.contains(where: { file.path.hasPrefix($0 + "/") }) {
            fatalError("table \(table.name) reads \(file.path), outside its groups' folders \(folders)\n\(text)")
        }
        let read = Set(table.files.map(\.path))
        for group in table.variantGroupIDs where graph.object(group)?.isa == "PBXVariantGroup" {
            for child in graph.strings("children", of: group) {
                guard let folder = resolver.path(of: group), let reference = graph.fileReference(child),
                    reference.sourceTree ?? "<group>" == "<group>", let file = reference.path,
                    file.hasSuffix(".strings") || file.hasSuffix(".stringsdict"),
                    PathResolver.join(folder, file).contains(".lproj/")
                else { continue }
                // A file two groups list is read once, under the first one's reference.
                if !read.contains(PathResolver.join(folder, file)) {
                    fatalError("table \(table.name) drops \(child) of \(group)\n\(text)")
                }
            }
        }
    }
    guard !localization.tables.isEmpty else { return 0 }
    let edit: ProjectEdit
    do {
        edit = try MigrationEdit.apply(localization.tables, to: graph, projectFolder: "/fuzz")
    } catch {
        fatalError("the edit failed: \(error.description)\n\(text)")
    }
    let edited: ProjectGraph
    do {
        edited = ProjectGraph(document: try PBXProjectReader.parse(edit.bytes, path: path))
    } catch {
        fatalError("the edited project does not parse: \(error.description)\n\(text)")
    }
    let before = dangling(graph)
    let after = dangling(edited).subtracting(before)
    if !after.isEmpty { fatalError("the edit left references to removed objects: \(after.sorted())\n\(text)") }
    for table in localization.tables where !table.isInterfaceBuilder {
        for group in table.variantGroupIDs where edited.object(group) != nil || !edited.parents(of: group).isEmpty {
            fatalError("variant group \(group) of \(table.name) is still in the project\n\(text)")
        }
    }
    return 0
}
