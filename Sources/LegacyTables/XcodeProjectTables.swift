import Foundation
import Languages
import StringcatSupport
import XcodeProject
import XcodeRules

/// The tables of one Xcode project: its variant groups, the tables a migration already replaced
/// whose legacy files its record says it kept, and the tables of its synchronized folders.
enum XcodeProjectTables {
    /// A project file opened, or why it cannot be used.
    struct Opened {
        /// Nil when the project cannot be used (it does not parse, it defines an object twice,
        /// its `developmentRegion` names no language): nothing under its folder is migrated.
        var project: XcodeProjectFile?
        var diagnostics: [Diagnostic] = []
    }

    struct Found {
        var tables: [LegacyTable] = []
        var leftovers: [LegacyTable] = []
        /// Legacy files this project keeps out of every table, and why.
        var leftAlone: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
    }

    /// Parses the project file at `pbxproj`, checks it can be edited safely, and decides its
    /// source language.
    static func open(_ pbxproj: String, search: TableSearch, root: String) throws(FileProbe.Failure) -> Opened {
        var opened = Opened()
        let projectFolder = PathResolver.projectFolder(ofProjectFile: pbxproj)
        let stop = "nothing under \(projectFolder) is migrated or deleted, and the project is not edited"
        // Read here, so that a failing disk is said with its errno and stops the run (the
        // reader's own message cannot tell a failure from a file that is not there).
        let bytes = try search.probe.bytes(pbxproj)
        let graph: ProjectGraph
        do throws(Diagnostic) {
            guard let bytes else { throw Diagnostic.error("no such file when it was read", at: .file(pbxproj)) }
            graph = ProjectGraph(document: try PBXProjectReader.parse(bytes, path: pbxproj))
        } catch {
            let conflict =
                hasConflictMarkers(pbxproj) ? " (it holds git merge-conflict markers: resolve the conflict first)" : ""
            if search.allFiles || search.noProject {
                // The run was asked to go on without it: its folder is read as a bare one.
                var located = error
                located.severity = .warning
                opened.diagnostics.append(located)
                let option = search.allFiles ? "--all-files" : "--no-project"
                opened.diagnostics.append(
                    .warning(
                        "the project file does not parse\(conflict): its folder is read without it (\(option)), and it "
                            + "is not edited",
                        at: .file(pbxproj)))
            } else {
                opened.diagnostics.append(error)
                opened.diagnostics.append(
                    .error(
                        "the project file does not parse\(conflict): \(stop) (--no-project or --all-files reads the "
                            + "folder without it)",
                        at: .file(pbxproj)))
            }
            return opened
        }
        // Two objects with one ID: an edit could leave references to the one it removes.
        let duplicates = duplicateIDs(graph)
        if !duplicates.isEmpty {
            let shown = duplicates.prefix(5).joined(separator: ", ") + (duplicates.count > 5 ? ", …" : "")
            opened.diagnostics.append(
                .error(
                    "the project file defines \(duplicates.count) object ID\(duplicates.count == 1 ? "" : "s") twice "
                        + "(\(shown)): \(stop); open it in Xcode and save it, or fix it by hand",
                    at: .file(pbxproj)))
            return opened
        }
        let region = graph.project?.developmentRegion
        if search.sourceLanguage == nil, let region, LanguageTag(region) == nil {
            opened.diagnostics.append(
                .error(
                    "developmentRegion \"\(ControlCharacters.escaped(region))\" is not a language code, so which files "
                        + "hold the source language is not known: \(stop) (pass --source-language)",
                    at: .file(pbxproj)))
            return opened
        }
        let relative = TableGrouper.relative(pbxproj, to: root)
        let source = SourceLanguage.decide(
            explicit: search.sourceLanguage, declared: region.map { .developmentRegion($0, file: relative) },
            spelling: .project)
        let localization = LocalizedTables.find(
            in: graph, projectFolder: projectFolder, includeBaseOnly: search.includeBaseOnly)
        opened.diagnostics += graph.diagnostics + localization.diagnostics
        let (record, recordProblem) = try MigrationRecord.read(
            MigrationRecord.path(forProjectFile: pbxproj), probe: search.probe)
        if let recordProblem { opened.diagnostics.append(recordProblem) }
        opened.project = XcodeProjectFile(
            path: pbxproj, folder: projectFolder, graph: graph, localization: localization,
            source: source, record: record)
        return opened
    }

