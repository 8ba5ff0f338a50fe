import Foundation
import LegacyTables
import StringCatalog
import TestSupport
import XCTest

@testable import Migration
@testable import Verification

/// (docs/spec/migration.md#the-file-header-comment), end to end: `migrate` leaves out Xcode's current template header
/// and `(No Comment)`, keeps the older template header as the first key's comment, and `verify`
/// expects exactly that (a header the catalog lost would be a loss, one it lacks by the rule is not).
final class FileHeaderMigrateAndVerifyTests: XCTestCase {
    private func verify(_ root: String) -> VerificationReport {
        ProjectVerifier.verify(ProjectTables.find(root, tables: [], sourceLanguage: nil, requireTables: false))
    }

    func testHeadersAndPlaceholdersAsXcodeMigratesThem() throws {
        let tree = try TestTree()
        try tree.write(
            "App/en.lproj/InfoPlist.strings",
            "/* \n  InfoPlist.strings\n  App\n\n  Created by x on 1/1/21.\n  \n*/\n\n\"CFBundleName\" = \"App\";\n/* "
                + "(No Comment) */\n\"NSCameraUsageDescription\" = \"Camera\";\n"
        )
        try tree.write(
            "App/de.lproj/InfoPlist.strings",
            "/* \n  InfoPlist.strings\n  App\n\n  Created by x on 1/1/21.\n  \n*/\n\n\"CFBundleName\" = "
                + "\"App\";\n\"NSCameraUsageDescription\" = \"Kamera\";\n"
        )
        try tree.write(
            "App/en.lproj/Localizable.strings",
            "/* \n  Localizable.strings\n  App\n\n  Created by x on 1/1/21.\n  Copyright © 2021 x. All rights "
                + "reserved.\n*/\n\n\"a\" = \"A\";\n"
        )
        let report = ProjectMigrator.migrate(tree.path("App"), options: MigrationOptions())
        XCTAssertFalse(report.hasErrors)
        let infoPlist = try CatalogReader.read(path: tree.path("App/InfoPlist.xcstrings"))
        XCTAssertEqual(infoPlist.strings["CFBundleName"]?.comment, nil)
        XCTAssertEqual(infoPlist.strings["NSCameraUsageDescription"]?.comment, nil)
        let localizable = try CatalogReader.read(path: tree.path("App/Localizable.xcstrings"))
        XCTAssertEqual(
            localizable.strings["a"]?.comment,
            "Localizable.strings\n  App\n\n  Created by x on 1/1/21.\n  Copyright © 2021 x. All rights reserved.")

        XCTAssertTrue(verify(tree.path("App")).isLossless)
        // The older header is expected: a catalog without it has lost it.
        var damaged = localizable
        damaged.strings["a"]?.comment = nil
        try CatalogWriter.data(for: damaged).write(to: URL(fileURLWithPath: tree.path("App/Localizable.xcstrings")))
        let proof = verify(tree.path("App"))
        XCTAssertEqual(proof.tables.flatMap(\.losses).map(\.kind), [.commentChanged])
    }
}
