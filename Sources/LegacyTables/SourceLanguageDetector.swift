import Foundation
import StringcatSupport
import StringsFile

/// The source (development) language of a project, and where it came from.
public struct SourceLanguage: Sendable, Hashable {
    public var code: String
    /// Where it was found, for the report: `--source-language`, `developmentRegion in X/project.pbxproj`,
    /// `defaultLocalization in Package.swift`, or `default`.
    public var origin: String

    public init(code: String, origin: String) {
        self.code = code
        self.origin = origin
    }
}

/// Finds a project's source language: the caller's choice, else the `developmentRegion` of its
/// Xcode project (an old-style property list, read with the `.strings` tokenizer), else the
/// `defaultLocalization` of its `Package.swift`, else `en`.
public enum SourceLanguageDetector {
    public static func detect(explicit: String?, projectFiles: [String], root: String) -> (SourceLanguage, [Diagnostic]) {
        if let explicit, !explicit.isEmpty {
            return (SourceLanguage(code: explicit, origin: "--source-language"), [])
        }
        var found: [(code: String, origin: String, path: String)] = []
        for path in projectFiles {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let relative = TableGrouper.relative(path, to: root)
            if path.hasSuffix(".pbxproj") {
                if let region = OldStylePlistScanner.firstValue(forKey: "developmentRegion", in: [UInt8](data)), !region.isEmpty {
                    found.append((LanguageCode.forLproj(region, sourceLanguage: "en"), "developmentRegion in \(relative)", path))
                }
            } else if let code = defaultLocalization(inManifest: String(decoding: data, as: UTF8.self)) {
                found.append((code, "defaultLocalization in \(relative)", path))
            }
        }
        guard let first = found.first else {
            return (SourceLanguage(code: "en", origin: "default (no project file declares one; use --source-language to choose)"), [])
        }
        // Other projects may declare other languages: each of their tables takes its own
        // project's (ProjectTables); this one is the folder tables' and the report's.
        return (SourceLanguage(code: first.code, origin: first.origin), [])
    }

    /// The value of `defaultLocalization: "xx"` in a package manifest, if it is a string literal
    /// (comments are not read).
    static func defaultLocalization(inManifest text: String) -> String? {
        ManifestCode(text).defaultLocalization
    }
}
