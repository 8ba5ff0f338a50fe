import Foundation
import StringcatSupport

/// Reads `.strings` files exactly as Apple's CoreFoundation does (`CFOldStylePList.c`), keeping
/// what CF throws away: comments, file order, duplicates, line and column of every key.
public enum StringsFileReader {
    /// Parses the bytes of a `.strings` file. Never throws: problems are diagnostics, and any
    /// error leaves `file` nil (Apple rejects the whole file too).
    ///
    /// A character that cannot start a key after an entry's `;` (`"k" = "v";ы`, `;;`, a stray
    /// `}`) ends the table there, as in Apple's reader and Xcode's migration: the entries before
    /// it are kept, the rest of the file is not read, and a warning says where, what was found
    /// and how many lines were not read (`file.unreadTail` too). With `strict` that is an error
    /// instead. Every case, and what stays an error, is listed on `StringsParser`.
    ///
    /// `reading`: `.foundation` (the default) rejects what Apple's runtime rejects;
    /// `.xcodeMigration` reads entries CoreFoundation rejects from their line as Xcode's migration
    /// does, each with a warning and a `StringsRecoveredEntry` (`file.recoveredEntries`); with
    /// `strict` too, nothing is recovered.
    public static func parse(
        _ bytes: [UInt8], path: String, strict: Bool = false, reading: StringsReading = .foundation
    ) -> StringsReadResult {
        if bytes.isEmpty {
            // CF fails on 0-byte data ("Cannot parse a NULL or zero-length data"); an empty
            // table is what such a file means in a project, so we read it as one and warn.
            let file = StringsFile(
                path: path, entries: [], encoding: .utf8, hasByteOrderMark: false, leadingComment: nil)
            return StringsReadResult(
                file: file,
                diagnostics: [.warning("empty file (0 bytes): read as a table with no entries", at: .file(path))])
        }
        if PropertyListStrings.isBinary(bytes) {
            return PropertyListStrings.read(bytes, path: path, encoding: .binaryPlist, hasByteOrderMark: false)
        }
        return bytes.withUnsafeBufferPointer { buffer in
            let decoded: DecodedText
            switch TextDecoding.decode(buffer) {
            case .success(let text): decoded = text
            case .failure(let failure):
                let location = SourceLocation(
                    path: path, line: failure.line, column: failure.column, byteOffset: failure.byteOffset)
                return StringsReadResult(
                    file: nil,
                    diagnostics: [.error("\(failure.message) (byte offset \(failure.byteOffset))", at: location)])
            }
            // The parse runs inside this closure: `decoded.text` may borrow `buffer`.
            return withExtendedLifetime(decoded.text.owner) {
                parseText(decoded, bytes: bytes, path: path, strict: strict, reading: reading)
            }
        }
    }

    private static func parseText(
        _ decoded: DecodedText, bytes: [UInt8], path: String, strict: Bool, reading: StringsReading
    ) -> StringsReadResult {
        if PropertyListStrings.isXML(decoded.text.bytes) {
            return PropertyListStrings.read(
                bytes, path: path, encoding: .xmlPlist, hasByteOrderMark: decoded.hasByteOrderMark)
        }
        var parser = StringsParser(text: decoded.text.bytes, path: path, strict: strict, reading: reading)
        let parsed = parser.parse(replacedA9: decoded.text.replacedA9)
        var diagnostics = parsed.diagnostics
        if decoded.guessedWithoutBOM {
            // CF calls this "Unicode" and fails both ways; we read it and say how.
            diagnostics.insert(
                .warning(
                    "UTF-16 without a byte order mark: read as "
                        + "\(decoded.encoding == .utf16BE ? "big" : "little")-endian (Apple's reader rejects such a "
                        + "file; add a BOM or save it as UTF-8)",
                    at: .file(path)), at: 0)
        }
        guard !parsed.failed else { return StringsReadResult(file: nil, diagnostics: diagnostics) }
        var file = StringsFile(
            path: path, entries: parsed.entries, encoding: decoded.encoding,
            hasByteOrderMark: decoded.hasByteOrderMark, leadingComment: parsed.leadingComment,
            unreadTail: parsed.unreadTail, recoveredEntries: parsed.recovered)
        file.keysAreDistinct = !parsed.repeatsKeys
        return StringsReadResult(file: file, diagnostics: diagnostics)
    }

    /// Reads and parses the file at `path` (see `parse` for `strict` and `reading`). I/O problems
    /// (missing, unreadable, a folder) are error diagnostics, never a throw.
    public static func read(path: String, strict: Bool = false, reading: StringsReading = .foundation)
        -> StringsReadResult
    {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return StringsReadResult(file: nil, diagnostics: [.error(UnreachableFile.reason(path), at: .file(path))])
        }
        if isDirectory.boolValue {
            return StringsReadResult(
                file: nil, diagnostics: [.error("is a folder, not a .strings file", at: .file(path))])
        }
        guard case .success(let bytes) = FileBytes.read(path) else {
            return StringsReadResult(
                file: nil,
                diagnostics: [.error("cannot read the file (permission denied or I/O error)", at: .file(path))])
        }
        return parse(bytes, path: path, strict: strict, reading: reading)
    }
}
