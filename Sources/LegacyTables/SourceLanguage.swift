import Foundation
import Languages
import StringcatSupport

/// The source (development) language of a project, a package or a folder, and why: the one
/// decision of it (docs/spec/languages.md#the-source-language).
public struct SourceLanguage: Sendable, Hashable {
    /// The code, as its owner spells it (a project keeps `en_GB`; `TableLanguages` then gives the
    /// key its tables write it under).
    public var code: String
    /// Why, for the report: `--source-language`, `developmentRegion in X/project.pbxproj`,
    /// `defaultLocalization in Package.swift`, or a default.
    public var origin: String

    public init(code: String, origin: String) {
        self.code = code
        self.origin = origin
    }

    /// What the owner of a table says its development language is.
    public enum Declaration: Sendable {
        /// A project's `developmentRegion` (the project file, relative for the report).
        case developmentRegion(String, file: String)
        /// A package's `defaultLocalization`.
        case defaultLocalization(String, file: String)
    }

    /// The default when nothing declares one.
    public static let fallback = SourceLanguage(
        code: "en", origin: "default: no project file declares one; use --source-language to choose")

    /// The source language: `--source-language` (`explicit`, already a canonical code) when given,
    /// else what the owner declares, spelled as the owner spells its folders, else `inherited`
    /// (the tree's, for a package or folder that declares none), else `en`.
    public static func decide(
        explicit: String?, declared: Declaration?, spelling: LanguageTag.Spelling,
        inherited: SourceLanguage? = nil
    ) -> SourceLanguage {
        if let explicit, !explicit.isEmpty { return SourceLanguage(code: explicit, origin: "--source-language") }
        switch declared {
        case .developmentRegion(let region, let file)?:
            if let tag = LanguageTag(region) {
                return SourceLanguage(code: tag.spelled(spelling), origin: "developmentRegion in \(file)")
            }
        case .defaultLocalization(let code, let file)?:
            if let tag = LanguageTag(code) {
                return SourceLanguage(code: tag.spelled(spelling), origin: "defaultLocalization in \(file)")
            }
        case nil:
            break
        }
        return inherited ?? fallback
    }

    /// The value of `defaultLocalization: "xx"` in a package manifest, if it is a string literal
    /// (comments are not read).
    static func defaultLocalization(inManifest text: String) -> String? {
        ManifestCode(text).defaultLocalization
    }
}
