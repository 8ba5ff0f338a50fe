import Foundation
import TestSupport
import XCTest

@testable import XcodeProject
@testable import XcodeRules

/// Path resolution, table finding rules and edits on layouts the fixture does not have.
final class GraphAndPathTests: XCTestCase {
    /// A project with one object per line, from `objects` text (isa-sectioned when `sections`).
    func project(_ objects: String, root: String = "R0", extra: String = "") throws -> ProjectGraph {
        let text =
            "// !$*UTF8*$!\n{\n\tobjectVersion = 56;\n\tobjects = {\n\(objects)\n\t};\n\trootObject = "
            + "\(root);\n\(extra)}\n"
        return ProjectGraph(document: try parseProject(text, path: "/p/App.xcodeproj/project.pbxproj"))
    }

    func testPathResolution() throws {
        let graph = try project(
            """
            \t\tR0 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (); };
            \t\tG0 = {isa = PBXGroup; children = (G1, G2, F4, F5, F6); sourceTree = "<group>"; };
            \t\tG1 = {isa = PBXGroup; children = (G3); path = Sources; sourceTree = "<group>"; };
            \t\tG3 = {isa = PBXGroup; children = (F1, F2); name = "No Path"; sourceTree = "<group>"; };
            \t\tF1 = {isa = PBXFileReference; path = ../Shared/a.swift; sourceTree = "<group>"; };
            \t\tF2 = {isa = PBXFileReference; path = "b c.swift"; sourceTree = "<group>"; };
            \t\tG2 = {isa = PBXGroup; children = (F3); path = Other; sourceTree = SOURCE_ROOT; };
            \t\tF3 = {isa = PBXFileReference; path = x/y.m; sourceTree = "<group>"; };
            \t\tF4 = {isa = PBXFileReference; path = /System/Library/Frameworks/Cocoa.framework; sourceTree = "<absolute>"; };
            \t\tF5 = {isa = PBXFileReference; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tF6 = {isa = PBXFileReference; path = Info.plist; };
            \t\tF7 = {isa = PBXFileReference; path = orphan.txt; sourceTree = "<group>"; };
            """)
        let resolver = PathResolver(graph: graph, projectFile: "/p/App.xcodeproj/project.pbxproj")
        XCTAssertEqual(resolver.projectFolder, "/p")
        XCTAssertEqual(resolver.path(of: "G0"), "/p")
        XCTAssertEqual(resolver.path(of: "G3"), "/p/Sources", "a group without path has its parent's folder")
        XCTAssertEqual(resolver.path(of: "F1"), "/p/Shared/a.swift")
        XCTAssertEqual(resolver.path(of: "F2"), "/p/Sources/b c.swift")
        XCTAssertEqual(resolver.path(of: "F3"), "/p/Other/x/y.m")
        XCTAssertEqual(resolver.path(of: "F4"), "/System/Library/Frameworks/Cocoa.framework")
        XCTAssertNil(resolver.path(of: "F5"), "known only at build time")
        XCTAssertEqual(resolver.path(of: "F6"), "/p/Info.plist", "no sourceTree: <group>")
        XCTAssertNil(resolver.path(of: "F7"), "in no group")
        XCTAssertNil(resolver.path(of: "nothing"))
        XCTAssertEqual(PathResolver.relative("/p/a/b/T.xcstrings", from: "/p/a/c"), "../b/T.xcstrings")
        XCTAssertEqual(PathResolver.normalize("/a/./b//c/../d"), "/a/b/d")
    }

    /// Groups chained 20,000 deep (each the only child of the one before): resolved without
    /// recursion (2,000 overflowed the stack when it recursed once per group), and a cycle of
    /// groups is no path.
    func testGroupsChainedDeepResolveWithoutRecursion() throws {
        let depth = 20_000
        var objects = "\t\tR0 = {isa = PBXProject; mainGroup = G0; targets = (); };\n"
        for level in 0..<depth {
            objects +=
                "\t\tG\(level) = {isa = PBXGroup; children = (\(level + 1 < depth ? "G\(level + 1)" : "V")); path = "
                + "\(level % 1000 == 0 ? "d" : "."); sourceTree = \"<group>\"; };\n"
        }
        objects += """
            \t\tV = {isa = PBXVariantGroup; children = (C); name = Localizable.strings; sourceTree = "<group>"; };
            \t\tC = {isa = PBXFileReference; name = en; path = en.lproj/Localizable.strings; sourceTree = "<group>"; };
            \t\tX0 = {isa = PBXGroup; children = (X1); sourceTree = "<group>"; };
            \t\tX1 = {isa = PBXGroup; children = (X0, F); sourceTree = "<group>"; };
            \t\tF = {isa = PBXFileReference; path = f.strings; sourceTree = "<group>"; };
            """
        let graph = try project(objects)
        let folder = "/p" + String(repeating: "/d", count: depth / 1000)
        XCTAssertEqual(
            PathResolver(graph: graph, projectFolder: "/p").path(of: "C"), folder + "/en.lproj/Localizable.strings")
        XCTAssertEqual(
            LocalizedTables.find(in: graph, projectFolder: "/p").tables.map(\.catalogPath),
            [folder + "/Localizable.xcstrings"])
        XCTAssertNil(PathResolver(graph: graph, projectFolder: "/p").path(of: "F"))
    }

