import LegacyTables
import Foundation
import StringcatSupport
import StringsDict
import StringsFile

/// Reads the legacy files of many tables, both cores at once: files parse independently.
///
/// `.strings` files are read as Xcode's migration reads them (`StringsReading.xcodeMigration`):
/// an entry Apple's reader rejects is read from its line, with a warning, instead of failing the
/// file (docs/spec/migration.md#entries-of-a-strings-table); with `strict` the file is refused as Apple's reader
/// refuses it.
enum LegacyReader {
    struct FileResult: Sendable {
        var strings: StringsFile?
        var stringsDict: StringsDictFile?
        var diagnostics: [Diagnostic]
        var failed: Bool { diagnostics.containsError }
    }

    /// Reads every file on every core; results come back in the order of `files`.
    /// - Parameter strict: junk where a key should start is an error, not the end of the table,
    ///   and an entry Apple's reader rejects is an error, not read from its line.
    static func read(_ files: [LegacyFile], strict: Bool = false) -> [FileResult] {
        ConcurrentMap.map(files) { read($0, strict: strict) }
    }

    static func read(_ file: LegacyFile, strict: Bool = false) -> FileResult {
        switch file.kind {
        case .strings:
            let result = StringsFileReader.read(path: file.path, strict: strict, reading: .xcodeMigration)
            return FileResult(strings: result.file, stringsDict: nil, diagnostics: result.diagnostics)
        case .stringsdict:
            let result = StringsDictReader.read(path: file.path, language: file.language)
            return FileResult(strings: nil, stringsDict: result.file, diagnostics: result.diagnostics)
        }
    }
}
