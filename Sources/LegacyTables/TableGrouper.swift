import Foundation
import Languages
import StringcatSupport

/// Groups the files of a scanned project into tables, one String Catalog each.
///
/// Rules (docs/spec/migration.md#table-to-file):
/// - one table per (folder holding the `.lproj` folders, table name);
/// - a table in a nested folder joins the same table of an enclosing folder when the two are
///   complementary: no language has a file of the same kind in both, and no bundle folder
///   (`X.bundle`, `X.framework`, `X.appex`...) lies between. That is the IceCubesApp layout
///   (`Localization/xx.lproj/Localizable.strings` + `Localization/Plurals/xx.lproj/Localizable.stringsdict`
///   -> one catalog); a nested folder with files of the same kind is another target (transmission's
///   `QuickLookExtension`) and keeps its own catalog;
/// - table names that differ only in case within one folder (`infoPlist` beside `InfoPlist`, as in
///   mastodon) are one table on the case-insensitive disks Xcode builds on: merged, and reported;
/// - two folders of one language (`Base` and `en`, `pt_BR` and `pt-BR`): the folder spelled exactly
///   as the code wins over `Base`, legacy names and `_` spellings; the other file is kept in
///   `shadowedFiles`, and the migrator adds the keys only it has (nothing is dropped), except
///   from a `Base.lproj` beside the source language's own folder, as Xcode's migration does.
public enum TableGrouper {
    public struct Result: Sendable {
        public var tables: [LegacyTable]
        public var diagnostics: [Diagnostic]
    }

    public static func group(_ scan: ProjectScan, sourceLanguage: String) -> Result {
        group(scan.lprojFolders, sourceLanguage: sourceLanguage)
    }

    /// Groups the files of these `.lproj` folders (a subset of a scan: one synchronized folder,
    /// one package).
    /// - Parameter spelling: how the folders' language codes are written: as a project or package
    ///   keeps them, or canonical (a bare folder).
    public static func group(
        _ lprojFolders: [LprojFolder], sourceLanguage: String, origin: TableOrigin = .folder,
        spelling: LanguageTag.Spelling = .canonical
    ) -> Result {
        var diagnostics: [Diagnostic] = []
        // 1. Files per folder and case-folded table name.
        struct RawTable { var spellings: [String: Int] = [:]; var files: [LegacyFile] = [] }
        var byFolder: [String: [String: RawTable]] = [:]
        var interfaceFiles: [String: Set<String>] = [:] // folder -> IB document base names
        for lproj in lprojFolders {
            for file in lproj.files {
                let url = URL(fileURLWithPath: file)
                let ext = url.pathExtension
                let base = url.deletingPathExtension().lastPathComponent
                if ext == "storyboard" || ext == "xib" {
                    interfaceFiles[lproj.parent, default: []].insert(base)
                    continue
                }
                guard let kind = LegacyFileKind(rawValue: ext), !base.isEmpty else { continue }
                // The language is the table's to give (its source language's spelling): step 2.
                let legacy = LegacyFile(path: lproj.path + "/" + file, kind: kind, lprojName: lproj.name, language: "")
                byFolder[lproj.parent, default: [:]][base.lowercased(), default: RawTable()].spellings[
                    base, default: 0] += 1
                byFolder[lproj.parent, default: [:]][base.lowercased(), default: RawTable()].files.append(legacy)
            }
        }

        // 2. One table per folder and name; pick the spelling, resolve language clashes.
        var tables: [LegacyTable] = []
        for folder in byFolder.keys.sorted() {
            for (folded, raw) in byFolder[folder]!.sorted(by: { $0.key < $1.key }) {
                let name = preferredSpelling(raw.spellings)
                if raw.spellings.count > 1 {
                    let all = raw.spellings.keys.sorted().joined(separator: ", ")
                    diagnostics.append(
                        .warning(
                            "table spelled \(raw.spellings.count) ways (\(all)); read as one table named \(name)",
                            at: .file(folder)))
                }
                let ib = interfaceFiles[folder].map { names in names.contains { $0.lowercased() == folded } } ?? false
                var table = LegacyTable(
                    name: name, folder: folder, isInterfaceBuilder: ib, files: [], shadowedFiles: [])
                table.origin = origin
                let languages = TableLanguages(
                    folderNames: raw.files.map(\.lprojName), source: sourceLanguage, spelling: spelling)
                table.sourceLanguage = languages.sourceKey
                let files = raw.files.compactMap { file -> LegacyFile? in
                    guard let key = languages.key(forFolder: file.lprojName) else { return nil }
                    var file = file
                    file.language = key
                    return file
                }
                pickFiles(files, into: &table, diagnostics: &diagnostics)
                tables.append(table)
            }
        }

        // 3. Merge complementary nested tables into their enclosing table.
        tables.sort { ($0.folder.count, $0.folder, $0.name) < ($1.folder.count, $1.folder, $1.name) }
        var merged: [LegacyTable] = []
        for table in tables {
            if let index = merged.lastIndex(where: { canAbsorb($0, table) }) {
                merged[index].files.append(contentsOf: table.files)
                merged[index].files.sort { ($0.language, $0.kind) < ($1.language, $1.kind) }
                merged[index].shadowedFiles.append(contentsOf: table.shadowedFiles)
                diagnostics.append(
                    .note(
                        "\(table.name) files in \(relative(table.folder, to: merged[index].folder)) join the "
                            + "\(merged[index].name) catalog of the enclosing folder (they complement it)",
                        at: .file(table.folder)))
            } else {
                merged.append(table)
            }
        }
        merged.sort { ($0.catalogPath, $0.name) < ($1.catalogPath, $1.name) }
        return Result(tables: merged, diagnostics: diagnostics)
    }

