import Foundation

// stringcat-bench: timings of each phase on a generated legacy project and on real input.
// Build and run in release: swift build -c release --product stringcat-bench && .build/release/stringcat-bench all

/// `generate DIR`: writes the project for inspection.
func generateCommand(_ options: BenchOptions) throws -> Int32 {
    guard options.positionals.count == 1 else { throw UsageError("generate takes one DIR") }
    var options = options
    options.projectDirectory = options.positionals[0]
    let project = try BenchProject.prepare(options)
    Console.line(
        "generated \(project.root): \(project.subject), \(project.summary.stringsFiles) .strings "
            + "(\(project.summary.utf16Files) UTF-16LE), \(project.summary.dictFiles) .stringsdict, "
            + "\(Format.count(project.summary.entries)) entries, \(Format.megabytes(project.summary.bytes))"
    )
    return 0
}

let commands: [String: (BenchOptions) throws -> Int32] = [
    "generate": generateCommand,
    "strings": StringsBench.run,
    "stringsdict": StringsDictBench.run,
    "catalog": CatalogBench.run,
    "migrate": MigrateBench.run,
    "compile": CompileBench.run,
    "verify": VerifyBench.run,
    "project": ProjectBench.run,
    "xliff": XliffBench.run,
    "all": AllBench.run,
]

let status: Int32
do {
    let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
    guard let command = commands[options.subcommand] else {
        throw UsageError("unknown subcommand \(options.subcommand)")
    }
    status = try command(options)
} catch let error as UsageError {
    if !error.description.isEmpty { Console.error(error.description) }
    FileHandle.standardError.write(Data((BenchOptions.usage + "\n").utf8))
    status = 2
} catch {
    Console.error("\(error)")
    status = 1
}
exit(status)
