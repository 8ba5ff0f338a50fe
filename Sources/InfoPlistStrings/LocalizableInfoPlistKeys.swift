/// The Info.plist keys the system reads from `InfoPlist.strings`.
///
/// From Apple's "Information Property List" reference (Core Foundation keys, Launch Services keys,
/// Cocoa keys, protected-resource keys), where a key's entry says it "can be localized by
/// including it in your InfoPlist.strings files". Two kinds:
/// - top-level keys, listed in `exactKeys`, plus every privacy key ending in `UsageDescription`
///   (`NSCameraUsageDescription`, `NSLocationWhenInUseUsageDescription`,
///   `NSAppleEventsUsageDescription`, and `NFCReaderUsageDescription`, which has no `NS` prefix);
/// - values nested in the Info.plist that the system uses as keys of `InfoPlist.strings`
///   (a document type's `CFBundleTypeName`, a type declaration's `UTTypeDescription`, a home
///   screen quick action's title and subtitle, a purpose key of
///   `NSLocationTemporaryUsageDescriptionDictionary`). Those depend on the Info.plist, so they
///   are recognised by `InfoPlist.nestedKeyKind(_:)`, not here.
///
/// Not localizable, although they look like it: `CFBundleIdentifier`, `CFBundleExecutable`,
/// `CFBundleVersion`, `UILaunchStoryboardName`, `UIMainStoryboardFile`,
/// `ITSAppUsesNonExemptEncryption`, `NSUserActivityTypes` (an array of identifiers), the
/// `NSLocationTemporaryUsageDescriptionDictionary` key itself (a dictionary).
public enum LocalizableInfoPlistKeys {
    /// Top-level keys whose string value the system localizes, apart from the `UsageDescription` family.
    public static let exactKeys: Set<String> = [
        // Core Foundation keys.
        "CFBundleDisplayName", // name under the icon / in the Finder
        "CFBundleName", // short bundle name (menu bar, About box)
        "CFBundleSpokenName", // name for text to speech
        "CFBundleShortVersionString", // macOS: "can be localized" per the CF keys reference
        "CFBundleGetInfoString", // macOS Finder Get Info (deprecated, still read)
        "CFBundleGetInfoHTML", // macOS Finder Get Info, HTML form
        "CFBundleHelpBookName", // macOS Help Viewer book title
        // Cocoa keys.
        "NSHumanReadableCopyright", // About box copyright line
        "NSPrefPaneIconLabel", // System Settings pane label
        // Metadata keys.
        "MDItemKeywords", // macOS Spotlight keywords for the app (transmission's
        // macosx/*.lproj/InfoPlist.strings translates them)
    ]

    /// The suffix of the protected-resource (privacy) keys, all of which are localizable.
    public static let usageDescriptionSuffix = "UsageDescription"

    /// True when `key` is a top-level Info.plist key that the system localizes. A device
    /// modifier (`~ipad`, `~iphone`, `~ipod`) is ignored, as the system does when it reads the key.
    public static func isLocalizable(_ key: String) -> Bool {
        let base = withoutDeviceModifier(key)
        if exactKeys.contains(base) { return true }
        return base.count > usageDescriptionSuffix.count && base.hasSuffix(usageDescriptionSuffix)
    }

    /// A localizable key that differs from `key` only in case (`CFBundleDisplayname` ->
    /// `CFBundleDisplayName`), for a "did you mean" hint; nil when there is none. Only the exact
    /// keys are known by name; for a privacy key only a miscased `UsageDescription` suffix is caught.
    public static func caseInsensitiveMatch(_ key: String) -> String? {
        let base = withoutDeviceModifier(key)
        let folded = base.lowercased()
        if let exact = exactKeys.first(where: { $0.lowercased() == folded }) { return exact }
        if base.count > usageDescriptionSuffix.count && folded.hasSuffix(usageDescriptionSuffix.lowercased()) {
            return base.dropLast(usageDescriptionSuffix.count) + usageDescriptionSuffix
        }
        return nil
    }

    static func withoutDeviceModifier(_ key: String) -> String {
        for modifier in ["~ipad", "~iphone", "~ipod"] where key.hasSuffix(modifier) {
            return String(key.dropLast(modifier.count))
        }
        return key
    }
}
