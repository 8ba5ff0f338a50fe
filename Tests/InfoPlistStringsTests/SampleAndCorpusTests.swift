import Foundation
import StringcatSupport
import StringsFile
import TestSupport
import XCTest

@testable import InfoPlistStrings

final class SampleAndCorpusTests: XCTestCase {
    /// The bundled sample project must check clean: its tables and Info.plist agree.
    func testLegacyAppSampleChecksClean() throws {
        let folder = repositoryRoot().appendingPathComponent("Samples/LegacyApp/LegacyApp").path
        guard FileManager.default.fileExists(atPath: folder) else {
            throw XCTSkip("sample not found at \(folder); skipping the sample check")
        }
        let (path, locateDiagnostics) = InfoPlistLocator.locate(forTableIn: folder)
        XCTAssertEqual(path, folder + "/Info.plist")
        XCTAssertEqual(locateDiagnostics, [])
        let (plist, plistDiagnostics) = InfoPlist.read(path: try XCTUnwrap(path))
        XCTAssertEqual(plistDiagnostics, [])
        XCTAssertEqual(plist?.developmentRegion, "$(DEVELOPMENT_LANGUAGE)")
        let tables = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".lproj") }
            .sorted()
            .map { folder + "/" + $0 + "/InfoPlist.strings" }
            .filter { FileManager.default.fileExists(atPath: $0) }
        XCTAssertEqual(tables.count, 6)
        for table in tables {
            let read = StringsFileReader.read(path: table)
            XCTAssertEqual(read.diagnostics, [], table)
            let file = try XCTUnwrap(read.file, table)
            XCTAssertEqual(InfoPlistStringsChecker.check(file, infoPlist: plist), [], table)
        }
        XCTAssertEqual(InfoPlistTable.spellingDiagnostics(paths: tables), [])
        let source = InfoPlistStringsChecker.sourceValues(from: try XCTUnwrap(plist))
        XCTAssertEqual(
            source.entries,
            [
                StringsEntry(key: "CFBundleDisplayName", value: "Legacy App"),
                StringsEntry(key: "NSCameraUsageDescription", value: "Scan a document with the camera."),
                StringsEntry(key: "NSHumanReadableCopyright", value: "© 2026 Example Inc."),
            ])
        XCTAssertEqual(
            source.diagnostics.map(\.description),
            [
                "\(folder)/Info.plist:13: note: \"CFBundleName\" is \"$(PRODUCT_NAME)\", which holds a build variable "
                    + "resolved only when the app is built; not offered as a source-language value"
            ])
    }

    /// Every InfoPlist.strings of the shared corpus checks without crashing, and its Info.plist
    /// is found wherever the corpus holds one for it (the `Info.plist` beside the `.lproj` folders, else up to two
    /// folders up, else a direct subfolder; `GoogleService-Info.plist` excluded).
    func testCorpusTablesCheckAndFindTheirInfoPlist() throws {
        let corpus = try sharedFolder("corpus")
        let tables = files(under: corpus) { InfoPlistTable.isInfoPlistTable(fileName: $0) }
        XCTAssertFalse(tables.isEmpty)

        var found = 0, notFound: [String] = [], unreadable = 0, plistNotes = 0
        var plists: [String: InfoPlist?] = [:]
        var warningsByKind: [String: Int] = [:]
        var keysByKind: [String: [String: Int]] = [:]
        var foldersWithoutPlist: Set<String> = []
        for table in tables {
            let folder = ((table as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
            let located = InfoPlistLocator.infoPlist(forTableIn: folder)
            var plist: InfoPlist?
            if let located {
                found += 1
                if plists[located] == nil {
                    let (read, diagnostics) = InfoPlist.read(path: located)
                    XCTAssertNotNil(read, located)
                    XCTAssertEqual(diagnostics.filter { $0.severity != .note }, [], located)
                    plistNotes += diagnostics.count
                    plists[located] = read
                }
                plist = plists[located] ?? nil
            } else {
                notFound.append(table)
                foldersWithoutPlist.insert(folder)
            }
            let read = StringsFileReader.read(path: table)
            guard let file = read.file else { unreadable += 1; continue }
            for diagnostic in InfoPlistStringsChecker.check(file, infoPlist: plist) {
                warningsByKind[kind(of: diagnostic), default: 0] += 1
                if let key = diagnostic.message.split(separator: "\"").first, diagnostic.severity == .warning {
                    keysByKind[kind(of: diagnostic), default: [:]][String(key), default: 0] += 1
                }
            }
        }
        // Every corpus folder with InfoPlist.strings but no Info.plist is the adium emoticon set
        // (corpus item 41) or one of the 11 stale folders of the Xcode localization export in
        // stats (`en.xcloc/Source Contents/…`, its SOURCE.txt); all others hold one.
        let withoutPlist = foldersWithoutPlist.map { String($0.dropFirst(corpus.count + 1)) }.sorted()
        XCTAssertEqual(
            withoutPlist.filter {
                !$0.hasPrefix("exelban__stats/Stats/Supporting Files/Stats/en.xcloc/Source Contents/")
            },
            ["adium__adium/Resources/Emoticons/Default.AdiumEmoticonset/Resources"])
        XCTAssertEqual(withoutPlist.count, 12)
        let spelling = InfoPlistTable.spellingDiagnostics(
            paths: tables.filter { $0.contains("/mastodon__mastodon-ios/") })
        XCTAssertEqual(spelling.count, 1)
        XCTAssertTrue(spelling.first?.message.contains("infoPlist.strings (4 files") ?? false)
        for plist in plists.values.compactMap({ $0 }) { _ = InfoPlistStringsChecker.sourceValues(from: plist) }

        print(
            "InfoPlist.strings corpus: \(tables.count) tables, Info.plist found for \(found), not found for "
                + "\(notFound.count), unreadable tables \(unreadable), distinct Info.plist files \(plists.count) "
                + "(notes while reading them: \(plistNotes))"
        )
        for (kind, count) in warningsByKind.sorted(by: { $0.key < $1.key }) {
            let keys = (keysByKind[kind] ?? [:]).sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map {
                "\($0.key) \($0.value)"
            }
            print(
                "InfoPlist.strings corpus: \(count) × "
                    + "\(kind)\(keys.isEmpty ? "" : " — " + keys.joined(separator: ", "))"
            )
        }
    }

    /// A short name for a diagnostic's kind: its message without the key and paths.
    private func kind(of diagnostic: Diagnostic) -> String {
        let message = diagnostic.message
        if message.contains("is not an Info.plist key the system localizes") {
            return "\(diagnostic.severity.rawValue): not a localizable key"
        }
        if message.contains("is not in the Info.plist") {
            return "\(diagnostic.severity.rawValue): key missing from the Info.plist"
        }
        if message.hasPrefix("no Info.plist found") { return "\(diagnostic.severity.rawValue): no Info.plist" }
        return "\(diagnostic.severity.rawValue): \(message)"
    }
}
