import XcodeRules

/// `--xcode-version VERSION` of `migrate` and `export`: one vocabulary (`XcodeVersion`), `16`,
/// `16.4` or `16.4/16F6` in both; each command then says which of them it can use.
enum XcodeVersionArgument {
    /// The version given, or nil without the option; a usage error when it is not an Xcode version.
    static func parse(_ arguments: ParsedArguments, _ option: CommandOption) throws -> XcodeVersion? {
        guard let value = arguments.value(option) else { return nil }
        guard let version = XcodeVersion(value) else {
            throw UsageError(
                "\(option.name) '\(DiagnosticLine.escaped(value))' is not an Xcode version: expected a major version "
                    + "(16), a release (16.4) or a release and its build (16.4/16F6)")
        }
        return version
    }
}