    /// The tables of an opened project, taking their files into `claimed`.
    static func tables(
        of file: XcodeProjectFile, folders: [LprojFolder], claimed: inout Set<String>,
        search: TableSearch
    ) throws(FileProbe.Failure) -> Found {
        var found = Found()
        leaveSkippedGroupsAlone(of: file, found: &found)
        try takeVariantGroupTables(of: file, claimed: &claimed, search: search, found: &found)
        try takeRecordedLeftovers(of: file, claimed: &claimed, probe: search.probe, found: &found)
        takeSynchronizedFolderTables(of: file, folders: folders, claimed: &claimed, found: &found)
        return found
    }

    /// Groups left alone keep their files out of every table (docs/spec/project-edit.md#files-xcode-leaves-alone,
    /// docs/spec/project-edit.md#only-the-selected-tables-are-migrated).
    private static func leaveSkippedGroupsAlone(of file: XcodeProjectFile, found: inout Found) {
        for group in file.localization.skipped {
            for path in group.files where found.leftAlone[path] == nil {
                found.leftAlone[path] = "its variant group \(group.name) is left alone (\(group.reason))"
            }
            found.diagnostics.append(
                .note(
                    "variant group \(group.name) is left alone: \(group.reason)",
                    at: .file(file.path)))
        }
    }

    /// The tables of the project's localized variant groups, each of its files on disk; the files
    /// the project lists that are not on disk are said once, in one warning.
    private static func takeVariantGroupTables(
        of file: XcodeProjectFile, claimed: inout Set<String>,
        search: TableSearch, found: inout Found
    ) throws(FileProbe.Failure) {
        let pbxproj = file.path
        var missing: [String] = []
        for localized in file.localization.tables {
            if let reason = alsoBuiltFromSkippedGroup(localized, skipped: file.localization.skipped) {
                for path in localized.files.map(\.path) where found.leftAlone[path] == nil {
                    found.leftAlone[path] = reason
                }
                found.diagnostics.append(
                    .note(
                        "variant group \(localized.name) is left alone: \(reason)",
                        at: .file(pbxproj)))
                continue
            }
            var table = LegacyTable(
                name: localized.name, folder: PathResolver.parent(localized.catalogPath),
                isInterfaceBuilder: localized.isInterfaceBuilder, files: [], shadowedFiles: [],
                catalogPath: localized.catalogPath)
            if localized.isInterfaceBuilder { table.folder = PathResolver.parent(table.folder) }
            table.origin = .xcodeProject(pbxproj)
            table.projectTable = localized
            table.targetIDs = localized.targetIDs
            let onDisk = try filesOnDisk(
                of: localized, projectFolder: file.folder, search: search, missing: &missing,
                found: &found)
            let languages = TableLanguages(
                folderNames: onDisk.map(\.lprojFolder), source: file.source.code,
                spelling: .project)
            table.sourceLanguage = languages.sourceKey
            let files = legacyFiles(onDisk, languages: languages, found: &found)
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
            let shown = missing.prefix(3).map { PathResolver.relative($0, from: file.folder) }.joined(separator: ", ")
            let isAre = missing.count == 1 ? "is" : "are"
            let more = missing.count > 3 ? ", …" : ""
            let message =
                "\(counted(missing.count, "file")) the project lists for its tables \(isAre) not on disk "
                + "and \(isAre) not read (\(shown)\(more))"
            found.diagnostics.append(.warning(message, at: .file(pbxproj)))
        }
    }

