import Foundation
import StringcatSupport

extension CatalogReader {
    /// Reads the catalog at `path` one entry at a time, in file order, holding a few MB of it at
    /// once instead of the file and its whole model (a 520 MB catalog is about 2 GB as a model).
    ///
    /// Checks exactly what `read(path:)` checks: on any error it throws the diagnostic `read`
    /// would, after `body` may have seen some entries (the caller drops what it made of them).
    public static func forEachEntry(path: String, _ body: (String, CatalogEntry) -> Void) throws(Diagnostic) {
        try forEachEntry(path: path, windowSize: CatalogEntryStream.Window.defaultSize, body)
    }

    /// `forEachEntry(path:_:)` reading `windowSize` bytes at a time (tests cut tokens with small
    /// ones). `hashKey` tells keys apart until one is seen twice (tests make every key's hash the
    /// same, to take the collision path); `events` is told of each window read and of a hand-over
    /// to the whole-file reader (tests watch the reads).
    package static func forEachEntry(
        path: String, windowSize: Int = CatalogEntryStream.Window.defaultSize,
        hashKey: (String) -> Int = { $0.hashValue },
        events: ((CatalogEntryStream.Event) -> Void)? = nil,
        _ body: (String, CatalogEntry) -> Void
    ) throws(Diagnostic) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            _ = try read(path: path) // the diagnostic `read` gives for a file it cannot open
            throw Diagnostic.error("cannot read catalog: \(String(cString: strerror(errno)))", at: .file(path))
        }
        defer { close(descriptor) }
        var source = CatalogEntryStream.Window(descriptor: descriptor, size: windowSize)
        source.events = events
        try CatalogEntryStream.run(&source, path: path, hashKey: hashKey, body)
    }

    /// `forEachEntry(path:_:)` that also tells `sourceLanguage` the catalog's source language, before
    /// the entries that follow it in the file.
    public static func forEachEntry(
        path: String, sourceLanguage: @escaping (String) -> Void, _ body: (String, CatalogEntry) -> Void
    ) throws(Diagnostic) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            _ = try read(path: path)
            throw Diagnostic.error("cannot read catalog: \(String(cString: strerror(errno)))", at: .file(path))
        }
        defer { close(descriptor) }
        var source = CatalogEntryStream.Window(descriptor: descriptor, size: CatalogEntryStream.Window.defaultSize)
        source.sourceLanguage = sourceLanguage
        try CatalogEntryStream.run(&source, path: path, hashKey: { $0.hashValue }, body)
    }

    /// `forEachEntry(path:_:)` over catalog bytes already in memory.
    public static func forEachEntry(bytes: [UInt8], path: String, _ body: (String, CatalogEntry) -> Void)
        throws(Diagnostic)
    {
        var source = CatalogEntryStream.Window(bytes: bytes)
        try CatalogEntryStream.run(&source, path: path, hashKey: { $0.hashValue }, body)
    }
}

