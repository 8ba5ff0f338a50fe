import Foundation

/// `all`: generates the project once, then runs every phase in a child process of its own, so the
/// peak memory of each line is that phase's alone (VmHWM is per process).
enum AllBench {
    static let phases = ["strings", "stringsdict", "catalog", "migrate", "compile", "verify", "project", "xliff"]

    static func run(_ options: BenchOptions) throws -> Int32 {
        guard options.positionals.isEmpty else { throw UsageError("all takes no PATH") }
        let project = try BenchProject.prepare(options)
        defer { project.cleanUp() }
        Console.line(
            "machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, "
                + "\(Format.mebibytes(Int(ProcessInfo.processInfo.physicalMemory))) RAM, load average \(loadAverage()) "
                + "before"
        )
        guard let executable = Bundle.main.executableURL else {
            throw BenchFailure("cannot find this program's own path")
        }
        var failed = false
        for phase in phases {
            let child = Process()
            child.executableURL = executable
            child.arguments = options.arguments(subcommand: phase, project: project.root)
            try child.run()
            child.waitUntilExit()
            if child.terminationStatus != 0 {
                Console.line("\(Format.padded(phase, 12)) FAILED (exit status \(child.terminationStatus))")
                failed = true
            }
        }
        Console.line("machine: load average \(loadAverage()) after")
        return failed ? 1 : 0
    }

    /// The 1, 5 and 15 minute load averages (other work on the machine skews the timings).
    static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        guard getloadavg(&loads, 3) == 3 else { return "unknown" }
        return loads.map { String(format: "%.2f", $0) }.joined(separator: " ")
    }
}
