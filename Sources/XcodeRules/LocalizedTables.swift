import Languages
import StringcatSupport
import XcodeProject

/// One legacy file a table's migration reads: a `.strings` or `.stringsdict` child of a variant
/// group.
public struct LocalizedFile: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case strings, stringsdict }
    /// Absolute path on disk.
    public var path: String
    /// The `.lproj` folder's name without the extension, as written (`de`, `zh_CN`, `Base`,
    /// `English`): mapping it to a language code is the caller's job.
    public var lprojFolder: String
    public var kind: Kind
    /// The child `PBXFileReference`'s ID.
    public var referenceID: String
}

/// A table a whole-project migration takes: one catalog and the files it is made from.
public struct LocalizedTable: Sendable, Hashable {
    /// `Localizable`, `InfoPlist`, `Main` (IB tables: the storyboard's or xib's base name).
    public var name: String
    /// Absolute path of the catalog (docs/spec/project-edit.md#where-catalogs-go): `<group folder>/Name.xcstrings`, or
    /// for an IB table `<folder holding Base.lproj>/mul.lproj/Name.xcstrings`.
    public var catalogPath: String
    /// An Interface Builder table (`mul.lproj` catalog,
    /// docs/spec/project-edit.md#the-mul-child-of-an-interface-builder-group edit).
    public var isInterfaceBuilder: Bool
    /// Absolute path of the storyboard or xib, for IB tables.
    public var interfaceBuilderFile: String?
    /// The files read, in group order (the `.strings` group's children first).
    public var files: [LocalizedFile]
    /// The variant groups replaced, the one whose slot the catalog takes first (the `.strings`
    /// group of a `.strings` + `.stringsdict` pair). Opaque handles for `MigrationEdit`.
    public var variantGroupIDs: [String]
    /// Targets whose Resources phase builds one of the groups, in project order.
    public var targetIDs: [String]
    /// Where the catalog's reference goes when it does not take the first group's slot: the
    /// groups sit in `xx.lproj` groups, one language each (docs/spec/project-edit.md#one-variant-group-per-language),
    /// so the reference goes into the group of the folder holding those, before the first of them. Nil: the first
    /// group's slot.
    public var referencePlacement: ReferencePlacement?
}

/// A place in a group's `children` for a new reference: before one of its children.
public struct ReferencePlacement: Sendable, Hashable {
    /// The `PBXGroup` the reference goes into.
    public var groupID: String
    /// The child it goes before.
    public var beforeChildID: String
}

/// A variant group with `.strings`/`.stringsdict` children that a whole-project run leaves alone:
/// its files belong to something else (docs/spec/project-edit.md#files-xcode-leaves-alone: a bundle, framework or app
/// inside the project, or a dependency manager's folder), or it also holds a file that is neither a table nor an IB
/// file (`Base.lproj/Intents.intentdefinition`, `en.lproj/Credits.html`), which replacing the group
/// (docs/spec/project-edit.md#the-variant-group-goes) would drop from the project.
public struct SkippedVariantGroup: Sendable, Hashable {
    public var groupID: String
    public var name: String
    /// The folder component that put it out of scope (`Settings.bundle`, `Pods`), or the other
    /// file the group holds (`Intents.intentdefinition`).
    public var reason: String
    /// Its `.strings`/`.stringsdict` files (absolute), which stay in the project.
    public var files: [String] = []
    /// Targets whose Resources phase builds it.
    public var targetIDs: [String] = []
}

/// What a whole-project migration of one `project.pbxproj` would take.
public struct ProjectLocalization: Sendable {
    public var tables: [LocalizedTable]
    /// Groups of `.strings`/`.stringsdict` files left alone (docs/spec/project-edit.md#files-xcode-leaves-alone);
    /// `skipped.count` for the summary.
    public var skipped: [SkippedVariantGroup]
    /// Absolute folders of the `PBXFileSystemSynchronizedRootGroup`s (docs/spec/project-edit.md#synchronized-folders):
    /// the caller scans them on disk, since their files are not listed in the project.
    public var synchronizedFolders: [String]
    /// `developmentRegion` of the `PBXProject` (docs/spec/languages.md#the-source-language: the caller decides the
    /// source language).
    public var developmentRegion: String?
    /// Notes about groups that could not be placed (unresolvable folders, children outside any
    /// `.lproj`, two tables writing one catalog).
    public var diagnostics: [Diagnostic]
    /// Variant groups of `.strings`/`.stringsdict` files whose folder cannot be found (a cycle, an
    /// undefined parent, a build-time source tree): each has a warning saying why.
    public var unplacedGroups = 0
}