    /// §5: groups inside a bundle, framework or dependency folder are skipped and reported; so
    /// is a group that also holds a file replacing it would drop (an intent definition).
    func testGroupsOfOtherBundlesAreSkipped() throws {
        let graph = try project(
            """
            \t\tR0 = {isa = PBXProject; mainGroup = G0; targets = (); };
            \t\tG0 = {isa = PBXGroup; children = (V1, V2, V3, V4); sourceTree = "<group>"; };
            \t\tV4 = {isa = PBXVariantGroup; children = (C4, C5); name = Intents.intentdefinition; sourceTree = "<group>"; };
            \t\tC4 = {isa = PBXFileReference; name = Base; path = Base.lproj/Intents.intentdefinition; sourceTree = "<group>"; };
            \t\tC5 = {isa = PBXFileReference; name = de; path = de.lproj/Intents.strings; sourceTree = "<group>"; };
            \t\tV1 = {isa = PBXVariantGroup; children = (C1); name = Root.strings; path = Settings.bundle; sourceTree = "<group>"; };
            \t\tC1 = {isa = PBXFileReference; name = en; path = en.lproj/Root.strings; sourceTree = "<group>"; };
            \t\tV2 = {isa = PBXVariantGroup; children = (C2); name = Localizable.strings; sourceTree = "<group>"; };
            \t\tC2 = {isa = PBXFileReference; name = en; path = Pods/Lib/en.lproj/Localizable.strings; sourceTree = "<group>"; };
            \t\tV3 = {isa = PBXVariantGroup; children = (C3); name = Localizable.strings; sourceTree = "<group>"; };
            \t\tC3 = {isa = PBXFileReference; name = en; path = en.lproj/Localizable.strings; sourceTree = "<group>"; };
            """)
        let localization = LocalizedTables.find(in: graph, projectFolder: "/p")
        XCTAssertEqual(localization.tables.map(\.catalogPath), ["/p/Localizable.xcstrings"])
        XCTAssertEqual(
            localization.skipped.map(\.reason),
            [
                "it also holds Intents.intentdefinition, which a catalog cannot replace",
                "inside Settings.bundle, the resources of something else",
                "inside Pods, the resources of something else",
            ])
    }

    /// docs/spec/project-edit.md#one-table-split-over-two-folders pairing: a `.stringsdict` group in another folder
    /// joins the `.strings` group only when the same targets build both; otherwise each is a table in its own folder.
    func testPairingNeedsTheSameTargets() throws {
        func objects(_ dictTarget: String) -> String {
            """
            \t\tR0 = {isa = PBXProject; mainGroup = G0; targets = (T1, T2); };
            \t\tT1 = {isa = PBXNativeTarget; buildPhases = (P1); name = App; };
            \t\tT2 = {isa = PBXNativeTarget; buildPhases = (P2); name = Widget; };
            \t\tP1 = {isa = PBXResourcesBuildPhase; files = (B1, B2); };
            \t\tP2 = {isa = PBXResourcesBuildPhase; files = (B3); };
            \t\tB1 = {isa = PBXBuildFile; fileRef = V1; };
            \t\tB2 = {isa = PBXBuildFile; fileRef = \(dictTarget == "App" ? "V2" : "V9"); };
            \t\tB3 = {isa = PBXBuildFile; fileRef = \(dictTarget == "App" ? "V9" : "V2"); };
            \t\tG0 = {isa = PBXGroup; children = (V1, G1); sourceTree = "<group>"; };
            \t\tG1 = {isa = PBXGroup; children = (V2); path = Plurals; sourceTree = "<group>"; };
            \t\tV1 = {isa = PBXVariantGroup; children = (C1); name = Localizable.strings; sourceTree = "<group>"; };
            \t\tC1 = {isa = PBXFileReference; path = en.lproj/Localizable.strings; sourceTree = "<group>"; };
            \t\tV2 = {isa = PBXVariantGroup; children = (C2); name = Localizable.stringsdict; sourceTree = "<group>"; };
            \t\tC2 = {isa = PBXFileReference; path = en.lproj/Localizable.stringsdict; sourceTree = "<group>"; };
            """
        }
        let paired = LocalizedTables.find(in: try project(objects("App")), projectFolder: "/p")
        XCTAssertEqual(paired.tables.map(\.catalogPath), ["/p/Localizable.xcstrings"])
        XCTAssertEqual(paired.tables[0].variantGroupIDs, ["V1", "V2"])
        let apart = LocalizedTables.find(in: try project(objects("Widget")), projectFolder: "/p")
        XCTAssertEqual(
            apart.tables.map(\.catalogPath), ["/p/Localizable.xcstrings", "/p/Plurals/Localizable.xcstrings"])
    }

