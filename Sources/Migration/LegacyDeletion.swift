import Foundation
import LegacyTables
import StringcatSupport
import Verification

/// `migrate --delete-legacy`: legacy files go only once `Verification`, which shares no code with
/// the converter, has proven that the catalog **as written on disk** holds every leaf of them.
///
/// Per table: when the proof finds any loss, nothing of the table is deleted. When it passes, a
/// file is still kept if the proof says it is not carried (it does not parse, part of it was not
/// read, or it disagrees with another folder of its language); each kept file is reported with
/// its reason. `.lproj` folders left empty are removed.
enum LegacyDeletion {
    /// Deletes the table's legacy files that the catalog at `table.catalogPath` is proven to hold.
    static func deleteIfProven(_ table: inout TableReport, sourceLanguage: String, root: String) {
        let proof = ProjectVerifier.verifyOnDisk(table.table, catalogPath: table.catalogPath, sourceLanguage: sourceLanguage)
        apply(proof, to: &table, delete: true, root: root)
    }

    /// `--dry-run`: what would be deleted if the catalog in `data` were written.
    static func plan(_ table: inout TableReport, catalog data: Data, sourceLanguage: String, root: String) {
        let proof = ProjectVerifier.verifyPlanned(table.table, catalog: data, catalogPath: table.catalogPath, sourceLanguage: sourceLanguage)
        apply(proof, to: &table, delete: false, root: root)
    }

    /// Legacy files left beside a catalog already on disk (a table migrated before, or languages
    /// the migration did not take): each file goes when every leaf of it is in the catalog, the
    /// others stay with their reason. Per file, not per table: languages Xcode's migration left
    /// out (F1) are not in the catalog, and must not keep the others from going.
    static func deleteCarriedLeftovers(_ table: inout TableReport, sourceLanguage: String, delete: Bool, root: String) {
        var proof = ProjectVerifier.verifyOnDisk(table.table, catalogPath: table.catalogPath, sourceLanguage: sourceLanguage)
        guard proof.errors.isEmpty else {
            table.diagnostics += proof.errors
            table.keptFiles = table.table.allFiles.map { KeptFile(path: $0.path, reason: "the catalog beside it cannot be read") }
            return
        }
        proof.losses = []
        proof.unreadableFiles = []
        apply(proof, to: &table, delete: delete, root: root)
    }

    private static func apply(_ proof: TableVerification, to table: inout TableReport, delete: Bool, root: String) {
        let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        guard proof.isProven else {
            table.diagnostics += proof.errors
            table.diagnostics += proof.losses.prefix(20).map(\.diagnostic)
            let more = proof.losses.count > 20 ? " (the first 20 are shown)" : ""
            table.diagnostics.append(.error("legacy files not deleted: the catalog does not hold them without loss: \(proof.lossCount) losses\(more); run stringcat verify", at: .file(table.catalogPath)))
            table.keptFiles = table.table.allFiles.map { KeptFile(path: $0.path, reason: "the catalog does not hold this table without loss") }
            return
        }
        var folders: Set<String> = []
        for verdict in proof.files {
            guard verdict.isCarried else {
                table.keptFiles.append(KeptFile(path: verdict.path, reason: verdict.reason ?? "not proven"))
                continue
            }
            // Never delete through a symbolic link that leads out of the tree given to migrate.
            let real = URL(fileURLWithPath: verdict.path).resolvingSymlinksInPath().path
            guard real.hasPrefix(realRoot + "/") else {
                table.keptFiles.append(KeptFile(path: verdict.path, reason: "it lies outside \(root), through a symbolic link (it is \(real)); stringcat deletes nothing there"))
                continue
            }
            guard delete else {
                table.deletedFiles.append(verdict.path)
                continue
            }
            do {
                try FileManager.default.removeItem(atPath: verdict.path)
                table.deletedFiles.append(verdict.path)
                folders.insert((verdict.path as NSString).deletingLastPathComponent)
            } catch {
                table.diagnostics.append(.error("cannot delete: \((error as NSError).localizedDescription)", at: .file(verdict.path)))
                table.keptFiles.append(KeptFile(path: verdict.path, reason: "it could not be deleted"))
            }
        }
        for folder in folders.sorted() where folder.hasSuffix(".lproj") {
            if let left = try? FileManager.default.contentsOfDirectory(atPath: folder), left.isEmpty {
                try? FileManager.default.removeItem(atPath: folder)
                table.removedFolders.append(folder)
            }
        }
    }
}
