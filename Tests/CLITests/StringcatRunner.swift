import Foundation
import XCTest

/// Runs the built `stringcat` binary as a user would and captures what it prints.
struct StringcatRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum Stringcat {
    /// The folder that holds the built products (next to the test bundle).
    static var productsDirectory: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
            fatalError("couldn't find the products directory")
        #else
            return Bundle.main.bundleURL
        #endif
    }

    /// The repository root (where Package.swift is).
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Runs the tool with stdout and stderr piped. `environment` changes variables of the
    /// test's own environment (nil removes one).
    @discardableResult
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String?] = [:]) throws
        -> StringcatRun
    {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("stringcat")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = merged(environment)
        return try capture(process)
    }

    /// Runs `process` with stdout and stderr piped, until it exits.
    private static func capture(_ process: Process) throws -> StringcatRun {
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Both read before waiting, stderr on a thread of its own: either can fill its pipe (64 KB)
        // and block the child while the other is read.
        let errRead = ErrorRead()
        let reader = Thread {
            errRead.data = err.fileHandleForReading.readDataToEndOfFile(); errRead.done.signal()
        }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errRead.done.wait()
        let errData = errRead.data
        process.waitUntilExit()
        return StringcatRun(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// What the stderr thread of `capture` read.
    private final class ErrorRead: @unchecked Sendable {
        var data = Data()
        let done = DispatchSemaphore(value: 0)
    }

    /// Runs `script` with `/bin/sh -c` (to set a `ulimit` before the tool starts), output piped.
    static func runShell(_ script: String, in directory: URL? = nil) throws -> StringcatRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        if let directory { process.currentDirectoryURL = directory }
        return try capture(process)
    }

    /// Runs the tool with stderr on a pseudo-terminal (what a user at a terminal sees there) and
    /// stdout piped; nil when this system cannot open a pseudo-terminal.
    static func runWithStderrOnATerminal(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String?] = [:]
    ) throws -> StringcatRun? {
        #if os(Linux)
            // Glibc exposes openpty (pty.h), not posix_openpt.
            var master: Int32 = -1, terminal: Int32 = -1
            guard openpty(&master, &terminal, nil, nil, nil) == 0 else { return nil }
            defer { close(master) }
        #else
            let master = posix_openpt(O_RDWR | O_NOCTTY)
            guard master >= 0 else { return nil }
            defer { close(master) }
            guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else { return nil }
            let terminal = open(name, O_RDWR | O_NOCTTY)
            guard terminal >= 0 else { return nil }
        #endif
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("stringcat")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = merged(environment)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
        try process.run()
        close(terminal)
        var errData = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break } // EIO once the tool has exited and closed the terminal
            errData.append(buffer, count: count)
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return StringcatRun(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"))
    }

    private static func merged(_ changes: [String: String?]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        return environment
    }
}
