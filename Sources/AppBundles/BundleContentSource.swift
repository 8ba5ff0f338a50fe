import Foundation
import StringcatSupport
import StringsDict
import StringsFile

/// Where the content of a bundle's files comes from: the files on disk (`ReadingContents`), or a
/// run's plan (the catalogs `migrate` is about to write, the key counts its merge found).
///
/// The model asks only for what a comparison needs: a file both sides build unchanged is never
/// read.
public protocol BundleContentSource: Sendable {
    /// The keys the legacy files of one table in one language give together (`.strings`,
    /// `.stringsdict`, `Base.lproj`): their number; nil when one of them cannot be read.
    func keyCount(ofLegacyFiles paths: [String]) -> Int?
    /// What the catalog at `path` compiles to; nil when it cannot be read.
    func output(ofCatalog path: String) -> CatalogOutput?
    /// True when this side's catalog at `path` is not the one on disk (a run's plan writes it):
    /// it differs from the other side's even at the same path.
    func replaces(catalog path: String) -> Bool
}

/// The contents of the files as they are on disk, each read once (on any thread).
public final class ReadingContents: BundleContentSource, @unchecked Sendable {
    private let lock = NSLock()
    private var legacyKeys: [String: Set<String>?] = [:]
    private var catalogs: [String: CatalogOutput?] = [:]
    /// Catalogs that could not be read, with the reader's error.
    public private(set) var catalogErrors: [String: Diagnostic] = [:]

    public init() {}

    /// What another reading (verify's proof) already knows of a catalog: it is not read again.
    public func know(_ output: CatalogOutput, ofCatalog path: String) {
        lock.withLock { catalogs[path] = output }
    }

    /// The keys another reading (verify's proof) found in a legacy file.
    public func know(keys: Set<String>, ofLegacyFile path: String) {
        lock.withLock { legacyKeys[path] = .some(keys) }
    }

    public func keyCount(ofLegacyFiles paths: [String]) -> Int? {
        if paths.count == 1 { return keys(ofLegacyFile: paths[0])?.count }
        var union: Set<String> = []
        for path in paths {
            guard let keys = keys(ofLegacyFile: path) else { return nil }
            union.formUnion(keys)
        }
        return union.count
    }

    /// The keys one legacy file gives at run time; nil when it cannot be read or does not parse.
    public func keys(ofLegacyFile path: String) -> Set<String>? {
        if let known = lock.withLock({ legacyKeys[path] }) { return known }
        let keys: Set<String>?
        if path.hasSuffix(".stringsdict") {
            keys = StringsDictReader.read(path: path).file.map { Set($0.entries.map(\.key)) }
        } else {
            keys = StringsFileReader.read(path: path).file.map { Set($0.entries.map(\.key)) }
        }
        lock.withLock { legacyKeys[path] = .some(keys) }
        return keys
    }

    public func output(ofCatalog path: String) -> CatalogOutput? {
        if let known = lock.withLock({ catalogs[path] }) { return known }
        let output: CatalogOutput?
        switch CatalogOutput.read(path: path) {
        case .success(let read): output = read
        case .failure(let error):
            output = nil
            lock.withLock { catalogErrors[path] = error }
        }
        lock.withLock { catalogs[path] = .some(output) }
        return output
    }

    public func replaces(catalog path: String) -> Bool { false }
}
