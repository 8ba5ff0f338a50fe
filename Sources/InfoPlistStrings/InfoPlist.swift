import Foundation
import StringcatSupport

/// What an `InfoPlist.strings` table needs to know about its bundle's Info.plist.
public struct InfoPlist: Sendable, Hashable {
    /// Path of the Info.plist, as given to `read(path:)`.
    public var path: String
    /// Every top-level key, whatever the type of its value.
    public var topLevelKeys: Set<String>
    /// Top-level keys whose value is a string, with that value (build variables such as
    /// `$(PRODUCT_NAME)` unresolved).
    public var values: [String: String]
    /// `CFBundleTypeName` of every `CFBundleDocumentTypes` entry: the system looks a document
    /// type's display name up in `InfoPlist.strings` under the name itself.
    public var documentTypeNames: Set<String>
    /// `UTTypeDescription` of every `UTExportedTypeDeclarations` / `UTImportedTypeDeclarations`
    /// entry, localized the same way (the description is the key).
    public var typeDescriptions: Set<String>
    /// `UIApplicationShortcutItemTitle` and `UIApplicationShortcutItemSubtitle` of every
    /// `UIApplicationShortcutItems` entry, localized the same way. Mastodon's Info.plist has
    /// the title `NewPostShortcutItemTitle`, and its InfoPlist.strings translates that key.
    public var shortcutItemTexts: Set<String>
    /// `NSLocationTemporaryUsageDescriptionDictionary`: purpose key -> explanation. The purpose
    /// keys are localized in `InfoPlist.strings` (home-assistant: `TemporaryFullAccuracyReasonManualUpdate`).
    public var locationTemporaryPurposes: [String: String]
    /// `CFBundleDevelopmentRegion` as written: a code (`en`), a legacy name (`English`) or a
    /// build variable (`$(DEVELOPMENT_LANGUAGE)`); nil when absent (iina's Info.plist has none).
    public var developmentRegion: String?
    /// 1-based line of each top-level key's `<key>` element (the last of a repeated key, whose
    /// value Foundation keeps), for XML files; empty for binary ones.
    public var keyLines: [String: Int]

    public init(
        path: String, topLevelKeys: Set<String> = [], values: [String: String] = [:],
        documentTypeNames: Set<String> = [], typeDescriptions: Set<String> = [],
        shortcutItemTexts: Set<String> = [], locationTemporaryPurposes: [String: String] = [:],
        developmentRegion: String? = nil, keyLines: [String: Int] = [:]
    ) {
        self.path = path
        self.topLevelKeys = topLevelKeys.union(values.keys)
        self.values = values
        self.documentTypeNames = documentTypeNames
        self.typeDescriptions = typeDescriptions
        self.shortcutItemTexts = shortcutItemTexts
        self.locationTemporaryPurposes = locationTemporaryPurposes
        self.developmentRegion = developmentRegion
        self.keyLines = keyLines
    }

    /// What a nested value used as an `InfoPlist.strings` key is, or nil when `key` is none of them.
    public func nestedKeyKind(_ key: String) -> String? {
        if documentTypeNames.contains(key) { return "document type name (CFBundleTypeName)" }
        if typeDescriptions.contains(key) { return "type description (UTTypeDescription)" }
        if shortcutItemTexts.contains(key) { return "quick action title (UIApplicationShortcutItems)" }
        if locationTemporaryPurposes[key] != nil {
            return "location purpose key (NSLocationTemporaryUsageDescriptionDictionary)"
        }
        return nil
    }

    /// The location of `key` in this file: its line when known, else the file.
    public func location(of key: String) -> SourceLocation {
        if let line = keyLines[key] { return SourceLocation(path: path, line: line) }
        return .file(path)
    }

    /// Reads an XML, binary or old-style Info.plist. Never throws: a missing or unreadable file,
    /// or one whose top level is not a dictionary, gives nil and one warning (the Info.plist is
    /// only consulted; the translations can be migrated without it).
    public static func read(path: String) -> (InfoPlist?, [Diagnostic]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return (nil, [.warning("Info.plist not found", at: .file(path))])
        }
        guard !isDirectory.boolValue else {
            return (nil, [.warning("is a folder, not an Info.plist", at: .file(path))])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return (nil, [.warning("cannot read the Info.plist (permission denied or I/O error)", at: .file(path))])
        }
        return parse(data, path: path)
    }

    /// Parses the bytes of an Info.plist; see `read(path:)`. A preprocessed Info.plist
    /// (`#ifdef` lines, see `InfoPlistPreprocessor`) is read with its directive lines blanked,
    /// with a note.
    public static func parse(_ data: Data, path: String) -> (InfoPlist?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var data = data
        // Before Foundation, which may recurse once per level.
        if let tooDeep = PropertyListNesting.problem(in: [UInt8](data)) {
            return (
                nil, [.warning("cannot parse the Info.plist: \(tooDeep.message)", at: tooDeep.location(path: path))]
            )
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let reason =
                (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                ?? (error as NSError).localizedDescription
            guard let stripped = InfoPlistPreprocessor.withoutDirectives([UInt8](data)),
                let retried = try? PropertyListSerialization.propertyList(
                    from: Data(stripped), options: [], format: nil)
            else {
                return (nil, [.warning("cannot parse the Info.plist: \(reason)", at: .file(path))])
            }
            object = retried
            data = Data(stripped)
            diagnostics.append(
                .note(
                    "Info.plist with C preprocessor directives (INFOPLIST_PREPROCESS): read with the directive lines "
                        + "ignored, so the keys of every #if branch count",
                    at: .file(path)))
        }
        guard let root = object as? [String: Any] else {
            return (nil, [.warning("the Info.plist's top level is not a dictionary", at: .file(path))])
        }
        var plist = InfoPlist(path: path, topLevelKeys: Set(root.keys))
        for (key, value) in root {
            if let string = value as? String { plist.values[key] = string }
        }
        plist.developmentRegion = plist.values["CFBundleDevelopmentRegion"]
        plist.documentTypeNames = strings(in: root["CFBundleDocumentTypes"], keys: ["CFBundleTypeName"])
        plist.typeDescriptions = strings(in: root["UTExportedTypeDeclarations"], keys: ["UTTypeDescription"])
            .union(strings(in: root["UTImportedTypeDeclarations"], keys: ["UTTypeDescription"]))
        plist.shortcutItemTexts = strings(
            in: root["UIApplicationShortcutItems"],
            keys: ["UIApplicationShortcutItemTitle", "UIApplicationShortcutItemSubtitle"])
        if let purposes = root["NSLocationTemporaryUsageDescriptionDictionary"] as? [String: Any] {
            for (key, value) in purposes {
                if let string = value as? String { plist.locationTemporaryPurposes[key] = string }
            }
        }
        plist.keyLines = PlistKeyLines.topLevelLines(inXML: [UInt8](data))
        return (plist, diagnostics)
    }

    /// The string values under `keys` in each dictionary of an array.
    private static func strings(in array: Any?, keys: [String]) -> Set<String> {
        guard let items = array as? [Any] else { return [] }
        var result: Set<String> = []
        for case let item as [String: Any] in items {
            for key in keys {
                if let string = item[key] as? String { result.insert(string) }
            }
        }
        return result
    }
}

/// Build variables (`$(PRODUCT_NAME)`, `${EXECUTABLE_NAME}`) are replaced by Xcode when it
/// processes the Info.plist; the value a user sees is unknown until then.
enum BuildVariable {
    static func occurs(in value: String) -> Bool {
        value.contains("$(") || value.contains("${")
    }
}
