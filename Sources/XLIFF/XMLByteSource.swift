import Foundation
import StringcatSupport

/// Where the XML reader gets its bytes: a chunk at a time, so that a file of any size is read in
/// bounded memory (docs/guarantees.md §1).
public protocol XMLByteSource {
    /// Appends at most `count` more bytes to `buffer`; returns how many (0 at the end).
    mutating func read(into buffer: inout [UInt8], count: Int) throws(XMLSourceError) -> Int
}

/// A read that failed (an I/O error), with the reason.
public struct XMLSourceError: Error, Sendable {
    public var reason: String
    public init(reason: String) { self.reason = reason }
}

/// Bytes already in memory.
public struct XMLBytes: XMLByteSource {
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public mutating func read(into buffer: inout [UInt8], count: Int) throws(XMLSourceError) -> Int {
        let end = min(bytes.count, offset + count)
        buffer.append(contentsOf: bytes[offset..<end])
        defer { offset = end }
        return end - offset
    }
}

/// A file, read with `read(2)` a chunk at a time.
public final class XMLFileSource: XMLByteSource {
    private let descriptor: Int32

    /// Opens `path` for reading; throws the reason it cannot be. Only a regular file is read
    /// (`RegularFile`): a FIFO would block the run forever, a link to `/dev/zero` fill its memory.
    public init(path: String) throws(XMLSourceError) {
        switch RegularFile.open(path) {
        case .success(let descriptor): self.descriptor = descriptor
        case .failure(let failure): throw XMLSourceError(reason: failure.description)
        }
    }

    deinit { close(descriptor) }

    public func read(into buffer: inout [UInt8], count: Int) throws(XMLSourceError) -> Int {
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: count))
        var got = 0
        let failure: Int32 = buffer.withUnsafeMutableBytes { raw in
            while got < count {
                let n = Foundation.read(descriptor, raw.baseAddress! + old + got, count - got)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if n == 0 { break }
                got += n
            }
            return 0
        }
        buffer.removeLast(count - got)
        if failure != 0 { throw XMLSourceError(reason: String(cString: strerror(failure))) }
        return got
    }
}