/// Finds the localized tables of a project (docs/spec/project-edit.md#the-unit-of-migration-is-the-variant-group,
/// #where-catalogs-go, #synchronized-folders, #files-xcode-leaves-alone) by `TableRules`: this
/// reads the groups and applies the rules, each of which decides one thing (`TableRules/`).
public enum LocalizedTables {
    /// Every table of the project in file order of its variant groups.
    /// - Parameters:
    ///   - graph: the parsed project.
    ///   - projectFolder: the absolute folder holding the `.xcodeproj`.
    /// - Parameter includeBaseOnly: docs/spec/project-edit.md#a-storyboard-or-xib-with-no-strings: an Interface Builder
    ///   group with no `.strings` child is a
    ///   table too (an empty `mul.lproj` catalog): the choice a user makes in Xcode's dialog
    ///   (`migrate --include-base-only`); off by default, as in most migrations seen.
    public static func find(in graph: ProjectGraph, projectFolder: String, includeBaseOnly: Bool = false)
        -> ProjectLocalization
    {
        let resolver = PathResolver(graph: graph, projectFolder: projectFolder)
        var result = ProjectLocalization(
            tables: [], skipped: [], synchronizedFolders: [],
            developmentRegion: graph.project?.developmentRegion, diagnostics: [])
        for object in graph.objects(.synchronizedRootGroup) {
            if let folder = resolver.path(of: object.id) { result.synchronizedFolders.append(folder) }
        }
        let scan = GroupScan(
            graph: graph, resolver: resolver, includeBaseOnly: includeBaseOnly, targetsOfGroup: resourceTargets(graph))
        var candidates: [Candidate] = []
        var ambiguous: [AGroupInTwoFoldersIsLeftAlone.Conflict] = []
        for object in graph.objects(.variantGroup) {
            guard let group = graph.group(object.id) else { continue }
            switch scan.read(group, into: &result) {
            case .table(let candidate): candidates.append(candidate)
            case .inTwoFolders(let name, let targets): ambiguous.append(.init(name: name, targets: targets))
            case .none: break
            }
        }
        candidates += PlainStringsFilesAreTheDevelopmentLanguage.candidates(
            graph, resolver: resolver, targetsOfGroup: scan.targetsOfGroup)
        // A group of a table that lies in two folders takes the whole table with it.
        AGroupInTwoFoldersIsLeftAlone.removeTables(of: ambiguous, from: &candidates, into: &result.skipped)
        result.tables = TablePairing.tables(candidates).map { table(of: $0, graph) }
        result.tables = OneTablePerCatalog.apply(result.tables, skipped: &result.skipped)
        return result
    }

    /// The table a group of candidates makes (a `.strings` group and its `.stringsdict` group).
    private static func table(of candidates: [Candidate], _ graph: ProjectGraph) -> LocalizedTable {
        let first = candidates[0]
        var files: [LocalizedFile] = []
        var seenFiles: Set<String> = []
        for file in candidates.flatMap(\.files) where seenFiles.insert(file.path).inserted { files.append(file) }
        let targetSet = Set(candidates.flatMap(\.targets))
        return LocalizedTable(
            name: first.name, catalogPath: first.catalogPath, isInterfaceBuilder: first.kind == .interfaceBuilder,
            interfaceBuilderFile: first.interfaceBuilderFile, files: files,
            variantGroupIDs: candidates.map(\.groupID),
            targetIDs: (graph.project?.targets ?? []).filter { targetSet.contains($0) },
            referencePlacement: CatalogGoesBesideItsLanguageFolders.earliestPlacement(
                candidates.compactMap(\.referencePlacement), graph))
    }

    /// Reads the variant groups of one project, one at a time.
    private struct GroupScan {
        let graph: ProjectGraph
        let resolver: PathResolver
        let includeBaseOnly: Bool
        let targetsOfGroup: [String: [String]]

        enum Outcome {
            case table(Candidate)
            /// Listed by groups that put it in two folders: neither it nor its table is migrated.
            case inTwoFolders(name: String, targets: Set<String>)
            case none
        }

