/// An Xcode release, as `--xcode-version` names it in every command: a major version (`16`), a
/// release (`16.4`, `26.0.1`), or a release with its build number (`16.4/16F6`).
///
/// Two things depend on it. A migration's output (`migrate`): where `SWIFT_EMIT_LOC_STRINGS` goes
/// and the catalogs' version, which only the major version decides (docs/spec/migration-rules.md,
/// "Which Xcode"). And the tool an export says wrote it (`export`: `<tool tool-version build-num>`,
/// `contents.json`'s `toolInfo`), which needs a release and its build (docs/spec/xliff.md §2.1).
/// This is the one place that says what each version does.
public struct XcodeVersion: Sendable, Hashable, CustomStringConvertible {
    /// The version as given: `16`, `16.4`, `26.0.1`.
    public let version: String
    /// The build number given after a slash (`16.4/16F6`), or nil.
    public let givenBuild: String?
    /// `16` for `16`, `16.4` and `16.4/16F6`.
    public let major: Int

    /// `MAJOR[.MINOR[.PATCH]][/BUILD]`, with digits in the version and letters or digits in the
    /// build; nil for anything else (`xcode16`, `16.`, `16.4/`).
    public init?(_ argument: String) {
        let parts = argument.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let numbers = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(numbers.count),
            numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let major = Int(numbers[0])
        else { return nil }
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                return nil
            }
            givenBuild = String(parts[1])
        } else {
            givenBuild = nil
        }
        version = String(parts[0])
        self.major = major
    }

    public var description: String { givenBuild.map { "\(version)/\($0)" } ?? version }

    // MARK: The migration (`migrate`)

    /// Xcode 15 (migrations from 2023-06 to 2024-09).
    public static let xcode15 = XcodeVersion("15")!
    /// Xcode 16 (released 2024-09-16): `migrate`'s default, whose catalogs every Xcode since 15 opens.
    public static let xcode16 = XcodeVersion("16")!
    /// Xcode 26 and later.
    public static let xcode26 = XcodeVersion("26")!

    /// The default of `migrate`.
    public static let migrateDefault = xcode16

    /// The major versions whose migration is reproduced: 15, 16 and 26 (a later Xcode is given
    /// as 26: it opens `1.1` catalogs, and no migration of one is known).
    public static let migratedMajors = [15, 16, 26]

    /// True when its migration is one stringcat reproduces (`migratedMajors`).
    public var reproducesMigration: Bool { Self.migratedMajors.contains(major) }

    /// The catalogs' `"version"`: Xcode 15 and 16 write `1.0`, Xcode 26 writes `1.1`.
    public var catalogFormatVersion: String { major >= 26 ? "1.1" : "1.0" }

    /// Where the project edit puts `SWIFT_EMIT_LOC_STRINGS = YES`: on each target that received a
    /// catalog (Xcode 15), or in every project-level configuration (Xcode 16 and later).
    public var emitLocStrings: MigrationEdit.EmitLocStringsPlacement {
        major <= 15 ? .eachReceivingTarget : .projectConfigurations
    }

    // MARK: The tool an export names (`export`)

    /// Releases whose build number a real export shows (docs/spec/xliff.md and the goldens); any
    /// other is given as `V/BUILD`.
    public static let knownBuilds: [String: String] = [
        "15.1": "15C65", "16.0": "16A242", "16.1": "16B40", "16.4": "16F6", "26.0.1": "17A400", "26.3": "17C529",
    ]

    /// The default of `export`: the latest release of `knownBuilds`.
    public static let exportDefault = XcodeVersion("26.3")!

    /// The release and build an export writes: the build given, else the known one; a major
    /// version alone is its latest known release (`16`: 16.4, 16F6). Nil when no build is known.
    public var tool: (version: String, build: String)? {
        if let givenBuild { return (version, givenBuild) }
        if let build = Self.knownBuilds[version] { return (version, build) }
        guard !version.contains(".") else { return nil }
        let releases = Self.knownBuilds.keys.filter { $0.split(separator: ".").first.map(String.init) == version }
        guard let latest = releases.max(by: Self.isOlder) else { return nil }
        return (latest, Self.knownBuilds[latest]!)
    }

    /// `16.1` before `16.4`, `26.0.1` before `26.3`: compared number by number.
    private static func isOlder(_ a: String, _ b: String) -> Bool {
        let left = a.split(separator: ".").compactMap { Int($0) },
            right = b.split(separator: ".").compactMap { Int($0) }
        return left.lexicographicallyPrecedes(right)
    }
}
