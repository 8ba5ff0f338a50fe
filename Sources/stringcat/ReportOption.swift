import Foundation
import StringcatSupport

extension CommandOption {
    /// `--report FILE.md`, with what the command's page holds.
    static func report(_ help: String...) -> CommandOption {
        CommandOption(name: "--report", value: "FILE.md", help: help, choices: nil)
    }
}

/// `--report FILE.md` of `migrate`, `verify` and `status`: the run as one Markdown page for a
/// pull request (`Reporting.ReviewPage`), written through a temporary file and a rename.
///
/// An existing FILE is replaced: the page is the tool's own output, regenerated on every run.
/// FILE must end in `.md`, so that a slip of the keyboard (`--report App/en.lproj/Localizable.strings`)
/// cannot replace a file of the project.
enum ReportOption {
    /// The report's path, checked before any work is done; nil without `--report`.
    static func path(_ arguments: ParsedArguments) throws -> String? {
        guard let path = arguments.value(CommandOption.report()) else { return nil }
        guard path.lowercased().hasSuffix(".md") else {
            throw UsageError("--report takes a Markdown file name ending in .md (it replaces the file): \(path)")
        }
        return path
    }

    /// Writes the page, silently (stdout stays the command's own, `--json` included); on failure
    /// prints the error and returns false (exit status 1).
    static func write(_ page: String, to path: String, console: Console) -> Bool {
        do {
            // The file named on the command line: its folder is the tree it is written in.
            let file = URL(fileURLWithPath: path).standardizedFileURL.path
            let folder = (file as NSString).deletingLastPathComponent
            try AtomicFile.write(Data(page.utf8), to: file, overwrite: true, root: folder)
            return true
        } catch {
            console.err("error: the report is not written: \(error)")
            return false
        }
    }
}
