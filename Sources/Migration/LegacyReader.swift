import LegacyTables
import Foundation
import StringcatSupport
import StringsDict
import StringsFile

/// Reads the legacy files of many tables, both cores at once: files parse independently.
enum LegacyReader {
    struct FileResult: Sendable {
        var strings: StringsFile?
        var stringsDict: StringsDictFile?
        var diagnostics: [Diagnostic]
        var failed: Bool { diagnostics.containsError }
    }

    /// Reads every file on every core; results come back in the order of `files`.
    static func read(_ files: [LegacyFile]) -> [FileResult] {
        ConcurrentMap.map(files, read)
    }

    static func read(_ file: LegacyFile) -> FileResult {
        switch file.kind {
        case .strings:
            let result = StringsFileReader.read(path: file.path)
            return FileResult(strings: result.file, stringsDict: nil, diagnostics: result.diagnostics)
        case .stringsdict:
            let result = StringsDictReader.read(path: file.path, language: file.language)
            return FileResult(strings: nil, stringsDict: result.file, diagnostics: result.diagnostics)
        }
    }
}