    private static func preferredSpelling(_ spellings: [String: Int]) -> String {
        if let infoPlist = spellings.keys.first(where: { $0 == "InfoPlist" }) { return infoPlist }
        return spellings.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.first!.key
    }

    /// One winning file per (language, kind); the folder spelled exactly as the code wins.
    static func pickFiles(_ files: [LegacyFile], into table: inout LegacyTable, diagnostics: inout [Diagnostic]) {
        let groups = Dictionary(grouping: files) { "\($0.language)\u{0}\($0.kind.rawValue)" }
        for key in groups.keys.sorted() {
            let candidates = groups[key]!.sorted { rank($0) < rank($1) }
            let winner = candidates[0]
            table.files.append(winner)
            table.shadowedFiles.append(contentsOf: candidates.dropFirst())
        }
        table.files.sort { ($0.language, $0.kind) < ($1.language, $1.kind) }
    }

    private static func rank(_ file: LegacyFile) -> (Int, String) {
        if file.lprojName == file.language { return (0, file.path) }
        if file.lprojName == LprojFolderName.base { return (2, file.path) }
        return (1, file.path)
    }

    private static func canAbsorb(_ outer: LegacyTable, _ inner: LegacyTable) -> Bool {
        guard outer.name.lowercased() == inner.name.lowercased(), outer.isInterfaceBuilder == inner.isInterfaceBuilder,
            inner.folder.hasPrefix(outer.folder + "/")
        else { return false }
        let between = inner.folder.dropFirst(outer.folder.count + 1).split(separator: "/")
        if between.contains(where: { isBundleFolder($0) }) { return false }
        let outerSlots = Set(outer.files.map { "\($0.language)\u{0}\($0.kind.rawValue)" })
        return !inner.files.contains { outerSlots.contains("\($0.language)\u{0}\($0.kind.rawValue)") }
    }

    /// A folder whose name has an extension (`Sparkle.framework`, `Settings.bundle`,
    /// `Default.AdiumEmoticonset`) is a bundle of its own at run time.
    static func isBundleFolder(_ name: Substring) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return name.index(after: dot) != name.endIndex
    }

    /// `path` relative to `base` when inside it, else `path`.
    public static func relative(_ path: String, to base: String) -> String {
        path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}
