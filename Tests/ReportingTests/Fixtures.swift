import Foundation
import LegacyTables
import Migration
import Reporting
import TestSupport
import Verification

/// A folder of two tables with what a page has to explain: a German comment a catalog cannot
/// hold, a `.strings` value the `.stringsdict` shadows, a `Base.lproj` that gives a key
/// differently from `en.lproj` (both kept by `--delete-legacy`), a language with fewer keys.
enum Fixture {
    static func write(into tree: TestTree) throws {
        try tree.write(
            "App/en.lproj/Localizable.strings",
            """
            /* Greeting */
            "hello" = "Hello";
            /* Farewell */
            "bye" = "Bye";
            "items" = "%d items";

            """)
        try tree.write(
            "App/en.lproj/Localizable.stringsdict",
            stringsDictXML([
                (
                    key: "items", format: "%#@n@",
                    variables: [(name: "n", type: "d", forms: [("one", "%d item"), ("other", "%d items")])]
                )
            ]))
        try tree.write(
            "App/de.lproj/Localizable.strings",
            """
            /* Gruß */
            "hello" = "Hallo";
            "bye" = "Tschüss";

            """)
        try tree.write(
            "App/de.lproj/Localizable.stringsdict",
            stringsDictXML([
                (
                    key: "items", format: "%#@n@",
                    variables: [(name: "n", type: "d", forms: [("one", "%d Ding"), ("other", "%d Dinge")])]
                )
            ]))
        try tree.write("App/fr.lproj/Localizable.strings", "\"hello\" = \"Bonjour\";\n")
        try tree.write("Menu/en.lproj/Menu.strings", "\"open\" = \"Open\";\n\"quit\" = \"Quit\";\n")
        try tree.write("Menu/Base.lproj/Menu.strings", "\"open\" = \"Open…\";\n")
        try tree.write("Menu/de.lproj/Menu.strings", "\"open\" = \"Öffnen\";\n\"quit\" = \"Beenden\";\n")
    }

    /// `migrate` on the tree, with the options given, and its page.
    static func migrate(_ tree: TestTree, _ configure: (inout MigrationOptions) -> Void = { _ in }) -> (
        report: MigrationReport, page: String
    ) {
        var options = MigrationOptions()
        configure(&options)
        let report = ProjectMigrator.migrate(tree.root, options: options)
        return (report, ReviewPage.migration(report, options: options))
    }

    /// `verify` on the tree as the command runs it, and its page.
    static func verify(_ tree: TestTree) -> (report: VerificationReport, page: String) {
        let project = ProjectTables.find(tree.root, TableSearch(requireTables: false))
        let planned = ProjectMigrator.plannedCatalogs(project)
        let report = ProjectVerifier.verify(project, planned: planned)
        return (report, ReviewPage.verification(report, planned: planned))
    }
}

extension String {
    /// The lines of one `### Title` section of a page, without its heading and blank edges.
    func section(_ title: String) -> [String] {
        let lines = components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "### \(title)") else { return [] }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix("### ") } ?? lines.endIndex
        var section = Array(lines[(start + 1)..<end])
        while section.first == "" { section.removeFirst() }
        while section.last == "" { section.removeLast() }
        return section
    }
}