    /// Why the table of `localized` is left alone when a group left alone also builds it for one
    /// of its targets (an `Intents.intentdefinition` group holding `xx.lproj/Intents.strings`
    /// beside an `Intents.stringsdict` group): a catalog would make the target build it twice.
    private static func alsoBuiltFromSkippedGroup(
        _ localized: LocalizedTable,
        skipped: [SkippedVariantGroup]
    ) -> String? {
        guard
            let other = skipped.first(where: { group in
                !Set(group.targetIDs).isDisjoint(with: localized.targetIDs)
                    && group.files.contains {
                        LocalizedTables.tableName(PathResolver.lastComponent($0)) == localized.name
                    }
            })
        else { return nil }
        return "its table \(localized.name) is also built from variant group \(other.name), which is left alone "
            + "(\(other.reason)): a catalog would build the table twice"
    }

    /// The files of a variant group that are on disk and not excluded; the others are noted in
    /// `missing` or left alone.
    private static func filesOnDisk(
        of localized: LocalizedTable, projectFolder: String, search: TableSearch,
        missing: inout [String],
        found: inout Found
    ) throws(FileProbe.Failure) -> [LocalizedFile] {
        var onDisk: [LocalizedFile] = []
        for localizedFile in localized.files {
            guard try search.probe.exists(localizedFile.path) else {
                missing.append(localizedFile.path)
                continue
            }
            if ExcludeGlob.matches(search.excludes, localizedFile.path, root: projectFolder) {
                found.leftAlone[localizedFile.path] = "excluded (--exclude)"
                continue
            }
            onDisk.append(localizedFile)
        }
        return onDisk
    }

    /// The legacy files of a variant group's files on disk, each with its language; a file in a
    /// folder whose name is no language code is in no table (an error).
    private static func legacyFiles(
        _ onDisk: [LocalizedFile], languages: TableLanguages,
        found: inout Found
    ) -> [LegacyFile] {
        var files: [LegacyFile] = []
        for localizedFile in onDisk {
            guard let key = languages.key(forFolder: localizedFile.lprojFolder) else {
                let message =
                    "the project lists this file in \(localizedFile.lprojFolder).lproj, which is not a "
                    + "language code (such as en, pt-BR or zh-Hans), so it is in no table: rename the folder"
                found.diagnostics.append(.error(message, at: .file(localizedFile.path)))
                found.leftAlone[localizedFile.path] = "its folder name is not a language code"
                continue
            }
            let kind: LegacyFileKind = localizedFile.kind == .strings ? .strings : .stringsdict
            files.append(
                LegacyFile(
                    path: localizedFile.path, kind: kind, lprojName: localizedFile.lprojFolder,
                    language: key))
        }
        return files
    }

    /// Tables a migration already replaced, with the legacy files it kept.
    private static func takeRecordedLeftovers(
        of file: XcodeProjectFile, claimed: inout Set<String>, probe: FileProbe,
        found: inout Found
    ) throws(FileProbe.Failure) {
        guard let record = file.record else { return }
        let projectFolder = file.folder
        let references = ProjectReferences(graph: file.graph, projectFolder: projectFolder)
        for (catalogRelative, relatives) in record.tables.sorted(by: { $0.key < $1.key }) {
            let catalog = PathResolver.join(projectFolder, catalogRelative)
            // Each recorded file looked at once: on disk, or gone (an earlier deletion).
            var onDisk: [String] = [], gone: [String] = []
            for relative in relatives {
                let path = PathResolver.join(projectFolder, relative)
                if try probe.exists(path) { onDisk.append(path) } else { gone.append(path) }
            }
            let paths = onDisk.filter { !claimed.contains($0) }
            guard !paths.isEmpty else { continue }
            guard
                let origin = recordedOrigin(
                    of: catalog, relative: catalogRelative, record: record,
                    references: references, file: file)
            else {
                for path in paths where found.leftAlone[path] == nil {
                    found.leftAlone[path] =
                        "stringcat's migration record names it, but the project no longer "
                        + "references its catalog \(PathResolver.relative(catalog, from: projectFolder))"
                }
                continue
            }
            if var table = recordedTable(
                catalog: catalog, files: paths, source: file.source.code, origin: origin,
                diagnostics: &found.diagnostics)
            {
                let deletedBefore = (record.deleted[catalogRelative] ?? []).map { PathResolver.join(projectFolder, $0) }
                table.goneFiles = gone + deletedBefore
                table.targetIDs = buildingTargets(of: catalog, references: references, file: file)
                table.keptReasons = record.keptReasons(base: projectFolder)
                claimed.formUnion(paths)
                found.leftovers.append(table)
            }
        }
    }

