import Foundation
import XCTest

@testable import XcodeProject
@testable import XcodeRules

final class GoldenEditTests: XCTestCase {
    /// The project files a golden's migration changed: `after-project/` differs from `context/`
    /// and names a catalog (as project_check.py selects them).
    func changedProjects(_ pair: GoldenPair) -> [String] {
        pair.projects.filter { project in
            guard let after = FileManager.default.contents(atPath: pair.root + "/after-project/" + project),
                let before = FileManager.default.contents(atPath: pair.context + "/" + project)
            else { return false }
            return after != before && String(decoding: after, as: UTF8.self).contains("text.json.xcstrings")
        }
    }

    struct Outcome {
        var checks: [String: Bool]
        var before: ProjectGraph, xcode: ProjectGraph, ours: ProjectGraph
        var edit: ProjectEdit
    }

    /// Migrates, in each golden's context project, the tables Xcode migrated (those whose files
    /// are in `before/`), and compares with Xcode's `after-project/`.
    func outcomes() throws -> [String: Outcome] {
        var all: [String: Outcome] = [:]
        for pair in try GoldenPair.all() {
            for project in changedProjects(pair) {
                let (graph, localization) = try pair.tables(project)
                let edit = try MigrationEdit.apply(
                    pair.migratedTables(localization), to: graph,
                    projectFolder: PathResolver.projectFolder(ofProjectFile: graph.document.path),
                    options: .init(emitLocStrings: pair.emitLocStrings))
                let xcode = try ProjectGraph(path: pair.root + "/after-project/" + project)
                let ours = ProjectGraph(document: try PBXProjectReader.parse(edit.bytes, path: "ours"))
                let name = changedProjects(pair).count == 1 ? pair.name : pair.name + "/" + project
                all[name] = Outcome(
                    checks: ProjectCheck(before: graph, xcode: xcode, ours: ours).run(),
                    before: graph, xcode: xcode, ours: ours, edit: edit)
            }
        }
        return all
    }

