import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory migrate-localizations [migrate's options]`:
/// `stringcat migrate` on the package's own folder, with `--delete-legacy`. A package's catalog
/// is written only by the run that deletes the legacy files it replaces (SwiftPM builds every
/// file of a target: both would build the table twice), and they are deleted only once
/// `verify`'s proof has passed on the catalog written (docs/user-guide.md, *Whose a package is*).
@main
struct MigrateLocalizations: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "stringcat")
        var command = ["migrate", context.package.directoryURL.path]
        // `--output` writes elsewhere and cannot delete; every other run of a package deletes.
        if !arguments.contains(where: { $0 == "--output" || $0.hasPrefix("--output=") }) {
            command.append("--delete-legacy")
        }
        command += arguments.filter { $0 != "--delete-legacy" }
        try StringcatRun.run(tool.url, command)
    }
}

/// Runs the tool with the plugin's standard streams, and fails the plugin with its exit status.
enum StringcatRun {
    static func run(_ tool: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(status: process.terminationStatus)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "stringcat exited with status \(status)" }
    }
}
