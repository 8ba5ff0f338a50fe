import Foundation
import XCTest

/// Issue 17, item 8: the memory `verify` needs grows by less than 4 bytes per byte of `.strings`
/// (cab77fc: 12.6, holding the catalog's bytes and whole model beside the legacy side).
///
/// Measured as a user runs it: the tool in a process of its own, and its peak resident memory.
/// Two sizes of the same kind of table are run and their difference divided by the
/// difference of their sizes, so that what any run costs (the runtime, the project scan) cancels.
final class MemoryBoundTests: WorkFolderTestCase {
    /// Runs the tool with stdout and stderr to /dev/null; its exit status and peak resident
    /// memory in bytes.
    private func peakMemory(_ arguments: [String]) throws -> (status: Int32, peak: Int) {
        #if os(Linux)
            let path = Stringcat.productsDirectory.appendingPathComponent("stringcat").path
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
            let envp: [UnsafeMutablePointer<CChar>?] =
                ProcessInfo.processInfo.environment.map { strdup("\($0)=\($1)") } + [nil]
            defer { for pointer in argv + envp { free(pointer) } }
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
            guard spawned == 0 else { throw XCTSkip("cannot start \(path): \(String(cString: strerror(spawned)))") }
            // Not wait4's ru_maxrss: a spawned child starts in the parent's memory (vfork), and Linux
            // keeps that high-water mark across exec. The child's own VmHWM only grows, so the last
            // value read before it exits is its peak.
            var status: Int32 = 0
            var peak = 0
            while waitpid(pid, &status, WNOHANG) == 0 {
                if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                    let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                    let kib = line.split(separator: " ").compactMap({ Int($0) }).first
                {
                    peak = max(peak, kib * 1024)
                }
                usleep(2_000)
            }
            return ((status >> 8) & 0xFF, peak)
        #else
            throw XCTSkip("reads the child's peak from Linux's /proc; the figures are in docs/performance.md")
        #endif
    }

    /// A table of `count` keys, each with a comment, as real apps have them; its size in bytes.
    private func writeTable(_ folder: String, count: Int) throws -> Int {
        var text = ""
        text.reserveCapacity(count * 130)
        for index in 0..<count {
            text +=
                "/* Shown when the user opens section \(index % 89). "
                + "*/\n\"settings.section_\(index % 89).item_\(index)\" = \"Value \(index) shown on the settings "
                + "screen\";\n\n"
        }
        try write(folder + "/en.lproj/Localizable.strings", text)
        XCTAssertEqual(try Stringcat.run(["migrate", work.appendingPathComponent(folder).path, "--quiet"]).status, 0)
        return text.utf8.count
    }

    /// Issue 33, item 6: `print --json` of a `.strings` file took 20 times the file (a
    /// dictionary per entry, then the whole text through JSONSerialization); it now streams, so
    /// it needs what reading the file needs (`lint`, the same read) and no more. (At 1 GB, release
    /// build: 3.8 times the file, in docs/performance.md.)
    func testPrintJSONOfAStringsFileNeedsNoMoreThanReadingIt() throws {
        #if !os(Linux)
            throw XCTSkip("reads the child's peak from Linux's /proc; the figures are in docs/performance.md")
        #endif
        var sizes: [Int] = []
        var printPeaks: [Int] = []
        var lintPeaks: [Int] = []
        for (name, count) in [("small", 15_000), ("large", 45_000)] {
            var text = ""
            text.reserveCapacity(count * 130)
            for index in 0..<count {
                text +=
                    "/* Shown when the user opens section \(index % 89). */\n\"settings.item_\(index)\" = \"Value "
                    + "\(index) shown on the screen\";\n\n"
            }
            try write("\(name).strings", text)
            let path = work.appendingPathComponent("\(name).strings").path
            let printed = try peakMemory(["print", path, "--json"])
            let linted = try peakMemory(["lint", path])
            XCTAssertEqual([printed.status, linted.status], [0, 0])
            sizes.append(text.utf8.count)
            printPeaks.append(printed.peak)
            lintPeaks.append(linted.peak)
        }
        let printPerByte = Double(printPeaks[1] - printPeaks[0]) / Double(sizes[1] - sizes[0])
        let lintPerByte = Double(lintPeaks[1] - lintPeaks[0]) / Double(sizes[1] - sizes[0])
        print(
            "print --json: \(String(format: "%.2f", printPerByte)) bytes per byte of .strings; lint: "
                + "\(String(format: "%.2f", lintPerByte))"
        )
        XCTAssertLessThan(printPerByte - lintPerByte, 0.5)
    }

