import XcodeProject

/// What an edit rule did, in the migration's terms (object IDs as in the project file): the
/// rules say what they changed rather than leave it to be guessed from the objects' kinds.
public enum RuleChange: Sendable, Hashable {
    /// A table's catalog got its reference, in `group`.
    case catalogReferenceAdded(id: String, catalog: String, group: String?)
    /// A variant group (or a plain file folded into a catalog) went, with its children.
    case variantGroupRemoved(id: String, children: [String])
    /// A build phase builds the catalog in place of the replaced groups' build files.
    case catalogBuildFileAdded(id: String, phase: String, replacing: [String])
    /// An Interface Builder group's `.strings` children went and its `mul` child came.
    case mulReferenceAdded(id: String, group: String, removedChildren: [String])
    /// A build setting added to one configuration (`target` nil: project level).
    case settingAdded(key: String, value: String, configuration: String, target: String?)
    case objectVersionRaised(from: ObjectVersion, to: ObjectVersion)
    /// An entry of a synchronized folder's exception set added or removed.
    case exceptionAdded(set: String, entry: String)
    case exceptionRemoved(set: String, entry: String)
    /// A whole exception set added for a target, or removed once empty.
    case exceptionSetAdded(id: String, target: String)
    case exceptionSetRemoved(id: String)
}
