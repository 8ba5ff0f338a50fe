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
    /// - Parameter strict: junk where a key should start is an error, not the end of the table.
    static func read(_ files: [LegacyFile], strict: Bool = false) -> [FileResult] {
        ConcurrentMap.map(files) { read($0, strict: strict) }
    }

    static func read(_ file: LegacyFile, strict: Bool = false) -> FileResult {
        switch file.kind {
        case .strings:
            let result = StringsFileReader.read(path: file.path, strict: strict)
            return FileResult(strings: result.file, stringsDict: nil, diagnostics: result.diagnostics)
        case .stringsdict:
            let result = StringsDictReader.read(path: file.path, language: file.language)
            return FileResult(strings: nil, stringsDict: result.file, diagnostics: result.diagnostics)
        }
    }
}
