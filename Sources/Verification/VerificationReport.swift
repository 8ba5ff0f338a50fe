import AppBundles
import LegacyTables
import StringcatSupport

/// The kinds of loss `verify` names.
public enum LossKind: String, Sendable, CaseIterable {
    case languageMissing = "language missing"
    case keyMissing = "key missing"
    case valueChanged = "value changed"
    /// A plural form, a whole variable (substitution), a device case: a part of the entry's tree.
    case formMissing = "form missing"
    /// The kind of argument a variable formats changed (`%d` became `%@`).
    case specifierChanged = "specifier changed"
    /// The catalog gives back a form the legacy files do not have.
    case formAdded = "form added"
    case commentChanged = "comment changed"
}

/// One thing the legacy files say that the catalog, compiled back, does not.
public struct Loss: Sendable, Hashable {
    public var kind: LossKind
    public var language: String
    /// Nil for a whole missing language.
    public var key: String?
    /// The legacy file, with the line and column of the key where known.
    public var location: SourceLocation
    public var detail: String

    /// As printed: `path:line:column: error: "key" [de]: value changed: "A" -> "B"`.
    public var diagnostic: Diagnostic {
        let subject = key.map { "\(quoted($0)) [\(language)]" } ?? "[\(language)]"
        return .error("\(subject): \(kind.rawValue)" + (detail.isEmpty ? "" : ": \(detail)"), at: location)
    }
}

/// Which catalog a table was checked against.
public enum CheckedCatalog: String, Sendable {
    /// The catalog file on disk.
    case onDisk = "catalog on disk"
    /// No catalog on disk: the one `migrate` would write, built in memory.
    case planned = "catalog migrate would write"
    /// No catalog at all: nothing could be proven.
    case missing = "no catalog"
    /// The legacy files hold no entry: there is nothing to prove, and no catalog is written.
    case emptyTable = "empty table, nothing to compare"
}

/// What may become of one legacy file once the proof is in.
public struct FileVerdict: Sendable, Hashable {
    public var path: String
    /// Every leaf of the file is in the catalog, and the file was read to its end.
    public var isCarried: Bool
    /// Why the file must stay (nil when carried).
    public var reason: String?

    public init(path: String, isCarried: Bool, reason: String?) {
        self.path = path
        self.isCarried = isCarried
        self.reason = reason
    }
}

/// The proof for one table.
public struct TableVerification: Sendable {
    public var table: LegacyTable
    public var catalogPath: String
    public var catalog: CheckedCatalog
    public var languageCount: Int
    /// The languages of the legacy files that hold at least one key, sorted.
    public var languages: [String] = []
    public var keyCount: Int
    public var losses: [Loss]
    /// Problems that stop the proof: a catalog that cannot be read.
    public var errors: [Diagnostic]
    /// Legacy files that cannot be read: their content cannot be compared (and they are kept).
    public var unreadableFiles: [Diagnostic] = []
    /// Files whose reading failed (a failing disk: not "not there", not a parse error). A run
    /// that was about to delete stops and undoes what it wrote.
    public var ioFailures: [FileProbe.Failure] = []
    /// Not losses, worth knowing: values the app never shows (a `.strings` value shadowed by the
    /// `.stringsdict`, two folders of one language that disagree), what the compiler left out.
    public var notes: [Diagnostic]
    /// One verdict per legacy file of the table.
    public var files: [FileVerdict]
    /// Comments of languages other than the source that the catalog does not hold (it holds
    /// one comment per key): not a loss of the migration, but they go with the legacy files.
    public var otherLanguageCommentCount = 0
    /// What the compared catalog puts in a bundle (nil when no catalog was read whole).
    public var catalogOutput: CatalogOutput?

    /// Nothing lost, and every legacy file compared.
    public var isLossless: Bool { isProven && unreadableFiles.isEmpty }
    /// Every legacy file that could be read is held by the catalog: the files the verdicts call
    /// carried may go, the others stay.
    public var isProven: Bool { losses.isEmpty && errors.isEmpty && catalog != .missing }
    public var lossCount: Int { losses.count + errors.count + unreadableFiles.count }
}

/// `stringcat verify`'s result for a project.
public struct VerificationReport: Sendable {
    public var root: String
    public var sourceLanguage: SourceLanguage
    public var diagnostics: [Diagnostic]
    public var tables: [TableVerification]
    /// Catalogs with no legacy files left: fully migrated, nothing to compare.
    public var catalogsOnly: [String]
    /// Legacy files beside a catalog that no table takes (each named by a warning with the
    /// reason): not part of the proof.
    public var filesNotCompared = 0
    /// Each target's bundle against the record of it before the migration (`AppProof`).
    public var targets: [TargetProof] = []

    public var lossCount: Int { tables.reduce(0) { $0 + $1.lossCount } }
    /// Exit 0 only when this is true.
    public var isLossless: Bool {
        !diagnostics.containsError && tables.allSatisfy(\.isLossless) && targets.allSatisfy(\.isSame)
    }
}

extension VerificationReport {
    /// The run's verdict, as `verify` prints it after `verify: ` and the review page after
    /// `**stringcat verify**: `: `3 tables, 15 keys in 6 languages: nothing lost`. `count` and
    /// `number` write the numbers (the page groups digits); `notComparedHint` follows the count of
    /// legacy files no table takes.
    public func verdict(
        count: (Int, String, String?) -> String = { counted($0, $1, $2) },
        number: (Int) -> String = { String($0) }, notComparedHint: String = ""
    ) -> String {
        let keys = tables.reduce(0) { $0 + $1.keyCount }
        let languages = Set(tables.flatMap(\.languages)).count
        let lossy = tables.filter { !$0.isLossless }.count
        var line =
            "\(count(tables.count, "table", nil)), \(count(keys, "key", nil)) in \(count(languages, "language", nil)): "
        if tables.isEmpty && !catalogsOnly.isEmpty && isLossless {
            line = "fully migrated: \(count(catalogsOnly.count, "catalog", nil)), no legacy files left: nothing lost"
        } else if isLossless {
            let planned = tables.filter { $0.catalog == .planned }.count
            line +=
                "nothing lost"
                + (planned > 0 ? " (\(number(planned)) of them checked against the catalog migrate would write)" : "")
            if !catalogsOnly.isEmpty {
                line += "; \(count(catalogsOnly.count, "catalog", nil)) with no legacy files left"
            }
        } else if lossCount == 0 && !diagnostics.containsError {
            line += "every table's values are held"
        } else {
            line += "\(count(lossCount, "loss", "losses")) in \(count(lossy, "table", nil))"
        }
        if filesNotCompared > 0 {
            line +=
                "; \(count(filesNotCompared, "legacy file", nil)) beside catalogs not compared (no table takes "
                + "them\(notComparedHint))"
        }
        let differing = targets.filter { !$0.isSame }.count
        let same = targets.filter { if case .same = $0.verdict { true } else { false } }.count
        if differing > 0 {
            line +=
                "; \(count(differing, "target", nil))\(differing == 1 ? "'s bundle differs" : "' bundles differ") "
                + "from the bundle before the migration"
        } else if same > 0 {
            line += "; \(count(same, "target", nil)): the same bundle as before the migration"
        }
        return line
    }
}
