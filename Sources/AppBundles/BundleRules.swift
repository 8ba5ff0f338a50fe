import Languages
import XcodeProject

/// How a file becomes part of a bundle, the same for a project's and a package's targets
/// (docs/spec/app-bundle.md#the-lproj-folders-of-a-bundle).
enum BundleRules {
    /// True for a file that puts something in a bundle's `.lproj` folders: a catalog, a
    /// `.strings` or `.stringsdict` table (also outside an `.lproj`: a top-level table), any file
    /// inside an `.lproj` folder.
    static func isLocalized(_ path: String) -> Bool {
        path.hasSuffix(".xcstrings") || path.hasSuffix(".strings") || path.hasSuffix(".stringsdict")
            || LprojFolderName.of(file: path) != nil
    }

    /// True when the catalog at `path` lies directly in an `.lproj` folder other than `mul.lproj`.
    static func isInLanguageFolder(_ path: String) -> Bool {
        guard let folder = LprojFolderName.of(file: path) else { return false }
        return folder != LprojFolderName.multilingual
    }

    /// The input a localized file is: its kind, the folder of the bundle it goes to, its table.
    static func input(_ path: String) -> BundleInput? {
        let name = PathResolver.lastComponent(path)
        let dot = name.lastIndex(of: ".")
        let stem = dot.map { String(name[..<$0]) } ?? name
        let kind: BundleInput.Kind
        if name.hasSuffix(".xcstrings") {
            return BundleInput(path: path, kind: .catalog, folder: .topLevel, table: stem)
        } else if name.hasSuffix(".strings") {
            kind = .strings
        } else if name.hasSuffix(".stringsdict") {
            kind = .stringsDict
        } else {
            kind = .other
        }
        let folder: BundleFolder
        switch LprojFolderName.of(file: path) {
        case nil: folder = .topLevel
        case LprojFolderName.base?: folder = .base
        case let lproj?:
            // A folder whose name is no language (`mul.lproj`, `Resources.lproj`) declares none.
            guard let tag = LanguageTag(lproj) else { return nil }
            folder = .language(tag)
        }
        if kind == .other && folder == .topLevel { return nil }
        return BundleInput(path: path, kind: kind, folder: folder, table: kind == .other ? nil : stem)
    }

    /// The bundle of a target (or folder) that has every file of `paths` (a package target's
    /// folder, a bare folder); nil when none is localized. What builds a bare folder is not known
    /// (`buildsEveryFile` false): a catalog beside its legacy files is no clash there, only what
    /// it loses counts.
    static func bundle(
        of paths: [String], owner: BundleOwner, name: String, kind: ProductKind, sourceLanguage: LanguageTag?,
        buildsEveryFile: Bool = true
    ) -> TargetBundle? {
        var inputs: [BundleInput] = []
        var failures: [BuildFailure] = []
        for path in paths {
            guard let input = input(path) else { continue }
            if input.kind == .catalog, isInLanguageFolder(path) { failures.append(.catalogInLanguageFolder(path)) }
            inputs.append(input)
        }
        guard !inputs.isEmpty else { return nil }
        if buildsEveryFile { failures += buildsTwice(inputs) }
        return TargetBundle(
            owner: owner, name: name, kind: kind, sourceLanguage: sourceLanguage, inputs: inputs,
            failures: Array(Set(failures)).sorted())
    }

    /// The ways a target's inputs build a table twice (docs/spec/app-bundle.md#what-stops-a-build):
    /// a catalog and legacy files of its name, two catalogs of one name, one file built twice, two
    /// files for one place of the bundle.
    static func buildsTwice(_ inputs: [BundleInput]) -> [BuildFailure] {
        var failures: [BuildFailure] = []
        var seen: [String: Int] = [:]
        for input in inputs { seen[input.path, default: 0] += 1 }
        let tables = Dictionary(grouping: inputs.filter { $0.table != nil }, by: { $0.table! })
        for (table, group) in tables {
            let catalogs = Set(group.filter { $0.kind == .catalog }.map(\.path))
            let legacy = Set(group.filter { $0.kind != .catalog }.map(\.path))
            let twice = Set(group.map(\.path).filter { seen[$0, default: 0] > 1 })
            var places: [String: Set<String>] = [:]
            for input in group where input.kind != .catalog {
                places[place(of: input), default: []].insert(input.path)
            }
            let clashing = places.values.filter { $0.count > 1 }.flatMap { $0 }
            if catalogs.count > 1 || (!catalogs.isEmpty && !legacy.isEmpty) || !twice.isEmpty || !clashing.isEmpty {
                let involved = !catalogs.isEmpty && !legacy.isEmpty || catalogs.count > 1 ? catalogs.union(legacy) : []
                failures.append(
                    .tableBuiltTwice(table: table, inputs: involved.union(twice).union(clashing).sorted()))
            }
        }
        return failures
    }

    /// Where a copied file lands in the bundle (`de.lproj/Localizable.strings`).
    static func place(of input: BundleInput) -> String {
        let name = PathResolver.lastComponent(input.path)
        switch input.folder {
        case .language(let tag): return tag.canonical + LprojFolderName.suffix + "/" + name
        case .base: return LprojFolderName.baseFolder + "/" + name
        case .topLevel: return name
        }
    }
}
