import Foundation
import StringcatSupport

/// Puts catalog files in Xcode's exact form (docs/spec/catalog-format.md#foundation-writes-the-bytes-xcode-writes)
/// without changing their content.
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
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }

    /// What happened to one file in `normalizeFile(atPath:check:)`.
    public enum FileOutcome: Sendable, Equatable {
        case alreadyNormalized
        /// Rewritten (or, when checking, would be rewritten).
        case normalized
    }

    /// Reads the catalog at `path` and, unless `check` is true, rewrites it atomically when it is
    /// not in Xcode's form. Unreadable or invalid catalogs and failed writes are diagnostics.
    ///
    /// Neither the file's bytes and the output together, nor the output whole, are ever in
    /// memory (a 3 GB catalog took 4.9 times its size): the bytes are let go once parsed, the
    /// output is compared with the file a part at a time as it is encoded, and only a catalog
    /// that differs is encoded again, into its staged file.
    /// - Parameter root: the tree it is rewritten in (the folder argument it was found under);
    ///   nil: the catalog's own folder. A catalog that is a link out of it is not rewritten.
    ///
    /// What a killed run left beside the catalog is cleaned before it is staged (a previous
    /// version kept aside is a second link, which would stop the write). A file that could not
    /// be removed, then or once the catalog is in place, is thrown as an error naming it: the
    /// catalog is written, and the run still fails.
    public static func normalizeFile(
        atPath path: String, check: Bool,
        root: String? = nil
    ) throws(Diagnostic) -> FileOutcome {
        let catalog = try CatalogReader.parse(bytes: try CatalogReader.readBytes(path: path), path: path)
        FreedMemory.giveBack()
        if try sameAsFile(catalog, at: path) { return .alreadyNormalized }
        if !check {
            let tree = root ?? (path as NSString).deletingLastPathComponent
            var leftBehind = AtomicFile.cleanUpAfterKilledRuns(besideFiles: [path], inside: tree)
            do throws(AtomicFile.WriteError) {
                let staged = try StagedFile(for: path, overwrite: true, root: tree)
                do {
                    try CatalogWriter.write(catalog) { (part: [UInt8]) throws(AtomicFile.WriteError) in
                        try staged.append(part)
                    }
                } catch {
                    staged.discard()
                    throw error
                }
                do {
                    leftBehind += try AtomicFile.writeAll([
                        AtomicFile.BatchFile(
                            path: path, content: .staged(staged), overwrite: true,
                            root: tree)
                    ])
                } catch {
                    throw error.error
                }
            } catch {
                throw Diagnostic.error(error.description, at: .file(path))
            }
            if let first = leftBehind.first { throw first }
        }
        return .normalized
    }

    /// True when the file at `path` holds exactly the bytes `CatalogWriter` writes for `catalog`,
    /// read a part at a time beside the encoding.
    private static func sameAsFile(_ catalog: StringCatalog, at path: String) throws(Diagnostic) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Diagnostic.error("cannot read catalog: \(String(cString: strerror(errno)))", at: .file(path))
        }
        defer { close(descriptor) }
        var same = true
        var readError: Int32?
        var buffer: [UInt8] = []
        CatalogWriter.write(catalog) { (part: [UInt8]) in
            guard same else { return }
            buffer.removeAll(keepingCapacity: true)
            buffer.reserveCapacity(part.count)
            if let code = readFully(descriptor, count: part.count, into: &buffer) {
                readError = code
                same = false
            } else if !sameBytes(buffer, part) {
                same = false
            }
        }
        if let readError {
            throw Diagnostic.error("cannot read catalog: \(String(cString: strerror(readError)))", at: .file(path))
        }
        guard same else { return false }
        // Nothing may follow.
        var tail: [UInt8] = []
        if let code = readFully(descriptor, count: 1, into: &tail) {
            throw Diagnostic.error("cannot read catalog: \(String(cString: strerror(code)))", at: .file(path))
        }
        return tail.isEmpty
    }

    /// Appends up to `count` bytes read from `descriptor` (fewer only at the end of the file);
    /// the `errno` of a read that failed.
    private static func readFully(_ descriptor: Int32, count: Int, into buffer: inout [UInt8]) -> Int32? {
        var chunk = [UInt8](repeating: 0, count: max(count, 1))
        var got = 0
        while got < count {
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + got, count - got) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { break }
            got += n
        }
        buffer.append(contentsOf: chunk[0..<got])
        return nil
    }
}