        /// A variant group's children, sorted by what they are to the migration.
        struct Children {
            var strings: [LocalizedFile] = []
            var interfaceBuilder: (path: String, relative: String, sourceTree: String?)?
            /// The folder component that puts a child out of scope (`Settings.bundle`, `Pods`).
            var outside: String?
            /// A child that is neither a table's file nor an Interface Builder file.
            var otherFile: String?
        }

        func read(_ group: PBXGroupView, into result: inout ProjectLocalization) -> Outcome {
            let path = graph.document.path
            guard let folder = resolver.path(of: group.id) else {
                if hasLocalizedChild(group, graph) {
                    let why = resolver.whyUnresolved(group.id) ?? "its folder cannot be found"
                    result.diagnostics.append(
                        .warning(
                            "variant group \(group.displayName) (\(group.id)) is not migrated: \(why)",
                            at: .file(path)))
                    result.unplacedGroups += 1
                }
                return .none
            }
            // A group that two groups list lies in two folders when those differ: which one Xcode
            // reads is not known, so it is not migrated, nor the table it belongs to (a catalog
            // beside a legacy table of the same name would be built twice).
            if let conflict = AGroupInTwoFoldersIsLeftAlone.conflictingFolders(
                of: group.id, graph: graph, resolver: resolver)
            {
                result.diagnostics.append(
                    AGroupInTwoFoldersIsLeftAlone.warning(group, conflict, resolver: resolver, in: path))
                result.unplacedGroups += 1
                return .inTwoFolders(
                    name: tableName(group.name ?? group.displayName), targets: Set(targetsOfGroup[group.id] ?? []))
            }
            // Children the file does not define: said, not skipped silently.
            let undefined = group.children.filter { graph.object($0) == nil }
            if !undefined.isEmpty {
                let objects = undefined.count == 1 ? "an object" : "\(undefined.count) objects"
                result.diagnostics.append(
                    .warning(
                        "variant group \(group.displayName) (\(group.id)) lists \(objects) the file does not define "
                            + "(\(undefined.prefix(3).joined(separator: ", ")))", at: .file(path)))
            }
            let children = self.children(of: group, in: folder, into: &result)
            // docs/spec/project-edit.md#a-storyboard-or-xib-with-no-strings: an IB file with no
            // .strings child is left alone unless picked; a group of neither is no table.
            guard
                BaseOnlyInterfaceBuilderGroupsWhenPicked.isTable(
                    hasFiles: !children.strings.isEmpty, hasInterfaceBuilderFile: children.interfaceBuilder != nil,
                    hasOtherFile: children.otherFile != nil, picked: includeBaseOnly)
            else { return .none }
            let targets = targetsOfGroup[group.id] ?? []
            // The reason in words: the folder that puts it out of scope, or the other file it holds,
            // which replacing the group with a catalog would drop from the project
            // (docs/spec/project-edit.md#the-variant-group-goes).
            let why =
                children.outside.map(ResourcesOfSomethingElseAreLeftAlone.reason(inside:))
                ?? children.otherFile.map(AGroupHoldingAnotherFileIsLeftAlone.reason(holding:))
            if let reason = why {
                result.skipped.append(
                    SkippedVariantGroup(
                        groupID: group.id, name: group.displayName, reason: reason,
                        files: children.strings.map(\.path), targetIDs: targets))
                return .none
            }
            return .table(candidate(group, in: folder, children, targets: targets))
        }

        func children(of group: PBXGroupView, in folder: String, into result: inout ProjectLocalization) -> Children {
            var children = Children()
            for child in group.children {
                // A child that another group lists too is read where this group puts it.
                guard let reference = graph.fileReference(child) else { continue }
                let shared = graph.parents(of: child).count > 1 && (reference.sourceTree ?? "<group>") == "<group>"
                let resolved = shared ? PathResolver.join(folder, reference.path ?? "") : resolver.path(of: child)
                guard let childPath = resolved else { continue }
                let file = PathResolver.lastComponent(childPath)
                if InterfaceBuilderTablesGoInMul.isInterfaceBuilderFile(file) {
                    if InterfaceBuilderTablesGoInMul.decides(childPath, over: children.interfaceBuilder?.path) {
                        children.interfaceBuilder = (childPath, reference.path ?? file, reference.sourceTree)
                    }
                    continue
                }
                guard let kind = OnlyFilesInLanguageFoldersAreRead.kind(of: file) else {
                    if children.otherFile == nil { children.otherFile = file }
                    continue
                }
                if children.outside == nil {
                    children.outside = ResourcesOfSomethingElseAreLeftAlone.excludedComponent(
                        childPath, projectFolder: resolver.projectFolder)
                }
                switch OnlyFilesInLanguageFoldersAreRead.file(
                    childPath, kind: kind, referenceID: child, groupName: group.displayName, in: graph.document.path)
                {
                case .success(let localized): children.strings.append(localized)
                case .failure(let note): result.diagnostics.append(note)
                }
            }
            return children
        }

