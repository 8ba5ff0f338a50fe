import Foundation
import PackagePlugin

/// `swift package verify-localizations [verify's options]`: `stringcat verify` on the package's own
/// folder. It writes nothing, so it asks for no permission.
@main
struct VerifyLocalizations: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "stringcat")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["verify", context.package.directoryURL.path] + arguments
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
