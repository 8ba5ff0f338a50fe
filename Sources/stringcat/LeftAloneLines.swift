import Foundation
import LegacyTables
import StringcatSupport

/// The lines of `migrate` and `status` for legacy files in no table: how many, where, and why,
/// grouped by reason (the five most common, or every one with `--verbose`).
enum LeftAloneLines {
    static func print(_ files: [LeftAloneFile], verbose: Bool, console: Console) {
        guard !files.isEmpty else { return }
        let folders = Set(files.map { ($0.path as NSString).deletingLastPathComponent }).count
        console.result(
            "left alone: \(counted(files.count, "legacy file")) in \(counted(folders, "folder")), in no table:")
        let reasons = Dictionary(grouping: files, by: \.reason).sorted {
            ($1.value.count, $0.key) < ($0.value.count, $1.key)
        }
        for (reason, group) in reasons.prefix(verbose ? reasons.count : 5) {
            console.result(
                "  \(counted(group.count, "file")) (\(DisplayPath.of(group[0].path))\(group.count > 1 ? ", …" : "")): "
                    + "\(reason)"
            )
        }
        if reasons.count > 5 && !verbose {
            console.result("  and \(counted(reasons.count - 5, "other reason")); --verbose lists each")
        }
    }
}
