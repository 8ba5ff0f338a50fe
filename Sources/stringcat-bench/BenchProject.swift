import Foundation

/// The generated project a phase runs on: reused when `--project DIR` already holds one made with
/// the same settings, else generated (into DIR, or a temporary folder removed by `cleanUp`).
struct BenchProject {
    var root: String
    var summary: ProjectSummary
    private var isTemporary: Bool

    static func prepare(_ options: BenchOptions) throws -> BenchProject {
        let settings = options.settings
        guard let given = options.projectDirectory else {
            let root = try temporaryFolder("project")
            return BenchProject(root: root, summary: try generate(settings, into: root), isTemporary: true)
        }
        let root = URL(fileURLWithPath: given).standardizedFileURL.path
        if let summary = ProjectGenerator.existingSummary(at: root, settings: settings) {
            return BenchProject(root: root, summary: summary, isTemporary: false)
        }
        let fm = FileManager.default
        let names = (try? fm.contentsOfDirectory(atPath: root)) ?? []
        if !names.isEmpty && !names.contains(ProjectGenerator.markerName) {
            throw BenchFailure(
                "\(root) is not empty and was not written by stringcat-bench; choose an empty or new folder")
        }
        try fm.createDirectory(atPath: root, withIntermediateDirectories: true)
        return BenchProject(root: root, summary: try generate(settings, into: root), isTemporary: false)
    }

    /// "40 langs x 10000 keys", the subject of the phase lines.
    var subject: String { "\(summary.settings.languages) langs x \(summary.settings.keys) keys" }

    func cleanUp() {
        if isTemporary { try? FileManager.default.removeItem(atPath: root) }
    }

    /// The files a reader's bench times: those whose name ends with `suffix` under PATH (the
    /// one positional argument of `command`), or without one, the bench project's (`project`,
    /// which the caller cleans up).
    struct ReaderInput {
        var paths: [String]
        /// What the phase lines name: PATH, or the project's settings.
        var subject: String
        var project: BenchProject?
    }

    static func readerInput(_ options: BenchOptions, command: String, suffix: String) throws -> ReaderInput {
        let input: ReaderInput
        if let path = options.positionals.first {
            guard options.positionals.count == 1 else { throw UsageError("\(command) takes at most one PATH") }
            let root = URL(fileURLWithPath: path).standardizedFileURL.path
            input = ReaderInput(paths: files(under: root, withSuffix: suffix), subject: path, project: nil)
        } else {
            let project = try prepare(options)
            input = ReaderInput(paths: project.files(withSuffix: suffix), subject: project.subject, project: project)
        }
        guard !input.paths.isEmpty else {
            input.project?.cleanUp()
            throw BenchFailure("no \(suffix) files under \(options.positionals.first ?? input.project!.root)")
        }
        return input
    }

    /// Every file under the project whose name ends with `suffix`, sorted.
    func files(withSuffix suffix: String) -> [String] {
        BenchProject.files(under: root, withSuffix: suffix)
    }

    static func files(under root: String, withSuffix suffix: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var result: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(suffix) { result.append(root + "/" + relative) }
        }
        var isDirectory: ObjCBool = false
        return result.filter {
            FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }

    /// A new empty folder under the system's temporary folder.
    static func temporaryFolder(_ purpose: String) throws -> String {
        let path = NSTemporaryDirectory() + "stringcat-bench-\(purpose)-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private static func generate(_ settings: ProjectSettings, into root: String) throws -> ProjectSummary {
        let start = Date()
        let summary = try ProjectGenerator.generate(settings, into: root)
        let seconds = Date().timeIntervalSince(start)
        Console.note(
            "generated \(root): \(summary.stringsFiles) .strings (\(summary.utf16Files) UTF-16), \(summary.dictFiles) "
                + ".stringsdict, \(Format.count(summary.entries)) entries, \(Format.megabytes(summary.bytes)) in "
                + "\(Format.seconds(seconds))"
        )
        return summary
    }
}
