import Foundation
import Languages
import StringCatalog
import StringcatSupport
import XLIFF
import Xcloc

/// What `stringcat import` is asked to do.
public struct ImportOptions: Sendable {
    /// The project whose catalogs receive the translations.
    public var projectPath: String
    /// Write nothing; report what would change.
    public var dryRun = false
    /// Writes the catalogs (`AtomicFile`): the file system; a test passes one that fails, as a
    /// full or failing disk would (as `MigrationOptions.fileWriter`).
    public var fileWriter: any FileWriting = SystemFileWriter()
    /// Removes the previous versions of the catalogs once the new ones are in place: the file
    /// system; a test passes one that fails.
    public var fileRemover: any FileRemoving = SystemFileRemover()

    public init(projectPath: String) { self.projectPath = projectPath }
}

/// What an import did, per catalog and language.
public struct ImportReport: Sendable {
    /// One language of one catalog.
    public struct CatalogLanguage: Sendable, Hashable {
        /// The catalog (absolute) and the language its units were imported into.
        public var catalog: String
        public var language: String
        /// Values written (new or changed), and values the XLIFF holds as the catalog already has them.
        public var imported = 0
        public var unchanged = 0
        /// Units not imported, counted by reason ("no target", "state needs-translation: …").
        public var skipped: [String: Int] = [:]

        public var skippedCount: Int { skipped.values.reduce(0, +) }
    }

    /// The `<file>` elements of one `original` in one input whose units went nowhere, and why.
    public struct SkippedFile: Sendable, Hashable {
        public var input: String
        public var original: String
        public var units: Int
        public var reason: String
        /// How many `<file>` elements of this `original` there were.
        public var elements = 1
    }

    public var projectRoot: String
    public var inputs: [String] = []
    public var languages: [CatalogLanguage] = []
    /// The first `ProjectImporter.namedSkippedFiles` of each input, by `original`.
    public var skippedFiles: [SkippedFile] = []
    /// The `<file>` elements skipped past those, and their units (counted, not listed: an
    /// XLIFF of a million unknown files is read in the memory of one).
    public var unlistedSkippedFiles = 0
    public var unlistedSkippedUnits = 0
    /// The catalogs rewritten (or that would be, with `dryRun`), absolute.
    public var changedCatalogs: [String] = []
    public var diagnostics: [Diagnostic] = []
    public var written = false

    public var hasErrors: Bool { diagnostics.containsError }
}
