import Dispatch
import Foundation
import Migration
import XCTest

/// A migration run in the test's own process, held at one of its phases until the test lets it
/// go on: what a second run, `verify` or an editor does meanwhile meets a real held lock (the
/// other runs are `stringcat` processes, which see this process's pid in the lock).
final class PausedMigration: @unchecked Sendable {
    private let reached = DispatchSemaphore(value: 0)
    private let resume = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private let state = NSLock()
    private var report: MigrationReport?
    /// The pid other runs name as the lock's holder.
    let processIdentifier = ProcessInfo.processInfo.processIdentifier

    /// Starts `migrate path` and returns once the run waits at `phase`; fails the test if it
    /// ended (or took more than 30 s) before reaching it.
    init(
        _ path: String, options: MigrationOptions, pausingAt phase: MigrationPhase,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        var options = options
        options.phaseObserver = { [reached, resume] current in
            guard current == phase else { return }
            reached.signal()
            resume.wait()
        }
        DispatchQueue.global().async { [self, options] in
            let result = ProjectMigrator.migrate(path, options: options)
            state.withLock { report = result }
            reached.signal()
            done.signal()
        }
        let waited = reached.wait(timeout: .now() + 30)
        XCTAssertEqual(waited, .success, "the run never reached \(phase)", file: file, line: line)
        XCTAssertNil(state.withLock { report }, "the run ended before \(phase)", file: file, line: line)
    }

    /// Lets the run go on and returns its report once it has ended.
    func finish() -> MigrationReport {
        resume.signal()
        done.wait()
        return state.withLock { report! }
    }
}

extension MigrationReport {
    /// Every diagnostic of the run, one per line, as `migrate` prints them (paths absolute).
    var allDiagnostics: String {
        (diagnostics + (tables + leftovers).flatMap(\.diagnostics)).map(\.description).joined(separator: "\n")
    }
}
