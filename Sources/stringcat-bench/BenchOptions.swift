import Foundation

/// A command-line mistake: printed with the usage, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The parsed command line of `stringcat-bench`.
struct BenchOptions {
    var subcommand: String
    /// Positional arguments after the subcommand (`generate DIR`, `strings PATH`, `stringsdict PATH`).
    var positionals: [String] = []
    var settings = ProjectSettings()
    /// Where the generated project lives; nil = a temporary folder removed at the end.
    var projectDirectory: String?
    /// Runs per phase; nil = the phase's default (5 for fast phases, 3 for slow ones).
    var runs: Int?
    /// Entries of the synthetic catalog of `catalog`.
    var catalogEntries = 100_000

    static let usage = """
        usage: stringcat-bench SUBCOMMAND [options]

        subcommands:
          generate DIR     write the generated legacy project to DIR (for inspection)
          strings [PATH]   StringsFileReader vs PropertyListSerialization on the same bytes
                           (every .strings of the generated project, or every .strings under PATH)
          stringsdict [PATH]
                           StringsDictReader vs PropertyListSerialization on the same bytes (every
                           .stringsdict of the generated project, or every .stringsdict under PATH)
          catalog          write + read a synthetic catalog (--catalog-entries x 40 languages, 10% plurals)
          migrate [PATH]   ProjectMigrator.migrate of the generated project (or of PATH, with
                           --skip-invalid) into a temporary --output
          compile          CatalogCompiler on the catalogs migrate writes for the generated project
          verify           the independent proof on the generated project, after a migration that
                           wrote its catalogs beside the legacy files (must find no loss)
          project          parse + write of the largest real project.pbxproj (../shared/pbxproj),
                           then graph + tables + the migration's edit
          xliff            export and import (stringcat export/import) of the generated project after its
                           migration, beside reading and writing the same catalogs
          all              every phase, each in its own process (so peak memory is per phase)

        options:
          --languages N        languages of the generated project (default 40, at most \(GeneratedLanguages.codes.count))
          --keys N             keys of the Localizable table per language (default 10000)
          --plural-ratio R     share of those keys that are .stringsdict plurals (default 0.1)
          --utf16-ratio R      share of .strings files written as UTF-16LE with a BOM (default 0.1)
          --seed N             generator seed (default 1)
          --project DIR        generate into DIR, or reuse DIR when it was generated with the same
                               settings (default: a temporary folder, removed afterwards)
          --runs N             timed runs per phase; the median is reported (default 5 fast, 3 slow)
          --catalog-entries N  entries of the catalog phase (default 100000)

        exit status: 0 done, 1 a phase failed, 2 usage error
        """

    static func parse(_ arguments: [String]) throws -> BenchOptions {
        guard let subcommand = arguments.first, !subcommand.hasPrefix("-") else {
            throw UsageError("missing subcommand")
        }
        var options = BenchOptions(subcommand: subcommand)
        var index = 1
        func value(_ name: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw UsageError("\(name) needs a value") }
            return arguments[index]
        }
        func integer(_ name: String, minimum: Int) throws -> Int {
            let text = try value(name)
            guard let number = Int(text.replacingOccurrences(of: "_", with: "")), number >= minimum else {
                throw UsageError("\(name) must be a whole number >= \(minimum), not \(text)")
            }
            return number
        }
        func ratio(_ name: String) throws -> Double {
            let text = try value(name)
            guard let number = Double(text), number >= 0, number <= 1 else {
                throw UsageError("\(name) must be between 0 and 1, not \(text)")
            }
            return number
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--languages":
                options.settings.languages = try integer(argument, minimum: 1)
                guard options.settings.languages <= GeneratedLanguages.codes.count else {
                    throw UsageError("--languages is at most \(GeneratedLanguages.codes.count)")
                }
            case "--keys": options.settings.keys = try integer(argument, minimum: 1)
            case "--plural-ratio": options.settings.pluralRatio = try ratio(argument)
            case "--utf16-ratio": options.settings.utf16Ratio = try ratio(argument)
            case "--seed": options.settings.seed = UInt64(try integer(argument, minimum: 0))
            case "--project": options.projectDirectory = try value(argument)
            case "--runs": options.runs = try integer(argument, minimum: 1)
            case "--catalog-entries": options.catalogEntries = try integer(argument, minimum: 1)
            case "-h", "--help": throw UsageError("")
            default:
                if argument.hasPrefix("--") { throw UsageError("unknown option \(argument)") }
                options.positionals.append(argument)
            }
            index += 1
        }
        return options
    }

    /// These options as arguments again, for one phase run in a child process by `all`.
    func arguments(subcommand: String, project: String) -> [String] {
        var result = [
            subcommand, "--project", project,
            "--languages", "\(settings.languages)", "--keys", "\(settings.keys)",
            "--plural-ratio", "\(settings.pluralRatio)", "--utf16-ratio", "\(settings.utf16Ratio)",
            "--seed", "\(settings.seed)", "--catalog-entries", "\(catalogEntries)",
        ]
        if let runs { result += ["--runs", "\(runs)"] }
        return result
    }
}
