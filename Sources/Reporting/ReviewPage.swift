import Foundation
import Migration
import Verification

/// The page `--report FILE.md` writes: one Markdown page about a migration for a pull request,
/// pasted into its description or posted by CI as a comment (docs/ci.md).
///
/// The first line is the verdict, with the numbers the command prints (grouped by thousands);
/// then, where there is something to say, the catalogs, what was not carried and why, the
/// coverage of each language, the project edit in words, files left alone, and the diagnostics
/// grouped by kind. Sections with nothing to say are left out, so a small project gets a short
/// page; long lists fold into `<details>` blocks, so 60 languages × 40 tables stay readable.
///
/// The same tree gives the same bytes: no time, no absolute path (every path is relative to the
/// PATH given to the command), numbers formatted the same in every locale.
public enum ReviewPage {
    /// The page for `migrate --report`. Runs `verify`'s proof on the tree the migration left (on
    /// the catalogs a `--dry-run` would write, or those written under `--output`) for the verdict.
    public static func migration(_ report: MigrationReport, options: MigrationOptions) -> String {
        let proof = MigrationProof.run(report, options: options)
        return text(
            MigrationPage(report: report, options: options, proof: proof).lines(),
            PagePaths(root: report.root, output: options.outputDirectory))
    }

    /// The page for `verify --report`; `planned` holds the catalogs `migrate` would write, by
    /// catalog path, for the tables checked against them (`ProjectMigrator.plannedCatalogs`).
    public static func verification(_ report: VerificationReport, planned: [String: Data] = [:]) -> String {
        text(VerificationPage(report: report, planned: planned).lines(), PagePaths(root: report.root))
    }

    /// The page for `status --report`.
    public static func status(_ report: StatusReport) -> String {
        text(StatusPage(report: report).lines(), PagePaths(root: report.root))
    }

    /// The lines as a file: one trailing line break, and (a last guard) no absolute path of the
    /// tree left in any text the tool wrote into the page.
    private static func text(_ lines: [String], _ paths: PagePaths) -> String {
        paths.scrubbed(lines.joined(separator: "\n")) + "\n"
    }
}
