import StringcatSupport
import XcodeProject

/// One of Xcode's rules for the `project.pbxproj` edit of a migration: what it decides, and the
/// evidence for it (docs/spec/project-edit.md). A rule is a unit: it reads the facts of the edit
/// (`EditFacts`, computed once before any rule runs) and the project, changes the project through
/// `ProjectEditor`'s primitives, and returns what it did (`RuleChange`). No rule reads the disk
/// or what another rule decided, unless it names that rule in `follows`: the others give the same
/// bytes in any order (`EditRuleOrderTests`). Adding a rule is one file, one line in `EditRules`,
/// one test file.
public protocol EditRule: Sendable {
    /// The rule in a few words (`a variant group's catalog takes its slot`).
    var name: String { get }
    /// What it decides.
    var decides: String { get }
    /// Its evidence in one sentence, with where it is written down.
    var evidence: String { get }
    /// The rules of its phase whose changes it reads, which must run before it. Empty: it reads
    /// only the facts and the project as read.
    var follows: [any EditRule.Type] { get }
}

extension EditRule {
    public var follows: [any EditRule.Type] { [] }
}

/// A rule that decides a fact of the edit before any edit rule runs (where a table's new
/// reference points).
public protocol TableFactRule: EditRule {
    func decide(for table: LocalizedTable, in facts: inout EditFacts)
}

/// A rule applied to each migrated table in turn.
public protocol TableEditRule: EditRule {
    func apply(to table: LocalizedTable, _ facts: EditFacts, _ editor: inout ProjectEditor) -> [RuleChange]
}

/// A rule applied once the tables are done (settings, synchronized folders).
public protocol ProjectEditRule: EditRule {
    func apply(_ facts: EditFacts, _ editor: inout ProjectEditor) -> [RuleChange]
}
