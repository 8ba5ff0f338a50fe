import Foundation
import StringcatSupport
import XCTest
@testable import XcodeProject

/// The edit on a small project written for the purpose (`Fixtures/Demo.pbxproj`: a `.strings`
/// group, a `.stringsdict` group in a `Plurals` subgroup, a storyboard with a German `.strings`).
final class EditTests: XCTestCase {
    static let projectFolder = "/virtual/Demo"

    func fixture(_ name: String = "Demo.pbxproj") throws -> [UInt8] {
        let path = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().appendingPathComponent("Fixtures/" + name).path
        return [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path)))
    }

    func demo(_ bytes: [UInt8]? = nil) throws -> (ProjectGraph, ProjectLocalization) {
        let document = try PBXProjectReader.parse(try bytes ?? fixture(), path: Self.projectFolder + "/Demo.xcodeproj/project.pbxproj")
        let graph = ProjectGraph(document: document)
        return (graph, LocalizedTables.find(in: graph, projectFolder: Self.projectFolder))
    }

    func testTablesOfTheDemoProject() throws {
        let (_, localization) = try demo()
        XCTAssertEqual(localization.tables.map(\.name), ["Localizable", "Main"])
        let strings = localization.tables[0]
        XCTAssertEqual(strings.catalogPath, "/virtual/Demo/Demo/Localizable.xcstrings")
        XCTAssertEqual(strings.variantGroupIDs, ["A40000000000000000000001", "A40000000000000000000002"])
        XCTAssertEqual(strings.files.map(\.path), ["/virtual/Demo/Demo/en.lproj/Localizable.strings", "/virtual/Demo/Demo/de.lproj/Localizable.strings",
                                                   "/virtual/Demo/Demo/Plurals/en.lproj/Localizable.stringsdict"])
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
    /// P1–P11): the `.strings` + `.stringsdict` pair becomes one reference in the `.strings`
    /// slot, `Plurals` is kept empty, one build file replaces two where the first was, the
    /// storyboard group ends `[Base, mul]`, objectVersion 56 -> 60, the settings are added in
    /// key order (SWIFT_EMIT_LOC_STRINGS only in Debug: Release inherits YES from the project).
    func testEditOfTheDemoProject() throws {
        let (graph, localization) = try demo()
        let edit = try CatalogMigrationEdit.apply(localization.tables, to: graph, projectFolder: Self.projectFolder)
        XCTAssertEqual(String(decoding: edit.bytes, as: UTF8.self), String(decoding: try fixture("Demo.migrated.pbxproj"), as: UTF8.self))
        let changes = edit.changes
        XCTAssertEqual(changes.removedObjects.map(\.id), ["A10000000000000000000002", "A10000000000000000000004", "A20000000000000000000002",
                                                        "A20000000000000000000003", "A20000000000000000000004", "A20000000000000000000006",
                                                        "A40000000000000000000001", "A40000000000000000000002"])
        XCTAssertEqual(changes.addedObjects.map(\.comment), ["Localizable.xcstrings", "Localizable.xcstrings in Resources", "mul"])
        XCTAssertEqual(changes.addedObjects.map(\.isa), ["PBXFileReference", "PBXBuildFile", "PBXFileReference"])
        XCTAssertEqual(changes.changedLists.map(\.comment), ["Demo", "Plurals", "Resources", "Main.storyboard"])
        XCTAssertEqual(changes.settingsAdded.map { "\($0.targetName ?? "project") \($0.configurationName ?? "") \($0.key)" },
                       ["project Debug LOCALIZATION_PREFERS_STRING_CATALOGS", "project Release LOCALIZATION_PREFERS_STRING_CATALOGS",
                        "Demo Debug SWIFT_EMIT_LOC_STRINGS"])
        XCTAssertEqual(changes.objectVersion?.from, 56)
        XCTAssertEqual(changes.objectVersion?.to, 60)
        // The catalog and the `mul` reference resolve to the catalogs' paths.
        let after = ProjectReferences(graph: ProjectGraph(document: edit.document), projectFolder: Self.projectFolder)
        XCTAssertEqual(after.reference(to: "/virtual/Demo/Demo/Localizable.xcstrings"), .fileReference(changes.addedObjects[0].id))
        XCTAssertEqual(after.reference(to: "/virtual/Demo/Demo/mul.lproj/Main.xcstrings"), .fileReference(changes.addedObjects[2].id))
        XCTAssertNil(after.reference(to: "/virtual/Demo/Demo/de.lproj/Localizable.strings"))
        XCTAssertEqual(after.fileReferences.map(\.path), ["/virtual/Demo/Demo/mul.lproj/Main.xcstrings", "/virtual/Demo/Demo/App.swift",
                                                         "/virtual/Demo/Demo/Base.lproj/Main.storyboard", "/virtual/Demo/Demo/Localizable.xcstrings"],
                       "Demo.app is in BUILT_PRODUCTS_DIR: no path")
    }

    /// P10: tables migrated one call at a time, in either order, give the bytes of one call.
    func testOneAtATimeGivesTheSameBytesAsAllAtOnce() throws {
        let (graph, localization) = try demo()
        let together = try CatalogMigrationEdit.apply(localization.tables, to: graph, projectFolder: Self.projectFolder).bytes
        for order in [[0, 1], [1, 0]] {
            var bytes = try fixture()
            for index in order {
                let (graph, current) = try demo(bytes)
                let table = try XCTUnwrap(current.tables.first { $0.catalogPath == localization.tables[index].catalogPath })
                bytes = try CatalogMigrationEdit.apply([table], to: graph, projectFolder: Self.projectFolder).bytes
            }
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: together, as: UTF8.self), "order \(order)")
        }
    }

    /// A CRLF file is edited in CRLF: the result is the LF result with CRLF line ends.
    func testCRLFProjectKeepsCRLF() throws {
        func crlf(_ bytes: [UInt8]) -> [UInt8] { bytes.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] } }
        let (graph, localization) = try demo(crlf(try fixture()))
        let edit = try CatalogMigrationEdit.apply(localization.tables, to: graph, projectFolder: Self.projectFolder)
        XCTAssertEqual(String(decoding: edit.bytes, as: UTF8.self), String(decoding: crlf(try fixture("Demo.migrated.pbxproj")), as: UTF8.self))
    }

    /// Migrating nothing changes nothing (no settings either).
    func testNoTablesNoEdit() throws {
        let (graph, _) = try demo()
        let edit = try CatalogMigrationEdit.apply([], to: graph, projectFolder: Self.projectFolder)
        XCTAssertEqual(edit.bytes, try fixture())
        XCTAssertTrue(edit.changes.isEmpty)
    }

    /// Only the storyboard: P5 and P6; the `.strings` groups stay, the PBXVariantGroup section too.
    func testInterfaceBuilderTableAlone() throws {
        let (graph, localization) = try demo()
        let edit = try CatalogMigrationEdit.apply([localization.tables[1]], to: graph, projectFolder: Self.projectFolder)
        let after = ProjectGraph(document: edit.document)
        XCTAssertEqual(after.strings("children", of: "A40000000000000000000003").count, 2)
        XCTAssertEqual(after.string("path", of: after.strings("children", of: "A40000000000000000000003")[1]), "mul.lproj/Main.xcstrings")
        XCTAssertEqual(after.objects(isa: "PBXVariantGroup").count, 3)
        XCTAssertEqual(after.project?.objectVersion, 60)
        XCTAssertEqual(edit.changes.removedObjects.map(\.comment), ["de"])
    }

    /// A table whose group is gone (the project changed since it was listed) is an error.
    func testStaleTableIsAnError() throws {
        let (graph, localization) = try demo()
        var table = localization.tables[0]
        table.variantGroupIDs = ["FFFFFFFFFFFFFFFFFFFFFFFF"]
        XCTAssertThrowsError(try CatalogMigrationEdit.apply([table], to: graph, projectFolder: Self.projectFolder)) { error in
            XCTAssertTrue("\(error)".contains("FFFFFFFFFFFFFFFFFFFFFFFF is not a variant group of this project"), "\(error)")
        }
    }
}
