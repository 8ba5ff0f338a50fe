import StringCatalog
import StringcatSupport

/// `stringcat normalize`: rewrites catalogs in the exact form Xcode writes.
enum NormalizeCommand: Subcommand {
    static let name = "normalize"
    static let summary = "rewrite .xcstrings files in the exact form Xcode writes"
    static let help = """
        usage: stringcat normalize CATALOG_OR_FOLDER... [--check]

        Rewrites each String Catalog (.xcstrings) in the exact bytes Xcode writes (key order,
        indentation, escapes), keeping its content and its version. Only files that change are
        written, each through a temporary file and a rename.

        options:
          --check     write nothing; list the catalogs not in Xcode's form, exit 1 if any
          -h, --help  show this help
        """
    static let spec = ArgumentSpec(flags: ["--check"])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError("no catalog given") }
        let paths = CatalogFiles.expand(arguments.positionals).map(\.path)
        if paths.isEmpty {
            console.err(arguments.positionals.map { "\(DisplayPath.of($0)): error: no .xcstrings file in this folder" }.joined(separator: "\n"))
            return 1
        }
        let check = arguments.has("--check")
        var changed = 0
        var unchanged = 0
        var failed = false
        for path in paths {
            do {
                switch try CatalogNormalizer.normalizeFile(atPath: path, check: check) {
                case .alreadyNormalized:
                    unchanged += 1
                case .normalized:
                    changed += 1
                    console.out(check ? "\(path): not normalized" : "normalized \(path)")
                }
            } catch {
                console.err(error.description)
                failed = true
            }
        }
        if check {
            console.out("\(changed) file(s) not normalized, \(unchanged) already normalized")
        } else {
            console.out("\(changed) file(s) normalized, \(unchanged) already normalized")
        }
        return failed || (check && changed > 0) ? 1 : 0
    }
}
