import Foundation

/// stdout or stderr, written with `write(2)`: a stream that cannot take the bytes (`/dev/full`, a
/// closed pipe, a full disk) is remembered, not a crash. `FileHandle.write` traps on such an error
/// (SIGILL, exit 132), after the work is done and whatever it did. Once a stream failed, nothing
/// more is written to it; `main` turns the failure into exit status 1.
final class StandardStream: @unchecked Sendable {
    static let output = StandardStream(descriptor: 1, name: "standard output")
    static let error = StandardStream(descriptor: 2, name: "standard error")

    let descriptor: Int32
    let name: String
    private let lock = NSLock()
    private var failure: Int32?

    private init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    /// The `errno` of the first write that failed, nil while every write went through.
    var failedErrno: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }

    /// Writes all of `bytes`, retrying short writes and interruptions.
    func write(_ bytes: some Collection<UInt8>) {
        lock.lock()
        defer { lock.unlock() }
        guard failure == nil else { return }
        let array = Array(bytes)
        array.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                #if os(Linux)
                    let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    let written = Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
    }

    /// A closed pipe makes writes fail with EPIPE instead of killing the process, so that the
    /// exit status and the cleanup are the tool's own.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// The exit status after the command returned `status`: 1 when stdout or stderr lost output
    /// (the user did not get the whole result), said on stderr when it can still be written and
    /// the reader did not simply go away (a closed pipe ends quietly, as for `head`).
    static func finalStatus(_ status: Int32) -> Int32 {
        guard let lost = output.failedErrno ?? error.failedErrno else { return status }
        let stream = output.failedErrno != nil ? output : error
        if lost != EPIPE && stream !== error {
            error.write(
                Array(
                    ("stringcat: error: cannot write to \(stream.name): \(String(cString: strerror(lost))) (errno "
                        + "\(lost)); the output is incomplete\n")
                        .utf8))
        }
        return status == 0 ? 1 : status
    }
}
