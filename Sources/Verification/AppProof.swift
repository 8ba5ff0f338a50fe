import AppBundles
import Foundation
import Languages
import LegacyTables
import StringcatSupport

/// What `verify` says of one target's bundle: the app, not only its files
/// (docs/spec/app-bundle.md#verify-proves-the-app).
public struct TargetProof: Sendable {
    /// Whose bundle.
    public var owner: BundleOwner
    /// `Mattermost (iOS app)`.
    public var title: String
    /// The project file or manifest that declares it (where its differences are said).
    public var declaredIn: String
    /// What the bundle holds now: languages, tables it builds, keys.
    public var languageCount: Int
    public var tableCount: Int
    public var keyCount: Int
    public var verdict: Verdict

    /// How the bundle now compares with the bundle before the migration.
    public enum Verdict: Sendable {
        /// The record of the bundle before the migration, and the bundle now, hold the same
        /// languages, tables and keys (`dropped`: languages the user asked a run to drop).
        case same(dropped: [String: String])
        /// What it lacks of the bundle before the migration; none of it by a stringcat run (its
        /// gate lets none through), so the project or a catalog changed since.
        case differs([BundleChange], dropped: [String: String])
        /// It builds no catalog and stringcat's record knows nothing of it: not migrated yet.
        case notMigrated
        /// It builds catalogs, and no record says what it held before (Xcode migrated it, or a
        /// stringcat older than the record of bundles).
        case noRecord
    }

    /// True unless the bundle lacks something of the bundle before the migration.
    public var isSame: Bool {
        if case .differs = verdict { return false }
        return true
    }

    /// The line `verify` prints for it (and the review page): `Mattermost (iOS app): 22 languages,
    /// 2 tables, 0 keys: the same bundle as before the migration`. `count` writes the numbers.
    public func line(count: (Int, String) -> String = { counted($0, $1) }) -> String {
        "\(title): \(count(languageCount, "language")), \(count(tableCount, "table")), \(count(keyCount, "key")): "
            + verdictText
    }

    /// What the line says of the bundle, after its counts.
    public var verdictText: String {
        switch verdict {
        case .same(let dropped):
            return "the same bundle as before the migration" + Self.droppedText(dropped)
        case .differs(let changes, let dropped):
            return "NOT the bundle before the migration: " + BundleChange.summarized(changes).joined(separator: "; ")
                + Self.droppedText(dropped)
        case .notMigrated:
            return "not migrated"
        case .noRecord:
            return "no record of its bundle before the migration (migrated by Xcode or by an older stringcat): its "
                + "languages are not compared"
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

/// The proof about the app: each target's bundle now, from the project as it is and the catalogs
/// compiled as Xcode's build compiles them, against what it held before stringcat's first run
/// changed it (the migration record). Independent of `Migration`: the model is `AppBundles`', the
/// record is read as written, and the catalogs are read here.
public enum AppProof {
    /// The proof of every target of the tree that builds anything localized (folders of `.lproj`
    /// that no project builds are no app: left out). `contents` already knows what the per-table
    /// proofs read.
    public static func prove(_ project: ProjectTables, contents: ReadingContents) -> [TargetProof] {
        let records = Dictionary(
            project.projects.compactMap { file in file.record.map { (file.path, $0.bundles) } },
            uniquingKeysWith: { first, _ in first })
        var bundles = AppModel(project).bundles.filter {
            if case .folder = $0.owner { return false }
            return true
        }
        // A target the record knows that builds nothing localized any more: everything is gone.
        let present = Set(bundles.map(\.owner))
        for (file, targets) in records.sorted(by: { $0.key < $1.key }) {
            for (id, record) in targets.sorted(by: { $0.key < $1.key })
            where !present.contains(.projectTarget(project: file, id: id)) {
                bundles.append(
                    TargetBundle(
                        owner: .projectTarget(project: file, id: id), name: record.title, kind: .recorded,
                        sourceLanguage: nil, inputs: [], failures: []))
            }
        }
        // Package targets: the record in the tree's root (a package has no project to hold one).
        let root = project.scan.root
        let rootRecord = try? MigrationRecord.read(MigrationRecord.path(inFolder: root), probe: project.scan.probe)
            .record
        return bundles.map { bundle -> TargetProof in
            var record: BundleRecord?
            var base = PathResolverText.parent(PathResolverText.parent(bundle.owner.declaringFile))
            switch bundle.owner {
            case .projectTarget(let file, let id): record = records[file]?[id]
            case .packageTarget(let manifest, let name):
                record = rootRecord?.bundles[PackageTargets.recordKey(manifest: manifest, target: name, root: root)]
                base = root
            case .folder: break
            }
            let now = BundleContents(bundle, contents)
            var proof = TargetProof(
                owner: bundle.owner, title: record?.title ?? bundle.title, declaredIn: bundle.owner.declaringFile,
                languageCount: now.languages.count, tableCount: bundle.tableNames.count, keyCount: now.keyCount,
                verdict: .notMigrated)
            if let record {
                let compared = BundleSnapshot.losses(since: record, now: bundle, now, base: base)
                proof.verdict =
                    compared.changes.isEmpty
                    ? .same(dropped: compared.droppedOnRequest)
                    : .differs(compared.changes, dropped: compared.droppedOnRequest)
            } else if bundle.inputs.contains(where: { $0.kind == .catalog }) {
                proof.verdict = .noRecord
            }
            return proof
        }
    }
}
