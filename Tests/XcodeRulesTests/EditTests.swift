import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import XcodeProject
@testable import XcodeRules

let demoFolder = "/virtual/Demo"

/// A file of `Fixtures/`.
func demoFixture(_ name: String = "Demo.pbxproj") throws -> [UInt8] {
    let path = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().appendingPathComponent(
        "Fixtures/" + name
    ).path
    return [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path)))
}

/// The fixture project (or `bytes` read as it), its graph and tables.
func demoProject(_ bytes: [UInt8]? = nil) throws -> (ProjectGraph, ProjectLocalization) {
    let document = try PBXProjectReader.parse(
        try bytes ?? demoFixture(), path: demoFolder + "/Demo.xcodeproj/project.pbxproj")
    let graph = ProjectGraph(document: document)
    return (graph, LocalizedTables.find(in: graph, projectFolder: demoFolder))
}

/// The edit on a small project written for the purpose (`Fixtures/Demo.pbxproj`: a `.strings`
/// group, a `.stringsdict` group in a `Plurals` subgroup, a storyboard with a German `.strings`).
final class EditTests: XCTestCase {
    static let projectFolder = demoFolder

    func fixture(_ name: String = "Demo.pbxproj") throws -> [UInt8] { try demoFixture(name) }

    func demo(_ bytes: [UInt8]? = nil) throws -> (ProjectGraph, ProjectLocalization) { try demoProject(bytes) }

    func testTablesOfTheDemoProject() throws {
        let (_, localization) = try demo()
        XCTAssertEqual(localization.tables.map(\.name), ["Localizable", "Main"])
        let strings = localization.tables[0]
        XCTAssertEqual(strings.catalogPath, "/virtual/Demo/Demo/Localizable.xcstrings")
        XCTAssertEqual(strings.variantGroupIDs, ["A40000000000000000000001", "A40000000000000000000002"])
        XCTAssertEqual(
            strings.files.map(\.path),
            [
                "/virtual/Demo/Demo/en.lproj/Localizable.strings", "/virtual/Demo/Demo/de.lproj/Localizable.strings",
                "/virtual/Demo/Demo/Plurals/en.lproj/Localizable.stringsdict",
            ])
        XCTAssertEqual(strings.files.map(\.lprojFolder), ["en", "de", "en"])
        XCTAssertEqual(strings.files.map(\.kind), [.strings, .strings, .stringsdict])
        XCTAssertEqual(strings.targetIDs, ["A50000000000000000000001"])
        let main = localization.tables[1]
        XCTAssertTrue(main.isInterfaceBuilder)
        XCTAssertEqual(main.catalogPath, "/virtual/Demo/Demo/mul.lproj/Main.xcstrings")
        XCTAssertEqual(main.interfaceBuilderFile, "/virtual/Demo/Demo/Base.lproj/Main.storyboard")
        XCTAssertEqual(main.files.map(\.lprojFolder), ["de"])
        XCTAssertEqual(localization.developmentRegion, "en")
    }

    /// The whole edit, byte for byte (`Fixtures/Demo.migrated.pbxproj`, checked by hand against
    /// docs/spec/project-edit.md#the-projectpbxproj-edit): the `.strings` + `.stringsdict` pair becomes one reference
    /// in the `.strings` slot, `Plurals` is kept empty, one build file replaces two where the first was, the
    /// storyboard group ends `[Base, mul]`, objectVersion 56 -> 60, the settings are added in
    /// key order (as Xcode 15 places it: SWIFT_EMIT_LOC_STRINGS only in the target's Debug, Release
    /// inherits YES from the project).
    func testEditOfTheDemoProject() throws {
        let (graph, localization) = try demo()
        let edit = try MigrationEdit.apply(
            localization.tables, to: graph, projectFolder: Self.projectFolder,
            options: .init(emitLocStrings: .eachReceivingTarget))
        XCTAssertEqual(
            String(decoding: edit.bytes, as: UTF8.self),
            String(decoding: try fixture("Demo.migrated.pbxproj"), as: UTF8.self))
        let changes = edit.changes
        XCTAssertEqual(
            changes.removedObjects.map(\.id),
            [
                "A10000000000000000000002", "A10000000000000000000004", "A20000000000000000000002",
                "A20000000000000000000003", "A20000000000000000000004", "A20000000000000000000006",
                "A40000000000000000000001", "A40000000000000000000002",
            ])
        XCTAssertEqual(
            changes.addedObjects.map(\.comment), ["Localizable.xcstrings", "Localizable.xcstrings in Resources", "mul"])
        XCTAssertEqual(changes.addedObjects.map(\.isa), ["PBXFileReference", "PBXBuildFile", "PBXFileReference"])
        XCTAssertEqual(changes.changedLists.map(\.comment), ["Demo", "Plurals", "Resources", "Main.storyboard"])
        XCTAssertEqual(
            changes.settingsAdded.map { "\($0.targetName ?? "project") \($0.configurationName ?? "") \($0.key)" },
            [
                "project Debug LOCALIZATION_PREFERS_STRING_CATALOGS",
                "project Release LOCALIZATION_PREFERS_STRING_CATALOGS",
                "Demo Debug SWIFT_EMIT_LOC_STRINGS",
            ])
        XCTAssertEqual(changes.objectVersion?.from, 56)
        XCTAssertEqual(changes.objectVersion?.to, 60)
        // The catalog and the `mul` reference resolve to the catalogs' paths.
        let after = ProjectReferences(graph: ProjectGraph(document: edit.document), projectFolder: Self.projectFolder)
        XCTAssertEqual(
            after.reference(to: "/virtual/Demo/Demo/Localizable.xcstrings"), .fileReference(changes.addedObjects[0].id))
        XCTAssertEqual(
            after.reference(to: "/virtual/Demo/Demo/mul.lproj/Main.xcstrings"),
            .fileReference(changes.addedObjects[2].id))
        XCTAssertNil(after.reference(to: "/virtual/Demo/Demo/de.lproj/Localizable.strings"))
        XCTAssertEqual(
            after.fileReferences.map(\.path),
            [
                "/virtual/Demo/Demo/mul.lproj/Main.xcstrings", "/virtual/Demo/Demo/App.swift",
                "/virtual/Demo/Demo/Base.lproj/Main.storyboard", "/virtual/Demo/Demo/Localizable.xcstrings",
            ],
            "Demo.app is in BUILT_PRODUCTS_DIR: no path")
    }

