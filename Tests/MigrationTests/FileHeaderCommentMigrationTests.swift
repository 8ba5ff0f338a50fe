import Foundation
import LegacyTables
import StringCatalog
import TestSupport
import Verification
import XCTest

@testable import Migration

/// The file-header rule, end to end: Xcode's current new-file template (its last line before `*/`
/// holds only spaces) is no key's comment; the older template (last line `Copyright © … All rights
/// reserved.`) is the first key's comment, as a later migration of the same files by the same
/// author kept it (docs/spec/migration-rules.md, "A file's header comment").
final class FileHeaderCommentMigrationTests: XCTestCase {
    func testTheOlderTemplateIsTheFirstKeysCommentAndTheCurrentOneIsNoComment() throws {
        let tree = try TestTree()
        let older =
            "/*\n  Find.strings\n  OgreKit\n\n  Created by someone on 2003/09/20.\n  Copyright © 2003 someone. All "
            + "rights reserved.\n*/\n\n"
        let current = "/* \n  Replace.strings\n  OgreKit\n\n  Created by someone on 10/1/21.\n  \n*/\n\n"
        try tree.write("App/en.lproj/Find.strings", older + "\"find\" = \"Find\";\n\"next\" = \"Next\";\n")
        try tree.write("App/ja.lproj/Find.strings", current + "\"find\" = \"検索\";\n")
        try tree.write("App/en.lproj/Replace.strings", current + "\"replace\" = \"Replace\";\n")
        let report = ProjectMigrator.migrate(tree.path("App"), options: MigrationOptions())
        XCTAssertFalse(report.hasErrors)
        let find = try CatalogReader.read(path: tree.path("App/Find.xcstrings"))
        XCTAssertEqual(
            find.strings["find"]?.comment,
            "Find.strings\n  OgreKit\n\n  Created by someone on 2003/09/20.\n  Copyright © 2003 someone. All rights "
                + "reserved."
        )
        XCTAssertNil(find.strings["next"]?.comment)
        let replace = try CatalogReader.read(path: tree.path("App/Replace.xcstrings"))
        XCTAssertNil(replace.strings["replace"]?.comment)
        let proof = ProjectVerifier.verify(ProjectTables.find(tree.path("App"), tables: [], sourceLanguage: nil))
        XCTAssertTrue(
            proof.isLossless, proof.tables.flatMap(\.losses).map(\.diagnostic.description).joined(separator: "\n"))
    }
}
