import Foundation
import TestSupport
import XCTest

/// Issue 33, item 7: stdout or stderr that cannot take the output (`/dev/full`, a pipe whose
/// reader is gone) ends every command with exit 1, never a crash (SIGILL, 132), and the work is
/// still done; `/dev/full` is said on stderr, a closed pipe ends quietly.
final class UnwritableOutputTests: WorkFolderTestCase {
    private enum Sink { case full, closedPipe }

    /// Runs the tool with stdout (or stderr) going to `sink` and the other stream piped.
    private func run(_ arguments: [String], stdout sink: Sink?, stderr errorSink: Sink? = nil) throws -> (
        status: Int32, reason: Process.TerminationReason, stderr: String
    ) {
        let process = Process()
        process.executableURL = Stringcat.productsDirectory.appendingPathComponent("stringcat")
        process.arguments = arguments
        process.currentDirectoryURL = work
        let captured = Pipe()
        var closed: [Pipe] = []
        func handle(_ sink: Sink) throws -> Any {
            switch sink {
            case .full:
                return try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
            case .closedPipe:
                let pipe = Pipe()
                try pipe.fileHandleForReading.close()
                closed.append(pipe)
                return pipe
            }
        }
        process.standardOutput = try sink.map(handle) ?? Pipe()
        process.standardError = try errorSink.map(handle) ?? captured
        try process.run()
        let errors = errorSink == nil ? captured.fileHandleForReading.readDataToEndOfFile() : Data()
        if let pipe = process.standardOutput as? Pipe, sink == nil {
            _ = pipe.fileHandleForReading.readDataToEndOfFile()
        }
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason, String(decoding: errors, as: UTF8.self))
    }

    private func copySample() throws {
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp"),
            to: work.appendingPathComponent("App"))
    }

    func testEveryCommandWithAnUnwritableStdoutExitsOneAndSaysSo() throws {
        try copySample()
        let strings = "App/LegacyApp/de.lproj/Localizable.strings"
        let commands: [[String]] = [
            ["status", "App"], ["verify", "App"], ["lint", strings], ["print", "--json", strings], ["print", strings],
            ["migrate", "App", "--dry-run"], ["--help"], ["help", "migrate"],
        ]
        for command in commands {
            let full = try run(command, stdout: .full)
            XCTAssertEqual(full.reason, .exit, "\(command): \(full.stderr)")
            XCTAssertEqual(full.status, 1, "\(command): \(full.stderr)")
            XCTAssertTrue(
                full.stderr.contains(
                    "stringcat: error: cannot write to standard output: No space left on device (errno 28)"),
                "\(command): \(full.stderr)")
            let pipe = try run(command, stdout: .closedPipe)
            XCTAssertEqual(pipe.reason, .exit, "\(command)")
            XCTAssertEqual(pipe.status, 1, "\(command): \(pipe.stderr)")
            XCTAssertFalse(pipe.stderr.contains("cannot write"), "a closed pipe ends quietly: \(pipe.stderr)")
        }
    }

    func testTheWorkIsDoneAndCompleteWhenOnlyTheReportCannotBeWritten() throws {
        try copySample()
        let migrate = try run(["migrate", "App"], stdout: .full)
        XCTAssertEqual(migrate.status, 1, migrate.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: work.appendingPathComponent("App/LegacyApp/Localizable.xcstrings").path))
        let verify = try Stringcat.run(["verify", "App"], in: work)
        XCTAssertEqual(verify.status, 0, verify.stderr)
        // Compile, with its report lost in a closed pipe.
        let compile = try run(
            ["compile", "App/LegacyApp/Localizable.xcstrings", "--output", "Built"], stdout: .closedPipe)
        XCTAssertEqual(compile.reason, .exit)
        XCTAssertEqual(compile.status, 1, compile.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: work.appendingPathComponent("Built/de.lproj/Localizable.strings").path))
    }

    func testAnUnwritableStderrIsNoCrash() throws {
        try copySample()
        try write("bad.strings", "\"a\" = \"b\"\n\"c\" = ;\n")
        for sink in [Sink.full, .closedPipe] {
            for command in [["lint", "bad.strings"], ["status", "Missing"], ["migrate"], ["verify", "App"]] {
                let result = try run(command, stdout: nil, stderr: sink)
                XCTAssertEqual(result.reason, .exit, "\(command)")
                XCTAssertTrue(
                    [0, 1].contains(result.status) || (command == ["migrate"] && result.status == 2),
                    "\(command): \(result.status)")
            }
            // A command whose diagnostics are lost does not say it succeeded.
            XCTAssertEqual(try run(["lint", "bad.strings"], stdout: nil, stderr: sink).status, 1)
        }
    }
}
