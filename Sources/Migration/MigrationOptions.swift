import StringcatSupport
import XcodeRules

/// Options of `stringcat migrate`.
public struct MigrationOptions: Sendable {
    /// Only these tables (names compared case-insensitively); empty = every table.
    public var tables: [String] = []
    public var sourceLanguage: String?
    /// Write catalogs under this folder, at their path relative to the project.
    public var outputDirectory: String?
    public var dryRun = false
    /// Add what an existing catalog lacks; where a value differs, `prefer` decides.
    public var merge = false
    /// `--merge`: which side wins where the catalog and the legacy files differ.
    public var prefer: MergePreference = .catalog
    /// Replace existing catalogs.
    public var force = false
    /// `--delete-empty-languages`: migrate a table whose files are what puts a language in a
    /// target's bundle though they hold no entry in it, and so drop the language from that
    /// bundle (named per target); without it such a table is left alone (`BundleKeeping`).
    public var deleteEmptyLanguages = false
    /// Delete the legacy files once the written catalog is proven to hold them.
    public var deleteLegacy = false
    /// Skip files that do not parse (with a warning) instead of failing their table.
    public var skipInvalid = false
    /// Junk where a key should start is an error, not the end of the table as in Apple's reader
    /// and Xcode's migration (which keep the entries before it).
    public var strict = false
    /// The Xcode whose migration is reproduced: it decides the catalogs' format version and
    /// where `SWIFT_EMIT_LOC_STRINGS` goes (`--xcode-version`).
    public var xcodeVersion = XcodeVersion.migrateDefault
    /// `--format-version`: the catalogs' version whatever `xcodeVersion` says (nil: its own).
    public var formatVersionOverride: String?
    /// The catalogs' `"version"`: `1.0` (Xcode 15/16) or `1.1` (Xcode 26). Setting it overrides
    /// `xcodeVersion`'s.
    public var formatVersion: String {
        get { formatVersionOverride ?? xcodeVersion.catalogFormatVersion }
        set { formatVersionOverride = newValue }
    }
    /// Read every `.lproj` on disk, as for a bare folder, even in an Xcode project.
    public var allFiles = false
    /// `.lproj` folders or files to leave alone (`--exclude GLOB`).
    public var excludes: [String] = []
    /// Leave `project.pbxproj` alone; report the edits it would have had.
    public var noProject = false
    /// Packages inside the tree to migrate although they are not the root's own (`--include`).
    public var includes: [String] = []
    /// Interface Builder groups with no `.strings` get an empty `mul.lproj` catalog too.
    public var includeBaseOnly = false
    /// A fault in the merger; nil but in tests (see `MergeFault`).
    var mergeFault: (any MergeFault)?
    /// What deletes legacy files and the `.lproj` folders they leave empty (`--delete-legacy`):
    /// the file system; tests pass one that fails (an immutable file, a failing disk).
    public var fileRemover: any FileRemoving = SystemFileRemover()
    /// What writes catalogs, project files and the record (`AtomicFile`, `StagedFile`): the file
    /// system; tests pass one that fails (a disk that fills up).
    public var fileWriter: any FileWriting = SystemFileWriter()
    /// What answers "is it there?" and reads the tree's files (`FileProbe`): the file system;
    /// tests pass one that fails (a failing disk: EIO, ESTALE).
    public var fileProbe = FileProbe()
    /// Told as a writing run reaches each of its moments (a caller that shows them, or one that
    /// needs the run to wait there: a second run, an editor saving the project meanwhile).
    public var phaseObserver: (@Sendable (MigrationPhase) -> Void)?
    /// A dry run streams each planned catalog to a file outside the tree (`Built.plannedFile`),
    /// for a proof that never holds a catalog in memory whole (`--dry-run --delete-legacy`,
    /// `plannedCatalogFiles`).
    var stagesPlannedCatalogs = false

    public init() {}
}

/// The moments of a writing run that `MigrationOptions.phaseObserver` is told.
public enum MigrationPhase: Sendable {
    /// The tree's lock is held; the project is not read yet (it is read only now, so that a run
    /// that had to wait works from the tree as the other run left it).
    case lockHeld
    /// Every catalog is built and the gate passed; nothing is written yet.
    case aboutToWrite
}