    /// docs/spec/project-edit.md#a-storyboard-or-xib-with-no-strings: a storyboard group without `.strings` children is
    /// not a table.
    func testInterfaceBuilderGroupWithoutStringsIsNoTable() throws {
        let graph = try project(
            """
            \t\tR0 = {isa = PBXProject; mainGroup = G0; targets = (); };
            \t\tG0 = {isa = PBXGroup; children = (V1); sourceTree = "<group>"; };
            \t\tV1 = {isa = PBXVariantGroup; children = (C1, C2); name = Main.storyboard; sourceTree = "<group>"; };
            \t\tC1 = {isa = PBXFileReference; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
            \t\tC2 = {isa = PBXFileReference; name = de; path = de.lproj/Main.storyboard; sourceTree = "<group>"; };
            """)
        XCTAssertEqual(LocalizedTables.find(in: graph, projectFolder: "/p").tables.count, 0)
    }

    /// docs/spec/project-edit.md#synchronized-folders: deleted files leave the exception sets of the synchronized
    /// folder holding them; the project's synchronized folders and the status lookup through them.
    func testSynchronizedFolderExceptions() throws {
        let text = """
            // !$*UTF8*$!
            {
            \tobjectVersion = 77;
            \tobjects = {

            /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
            \t\tE1 /* Exceptions for "App" folder in "App" target */ = {
            \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
            \t\t\tmembershipExceptions = (
            \t\t\t\tInfo.plist,
            \t\t\t\tde.lproj/Localizable.strings,
            \t\t\t\ten.lproj/Localizable.strings,
            \t\t\t);
            \t\t\ttarget = T1 /* App */;
            \t\t};
            /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

            /* Begin PBXFileSystemSynchronizedRootGroup section */
            \t\tS1 /* App */ = {
            \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
            \t\t\texceptions = (
            \t\t\t\tE1 /* Exceptions for "App" folder in "App" target */,
            \t\t\t);
            \t\t\tpath = App;
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXFileSystemSynchronizedRootGroup section */

            /* Begin PBXGroup section */
            \t\tG0 = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tS1 /* App */,
            \t\t\t);
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXGroup section */

            /* Begin PBXProject section */
            \t\tR0 /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tmainGroup = G0;
            \t\t\ttargets = (
            \t\t\t);
            \t\t};
            /* End PBXProject section */
            \t};
            \trootObject = R0 /* Project object */;
            }

            """
        let graph = ProjectGraph(document: try parseProject(text, path: "/p/App.xcodeproj/project.pbxproj"))
        let localization = LocalizedTables.find(in: graph, projectFolder: "/p")
        XCTAssertEqual(localization.synchronizedFolders, ["/p/App"])
        XCTAssertEqual(
            ProjectReferences(graph: graph, projectFolder: "/p").reference(to: "/p/App/Localizable.xcstrings"),
            .synchronizedFolder("S1"))
        let edit = try MigrationEdit.apply(
            [], to: graph, projectFolder: "/p",
            options: .init(deletedFiles: [
                "/p/App/de.lproj/Localizable.strings", "/p/App/en.lproj/Localizable.strings", "/p/Other/x.strings",
            ]))
        XCTAssertEqual(
            edit.changes.exceptionsRemoved.map(\.path),
            ["de.lproj/Localizable.strings", "en.lproj/Localizable.strings"])
        XCTAssertEqual(
            String(decoding: edit.bytes, as: UTF8.self),
            text.replacingOccurrences(
                of: "\t\t\t\tde.lproj/Localizable.strings,\n\t\t\t\ten.lproj/Localizable.strings,\n", with: ""))
        XCTAssertTrue(edit.changes.settingsAdded.isEmpty, "no table migrated: no settings")
    }

