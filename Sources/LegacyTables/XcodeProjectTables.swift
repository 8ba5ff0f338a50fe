import Foundation
import StringcatSupport
import XcodeProject

/// The tables of one Xcode project: its variant groups, the tables a migration already replaced
/// whose legacy files its record says it kept, and the tables of its synchronized folders.
enum XcodeProjectTables {
    struct Found {
        /// Nil when the project cannot be used (it does not parse, it defines an object twice,
        /// its `developmentRegion` names no language): nothing under its folder is migrated.
        var project: XcodeProjectFile?
        var tables: [LegacyTable] = []
        var leftovers: [LegacyTable] = []
        /// Legacy files this project keeps out of every table, and why.
        var leftAlone: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
    }

    static func read(_ pbxproj: String, folders: [LprojFolder], claimed: inout Set<String>, search: TableSearch) -> Found {
        var found = Found()
        let projectFolder = PathResolver.projectFolder(ofProjectFile: pbxproj)
        let stop = "nothing under \(projectFolder) is migrated or deleted, and the project is not edited"
        let graph: ProjectGraph
        do {
            graph = try ProjectGraph(path: pbxproj)
        } catch {
            found.diagnostics.append(error)
            let conflict = hasConflictMarkers(pbxproj) ? " (it holds git merge-conflict markers: resolve the conflict first)" : ""
            found.diagnostics.append(.error("the project file does not parse\(conflict): \(stop) (--no-project or --all-files reads the folder without it)", at: .file(pbxproj)))
            return found
        }
        // Two objects with one ID: an edit could leave references to the one it removes.
        let duplicates = duplicateIDs(graph)
        if !duplicates.isEmpty {
            let shown = duplicates.prefix(5).joined(separator: ", ") + (duplicates.count > 5 ? ", …" : "")
            found.diagnostics.append(.error("the project file defines \(duplicates.count) object ID\(duplicates.count == 1 ? "" : "s") twice (\(shown)): \(stop); open it in Xcode and save it, or fix it by hand", at: .file(pbxproj)))
            return found
        }
        let region = graph.project?.developmentRegion
        if search.sourceLanguage == nil, let region, !LanguageCode.isValidTag(region) {
            found.diagnostics.append(.error("developmentRegion \"\(ControlCharacters.escaped(region))\" is not a language code, so which files hold the source language is not known: \(stop) (pass --source-language)", at: .file(pbxproj)))
            return found
        }
        let source = search.sourceLanguage ?? region.map { LanguageCode.forLproj($0, sourceLanguage: "en") } ?? "en"
        let localization = LocalizedTables.find(in: graph, projectFolder: projectFolder, includeBaseOnly: search.includeBaseOnly)
        found.diagnostics += graph.diagnostics + localization.diagnostics
        let (record, recordProblem) = MigrationRecord.read(MigrationRecord.path(forProjectFile: pbxproj))
        if let recordProblem { found.diagnostics.append(recordProblem) }
        let file = XcodeProjectFile(path: pbxproj, folder: projectFolder, graph: graph, localization: localization, sourceLanguage: source, record: record)
        found.project = file

        // Groups left alone keep their files out of every table (§5, F2).
        for group in localization.skipped {
            for path in group.files where found.leftAlone[path] == nil {
                found.leftAlone[path] = "its variant group \(group.name) is left alone (\(group.reason))"
            }
            found.diagnostics.append(.note("variant group \(group.name) is left alone: \(group.reason)", at: .file(pbxproj)))
        }

        let fm = FileManager.default
        var missing: [String] = []
        for localized in localization.tables {
            var table = LegacyTable(name: localized.name, folder: PathResolver.parent(localized.catalogPath), isInterfaceBuilder: localized.isInterfaceBuilder,
                                    files: [], shadowedFiles: [], catalogPath: localized.catalogPath)
            if localized.isInterfaceBuilder { table.folder = PathResolver.parent(table.folder) }
            table.origin = .xcodeProject(pbxproj)
            table.projectTable = localized
            table.sourceLanguage = source
            // A table that a group left alone also builds for one of its targets (an
            // `Intents.intentdefinition` group holding `xx.lproj/Intents.strings` beside an
            // `Intents.stringsdict` group): a catalog would make the target build it twice.
            if let other = localization.skipped.first(where: { group in
                !Set(group.targetIDs).isDisjoint(with: localized.targetIDs)
                    && group.files.contains { LocalizedTables.tableName(PathResolver.lastComponent($0)) == localized.name }
            }) {
                let reason = "its table \(localized.name) is also built from variant group \(other.name), which is left alone (\(other.reason)): a catalog would build the table twice"
                for path in localized.files.map(\.path) where found.leftAlone[path] == nil { found.leftAlone[path] = reason }
                found.diagnostics.append(.note("variant group \(localized.name) is left alone: \(reason)", at: .file(pbxproj)))
                continue
            }
            var files: [LegacyFile] = []
            for file in localized.files {
                guard fm.fileExists(atPath: file.path) else {
                    missing.append(file.path)
                    continue
                }
                if ExcludeGlob.matches(search.excludes, file.path, root: projectFolder) {
                    found.leftAlone[file.path] = "excluded (--exclude)"
                    continue
                }
                files.append(LegacyFile(path: file.path, kind: file.kind == .strings ? .strings : .stringsdict, lprojName: file.lprojFolder,
                                        language: LanguageCode.forProjectLproj(file.lprojFolder, sourceLanguage: source)))
            }
            // A table none of whose files is on disk (a variant group of files that are gone)
            // has nothing to migrate; its group is left as it is. A Base-only Interface Builder
            // group picked with --include-base-only has no files and gets its empty catalog.
            guard !files.isEmpty || localized.files.isEmpty else { continue }
            claimed.formUnion(files.map(\.path))
            var grouped: [Diagnostic] = []
            TableGrouper.pickFiles(files, into: &table, diagnostics: &grouped)
            found.diagnostics += grouped
            found.tables.append(table)
        }
        if !missing.isEmpty {
            let shown = missing.prefix(3).map { PathResolver.relative($0, from: projectFolder) }.joined(separator: ", ")
            found.diagnostics.append(.warning("\(counted(missing.count, "file")) the project lists for its tables \(missing.count == 1 ? "is" : "are") not on disk and \(missing.count == 1 ? "is" : "are") not read (\(shown)\(missing.count > 3 ? ", …" : ""))", at: .file(pbxproj)))
        }

        // Tables a migration already replaced, with the legacy files it kept.
        if let record {
            let references = ProjectReferences(graph: graph, projectFolder: projectFolder)
            for (catalogRelative, relatives) in record.tables.sorted(by: { $0.key < $1.key }) {
                let catalog = PathResolver.join(projectFolder, catalogRelative)
                // Each recorded file looked at once: on disk, or gone (an earlier deletion).
                var onDisk: [String] = [], gone: [String] = []
                for relative in relatives {
                    let path = PathResolver.join(projectFolder, relative)
                    if fm.fileExists(atPath: path) { onDisk.append(path) } else { gone.append(path) }
                }
                let paths = onDisk.filter { !claimed.contains($0) }
                guard !paths.isEmpty else { continue }
                // The project references the catalog, or holds it in a synchronized folder.
                let origin: TableOrigin
                switch references.reference(to: catalog) {
                case .fileReference?: origin = .xcodeProject(pbxproj)
                case .synchronizedFolder?: origin = .synchronizedFolder(pbxproj)
                case nil:
                    for path in paths where found.leftAlone[path] == nil {
                        found.leftAlone[path] = "stringcat's migration record names it, but the project no longer references its catalog \(PathResolver.relative(catalog, from: projectFolder))"
                    }
                    continue
                }
                if var table = recordedTable(catalog: catalog, files: paths, source: source, origin: origin, diagnostics: &found.diagnostics) {
                    let deletedBefore = (record.deleted[catalogRelative] ?? []).map { PathResolver.join(projectFolder, $0) }
                    table.goneFiles = gone + deletedBefore
                    claimed.formUnion(paths)
                    found.leftovers.append(table)
                }
            }
        }

        // Synchronized folders (Xcode 16): their tables are found on disk.
        for synchronized in localization.synchronizedFolders {
            var inside: [LprojFolder] = []
            for folder in folders where folder.path.hasPrefix(synchronized + "/") {
                var rest = folder
                rest.files = folder.files.filter { !claimed.contains(folder.path + "/" + $0) }
                if rest.files.contains(where: { $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") }) { inside.append(rest) }
            }
            guard !inside.isEmpty else { continue }
            let grouping = TableGrouper.group(inside, sourceLanguage: source, origin: .synchronizedFolder(pbxproj), projectCodes: true)
            found.diagnostics += grouping.diagnostics
            found.tables += grouping.tables
            claimed.formUnion(grouping.tables.flatMap(\.allFiles).map(\.path))
        }
        if found.tables.contains(where: { if case .synchronizedFolder = $0.origin { return true } else { return false } }) {
            found.diagnostics.append(.note("tables in synchronized folders are read from disk; while their legacy files are kept, they leave the targets' membership (an exception set), and go back out of it when deleted (inferred: no Xcode migration of such a project was found)", at: .file(pbxproj)))
        }
        return found
    }

    /// A table of files a migration's record lists for `catalog`.
    static func recordedTable(catalog: String, files: [String], source: String, origin: TableOrigin, diagnostics: inout [Diagnostic]) -> LegacyTable? {
        let fileName = PathResolver.lastComponent(catalog)
        guard fileName.hasSuffix(".xcstrings") else { return nil }
        let name = String(fileName.dropLast(".xcstrings".count))
        let catalogFolder = PathResolver.parent(catalog)
        let isInterfaceBuilder = PathResolver.lastComponent(catalogFolder) == "mul.lproj"
        let legacy: [LegacyFile] = files.compactMap { path in
            let kind: LegacyFileKind = path.hasSuffix(".stringsdict") ? .stringsdict : .strings
            // L8: a plain `.strings` file outside any `.lproj` is the source language's.
            guard let lproj = LocalizedTablesLproj.name(of: path) ?? (kind == .strings && !isInterfaceBuilder ? source : nil) else { return nil }
            return LegacyFile(path: path, kind: kind, lprojName: lproj, language: LanguageCode.forProjectLproj(lproj, sourceLanguage: source))
        }
        guard !legacy.isEmpty else { return nil }
        var table = LegacyTable(name: name, folder: isInterfaceBuilder ? PathResolver.parent(catalogFolder) : catalogFolder,
                                isInterfaceBuilder: isInterfaceBuilder, files: [], shadowedFiles: [], catalogPath: catalog)
        table.origin = origin
        table.sourceLanguage = source
        TableGrouper.pickFiles(legacy, into: &table, diagnostics: &diagnostics)
        return table
    }

    /// Object IDs the `objects` dictionary defines more than once.
    static func duplicateIDs(_ graph: ProjectGraph) -> [String] {
        var seen: Set<String> = []
        var twice: [String] = []
        for object in graph.objects where !seen.insert(object.id).inserted && !twice.contains(object.id) { twice.append(object.id) }
        return twice
    }

    /// True when a line of the file starts a git conflict marker (`<<<<<<< `, `>>>>>>> `).
    static func hasConflictMarkers(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").contains { $0.hasPrefix("<<<<<<< ") || $0.hasPrefix(">>>>>>> ") || $0 == "=======" }
    }
}

/// `…/de.lproj/X.strings` -> `de`.
enum LocalizedTablesLproj {
    static func name(of path: String) -> String? {
        let folder = PathResolver.lastComponent(PathResolver.parent(path))
        guard folder.hasSuffix(".lproj"), folder.count > 6 else { return nil }
        return String(folder.dropLast(6))
    }
}