    /// Issue 33, item 6: `normalize --check` held the file, the catalog and its whole output
    /// at once (4.9 times a 3 GB catalog); the output is now compared a part at a time.
    func testNormalizeCheckNeedsLessThan4BytesPerByteOfCatalog() throws {
        #if !os(Linux)
            throw XCTSkip("reads the child's peak from Linux's /proc; the figures are in docs/performance.md")
        #endif
        var sizes: [Int] = []
        var peaks: [Int] = []
        for (name, count) in [("small", 10_000), ("large", 30_000)] {
            _ = try writeTable(name, count: count)
            let catalog = work.appendingPathComponent("\(name)/Localizable.xcstrings").path
            // Not in Xcode's form (one more space), so that the whole output is compared.
            let bytes = try Data(contentsOf: URL(fileURLWithPath: catalog))
            try (Data(" ".utf8) + bytes).write(to: URL(fileURLWithPath: catalog))
            let run = try peakMemory(["normalize", "--check", catalog])
            XCTAssertEqual(run.status, 1)
            sizes.append(bytes.count + 1)
            peaks.append(run.peak)
        }
        let perByte = Double(peaks[1] - peaks[0]) / Double(sizes[1] - sizes[0])
        print("normalize --check: \(String(format: "%.2f", perByte)) bytes per byte of catalog")
        XCTAssertLessThan(perByte, 4.0)
    }

    func testVerifyNeedsLessThan4BytesPerByteOfStrings() throws {
        #if !os(Linux)
            throw XCTSkip("reads the child's peak from Linux's /proc; the figures are in docs/performance.md")
        #endif
        let small = try writeTable("small", count: 40_000)
        let large = try writeTable("large", count: 120_000)
        let first = try peakMemory(["verify", work.appendingPathComponent("small").path, "--quiet"])
        let second = try peakMemory(["verify", work.appendingPathComponent("large").path, "--quiet"])
        XCTAssertEqual([first.status, second.status], [0, 0])
        let perByte = Double(second.peak - first.peak) / Double(large - small)
        print(
            "verify: peak \(first.peak / 1_048_576) MiB for \(small / 1_000_000) MB of .strings, "
                + "\(second.peak / 1_048_576) MiB for \(large / 1_000_000) MB: \(String(format: "%.2f", perByte)) "
                + "bytes per byte"
        )
        XCTAssertGreaterThan(second.peak, first.peak)
        XCTAssertLessThan(perByte, 4.0)
    }

    /// Issue 23, item 9: under a memory limit too low for a file, each command says so before it
    /// reads anything (exit 1, the file, the sizes, the limit), instead of a runtime trap and a
    /// backtrace halfway through; nothing is written. (`ulimit -v`: the limit a test can set.)
    func testAFileTooLargeForTheMemoryLimitIsAClearErrorNotABacktrace() throws {
        #if os(Linux)
            var text = ""
            text.reserveCapacity(32_000_000)
            for index in 0..<250_000 {
                text +=
                    "/* Shown on screen \(index % 97). */\n\"screen.item_\(index)\" = \"Value \(index) of the "
                    + "screen\";\n\n"
            }
            try write("Big/en.lproj/Localizable.strings", text)
            try write("Big/de.lproj/Localizable.strings", "\"screen.item_1\" = \"Wert\";\n")
            let before = snapshot()
            let tool = Stringcat.productsDirectory.appendingPathComponent("stringcat").path
            // 200 MB of address space: the runtime's own and less than 4 x 18 MB more.
            for command in [
                "migrate Big", "verify Big", "print Big/en.lproj/Localizable.strings --json",
                "lint Big/en.lproj/Localizable.strings",
            ] {
                let run = try Stringcat.runShell("ulimit -v 200000; exec '\(tool)' \(command)", in: work)
                XCTAssertEqual(run.status, 1, "\(command): \(run.stderr.suffix(300))")
                XCTAssertTrue(
                    run.stderr.contains(
                        "Big/en.lproj/Localizable.strings: error: this file is 18 MB; reading it may take up to 4 "
                            + "times that (75 MB), and this process has "
                    ), "\(command): \(run.stderr.suffix(300))")
                XCTAssertTrue(
                    run.stderr.contains(
                        "under its address-space limit (ulimit -v 200000): nothing was read or written"), run.stderr)
                XCTAssertFalse(run.stderr.contains("Backtracing") || run.stderr.contains("Fatal error"), run.stderr)
            }
            XCTAssertEqual(snapshot(), before)
        #else
            throw XCTSkip("ulimit -v limits the address space on Linux; macOS does not enforce it")
        #endif
    }
}
