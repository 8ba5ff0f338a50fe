import Foundation
import StringcatSupport

/// Reads `.xcstrings` files into the typed model.
///
/// Bad input is a `Diagnostic` with the line and column: a JSON syntax error
/// (`Localizable.xcstrings:12:5: error: unexpected character '}', expected a key in quotes`), or a
/// wrong shape with the path of the value (`Localizable.xcstrings:9:20: error:
/// strings["Done"].localizations.de.stringUnit.value: expected a string, found a number`).
public enum CatalogReader {
    /// Parses catalog bytes; `path` is used in diagnostics only.
    public static func parse(_ data: Data, path: String) throws(Diagnostic) -> StringCatalog {
        let bytes = [UInt8](data)
        return try parse(bytes: bytes, path: path)
    }

    /// Parses catalog bytes given as an array (no copy).
    public static func parse(bytes: [UInt8], path: String) throws(Diagnostic) -> StringCatalog {
        var segments = 0
        return try parse(bytes: bytes, path: path, split: .bySize, segments: &segments)
    }

    /// `parse(bytes:path:)` with the entries decoded on every core by their size (`.bySize`, what
    /// every read does), or always, or never (tests compare the two ways); `segments` gets the
    /// number of segments of a decode on every core that went through (0: one core decoded them).
    static func parse(
        bytes: [UInt8], path: String, split: ParallelSplit,
        segments: inout Int
    ) throws(Diagnostic) -> StringCatalog {
        try bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(CatalogReadError) in
                try CatalogDecoder.decode(buffer, split: split, segments: &segments)
            }
            .mapError { $0.diagnostic(in: buffer, path: path) }
        }.get()
    }

    /// Reads and parses the catalog at `path`. An unreadable file is a `Diagnostic` too.
    public static func read(path: String) throws(Diagnostic) -> StringCatalog {
        try parse(bytes: try readBytes(path: path), path: path)
    }

    /// The bytes of the file at `path`, or a diagnostic saying why it cannot be read.
    static func readBytes(path: String) throws(Diagnostic) -> [UInt8] {
        switch FileBytes.read(path) {
        case .success(let bytes): return bytes
        case .failure(let error):
            let reason: String
            switch error.code {
            case .ENOENT: reason = "no such file"
            case .EISDIR: reason = "is a folder, not a file"
            default: reason = String(cString: strerror(error.code.rawValue))
            }
            throw Diagnostic.error("cannot read catalog: \(reason)", at: .file(path))
        }
    }
}
