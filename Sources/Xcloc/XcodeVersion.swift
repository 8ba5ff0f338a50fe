/// Which Xcode an export says wrote it (`<tool tool-version build-num>`, `contents.json`'s
/// `toolInfo`): a product choice (docs/spec/xliff.md §2.1). The builds are those of real exports.
public enum XcodeVersion {
    /// Xcode versions whose build number a real export shows (docs/spec/xliff.md §2.1 and the
    /// goldens); any other is given as `V/BUILD`.
    public static let knownBuilds: [String: String] = [
        "15.1": "15C65", "16.0": "16A242", "16.1": "16B40", "16.4": "16F6", "26.0.1": "17A400", "26.3": "17C529",
    ]

    /// The default: the latest of them.
    public static let defaultVersion = "26.3"

    /// The tool line for `--xcode-version V` (a known version) or `V/BUILD`; nil when `V` alone is
    /// not a known version.
    public static func tool(_ argument: String) -> (version: String, build: String)? {
        if let slash = argument.firstIndex(of: "/") {
            let version = String(argument[..<slash]), build = String(argument[argument.index(after: slash)...])
            guard !version.isEmpty, !build.isEmpty else { return nil }
            return (version, build)
        }
        guard let build = knownBuilds[argument] else { return nil }
        return (argument, build)
    }
}