/// The decoder of `CatalogDecoder`, driven one step at a time (a top-level member, or one entry
/// of `strings`) over a window of the file that slides forward.
///
/// A step that fails near the end of the window may only lack bytes: the window is refilled from
/// the step's start and the step tried again. Anything else that is not the plain case (an error,
/// a key whose hash was seen before, a field given twice) hands over to the whole-file reader,
/// which gives the exact diagnostic, or, for a mere hash collision, the entries still to come.
package enum CatalogEntryStream {
    /// Bytes of the window before its end within which an error may come from a cut token (the
    /// longest: a `\uD83D\uDE00` pair, 12 bytes).
    static let refillMargin = 64
    /// What a read did: a window read (its buffer's size), a hand-over to the whole-file reader.
    package enum Event: Hashable { case window(Int), wholeFile }

    /// A part of the catalog's bytes: all of them (`bytes`), or a window read from a file.
    struct Window {
        var buffer: [UInt8]
        /// Bytes of `buffer` that hold data.
        var count: Int
        /// True once the window holds the file's last byte.
        var atEnd: Bool
        /// Offset in the file of `buffer[0]`.
        var start = 0
        private let descriptor: Int32?
        /// Bytes read at first, and added when one step needs more than the window holds.
        private let size: Int
        static let defaultSize = 4 << 20
        /// Told of each read (`forEachEntry(path:windowSize:hashKey:events:_:)`).
        var events: ((Event) -> Void)?
        /// Told the catalog's `sourceLanguage` when it is read (before the entries that follow it).
        var sourceLanguage: ((String) -> Void)?

        init(bytes: [UInt8]) {
            buffer = bytes
            count = bytes.count
            atEnd = true
            descriptor = nil
            size = 0
        }

        init(descriptor: Int32, size: Int) {
            self.descriptor = descriptor
            self.size = max(size, 1)
            buffer = []
            count = 0
            atEnd = false
        }

        /// Drops the bytes before `keep` and reads more after what is left (the buffer doubles
        /// when `keep` is 0 and it is full: one step larger than the window).
        mutating func refill(keeping keep: Int) throws -> Bool {
            guard let descriptor, !atEnd else { return false }
            if keep > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    _ = memmove(raw.baseAddress!, raw.baseAddress! + keep, count - keep)
                }
                count -= keep
                start += keep
            }
            if count == buffer.count {
                buffer += [UInt8](repeating: 0, count: max(buffer.count, size))
            }
            events?(.window(buffer.count))
            while count < buffer.count {
                let read = buffer.withUnsafeMutableBytes { raw in
                    Foundation.read(descriptor, raw.baseAddress! + count, raw.count - count)
                }
                if read < 0 {
                    if errno == EINTR { continue }
                    throw HandOver() // the whole-file reader says why, as it does for any file
                }
                if read == 0 {
                    atEnd = true
                    break
                }
                count += read
            }
            return true
        }
    }

    /// Where the stream stands between two steps.
    private enum Step {
        case open
        case member(first: Bool)
        case entry(first: Bool)
        case end
    }

    /// Why the stream hands over to the whole-file reader.
    struct HandOver: Error {}

    static func run(
        _ window: inout Window, path: String, hashKey: (String) -> Int,
        _ body: (String, CatalogEntry) -> Void
    ) throws(Diagnostic) {
        var delivered = 0
        do {
            try stream(&window, delivered: &delivered, hashKey: hashKey, body)
        } catch {
            // Read it whole: the exact diagnostic, or (a hash collision) the entries left.
            window.events?(.wholeFile)
            let catalog = try wholeCatalog(window, path: path)
            window.sourceLanguage?(catalog.sourceLanguage)
            for key in catalog.keyOrderHint.dropFirst(delivered) { body(key, catalog.strings[key]!) }
        }
    }

    private static func wholeCatalog(_ window: Window, path: String) throws(Diagnostic) -> StringCatalog {
        if window.atEnd && window.start == 0 {
            return try CatalogReader.parse(bytes: Array(window.buffer[..<window.count]), path: path)
        }
        return try CatalogReader.read(path: path)
    }

    private static func stream(
        _ window: inout Window, delivered: inout Int, hashKey: (String) -> Int,
        _ body: (String, CatalogEntry) -> Void
    ) throws {
        if !window.atEnd { _ = try window.refill(keeping: 0) }
        var step = Step.open
        // Where the next step starts, in the window.
        var mark =
            window.count >= 3 && window.buffer[0] == 0xEF && window.buffer[1] == 0xBB && window.buffer[2] == 0xBF
            ? 3 : 0
        var topLevel: Set<String> = []
        var seenHashes = Set<Int>()
        var hints: [Int] = []
        while true {
            let outcome: Result<Bool, CatalogReadError> = window.buffer.withUnsafeBufferPointer { all in
                let bytes = UnsafeBufferPointer(rebasing: all[..<window.count])
                var decoder = CatalogDecoder(window: bytes, offset: mark, hints: hints)
                defer { hints = decoder.lastMapSize }
                do throws(CatalogReadError) {
                    while true {
                        switch step {
                        case .open:
                            _ = try decoder.beginObject()
                            step = .member(first: true)
                        case .member(var first):
                            guard let (key, _) = try decoder.parser.nextMember(first: &first) else {
                                step = .end
                                break
                            }
                            guard !topLevel.contains(key) else { return .success(false) }
                            switch key {
                            case "strings": _ = try decoder.beginObject()
                            case "sourceLanguage":
                                let code = try decoder.readLanguage()
                                window.sourceLanguage?(code)
                            case "version": _ = try decoder.readString()
                            default: _ = try decoder.parser.parseValue(depth: 1)
                            }
                            // Only once the step went through: a step cut by the window's end is tried again.
                            topLevel.insert(key)
                            step = key == "strings" ? .entry(first: true) : .member(first: false)
                        case .entry(var first):
                            guard let (key, _) = try decoder.parser.nextMember(first: &first) else {
                                step = .member(first: false)
                                break
                            }
                            let entry = try decoder.entry()
                            guard seenHashes.insert(hashKey(key)).inserted else { return .success(false) }
                            body(key, entry)
                            delivered += 1
                            step = .entry(first: false)
                        case .end:
                            decoder.parser.skipWhitespace()
                            if decoder.parser.offset < bytes.count { return .success(false) }
                            mark = decoder.parser.offset
                            return .success(true)
                        }
                        mark = decoder.parser.offset
                    }
                } catch {
                    return .failure(error)
                }
            }
            switch outcome {
            case .success(true):
                // Only whitespace so far after the value: the rest of the file must be too.
                if try !window.refill(keeping: mark) {
                    guard topLevel.isSuperset(of: ["sourceLanguage", "version", "strings"]) else { throw HandOver() }
                    return
                }
                mark = 0
            case .success(false):
                throw HandOver()
            case .failure(let error):
                guard error.offset >= window.count - refillMargin, try window.refill(keeping: mark) else {
                    throw HandOver()
                }
                mark = 0
            }
        }
    }
}
