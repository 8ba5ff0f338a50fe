import XcodeProject
import XcodeRules

/// The Xcode whose migration `migrate` reproduces (`--xcode-version`). Its output depends on it
/// in ways the project cannot tell (docs/spec/migration-rules.md, "Which Xcode"); this is the one
/// place that says what each version does.
public enum XcodeVersion: String, Sendable, CaseIterable {
    /// Xcode 15 (migrations from 2023-06 to 2024-09).
    case xcode15 = "15"
    /// Xcode 16 (released 2024-09-16): the default, whose catalogs every Xcode since 15 opens.
    case xcode16 = "16"
    /// Xcode 26 and later.
    case xcode26 = "26"

    /// The default of `migrate`.
    public static let standard = XcodeVersion.xcode16

    /// `15`, `16` or `26`; nil for anything else.
    public init?(argument: String) {
        self.init(rawValue: argument)
    }

    /// The catalogs' `"version"`: Xcode 15 and 16 write `1.0`, Xcode 26 writes `1.1`.
    public var catalogFormatVersion: String {
        switch self {
        case .xcode15, .xcode16: "1.0"
        case .xcode26: "1.1"
        }
    }

    /// Where the project edit puts `SWIFT_EMIT_LOC_STRINGS = YES`: on each target that received a
    /// catalog (Xcode 15), or in every project-level configuration (Xcode 16 and later).
    public var emitLocStrings: MigrationEdit.EmitLocStringsPlacement {
        switch self {
        case .xcode15: .eachReceivingTarget
        case .xcode16, .xcode26: .projectConfigurations
        }
    }
}