    /// docs/spec/project-edit.md#new-object-ids: tables migrated one call at a time, in either order, give the bytes of
    /// one call.
    func testOneAtATimeGivesTheSameBytesAsAllAtOnce() throws {
        let (graph, localization) = try demo()
        let together = try MigrationEdit.apply(localization.tables, to: graph, projectFolder: Self.projectFolder).bytes
        for order in [[0, 1], [1, 0]] {
            var bytes = try fixture()
            for index in order {
                let (graph, current) = try demo(bytes)
                let table = try XCTUnwrap(
                    current.tables.first { $0.catalogPath == localization.tables[index].catalogPath })
                bytes = try MigrationEdit.apply([table], to: graph, projectFolder: Self.projectFolder).bytes
            }
            XCTAssertEqual(
                String(decoding: bytes, as: UTF8.self), String(decoding: together, as: UTF8.self), "order \(order)")
        }
    }

    /// A CRLF file is edited in CRLF: the result is the LF result with CRLF line ends.
    func testCRLFProjectKeepsCRLF() throws {
        func crlf(_ bytes: [UInt8]) -> [UInt8] { bytes.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] } }
        let (graph, localization) = try demo(crlf(try fixture()))
        let edit = try MigrationEdit.apply(
            localization.tables, to: graph, projectFolder: Self.projectFolder,
            options: .init(emitLocStrings: .eachReceivingTarget))
        XCTAssertEqual(
            String(decoding: edit.bytes, as: UTF8.self),
            String(decoding: crlf(try fixture("Demo.migrated.pbxproj")), as: UTF8.self))
    }

    /// Migrating nothing changes nothing (no settings either).
    func testNoTablesNoEdit() throws {
        let (graph, _) = try demo()
        let edit = try MigrationEdit.apply([], to: graph, projectFolder: Self.projectFolder)
        XCTAssertEqual(edit.bytes, try fixture())
        XCTAssertTrue(edit.changes.isEmpty)
    }

    /// Only the storyboard: docs/spec/project-edit.md#the-mul-child-of-an-interface-builder-group and
    /// docs/spec/project-edit.md#objectversion-becomes-60; the `.strings` groups stay, the PBXVariantGroup section too.
    func testInterfaceBuilderTableAlone() throws {
        let (graph, localization) = try demo()
        let edit = try MigrationEdit.apply([localization.tables[1]], to: graph, projectFolder: Self.projectFolder)
        let after = ProjectGraph(document: edit.document)
        XCTAssertEqual(after.strings("children", of: "A40000000000000000000003").count, 2)
        XCTAssertEqual(
            after.string("path", of: after.strings("children", of: "A40000000000000000000003")[1]),
            "mul.lproj/Main.xcstrings")
        XCTAssertEqual(after.objects(isa: "PBXVariantGroup").count, 3)
        XCTAssertEqual(after.project?.objectVersion, 60)
        XCTAssertEqual(edit.changes.removedObjects.map(\.comment), ["de"])
    }

    /// A table whose group is gone (the project changed since it was listed) is an error.
    func testStaleTableIsAnError() throws {
        let (graph, localization) = try demo()
        var table = localization.tables[0]
        table.variantGroupIDs = ["FFFFFFFFFFFFFFFFFFFFFFFF"]
        XCTAssertThrowsError(try MigrationEdit.apply([table], to: graph, projectFolder: Self.projectFolder)) { error in
            XCTAssertTrue(
                "\(error)".contains("FFFFFFFFFFFFFFFFFFFFFFFF is not a variant group of this project"), "\(error)")
        }
    }
}

