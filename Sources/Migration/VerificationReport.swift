import StringcatSupport

/// The kinds of loss `verify` names.
public enum DifferenceKind: String, Sendable, CaseIterable {
    case keyMissing = "key missing"
    case languageMissing = "language missing"
    case valueChanged = "value changed"
    case pluralCategoryMissing = "plural category missing"
    case pluralCategoryChanged = "plural category changed"
    case specifierChanged = "specifier changed"
    case commentChanged = "comment changed"
}

/// One thing the legacy files say that the catalog side does not.
public struct Difference: Sendable, Hashable {
    public var kind: DifferenceKind
    public var language: String
    /// Nil for a whole missing language.
    public var key: String?
    /// The legacy file, with the line and column of the key where known.
    public var location: SourceLocation
    public var detail: String

    /// As printed: `path:line:column: error: "key" [de]: value changed: "A" -> "B"`.
    public var diagnostic: Diagnostic {
        let subject = key.map { "\"\($0)\" [\(language)]" } ?? "[\(language)]"
        return .error("\(subject): \(kind.rawValue)" + (detail.isEmpty ? "" : ": \(detail)"), at: location)
    }
}

/// The two comparisons `verify` makes for a table.
public enum VerificationCheck: String, Sendable {
    /// legacy -> catalog -> legacy, in memory, through every writer and reader.
    case roundTrip = "round trip"
    /// The catalog already on disk (from `migrate`, from Xcode, half-migrated) against the legacy files.
    case existingCatalog = "existing catalog"
}

public struct CheckResult: Sendable {
    public var check: VerificationCheck
    public var catalogPath: String
    public var languageCount: Int
    public var keyCount: Int
    public var differences: [Difference]
    /// Problems that stopped the check (a catalog that does not parse).
    public var errors: [Diagnostic]

    public var isLossless: Bool { differences.isEmpty && errors.isEmpty }
}

public struct TableVerification: Sendable {
    public var table: LegacyTable
    public var checks: [CheckResult]
    /// What is not a loss but worth knowing: invalid files skipped (with their error), comments in
    /// other languages that a catalog has no place for (counted), shadowed values.
    public var notes: [Diagnostic]
    /// Legacy files left out because they do not parse (their errors are in `notes`).
    public var skippedFiles: [String]

    public var lossCount: Int { checks.reduce(0) { $0 + $1.differences.count + $1.errors.count } }
}

public struct VerificationReport: Sendable {
    public var root: String
    public var sourceLanguage: SourceLanguage
    public var diagnostics: [Diagnostic]
    public var tables: [TableVerification]

    public var lossCount: Int { tables.reduce(0) { $0 + $1.lossCount } }
    /// Exit 0 only when this is true.
    public var isLossless: Bool { lossCount == 0 && !diagnostics.containsError }
}