    /// Where a recorded table comes from: the project references the catalog, or holds it in a
    /// synchronized folder; or an option took the table although no variant group held it
    /// (`selectedBy`). Nil when none of these holds any more.
    private static func recordedOrigin(
        of catalog: String, relative catalogRelative: String, record: MigrationRecord,
        references: ProjectReferences, file: XcodeProjectFile
    ) -> TableOrigin? {
        switch references.reference(to: catalog) {
        case .fileReference?: return .xcodeProject(file.path)
        case .synchronizedFolder?: return .synchronizedFolder(file.path)
        case nil: return record.selectedBy[catalogRelative].map { RecordedSelection.origin(of: $0, base: file.folder) }
        }
    }

    /// Synchronized folders (Xcode 16): their tables are found on disk. The files of one name
    /// in the `.lproj` folders of one folder form a table; a storyboard or xib among them
    /// (`Base.lproj/Main.storyboard`) makes it an Interface Builder table, whose catalog goes to
    /// `mul.lproj` as for a variant group
    /// (docs/spec/migration-rules.md#interface-builder-tables-in-synchronized-folders).
    private static func takeSynchronizedFolderTables(
        of file: XcodeProjectFile, folders: [LprojFolder],
        claimed: inout Set<String>, found: inout Found
    ) {
        let pbxproj = file.path
        for synchronized in file.localization.synchronizedFolders {
            var inside: [LprojFolder] = []
            for folder in folders where folder.path.hasPrefix(synchronized + "/") {
                var rest = folder
                rest.files = folder.files.filter { !claimed.contains(folder.path + "/" + $0) }
                if rest.files.contains(where: {
                    $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") || Self.isInterfaceBuilderDocument($0)
                }) {
                    inside.append(rest)
                }
            }
            guard !inside.isEmpty else { continue }
            var grouping = TableGrouper.group(
                inside, sourceLanguage: file.source.code,
                origin: .synchronizedFolder(pbxproj), spelling: .project)
            let targets = file.graph.targets.filter { target in
                file.graph.strings("fileSystemSynchronizedGroups", of: target.id).contains { id in
                    PathResolver(graph: file.graph, projectFolder: file.folder).path(of: id) == synchronized
                }
            }.map(\.id)
            for index in grouping.tables.indices { grouping.tables[index].targetIDs = targets }
            found.diagnostics += grouping.diagnostics
            found.tables += grouping.tables
            claimed.formUnion(grouping.tables.flatMap(\.allFiles).map(\.path))
        }
        let synchronizedTables = found.tables.contains {
            if case .synchronizedFolder = $0.origin { return true } else { return false }
        }
        if synchronizedTables {
            let message =
                "tables in synchronized folders are read from disk; while their legacy files are kept, they "
                + "leave the targets' membership (an exception set), and go back out of it when deleted (inferred: no "
                + "Xcode migration of such a project was found)"
            found.diagnostics.append(.note(message, at: .file(pbxproj)))
        }
    }

