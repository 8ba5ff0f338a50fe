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
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    @discardableResult
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> StringcatRun {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("stringcat")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting so a large output cannot fill the pipe and block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return StringcatRun(status: process.terminationStatus,
                            stdout: String(decoding: outData, as: UTF8.self),
                            stderr: String(decoding: errData, as: UTF8.self))
    }
}
