import StringcatSupport
import StringsFile

/// Checks an `InfoPlist.strings` table against the keys the system localizes and against its
/// Info.plist, and offers the Info.plist's values for a source language that has no table.
///
/// Every finding is a warning or a note: the migration keeps every entry whatever is found here
/// (Xcode's own migration copies the table like any other, docs/spec/migration.md#infopliststrings). A key the system
/// does not localize is not necessarily dead: CFBundle merges the whole table into the localized
/// info dictionary, so `Bundle.object(forInfoDictionaryKey:)` returns any key of it (adium's
/// script bundles keep their menu titles, `"Uptime" = "Betriebszeit";`, that way).
public enum InfoPlistStringsChecker {
    /// Findings for one `InfoPlist.strings` file, at each key's line and column:
    /// - a warning per key that is not a localizable Info.plist key (and, when an Info.plist is
    ///   given, not one of its nested localizable values such as a document type name), with a
    ///   "did you mean" when only the case differs;
    /// - a warning per localizable key the Info.plist does not contain;
    /// - a note on the file when `infoPlist` is nil (nothing to check the keys against).
    public static func check(_ file: StringsFile, infoPlist: InfoPlist?) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if infoPlist == nil {
            diagnostics.append(
                .note("no Info.plist found for this table; its keys were checked by name only", at: .file(file.path)))
        }
        for entry in file.entries {
            let at = SourceLocation(path: file.path, line: entry.line, column: entry.column)
            let key = entry.key
            if let plist = infoPlist, plist.nestedKeyKind(key) != nil { continue }
            if !LocalizableInfoPlistKeys.isLocalizable(key) {
                var message =
                    "\"\(key)\" is not an Info.plist key the system localizes; only the app's own code sees this value "
                    + "(Bundle.object(forInfoDictionaryKey:))"
                if let match = LocalizableInfoPlistKeys.caseInsensitiveMatch(key) {
                    message += "; did you mean \"\(match)\"?"
                }
                diagnostics.append(.warning(message, at: at))
                continue
            }
            if let plist = infoPlist, !plist.topLevelKeys.contains(key),
                !plist.topLevelKeys.contains(LocalizableInfoPlistKeys.withoutDeviceModifier(key))
            {
                diagnostics.append(
                    .warning(
                        "\"\(key)\" is not in the Info.plist (\(plist.path)); unless a build setting adds it "
                            + "(INFOPLIST_KEY_\(LocalizableInfoPlistKeys.withoutDeviceModifier(key))), the system may "
                            + "never show this translation",
                        at: at))
            }
        }
        return diagnostics
    }

    /// Localizable keys whose Info.plist value is not offered by `sourceValues(from:)`.
    public static let notOfferedAsSourceValues: Set<String> = ["CFBundleShortVersionString"]

    /// The Info.plist's localizable values, as entries of a source-language table, for a source
    /// language that has no `InfoPlist.strings`: the localizable top-level keys with string
    /// values, then the nested localizable values (a document type name, type description or
    /// quick action text is its own value; a location purpose key gets its explanation), sorted
    /// by key. Entries carry no comment and line 0 (they do not come from a .strings file).
    ///
    /// `CFBundleShortVersionString` is never offered: a translated copy would override the real
    /// version and go stale at the next release (the key is still accepted in a table).
    ///
    /// A value holding a build variable (`"$(PRODUCT_NAME)"`, `"${EXECUTABLE_NAME}"`) is known
    /// only at build time: it is skipped, with a note at the key's line in the Info.plist.
    public static func sourceValues(from infoPlist: InfoPlist) -> (entries: [StringsEntry], diagnostics: [Diagnostic]) {
        var values: [String: String] = [:]
        for (key, value) in infoPlist.values
        where LocalizableInfoPlistKeys.isLocalizable(key) && !notOfferedAsSourceValues.contains(key) {
            values[key] = value
        }
        for name in infoPlist.documentTypeNames.union(infoPlist.typeDescriptions).union(infoPlist.shortcutItemTexts)
        where values[name] == nil {
            values[name] = name
        }
        for (key, value) in infoPlist.locationTemporaryPurposes where values[key] == nil {
            values[key] = value
        }
        var entries: [StringsEntry] = []
        var diagnostics: [Diagnostic] = []
        for key in values.keys.sorted() {
            let value = values[key]!
            if BuildVariable.occurs(in: value) {
                diagnostics.append(
                    .note(
                        "\"\(key)\" is \"\(value)\", which holds a build variable resolved only when the app is built; "
                            + "not offered as a source-language value",
                        at: infoPlist.location(of: key)))
                continue
            }
            entries.append(StringsEntry(key: key, value: value))
        }
        return (entries, diagnostics)
    }
}
