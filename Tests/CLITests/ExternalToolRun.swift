import Foundation
import XCTest

/// Runs a program found on the `PATH` (`git`, `swift`, `pre-commit`) as a user would, output piped.
enum ExternalTool {
    /// Runs `arguments` (the program first) in `directory`; `environment` adds or replaces variables.
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws
        -> StringcatRun
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // A file rather than a pipe: a build prints more than a pipe holds while nobody reads it.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString).out")
        let err = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return StringcatRun(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    /// True when `program --version` runs.
    static func isInstalled(_ program: String) -> Bool {
        (try? run([program, "--version"], in: FileManager.default.temporaryDirectory).status) == 0
    }

    /// Runs and fails the test (with what it printed) unless the exit status is 0.
    @discardableResult
    static func succeed(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:], file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> StringcatRun {
        let result = try run(arguments, in: directory, environment: environment)
        XCTAssertEqual(
            result.status, 0, "\(arguments.joined(separator: " ")):\n\(result.stdout)\n\(result.stderr)", file: file,
            line: line)
        return result
    }
}
