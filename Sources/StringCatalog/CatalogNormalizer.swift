import Foundation
import StringcatSupport

/// Puts catalog files in Xcode's exact form (formats.md §0–2) without changing their content.
public enum CatalogNormalizer {
    /// The outcome of normalizing one catalog's bytes.
    public struct Result: Sendable, Equatable {
        /// The catalog in Xcode's exact form (keeps the file's `version`).
        public var normalized: Data
        /// True when the input bytes were already exactly `normalized`.
        public var isAlreadyNormalized: Bool
    }

    /// Parses `data` and writes it back in Xcode's form. Throws the diagnostic of a bad catalog.
    public static func normalize(_ data: Data, path: String) throws(Diagnostic) -> Result {
        let input = [UInt8](data)
        let catalog = try CatalogReader.parse(bytes: input, path: path)
        let output = CatalogWriter.bytes(for: catalog, capacity: input.count)
        return Result(normalized: Data(output), isAlreadyNormalized: sameBytes(output, input))
    }

    /// True when `data` is a valid catalog already in Xcode's exact form.
    public static func isNormalized(_ data: Data, path: String) throws(Diagnostic) -> Bool {
        try normalize(data, path: path).isAlreadyNormalized
    }

    /// Byte equality with `memcmp` (the generic `==` of `[UInt8]` is slow on hundreds of MB).
    private static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
    }

    /// What happened to one file in `normalizeFile(atPath:check:)`.
    public enum FileOutcome: Sendable, Equatable {
        case alreadyNormalized
        /// Rewritten (or, when checking, would be rewritten).
        case normalized
    }

    /// Reads the catalog at `path` and, unless `check` is true, rewrites it atomically when it is
    /// not in Xcode's form. Unreadable or invalid catalogs and failed writes are diagnostics.
    public static func normalizeFile(atPath path: String, check: Bool) throws(Diagnostic) -> FileOutcome {
        let input = try CatalogReader.readBytes(path: path)
        let catalog = try CatalogReader.parse(bytes: input, path: path)
        let output = CatalogWriter.bytes(for: catalog, capacity: input.count)
        if sameBytes(output, input) { return .alreadyNormalized }
        if !check {
            do {
                try AtomicFile.write(Data(output), to: path, overwrite: true)
            } catch {
                let reason = (error as? AtomicFile.WriteError)?.description ?? "\(error)"
                throw Diagnostic.error(reason, at: .file(path))
            }
        }
        return .normalized
    }
}
