import StringcatSupport

/// The tables of a project, found the way `migrate` and `verify` both find them: scan, source
/// language, grouping, and the `--table` filter.
public struct ProjectTables: Sendable {
    public var scan: ProjectScan
    public var sourceLanguage: SourceLanguage
    public var tables: [LegacyTable]
    public var diagnostics: [Diagnostic]

    /// - Parameter requireTables: when true, a project without any legacy file is an error
    ///   (`migrate`); `verify` passes false, since a finished migration has none left.
    public static func find(_ path: String, tables names: [String], sourceLanguage explicit: String?, requireTables: Bool = true) -> ProjectTables {
        let scan = LprojScanner.scan(path)
        let (source, sourceDiagnostics) = SourceLanguageDetector.detect(explicit: explicit, projectFiles: scan.projectFiles, root: scan.root)
        var project = ProjectTables(scan: scan, sourceLanguage: source, tables: [], diagnostics: scan.diagnostics + sourceDiagnostics)
        if scan.diagnostics.containsError { return project }

        let grouping = TableGrouper.group(scan, sourceLanguage: source.code)
        project.diagnostics += grouping.diagnostics
        project.tables = grouping.tables
        if !names.isEmpty {
            let wanted = Set(names.map { $0.lowercased() })
            project.tables = grouping.tables.filter { wanted.contains($0.name.lowercased()) }
            let found = Set(project.tables.map { $0.name.lowercased() })
            for name in names where !found.contains(name.lowercased()) {
                project.diagnostics.append(.error("no table named \(name) in this project", at: .file(scan.root)))
            }
        }
        if grouping.tables.isEmpty && (requireTables || scan.catalogs.isEmpty) {
            project.diagnostics.append(.error("no .strings or .stringsdict files in any .lproj folder here", at: .file(scan.root)))
        }
        return project
    }
}
