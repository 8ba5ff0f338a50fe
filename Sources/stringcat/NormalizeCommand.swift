import StringCatalog
import StringcatSupport

/// `stringcat normalize`: rewrites catalogs in the exact form Xcode writes.
enum NormalizeCommand: Subcommand {
    static let name = "normalize"
    static let summary = "rewrite .xcstrings files in the exact form Xcode writes"
    static let help = """
        usage: stringcat normalize CATALOG_OR_FOLDER... [--check] [--verbose | --quiet]

        Rewrites each String Catalog (.xcstrings) in the exact bytes Xcode writes (key order,
        indentation, escapes), keeping its content and its version. Only files that change are
        written, each through a temporary file and a rename.

        \(optionTable.help)
        exit status: 0 every catalog is (now) in Xcode's form, 1 a catalog could not be read or
        (--check) is not in Xcode's form, 2 usage error
        """
    /// The options of `normalize`, as its help lists them.
    enum Arg {
        static let check = CommandOption.flag(
            "--check", "write nothing; report each catalog not in Xcode's form as an error on stderr")
    }

    static let optionTable = OptionTable([Arg.check, .verbose, .quiet])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError("no catalog given") }
        let found = CatalogFiles.expand(arguments.positionals)
        let paths = found.map(\.path)
        var diagnostics = DiagnosticGroups()
        if paths.isEmpty {
            for argument in arguments.positionals {
                diagnostics.add(.error("no .xcstrings file in this folder", at: .file(argument)))
            }
            diagnostics.print(on: console)
            return 1
        }
        let check = arguments.has(Arg.check)
        // One writing run per tree at a time.
        var lock: TreeLock?
        if !check {
            do {
                lock = try TreeLock.acquire(for: paths[0])
            } catch {
                diagnostics.add(error)
                diagnostics.print(on: console)
                return 1
            }
        }
        defer { lock?.release() }
        var changed = 0
        var unchanged = 0
        var failed = false
        for (index, path) in paths.enumerated() {
            console.progress("normalize: [\(index + 1)/\(paths.count)] \(DisplayPath.of(path))")
            do {
                switch try CatalogNormalizer.normalizeFile(atPath: path, check: check, root: found[index].base) {
                case .alreadyNormalized:
                    unchanged += 1
                case .normalized:
                    changed += 1
                    if check {
                        diagnostics.add(
                            .error(
                                "not normalized: not in the form Xcode writes; stringcat normalize rewrites it",
                                at: .file(path)))
                    } else {
                        console.result("normalized \(DisplayPath.of(path))")
                    }
                }
            } catch {
                diagnostics.add(error)
                failed = true
            }
        }
        console.endProgress()
        diagnostics.print(on: console)
        if check {
            console.out("\(counted(changed, "file")) not normalized, \(unchanged) already normalized")
        } else {
            console.out("\(counted(changed, "file")) normalized, \(unchanged) already normalized")
        }
        return failed || (check && changed > 0) ? 1 : 0
    }
}
