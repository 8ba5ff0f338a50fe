import Foundation
import Languages
import StringCatalog
import StringcatSupport

/// Options of `stringcat compile`.
public struct CompileOptions: Sendable {
    /// Write `<lang>.lproj` folders here; nil = beside each catalog (the parent of `mul.lproj`
    /// for Interface Builder catalogs).
    public var outputDirectory: String?
    /// Only these language codes; empty = every language of each catalog.
    public var languages: [String] = []
    public var stringsFormat: StringsOutputFormat = .text
    /// Replace existing files.
    public var force = false
    /// Plan only; write nothing.
    public var dryRun = false
    /// Whether a large catalog compiles in runs of keys on every core: by its size (`.bySize`);
    /// tests compare `.always` with `.never`.
    var split = ParallelSplit.bySize
    /// What writes the files (`AtomicFile`): the file system; tests pass one that fails (a full
    /// disk).
    public var fileWriter: any FileWriting = SystemFileWriter()

    public init() {}
}

/// One file `compile` writes (or would write).
public struct CompiledFile: Sendable {
    public enum Kind: String, Sendable {
        case strings, stringsdict
    }

    public var path: String
    /// The tree it is written in: `--output`, else the catalog's folder (see `outputFolder`).
    /// Nothing is written outside it, as written or through a symbolic link.
    public var root: String
    /// The catalog it comes from.
    public var catalogPath: String
    public var language: String
    public var kind: Kind
    public var entryCount: Int
    public var data: Data
    /// True when a file was already there before this run.
    public var existed: Bool
    /// True when the file there already holds exactly these bytes (a second run): it is not
    /// written again, and it is not an error without `--force`.
    public var unchanged = false
}

/// The compiled form of one catalog file.
public struct CompiledCatalog: Sendable {
    public var path: String
    public var table: CompiledTable
}

/// What a `compile` run planned, wrote and found.
public struct CompileReport: Sendable {
    public var catalogs: [CompiledCatalog] = []
    /// Every file of the run, in catalog then language order (`.strings` before `.stringsdict`).
    public var files: [CompiledFile] = []
    /// Problems with the input or the targets, then the compile warnings of each catalog.
    public var diagnostics: [Diagnostic] = []
    /// True once the files have been written.
    public var written = false

    public var hasErrors: Bool { diagnostics.containsError }
}

extension CatalogCompiler {
    /// Reads and compiles every catalog and renders every file, without writing anything.
    ///
    /// Errors (a catalog that does not parse, a target that exists without `force`, two catalogs
    /// writing the same file) are collected for the whole run, so that nothing at all is written
    /// when any is found.
    public static func plan(_ catalogPaths: [String], options: CompileOptions) -> CompileReport {
        plan(catalogPaths.map { CatalogFiles.Found(path: $0, base: nil) }, options: options)
    }

    /// Plans catalogs found under folder arguments: with `--output DIR`, each catalog's files go
    /// to DIR at the catalog's folder relative to the folder it was found under (25 catalogs of
    /// one project no longer collide in DIR).
    public static func plan(_ catalogs: [CatalogFiles.Found], options: CompileOptions) -> CompileReport {
        var report = CompileReport()
        let fm = FileManager.default
        var targets: [String: String] = [:]
        for found in catalogs {
            let path = URL(fileURLWithPath: found.path).standardizedFileURL.path
            let catalog: StringCatalog
            do {
                catalog = try CatalogReader.read(path: path)
            } catch {
                report.diagnostics.append(error)
                continue
            }
            let url = URL(fileURLWithPath: path)
            let tableName = url.deletingPathExtension().lastPathComponent
            let compiled = compileKeepingKeys(
                catalog, tableName: tableName,
                languages: options.languages.isEmpty ? nil : options.languages,
                path: path, split: options.split)
            var table = compiled.table
            // Diagnostics are rare: the file is read again only to find the line of their entries.
            let bytes =
                compiled.diagnosticKeys.contains { $0 != nil }
                ? fm.contents(atPath: path).map { [UInt8]($0) } ?? [] : []
            table.diagnostics = zip(table.diagnostics, compiled.diagnosticKeys).map { diagnostic, key in
                guard let key, let line = CatalogKeyLocator.line(of: key, in: bytes) else { return diagnostic }
                var located = diagnostic
                located.location = SourceLocation(path: path, line: line, column: 5)
                return located
            }
            report.catalogs.append(CompiledCatalog(path: path, table: table))

            let folder = outputFolder(forCatalogAt: url, output: options.outputDirectory, base: found.base)
            let root = options.outputDirectory.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? folder
            // Languages render independently: on every core.
            let format = options.stringsFormat
            let rendered = ConcurrentMap.map(table.languages) { language -> [(CompiledFile.Kind, Int, Data)] in
                var files: [(CompiledFile.Kind, Int, Data)] = []
                if !language.strings.isEmpty {
                    files.append(
                        (
                            .strings, language.strings.count,
                            CompiledFileRenderer.strings(language.strings, format: format)
                        ))
                }
                if !language.stringsDict.isEmpty {
                    files.append(
                        (
                            .stringsdict, language.stringsDict.count,
                            CompiledFileRenderer.stringsDict(language.stringsDict, format: format)
                        ))
                }
                return files
            }
            for (language, files) in zip(table.languages, rendered) {
                // The reader refuses a key that is no language tag; a catalog made in memory is
                // checked here, before a path is made from its key.
                guard LanguageTag(language.language) != nil else {
                    let code = ControlCharacters.escaped(language.language)
                    let message = "\"\(code)\" is not a language code; no .lproj folder is made from it"
                    report.diagnostics.append(.error(message, at: .file(path)))
                    continue
                }
                let lproj = folder + "/" + language.language + LprojFolderName.suffix + "/"
                for (kind, count, data) in files {
                    let target = lproj + tableName + "." + kind.rawValue
                    let existed = fm.fileExists(atPath: target)
                    let unchanged = existed && fm.contents(atPath: target) == data
                    if let other = targets[target] {
                        report.diagnostics.append(
                            .error("\(target) would be written by both \(other) and this catalog", at: .file(path)))
                    }
                    targets[target] = path
                    if existed && !unchanged && !options.force {
                        report.diagnostics.append(
                            .error(
                                "already exists (use --force to overwrite it); nothing was written", at: .file(target)))
                    }
                    report.files.append(
                        CompiledFile(
                            path: target, root: root, catalogPath: path,
                            language: language.language, kind: kind,
                            entryCount: count, data: data, existed: existed, unchanged: unchanged))
                }
            }
        }
        report.diagnostics += report.catalogs.flatMap(\.table.diagnostics)
        return report
    }