/// The typed views and the change list's printed form, on the fixture.
final class ViewTests: XCTestCase {
    func testTypedViewsOfTheDemoProject() throws {
        let (graph, localization) = try demoProject()
        let project = try XCTUnwrap(graph.project)
        XCTAssertEqual(project.objectVersion, 56)
        XCTAssertEqual(project.developmentRegion, "en")
        XCTAssertEqual(project.knownRegions, ["en", "Base", "de"])
        XCTAssertEqual(project.mainGroup, "A30000000000000000000001")
        XCTAssertEqual(project.targets, ["A50000000000000000000001"])
        XCTAssertEqual(project.buildConfigurationList, "A70000000000000000000001")
        XCTAssertEqual(graph.group("A30000000000000000000002")?.path, "Demo")
        XCTAssertEqual(graph.group("A40000000000000000000001")?.isa, "PBXVariantGroup")
        XCTAssertEqual(
            graph.group("A40000000000000000000001")?.children, ["A20000000000000000000002", "A20000000000000000000003"])
        XCTAssertEqual(graph.fileReference("A20000000000000000000003")?.path, "de.lproj/Localizable.strings")
        XCTAssertEqual(graph.fileReference("A20000000000000000000007")?.sourceTree, "BUILT_PRODUCTS_DIR")
        XCTAssertEqual(graph.buildFile("A10000000000000000000002")?.fileRef, "A40000000000000000000001")
        XCTAssertEqual(graph.buildPhase("A60000000000000000000002")?.isa, "PBXResourcesBuildPhase")
        XCTAssertEqual(graph.target("A50000000000000000000001")?.productType, "com.apple.product-type.application")
        XCTAssertEqual(graph.target(owningPhase: "A60000000000000000000002")?.name, "Demo")
        XCTAssertEqual(graph.configurationList("A70000000000000000000002")?.buildConfigurations.count, 2)
        XCTAssertEqual(graph.buildConfiguration("A80000000000000000000002")?.name, "Release")
        XCTAssertEqual(
            graph.buildSetting("SWIFT_EMIT_LOC_STRINGS", of: "A80000000000000000000002"), PBXSettingValue.string("YES"))
        XCTAssertEqual(graph.buildSettings(of: "A80000000000000000000003").map { $0.key }, ["PRODUCT_NAME"])
        XCTAssertEqual(
            graph.object("A70000000000000000000002")?.comment, "Build configuration list for PBXNativeTarget \"Demo\"")
        XCTAssertNil(graph.object("A30000000000000000000001")?.comment)
        XCTAssertEqual(graph.parent(of: "A40000000000000000000002"), "A30000000000000000000004")
        XCTAssertNil(graph.group("A20000000000000000000001"), "a file reference is no group")

        let edit = try MigrationEdit.apply(
            localization.tables, to: graph, projectFolder: EditTests.projectFolder,
            options: .init(emitLocStrings: .eachReceivingTarget))
        XCTAssertEqual(
            edit.changes.lines.filter { !$0.hasPrefix("-") },
            [
                "+ PBXFileReference EE28043F01820B691DBCD8BB Localizable.xcstrings",
                "+ PBXBuildFile B8D65E19D54325649322A224 Localizable.xcstrings in Resources",
                "+ PBXFileReference 9C84D2C71A948CA8ADE3ACB7 mul",
                "~ PBXGroup A30000000000000000000002 Demo (children)",
                "~ PBXGroup A30000000000000000000004 Plurals (children)",
                "~ PBXResourcesBuildPhase A60000000000000000000002 Resources (files)",
                "~ PBXVariantGroup A40000000000000000000003 Main.storyboard (children)",
                "+ LOCALIZATION_PREFERS_STRING_CATALOGS = YES (project, Debug)",
                "+ LOCALIZATION_PREFERS_STRING_CATALOGS = YES (project, Release)",
                "+ SWIFT_EMIT_LOC_STRINGS = YES (target Demo, Debug)",
                "objectVersion 56 -> 60",
            ])
    }

    /// A file defining one ID twice is read (Xcode opens it); the graph warns and uses the last.
    func testDuplicateObjectIDs() throws {
        let graph = ProjectGraph(
            document: try parseProject(
                "{ objects = { A = {isa = PBXGroup; name = one; }; A = {isa = PBXGroup; name = two; }; }; rootObject = "
                    + "A; }"
            ))
        XCTAssertEqual(graph.string("name", of: "A"), "two")
        XCTAssertEqual(graph.diagnostics.map(\.message), ["object ID A is defined twice; the last definition is used"])
    }
}
