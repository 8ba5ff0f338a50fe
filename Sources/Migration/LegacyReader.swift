import Foundation
import LegacyTables
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
        /// The file could not be read (not "not there", not a parse error): the run stops
        /// before anything is written, as a table without that file would lose a language.
        var unreadable: FileProbe.Failure? = nil
        var failed: Bool { diagnostics.containsError }
    }

    /// Reads every file on every core; results come back in the order of `files`.
    /// - Parameter strict: junk where a key should start is an error, not the end of the table,
    ///   and an entry Apple's reader rejects is an error, not read from its line.
    /// - Parameter probe: reads the bytes (the file system; a test's fails some reads).
    static func read(_ files: [LegacyFile], strict: Bool = false, probe: FileProbe = FileProbe()) -> [FileResult] {
        ConcurrentMap.map(files) { read($0, strict: strict, probe: probe) }
    }

    static func read(_ file: LegacyFile, strict: Bool = false, probe: FileProbe = FileProbe()) -> FileResult {
        let bytes: [UInt8]?
        do {
            bytes = try probe.bytes(file.path)
        } catch  where error.code != EISDIR && error.code != ELOOP {
            return FileResult(strings: nil, stringsDict: nil, diagnostics: [error.diagnostic], unreadable: error)
        } catch {
            // A folder, or a link loop: a known answer, not a disk that failed; the reader names
            // it (an error of the file, as one that does not parse).
            bytes = nil
        }
        switch file.kind {
        case .strings:
            let result =
                bytes.map {
                    StringsFileReader.parse(
                        $0, path: file.path, strict: strict,
                        reading: .xcodeMigration)
                }
                ?? StringsFileReader.read(path: file.path, strict: strict, reading: .xcodeMigration)
            return FileResult(strings: result.file, stringsDict: nil, diagnostics: result.diagnostics)
        case .stringsdict:
            let result =
                bytes.map { StringsDictReader.parse(Data($0), path: file.path, language: file.language) }
                ?? StringsDictReader.read(path: file.path, language: file.language)
            return FileResult(strings: nil, stringsDict: result.file, diagnostics: result.diagnostics)
        }
    }
}
