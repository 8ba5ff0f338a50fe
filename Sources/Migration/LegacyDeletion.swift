import Foundation
import Languages
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
    /// Deletes (or, with `delete` false, lists) the table's legacy files that the catalog at
    /// `table.catalogPath`, as on disk now, is proven to hold. The same for a table migrated in
    /// this run and for one an earlier run migrated and kept the files of (the record's), so that
    /// `migrate; migrate --delete-legacy` and `migrate --delete-legacy` delete the same files.
    static func deleteIfProven(
        _ table: inout TableReport, root: String, delete: Bool, probe: FileProbe,
        remover: any FileRemoving = SystemFileRemover()
    ) {
        let proof = ProjectVerifier.verifyOnDisk(
            table.table, catalogPath: table.catalogPath, sourceLanguage: table.table.sourceLanguage, probe: probe)
        apply(proof, to: &table, delete: delete, root: root, probe: probe, remover: remover)
    }

    /// The proof of a run that deletes: the files it would delete are listed in `deletedFiles`
    /// (and said as being deleted), for `deleteListed` once every table's proof is known.
    /// Returns the files the proof could not read (a failing disk): the caller stops the run.
    @discardableResult
    static func prove(_ table: inout TableReport, root: String, probe: FileProbe) -> [FileProbe.Failure] {
        let proof = ProjectVerifier.verifyOnDisk(
            table.table, catalogPath: table.catalogPath, sourceLanguage: table.table.sourceLanguage, probe: probe)
        return proof.ioFailures + apply(proof, to: &table, delete: false, root: root, probe: probe, deleting: true)
    }

    /// `--dry-run`: what would be deleted if the planned catalog (in a file outside the tree, or
    /// in memory) were written.
    static func plan(
        _ table: inout TableReport, catalog: ProjectVerifier.PlannedCatalog, root: String, probe: FileProbe
    ) {
        let proof = ProjectVerifier.verifyPlanned(
            table.table, catalog: catalog, catalogPath: table.catalogPath, sourceLanguage: table.table.sourceLanguage,
            probe: probe)
        apply(proof, to: &table, delete: false, root: root, probe: probe)
    }

    /// Returns the paths whose links could not be resolved (a failing disk): such a file is kept,
    /// and the caller of a deleting run stops it.
    @discardableResult
    private static func apply(
        _ proof: TableVerification, to table: inout TableReport, delete: Bool, root: String, probe: FileProbe,
        deleting: Bool = false, remover: any FileRemoving = SystemFileRemover()
    ) -> [FileProbe.Failure] {
        let deleting = delete || deleting
        var failures: [FileProbe.Failure] = []
        let realRoot: String
        do {
            realRoot = try FileProbe.physicalPath(root) ?? URL(fileURLWithPath: root).standardizedFileURL.path
        } catch {
            let reason = "the tree cannot be read (\(error.reason))"
            table.keptFiles = table.table.allFiles.map { KeptFile(path: $0.path, reason: reason) }
            return [error]
        }
        guard proof.isProven else {
            table.diagnostics += proof.errors
            table.diagnostics += proof.losses.prefix(20).map(\.diagnostic)
            let more = proof.losses.count > 20 ? " (the first 20 are shown)" : ""
            table.diagnostics.append(
                .error(
                    "legacy files not deleted: the catalog does not hold them without loss: "
                        + "\(counted(proof.lossCount, "loss", "losses"))\(more); run stringcat verify",
                    at: .file(table.catalogPath)))
            table.keptFiles = table.table.allFiles.map {
                KeptFile(path: $0.path, reason: "the catalog does not hold this table without loss")
            }
            return []
        }
        // Two folders of one language (`Base` beside `en`): while the second one stays because
        // it differs, the first stays too. It decides which of their values the catalog holds;
        // without it, the other file's values would stand for the language, and the next proof
        // would call them losses.
        var verdicts = proof.files
        let shadowed = Set(table.table.shadowedFiles.map(\.path))
        // Every file of that language stays, `.stringsdict` included: it shadows the `.strings`
        // values of its keys, which would stand for the language without it.
        let keptLanguages = Set(
            table.table.allFiles.filter { file in
                shadowed.contains(file.path) && verdicts.contains { $0.path == file.path && !$0.isCarried }
            }.map(\.language))
        for index in verdicts.indices where verdicts[index].isCarried {
            guard let file = table.table.allFiles.first(where: { $0.path == verdicts[index].path }),
                keptLanguages.contains(file.language)
            else { continue }
            verdicts[index] = FileVerdict(
                path: file.path, isCarried: false,
                reason:
                    "another file of its language (\(file.language)) stays because it gives some keys differently; "
                    + "this one decides which values the catalog holds"
            )
        }
        // Said before anything goes: these comments are in no catalog, only in these files.
        let deletable = verdicts.filter(\.isCarried).count
        if proof.otherLanguageCommentCount > 0 && deletable > 0 {
            table.diagnostics.append(
                .warning(
                    "\(deleting ? "deleting" : "--delete-legacy would delete") these legacy files "
                        + "\(deleting ? "drops" : "and drop") \(counted(proof.otherLanguageCommentCount, "comment")) "
                        + "in other languages than the source: a catalog holds one comment per key",
                    at: .file(table.catalogPath)))
        }
        table.provenLanguages = proof.languages
        for verdict in verdicts {
            guard verdict.isCarried else {
                table.keptFiles.append(KeptFile(path: verdict.path, reason: verdict.reason ?? "not proven"))
                continue
            }
            // Never delete through a symbolic link that leads out of the tree given to migrate; a
            // link that cannot be read is no link known to stay inside.
            let real: String
            do {
                real =
                    try FileProbe.physicalPath(verdict.path)
                    ?? URL(fileURLWithPath: verdict.path).standardizedFileURL.path
            } catch {
                failures.append(error)
                table.keptFiles.append(KeptFile(path: verdict.path, reason: "it cannot be read (\(error.reason))"))
                continue
            }
            guard real.hasPrefix(realRoot + "/") else {
                // Said as it is: "through a symbolic link" only when a link took it out.
                let plain = URL(fileURLWithPath: verdict.path).standardizedFileURL.path
                let how =
                    plain.hasPrefix(URL(fileURLWithPath: root).standardizedFileURL.path + "/")
                    ? ", through a symbolic link (it is \(real))" : " (the project lists it there)"
                table.keptFiles.append(
                    KeptFile(
                        path: verdict.path, reason: "it lies outside \(root)\(how); stringcat deletes nothing there"))
                continue
            }
            table.deletedFiles.append(verdict.path)
        }
        if delete { deleteListed(&table, probe: probe, remover: remover) }
        return failures
    }

    /// Deletes the files `table.deletedFiles` lists (proven, and not kept since), removing the
    /// `.lproj` folders they leave empty; a file that cannot be deleted moves to the kept ones,
    /// with the reason.
    static func deleteListed(
        _ table: inout TableReport, probe: FileProbe, remover: any FileRemoving = SystemFileRemover()
    ) {
        var folders: Set<String> = []
        var deleted: [String] = []
        for path in table.deletedFiles {
            do {
                try remover.removeFile(path)
                deleted.append(path)
                folders.insert((path as NSString).deletingLastPathComponent)
            } catch {
                let message =
                    "cannot delete: \(error); the file stays, and the catalog holds it (verify still proves it)"
                table.diagnostics.append(.error(message, at: .file(path)))
                let name = RemovalError.names[error.code] ?? "errno \(error.code)"
                table.keptFiles.append(KeptFile(path: path, reason: "it could not be deleted (\(name))"))
            }
        }
        table.deletedFiles = deleted
        for folder in folders.sorted() where LprojFolderName.isLproj(folder) {
            // rmdir removes only an empty folder: asked first, no listing can be misread as
            // "something is left" (a failing stat kept an emptied folder in silence).
            do {
                try remover.removeEmptyFolder(folder)
                table.removedFolders.append(folder)
            } catch  where error.code == ENOTEMPTY || error.code == EEXIST {
                continue // something else is in it: it stays
            } catch {
                if let left = try? probe.names(inFolder: folder), !left.isEmpty { continue }
                // Said, not hidden: the folder is empty and stays.
                let message = "cannot remove the emptied folder: \(error); it is empty and stays"
                table.diagnostics.append(.error(message, at: .file(folder)))
            }
        }
    }

    /// The end of an earlier run's deletions, killed before it was done: `gone` are the legacy
    /// files its record still lists but that are no longer on disk; each empty `.lproj` folder
    /// beside a catalog (in the catalog's folder, or beside its `mul.lproj`) is removed, as that
    /// run would have done once it had deleted the folder's last file.
    static func finishEarlierDeletions(_ gone: [String], scan: ProjectScan) -> EarlierDeletions {
        var result = EarlierDeletions(goneFiles: gone.sorted())
        var catalogFolders = Set(scan.catalogs.map { ($0 as NSString).deletingLastPathComponent })
        for folder in catalogFolders where folder.hasSuffix("/mul.lproj") {
            catalogFolders.insert((folder as NSString).deletingLastPathComponent)
        }
        for lproj in scan.lprojFolders
        where lproj.files.isEmpty && lproj.name != LprojFolderName.multilingual && !lproj.isSymlink
            && catalogFolders.contains(lproj.parent)
        {
            guard let left = try? FileManager.default.contentsOfDirectory(atPath: lproj.path), left.isEmpty else {
                continue
            }
            if (try? FileManager.default.removeItem(atPath: lproj.path)) != nil {
                result.removedFolders.append(lproj.path)
            }
        }
        return result
    }
}