    /// The targets that build the catalog at `catalog`: those whose Resources phase holds its
    /// file reference, or whose synchronized folder holds it.
    static func buildingTargets(of catalog: String, references: ProjectReferences, file: XcodeProjectFile) -> [String] {
        let graph = file.graph
        switch references.reference(to: catalog) {
        case .fileReference(let id)?:
            // An Interface Builder catalog (`mul`) is a child of its storyboard's variant group,
            // which is what the Resources phase builds
            // (docs/spec/project-edit.md#the-mul-child-of-an-interface-builder-group).
            var built: Set<String> = [id]
            if let parent = graph.parent(of: id), graph.object(parent)?.kind == .variantGroup {
                built.insert(parent)
            }
            return graph.targets.filter { target in
                target.buildPhases.contains { phaseID in
                    guard let phase = graph.buildPhase(phaseID), phase.kind == .resourcesBuildPhase else {
                        return false
                    }
                    return phase.files.contains { graph.buildFile($0)?.fileRef.map(built.contains) == true }
                }
            }.map(\.id)
        case .synchronizedFolder(let id)?:
            return graph.targets.filter { graph.strings("fileSystemSynchronizedGroups", of: $0.id).contains(id) }.map(
                \.id)
        case nil:
            return []
        }
    }

    /// A table of files a migration's record lists for `catalog`.
    static func recordedTable(
        catalog: String, files: [String], source: String, origin: TableOrigin, diagnostics: inout [Diagnostic]
    ) -> LegacyTable? {
        let fileName = PathResolver.lastComponent(catalog)
        guard fileName.hasSuffix(".xcstrings") else { return nil }
        let name = String(fileName.dropLast(".xcstrings".count))
        let catalogFolder = PathResolver.parent(catalog)
        let isInterfaceBuilder = PathResolver.lastComponent(catalogFolder) == LprojFolderName.multilingualFolder
        let spelling: LanguageTag.Spelling = origin == .folder ? .canonical : .project
        // docs/spec/project-edit.md#a-strings-file-outside-any-lproj: a plain `.strings` file outside any `.lproj` is
        // the source language's, as Base is.
        let named: [(path: String, kind: LegacyFileKind, lproj: String)] = files.compactMap { path in
            let kind: LegacyFileKind = path.hasSuffix(".stringsdict") ? .stringsdict : .strings
            // docs/spec/project-edit.md#a-strings-file-outside-any-lproj: a plain `.strings` or `.stringsdict` file
            // outside any `.lproj` is the source language's, as Base is.
            guard let lproj = LprojFolderName.of(file: path) ?? (!isInterfaceBuilder ? LprojFolderName.base : nil)
            else { return nil }
            return (path, kind, lproj)
        }
        let languages = TableLanguages(folderNames: named.map(\.lproj), source: source, spelling: spelling)
        let legacy: [LegacyFile] = named.compactMap { file in
            languages.key(forFolder: file.lproj).map {
                LegacyFile(path: file.path, kind: file.kind, lprojName: file.lproj, language: $0)
            }
        }
        guard !legacy.isEmpty else { return nil }
        var table = LegacyTable(
            name: name, folder: isInterfaceBuilder ? PathResolver.parent(catalogFolder) : catalogFolder,
            isInterfaceBuilder: isInterfaceBuilder, files: [], shadowedFiles: [], catalogPath: catalog)
        table.origin = origin
        table.sourceLanguage = languages.sourceKey
        TableGrouper.pickFiles(legacy, into: &table, diagnostics: &diagnostics)
        return table
    }

    /// A storyboard or xib: the document an Interface Builder table's `.strings` translate.
    static func isInterfaceBuilderDocument(_ name: String) -> Bool {
        name.hasSuffix(".storyboard") || name.hasSuffix(".xib")
    }

    /// Object IDs the `objects` dictionary defines more than once.
    static func duplicateIDs(_ graph: ProjectGraph) -> [String] {
        var seen: Set<String> = []
        var twice: [String] = []
        for object in graph.objects where !seen.insert(object.id).inserted && !twice.contains(object.id) {
            twice.append(object.id)
        }
        return twice
    }

    /// True when a line of the file starts a git conflict marker (`<<<<<<< `, `>>>>>>> `).
    static func hasConflictMarkers(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").contains {
            $0.hasPrefix("<<<<<<< ") || $0.hasPrefix(">>>>>>> ") || $0 == "======="
        }
    }
}
