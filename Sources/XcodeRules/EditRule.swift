import StringcatSupport
import XcodeProject

/// One of Xcode's rules for the `project.pbxproj` edit of a migration: what it decides, and the
/// evidence for it (docs/spec/project-edit.md). A rule is a unit: it reads the migration's state
/// and changes the project through `ProjectEditor`'s primitives; `EditRules` lists the rules in
/// the order they apply. Adding a rule is one file, one line in `EditRules`, one test file.
public protocol EditRule: Sendable {
    /// The rule in a few words (`a variant group's catalog takes its slot`).
    var name: String { get }
    /// What it decides.
    var decides: String { get }
    /// Its evidence in one sentence, with where it is written down.
    var evidence: String { get }
}

/// A rule applied to each migrated table in turn.
public protocol TableEditRule: EditRule {
    func apply(to table: LocalizedTable, in edit: inout MigrationEdit) throws(Diagnostic)
}

/// A rule applied once the tables are done (settings, synchronized folders).
public protocol ProjectEditRule: EditRule {
    func apply(to edit: inout MigrationEdit)
}
