import Foundation
import TestSupport
import XCTest

@testable import XcodeProject
@testable import XcodeRules

final class KeptSynchronizedFilesLeaveTheirTargetsTests: XCTestCase {
    func testKeptFilesLeaveEveryTargetOfTheirFolderAsOneLocalizedEntry() throws {
        var project = MiniProject()
        project.objectVersion = 77
        project.synchronizedFolder("App", targets: ["App", "Widget"])
        let files =
            ["de", "en"].map { "\(RuleFixture.folder)/App/\($0).lproj/Localizable.strings" }
            + ["\(RuleFixture.folder)/App/Sub/de.lproj/Sub.strings"]
        let (edit, after, _, _) = try RuleFixture(project).edit(
            [], [KeptSynchronizedFilesLeaveTheirTargets()], options: .init(keptSynchronizedFiles: files))
        XCTAssertEqual(
            edit.changes.exceptionsAdded.map(\.path),
            [
                "/Localized/Localizable.strings", "/Localized/Sub/Sub.strings",
                "/Localized/Localizable.strings", "/Localized/Sub/Sub.strings",
            ])
        let sets = after.objects(isa: "PBXFileSystemSynchronizedBuildFileExceptionSet")
        XCTAssertEqual(sets.count, 2, "one exception set per target")
        XCTAssertEqual(Set(sets.compactMap { after.string("target", of: $0.id) }).count, 2)
    }
}

final class DeletedSynchronizedFilesLeaveTheExceptionsTests: XCTestCase {
    func testAnEntryGoesOnceNoLanguageOfItIsLeftAndItsEmptiedSetGoesWithIt() throws {
        var project = MiniProject()
        project.objectVersion = 77
        project.synchronizedFolder("App", targets: ["App"], exceptions: ["App": ["/Localized/Localizable.strings"]])
        let folder = RuleFixture.folder + "/App"
        // No language of it is on disk (the virtual folder holds nothing): the entry goes.
        let (edit, after, _, _) = try RuleFixture(project).edit(
            [], [DeletedSynchronizedFilesLeaveTheExceptions()],
            options: .init(deletedFiles: [folder + "/de.lproj/Localizable.strings"]))
        XCTAssertEqual(edit.changes.exceptionsRemoved.map(\.path), ["/Localized/Localizable.strings"])
        XCTAssertEqual(after.objects(isa: "PBXFileSystemSynchronizedBuildFileExceptionSet").count, 0)
        let root = try XCTUnwrap(after.objects(isa: "PBXFileSystemSynchronizedRootGroup").first)
        XCTAssertEqual(after.strings("exceptions", of: root.id), [])
    }

    func testAnEntryStaysWhileALanguageOfItIsOnDisk() throws {
        let tree = try TestTree()
        _ = try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        var project = MiniProject()
        project.objectVersion = 77
        project.synchronizedFolder("App", targets: ["App"], exceptions: ["App": ["/Localized/Localizable.strings"]])
        let document = try PBXProjectReader.parse(
            Array(project.text().utf8), path: tree.root + "/App.xcodeproj/project.pbxproj")
        let graph = ProjectGraph(document: document)
        let edit = try MigrationEdit.apply(
            [], to: graph, projectFolder: tree.root,
            options: .init(deletedFiles: [tree.root + "/App/de.lproj/Localizable.strings"]))
        XCTAssertEqual(edit.changes.exceptionsRemoved, [])
    }
}