        /// Where the group's catalog goes. docs/spec/project-edit.md#a-tables-catalog-goes-in-its-groups-folder:
        /// the group's own folder, not the folder of its children's `.lproj` folders when they differ (Monal
        /// lists `external/xx.lproj/…` from `localization/`): the reference Xcode adds is always
        /// `path = T.xcstrings` relative to the group's parent
        /// (docs/spec/project-edit.md#one-file-reference-per-table).
        func candidate(_ group: PBXGroupView, in folder: String, _ children: Children, targets: [String]) -> Candidate {
            if let ib = children.interfaceBuilder {
                let (name, catalog) = InterfaceBuilderTablesGoInMul.catalog(for: ib.path)
                return Candidate(
                    name: name, kind: .interfaceBuilder, groupID: group.id, catalogPath: catalog,
                    files: children.strings,
                    targets: targets, interfaceBuilderFile: ib.path)
            }
            let name = tableName(group.name ?? PathResolver.lastComponent(children.strings[0].path))
            let kind: Candidate.Kind = children.strings.allSatisfy { $0.kind == .stringsdict } ? .stringsdict : .strings
            let place = CatalogGoesBesideItsLanguageFolders.place(
                groupID: group.id, folder: folder, files: children.strings, graph: graph, resolver: resolver)
            return Candidate(
                name: name, kind: kind, groupID: group.id, catalogPath: place.folder + "/" + name + ".xcstrings",
                files: children.strings, targets: targets, interfaceBuilderFile: nil,
                referencePlacement: place.placement)
        }
    }

    /// `Localizable.strings` -> `Localizable`.
    public static func tableName(_ fileName: String) -> String {
        for suffix in [".stringsdict", ".strings"] where fileName.hasSuffix(suffix) {
            return String(fileName.dropLast(suffix.count))
        }
        if let dot = fileName.lastIndex(of: ".") { return String(fileName[..<dot]) }
        return fileName
    }

    private static func hasLocalizedChild(_ group: PBXGroupView, _ graph: ProjectGraph) -> Bool {
        group.children.contains { id in
            guard let path = graph.fileReference(id)?.path else { return false }
            return path.hasSuffix(".strings") || path.hasSuffix(".stringsdict")
        }
    }

    /// Group ID -> IDs of the targets whose Resources phase holds a build file of it.
    static func resourceTargets(_ graph: ProjectGraph) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for target in graph.targets {
            for phaseID in target.buildPhases {
                guard let phase = graph.buildPhase(phaseID), phase.kind == .resourcesBuildPhase else { continue }
                for fileID in phase.files {
                    guard let ref = graph.buildFile(fileID)?.fileRef else { continue }
                    if result[ref]?.contains(target.id) != true { result[ref, default: []].append(target.id) }
                }
            }
        }
        return result
    }
}

extension String {
    /// Nil for the empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}

/// A variant group that holds a table's files, before `.strings`/`.stringsdict` pairing.
struct Candidate {
    enum Kind { case strings, stringsdict, interfaceBuilder }
    var name: String
    var kind: Kind
    /// The variant group, or for a plain `.strings` file (docs/spec/project-edit.md#a-strings-file-outside-any-lproj)
    /// its `PBXFileReference`.
    var groupID: String
    /// Where the table's catalog goes (docs/spec/project-edit.md#where-catalogs-go).
    var catalogPath: String
    var files: [LocalizedFile]
    var targets: [String]
    var interfaceBuilderFile: String?
    var referencePlacement: ReferencePlacement? = nil
}