    /// A Project Builder file (no sections, no reference comments, `isa` not first): the new
    /// objects go in ID order, without comments, and the rest is untouched.
    func testProjectBuilderLayoutEdit() throws {
        let shared = try sharedFolder("pbxproj")
        let path =
            shared
            + "/quicksilver__Quicksilver/Quicksilver/Code-External/UKClasses/UKProgressPanel/UKProgressPanel.pbproj/project.pbxproj"
        let graph = try ProjectGraph(path: path)
        let folder = PathResolver.projectFolder(ofProjectFile: path)
        let localization = LocalizedTables.find(in: graph, projectFolder: folder)
        XCTAssertEqual(localization.tables.map(\.name), ["InfoPlist", "UKProgressPanel"])
        let edit = try MigrationEdit.apply(localization.tables, to: graph, projectFolder: folder)
        let text = String(decoding: edit.bytes, as: UTF8.self)
        XCTAssertFalse(text.contains("/*"), "Project Builder files have no comments; none is added")
        let after = ProjectGraph(document: edit.document)
        let ids = after.objects.map(\.id)
        XCTAssertEqual(ids, ids.sorted(), "objects stay sorted by ID")
        XCTAssertEqual(
            after.objects(isa: "PBXVariantGroup").filter {
                ($0.comment ?? after.string("name", of: $0.id) ?? "").hasSuffix(".strings")
            }.count, 0)
        XCTAssertEqual(
            edit.changes.addedObjects.map(\.isa),
            ["PBXFileReference", "PBXBuildFile", "PBXFileReference", "PBXBuildFile"])
        XCTAssertEqual(
            edit.changes.settingsAdded, [],
            "Project Builder projects have build styles, not configuration lists: no setting is added")
    }

    /// Adding an object of an isa the file has no section for opens a section in isa order.
    func testNewSectionIsOpenedInIsaOrder() throws {
        var document = try parseProject(
            """
            {
            \tobjects = {

            /* Begin PBXBuildFile section */
            \t\tB1 = {isa = PBXBuildFile; };
            /* End PBXBuildFile section */

            /* Begin PBXGroup section */
            \t\tG1 = {isa = PBXGroup; };
            /* End PBXGroup section */
            \t};
            }
            """)
        document.editObjects(
            removing: [],
            adding: [
                .init(id: "F1", isa: "PBXFileReference", text: "F1 = {isa = PBXFileReference; };"),
                .init(id: "X1", isa: "XCBuildConfiguration", text: "X1 = {isa = XCBuildConfiguration; };"),
            ])
        XCTAssertEqual(
            String(decoding: PBXProjectWriter.bytes(document), as: UTF8.self),
            """
            {
            \tobjects = {

            /* Begin PBXBuildFile section */
            \t\tB1 = {isa = PBXBuildFile; };
            /* End PBXBuildFile section */

            /* Begin PBXFileReference section */
            \t\tF1 = {isa = PBXFileReference; };
            /* End PBXFileReference section */

            /* Begin PBXGroup section */
            \t\tG1 = {isa = PBXGroup; };
            /* End PBXGroup section */

            /* Begin XCBuildConfiguration section */
            \t\tX1 = {isa = XCBuildConfiguration; };
            /* End XCBuildConfiguration section */
            \t};
            }
            """)
        // And removing them again gives the original back.
        document.editObjects(removing: ["F1", "X1"], adding: [])
        XCTAssertEqual(
            String(decoding: PBXProjectWriter.bytes(document), as: UTF8.self),
            """
            {
            \tobjects = {

            /* Begin PBXBuildFile section */
            \t\tB1 = {isa = PBXBuildFile; };
            /* End PBXBuildFile section */

            /* Begin PBXGroup section */
            \t\tG1 = {isa = PBXGroup; };
            /* End PBXGroup section */
            \t};
            }
            """)
    }

    /// Object IDs: 24 upper-case hex digits, stable, never one in use.
    func testObjectIDs() {
        let id = ObjectIDGenerator.hashID("Localizable.xcstrings|reference")
        XCTAssertEqual(id.count, 24)
        XCTAssertTrue(id.allSatisfy { $0.isHexDigit && !$0.isLowercase })
        XCTAssertEqual(ObjectIDGenerator.hashID("Localizable.xcstrings|reference"), id)
        var generator = ObjectIDGenerator(existing: [id])
        let bumped = generator.id(for: "Localizable.xcstrings|reference")
        XCTAssertNotEqual(bumped, id)
        XCTAssertEqual(bumped, ObjectIDGenerator.hashID("Localizable.xcstrings|reference#1"))
        XCTAssertNotEqual(generator.id(for: "Localizable.xcstrings|reference"), bumped)
    }
}
