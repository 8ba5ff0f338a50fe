import Foundation
import StringcatSupport

/// `migrate --delete-legacy`: legacy files go only once the catalog written to disk has been read
/// back, compiled, and found to hold every key, value, plural form and comment of them.
enum LegacyDeletion {
    /// The files that may go: the ones migrated. Files skipped as invalid stay (their content is
    /// not in the catalog), and so does a second folder of one language whose values differ.
    static func candidates(_ table: TableReport, loaded: TableLoader.Loaded?) -> [String] {
        let keptShadowed = loaded?.divergentShadowedFiles ?? []
        return (table.table.files + table.table.shadowedFiles).map(\.path).filter {
            !table.skippedFiles.contains($0) && !keptShadowed.contains($0)
        }
    }

    static func deleteIfLossless(_ table: inout TableReport, loaded: TableLoader.Loaded, source: String) {
        let check = RoundTripVerifier.compareCatalog(at: table.catalogPath, table: table.table, loaded: loaded, source: source)
        guard check.isLossless else {
            let count = check.differences.count + check.errors.count
            table.diagnostics += check.errors
            table.diagnostics += check.differences.prefix(20).map(\.diagnostic)
            table.diagnostics.append(.error("legacy files not deleted: the written catalog does not hold them without loss (\(count) differences; run stringcat verify)", at: .file(table.catalogPath)))
            return
        }
        for path in candidates(table, loaded: loaded) {
            do {
                try FileManager.default.removeItem(atPath: path)
                table.deletedFiles.append(path)
            } catch {
                table.diagnostics.append(.error("cannot delete: \((error as NSError).localizedDescription)", at: .file(path)))
            }
        }
    }
}
