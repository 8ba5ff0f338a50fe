import AppBundles
import StringcatSupport
import Verification

/// The line `verify` and `migrate --report` print for a target's bundle:
/// `Mattermost (iOS app): 22 languages, 2 tables, 0 keys: the same bundle as before the migration`.
enum TargetProofLine {
    static func text(_ target: TargetProof) -> String {
        let counts =
            "\(counted(target.languageCount, "language")), \(counted(target.tableCount, "table")), "
            + "\(counted(target.keyCount, "key"))"
        switch target.verdict {
        case .same(let dropped):
            return "\(target.title): \(counts): the same bundle as before the migration" + droppedText(dropped)
        case .differs(let changes, let dropped):
            return "\(target.title): \(counts): NOT the bundle before the migration: "
                + BundleChange.summarized(changes).joined(separator: "; ") + droppedText(dropped)
        case .notMigrated:
            return "\(target.title): \(counts): not migrated"
        case .noRecord:
            return "\(target.title): \(counts): no record of its bundle before the migration (migrated by Xcode or "
                + "by an older stringcat): its languages are not compared"
        }
    }

    private static func droppedText(_ dropped: [String: String]) -> String {
        guard !dropped.isEmpty else { return "" }
        let byOption = Dictionary(grouping: dropped.keys.sorted(), by: { dropped[$0]! })
        return byOption.keys.sorted().map { option in
            " (but \(byOption[option]!.joined(separator: ", ")), dropped on request: migrate \(option))"
        }.joined()
    }
}