    /// Writes the planned files, each through a temporary file and a rename. If one write fails,
    /// the files this run already wrote are put back as they were (removed, or their previous
    /// content restored), and the error is added to the report.
    public static func write(
        _ report: inout CompileReport, force: Bool, writer: any FileWriting = SystemFileWriter()
    ) {
        guard !report.hasErrors else { return }
        // A file that holds these bytes already stays as it is (mtime kept); planning refused an
        // existing file that differs unless `force`, so every other file may be replaced.
        let changed = report.files.filter { !$0.unchanged }
        do {
            // What a killed run left beside the files is cleaned by the batch before it stages
            // them; what could not be removed, then or after, is an error naming it.
            report.diagnostics += try AtomicFile.writeAll(
                changed.map { file in
                    AtomicFile.BatchFile(path: file.path, content: .data(file.data), overwrite: force, root: file.root)
                }, writer: writer)
        } catch {
            report.diagnostics.append(
                .error(
                    "\(error); the files this run wrote were put back as they were",
                    at: .file(changed[error.failedIndex].path)))
            return
        }
        report.written = true
    }

    /// Plans, then writes unless there are errors or `dryRun` is set (catalog files as given).
    public static func run(_ catalogPaths: [String], options: CompileOptions) -> CompileReport {
        run(catalogPaths.map { CatalogFiles.Found(path: $0, base: nil) }, options: options)
    }

    /// Plans, then writes unless there are errors or `dryRun` is set.
    public static func run(_ catalogs: [CatalogFiles.Found], options: CompileOptions) -> CompileReport {
        // One writing run per tree at a time (TreeLock), from the plan to the last write.
        var lock: TreeLock?
        if !options.dryRun, let first = options.outputDirectory ?? catalogs.first?.path {
            do {
                lock = try TreeLock.acquire(for: first)
            } catch {
                var report = CompileReport()
                report.diagnostics.append(error)
                return report
            }
        }
        defer { lock?.release() }
        var report = plan(catalogs, options: options)
        if !options.dryRun { write(&report, force: options.force, writer: options.fileWriter) }
        return report
    }

    /// `X/Localizable.xcstrings` -> `X`; `X/mul.lproj/Main.xcstrings` -> `X` (the `.lproj`
    /// folders are siblings of `mul.lproj`); `--output DIR` -> `DIR`.
    static func outputFolder(forCatalogAt url: URL, output: String?, base: String? = nil) -> String {
        var folder = url.deletingLastPathComponent()
        if folder.lastPathComponent == LprojFolderName.multilingualFolder {
            folder = folder.deletingLastPathComponent()
        }
        guard let output else { return folder.path }
        let root = URL(fileURLWithPath: output).standardizedFileURL.path
        guard let base, folder.path.hasPrefix(base + "/") else { return root }
        return root + "/" + folder.path.dropFirst(base.count + 1)
    }
}