    /// The five checks of project_check.py per golden. Every check that fails is explained by an
    /// edit a human made in the same commit, asserted below with its evidence; none is special-
    /// cased in the edit.
    func testEditReproducesXcodesProjectEdits() throws {
        let all = try outcomes()
        var passed = 0
        for (name, outcome) in all.sorted(by: { $0.key < $1.key }) {
            let failed = ProjectCheck.checks.filter { outcome.checks[$0] != true }
            passed += 5 - failed.count
            print("\(name): \(5 - failed.count)/5 \(failed.joined(separator: " "))")
        }
        XCTAssertEqual(
            all.keys.sorted(),
            [
                "DamascenoRafael__reminders-menubar", "Dimillian__IceCubesApp", "HearthSim__HSTracker",
                "MaddTheSane__OSXvnc", "MaddTheSane__zoom",
                "MarkEdit-app__MarkEdit", "ViennaRSS__vienna-rss", "XcodesOrg__XcodesApp", "bryceco__GoMap",
                "glushchenko__fsnotes",
                "instructure__canvas-ios/Core/Core.xcodeproj/project.pbxproj",
                "instructure__canvas-ios/Student/Student.xcodeproj/project.pbxproj",
                "owncloud__ios-app", "rime__squirrel", "rxhanson__Rectangle", "tisfeng__Easydict",
            ], "TUSafariActivity's projects were not changed (a package)")
        func failed(_ name: String) -> [String] { ProjectCheck.checks.filter { all[name]?.checks[$0] != true } }
        func lines(_ graph: ProjectGraph) -> [String] {
            String(decoding: graph.document.text, as: UTF8.self).components(separatedBy: "\n")
        }

        // Every object, list, setting and line as Xcode wrote it (IB tables, empty tables, Base-only
        // groups picked in the dialog, plain tables, build files in several targets).
        for name in [
            "DamascenoRafael__reminders-menubar", "Dimillian__IceCubesApp", "HearthSim__HSTracker",
            "MarkEdit-app__MarkEdit",
            "ViennaRSS__vienna-rss", "bryceco__GoMap",
        ] {
            XCTAssertEqual(failed(name), [], name)
        }

        // zoom and OSXvnc (one author): the "Project Format" was raised by hand in the same commit
        // (compatibilityVersion 11.0 -> 15.0 and 6.3 -> 12.0; docs/spec/project-edit.md#objectversion-becomes-60: the
        // migration never changes it, and four other pairs whose objectVersion went to 60 kept theirs).
        XCTAssertEqual(failed("MaddTheSane__zoom"), ["text"])
        XCTAssertEqual(failed("MaddTheSane__OSXvnc"), ["text"])
        for (name, from, to) in [
            ("MaddTheSane__zoom", "Xcode 11.0", "Xcode 15.0"), ("MaddTheSane__OSXvnc", "Xcode 6.3", "Xcode 12.0"),
        ] {
            XCTAssertTrue(lines(all[name]!.before).contains("\t\t\tcompatibilityVersion = \"\(from)\";"), name)
            XCTAssertTrue(lines(all[name]!.xcode).contains("\t\t\tcompatibilityVersion = \"\(to)\";"), name)
            XCTAssertTrue(lines(all[name]!.ours).contains("\t\t\tcompatibilityVersion = \"\(from)\";"), name)
        }
        // OSXvnc, migrated with Xcode 16 (2024-09-23): SWIFT_EMIT_LOC_STRINGS at project level, so
        // the 4 targets with no catalog (command-line tools, an aggregate) evaluate YES too. The
        // pairs migrated before Xcode 16's release have it on each target that got a catalog.
        if let vnc = all["MaddTheSane__OSXvnc"] {
            let check = ProjectCheck(before: vnc.before, xcode: vnc.xcode, ours: vnc.ours)
            let xe = check.effective(vnc.xcode), oe = check.effective(vnc.ours)
            XCTAssertEqual(xe.mapValues { $0["SWIFT_EMIT_LOC_STRINGS"] }, oe.mapValues { $0["SWIFT_EMIT_LOC_STRINGS"] })
            for target in ["OSXvnc-server", "Vine Server Package", "rdr", "storepasswd", "Vine Server"] {
                XCTAssertEqual(oe[target]?["SWIFT_EMIT_LOC_STRINGS"], "YES", target)
            }
        }

        // XcodesApp: the author re-ran the conversion and rebased (PR #449); the commit keeps the
        // `en` child and the build file of the removed variant group as orphans (the build file
        // points at a group that no longer exists). We remove them with the group.
        XCTAssertEqual(failed("XcodesOrg__XcodesApp"), ["removed", "text"])
        if let xcodes = all["XcodesOrg__XcodesApp"] {
            let beforeIDs = xcodes.before.objects.map(\.id)
            let xcodeRemoved = Set(beforeIDs.filter { xcodes.xcode.object($0) == nil })
            let oursRemoved = Set(beforeIDs.filter { xcodes.ours.object($0) == nil })
            XCTAssertEqual(
                oursRemoved.subtracting(xcodeRemoved), ["E872EE4E2808D4F100D3DD8B", "E872EE4F2808D4F100D3DD8B"])
            XCTAssertEqual(xcodeRemoved.subtracting(oursRemoved), [])
            XCTAssertEqual(xcodes.xcode.string("fileRef", of: "E872EE4E2808D4F100D3DD8B"), "E872EE502808D4F100D3DD8B")
            XCTAssertNil(
                xcodes.xcode.object("E872EE502808D4F100D3DD8B"), "Xcode's file keeps a build file of a deleted group")
            XCTAssertFalse(String(decoding: xcodes.edit.bytes, as: UTF8.self).contains("PBXVariantGroup section"))
        }

        // fsnotes: the same commit removed CocoaPods (`pod deintegrate`: the Pods group, its 12
        // xcconfig references) and a stale Info.plist reference; the migration's own edit matches.
        XCTAssertEqual(failed("glushchenko__fsnotes"), ["removed", "groups", "text"])
        if let notes = all["glushchenko__fsnotes"] {
            let beforeIDs = notes.before.objects.map(\.id)
            let onlyXcode = beforeIDs.filter { notes.xcode.object($0) == nil && notes.ours.object($0) != nil }
            XCTAssertEqual(onlyXcode.count, 14)
            XCTAssertTrue(
                onlyXcode.allSatisfy { id in
                    let comment = notes.before.object(id)?.comment ?? ""
                    return comment.hasPrefix("Pods") || comment == "FSNotes Info (Notarized).plist"
                }, "\(onlyXcode.map { notes.before.object($0)?.comment ?? $0 })")
            XCTAssertEqual(beforeIDs.filter { notes.ours.object($0) == nil && notes.xcode.object($0) != nil }, [])
        }

        // canvas-ios Core: no table of Core was migrated (its catalog was only modified by a
        // build); Xcode's save rewrote a product reference (`lastKnownFileType` -> `explicitFileType`)
        // and added LOCALIZATION_PREFERS_STRING_CATALOGS: nothing of a migration.
        XCTAssertEqual(failed("instructure__canvas-ios/Core/Core.xcodeproj/project.pbxproj"), ["text"])
        if let core = all["instructure__canvas-ios/Core/Core.xcodeproj/project.pbxproj"] {
            XCTAssertTrue(core.edit.changes.isEmpty)
            XCTAssertEqual(core.xcode.string("explicitFileType", of: "8F6731E780A5363E04E3620A"), "wrapper.application")
            XCTAssertEqual(
                core.before.string("lastKnownFileType", of: "8F6731E780A5363E04E3620A"), "wrapper.application")
        }
        // canvas-ios Student: "Migrate student project. Sync supported languages with Core": the
        // commit also cut knownRegions to Core's (docs/spec/project-edit.md#what-the-edit-never-changes: the migration
        // never touches them).
        XCTAssertEqual(failed("instructure__canvas-ios/Student/Student.xcodeproj/project.pbxproj"), ["text"])
        if let student = all["instructure__canvas-ios/Student/Student.xcodeproj/project.pbxproj"] {
            let removed = Set(student.before.project!.knownRegions).subtracting(student.xcode.project!.knownRegions)
            XCTAssertTrue(removed.isSuperset(of: ["global", "ar-SA", "cy-GB", "zh-CN"]), "\(removed)")
            XCTAssertEqual(student.ours.project!.knownRegions, student.before.project!.knownRegions)
        }

        // ownCloud: the commit ("enabled automated xcstrings localization in project") set
        // LOCALIZATION_PREFERS_STRING_CATALOGS and LOCALIZED_STRING_MACRO_NAMES by hand on the
        // ownCloud target (docs/spec/project-edit.md#hand-edits-are-not-the-migrations);
        // docs/spec/project-edit.md#localization_prefers_string_catalogs puts the setting at project level.
        // SWIFT_EMIT_LOC_STRINGS matches Xcode target for target (docs/spec/project-edit.md#swift_emit_loc_strings).
        XCTAssertEqual(failed("owncloud__ios-app"), ["settings", "text"])
        if let own = all["owncloud__ios-app"] {
            let check = ProjectCheck(before: own.before, xcode: own.xcode, ours: own.ours)
            let xe = check.effective(own.xcode), oe = check.effective(own.ours)
            XCTAssertEqual(xe.mapValues { $0["SWIFT_EMIT_LOC_STRINGS"] }, oe.mapValues { $0["SWIFT_EMIT_LOC_STRINGS"] })
            XCTAssertEqual(
                own.xcode.objects.filter { $0.isa == "XCBuildConfiguration" }.filter {
                    own.xcode.buildSetting("LOCALIZED_STRING_MACRO_NAMES", of: $0.id) != nil
                }.count, 2)
        }

        // squirrel ("Initial migration"): the same commit rewrote the app in Swift (the .m/.h
        // references go, 9 .swift files and a bridging header come): no check can hold.
        XCTAssertEqual(failed("rime__squirrel"), ["removed", "added", "groups", "settings", "text"])
        if let squirrel = all["rime__squirrel"] {
            let swift = squirrel.xcode.objects.filter {
                squirrel.xcode.string("lastKnownFileType", of: $0.id) == "sourcecode.swift"
                    && squirrel.before.object($0.id) == nil
            }
            XCTAssertEqual(swift.count, 9)
        }

        // Rectangle: the commit also deleted an older, unused Localizable.xcstrings (its
        // reference and build file); the migration of Main (mul) matches.
        XCTAssertEqual(failed("rxhanson__Rectangle"), ["removed", "groups", "text"])
        if let rectangle = all["rxhanson__Rectangle"] {
            XCTAssertEqual(rectangle.before.object("422082432AD9FBB5004A5704")?.comment, "Localizable.xcstrings")
            XCTAssertNil(rectangle.xcode.object("422082432AD9FBB5004A5704"))
            XCTAssertNotNil(rectangle.ours.object("422082432AD9FBB5004A5704"))
        }

        // Easydict: the squashed commit moved Localizable.xcstrings into Easydict/App by hand
        // (`name = Localizable.xcstrings; path = Easydict/App/Localizable.xcstrings`, SOURCE.txt
        // MOVED line), Xcode then added an empty "Recovered References" group, and the
        // DEVELOPMENT_TEAM of 4 configurations changed. The catalogs, the IB edit, objectVersion
        // 55 -> 60 and both settings match.
        XCTAssertEqual(failed("tisfeng__Easydict"), ["added", "groups", "settings", "text"])
        if let easy = all["tisfeng__Easydict"] {
            let check = ProjectCheck(before: easy.before, xcode: easy.xcode, ours: easy.ours)
            XCTAssertEqual(check.effective(easy.xcode), check.effective(easy.ours))
            XCTAssertEqual(easy.xcode.project?.objectVersion, 60)
            XCTAssertEqual(easy.ours.project?.objectVersion, 60)
            let xcodeNew = easy.xcode.objects.filter { !check.old.contains($0.id) }.map { $0.comment ?? "" }.sorted()
            XCTAssertEqual(
                xcodeNew,
                ["Localizable.xcstrings", "Localizable.xcstrings in Resources", "Recovered References", "mul"])
            let oursNew = easy.ours.objects.filter { !check.old.contains($0.id) }.map { $0.comment ?? "" }.sorted()
            XCTAssertEqual(oursNew, ["Localizable.xcstrings", "Localizable.xcstrings in Resources", "mul"])
        }
        XCTAssertEqual(passed, 57)
        print("golden project edits: \(passed)/80 checks")
    }
}
