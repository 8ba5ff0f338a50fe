/// How much a command prints: `--quiet` only errors and the summary line, `--verbose` every
/// diagnostic one by one (no grouping) and every file of a `--dry-run` plan.
enum Verbosity: Sendable {
    case quiet, normal, verbose

    init(_ arguments: ParsedArguments) throws {
        switch (arguments.has(.quiet), arguments.has(.verbose)) {
        case (true, true): throw UsageError("--quiet and --verbose cannot be used together")
        case (true, false): self = .quiet
        case (false, true): self = .verbose
        case (false, false): self = .normal
        }
    }
}
