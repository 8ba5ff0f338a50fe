import Foundation
import StringcatSupport
import TestSupport
import XCTest
import XLIFF
import XclocExport
import XclocImport

/// The goldens of `../shared/goldens-xliff` in-process (the same comparison as
/// `tools/xliff_check.py`): every `<file>` block of every Xcode export byte for byte, and every
/// catalog entry after Xcode's imports.
final class GoldenExchangeTests: XCTestCase {
    func goldens(_ kind: String) throws -> [String] {
        let root = try sharedFolder("goldens-xliff")
        var found: [String] = []
        for repository in try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        where !repository.hasPrefix(".") {
            let folder = root + "/" + repository
            for golden in (try? FileManager.default.contentsOfDirectory(atPath: folder))?.sorted() ?? []
            where FileManager.default.fileExists(atPath: "\(folder)/\(golden)/\(kind)") {
                found.append("\(folder)/\(golden)")
            }
        }
        return found
    }

    /// Every file under `folder`, relative, sorted.
    func files(_ folder: String) -> [String] {
        (FileManager.default.subpaths(atPath: folder) ?? []).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    func copy(_ from: String, into to: String) throws {
        for relative in files(from) {
            let target = to + "/" + relative
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: from + "/" + relative, toPath: target)
        }
    }

    /// The `<file>` blocks of an XLIFF, by original.
    func blocks(_ text: String) -> [String: Substring] {
        var result: [String: Substring] = [:]
        var rest = text[...]
        while let start = rest.range(of: "<file original=\""),
            let end = rest.range(of: "</file>", range: start.upperBound..<rest.endIndex)
        {
            let original = rest[start.upperBound...].prefix { $0 != "\"" }.replacingOccurrences(of: "&amp;", with: "&")
            result[original] = rest[start.lowerBound..<end.upperBound]
            rest = rest[end.upperBound...]
        }
        return result
    }

    func directives(_ golden: String, _ prefix: String) throws -> [String] {
        try String(contentsOfFile: golden + "/SOURCE.txt", encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix(prefix) }.map {
                String($0.dropFirst(prefix.count).components(separatedBy: " -- ")[0])
            }
    }

    func testEveryFileBlockOfXcodesExportsIsWrittenByteForByte() throws {
        var compared = 0
        for golden in try goldens("export") {
            let work = try TestTree()
            try copy(golden + "/catalogs", into: work.path("project"))
            if FileManager.default.fileExists(atPath: golden + "/context") {
                try copy(golden + "/context", into: work.path("project"))
            }
            let skipped = Set(try directives(golden, "SKIP-FILE "))
            let xliffs = files(golden + "/export").filter { $0.hasSuffix(".xliff") }
            let first = try String(contentsOfFile: golden + "/export/" + xliffs[0], encoding: .utf8)
            let version = first.components(separatedBy: "tool-version=\"")[1].prefix { $0 != "\"" }
            let build = first.components(separatedBy: "build-num=\"")[1].prefix { $0 != "\"" }
            let options = ExportOptions(
                outputDirectory: work.path("out"), tool: XLIFFTool(version: String(version), build: String(build)))
            let report = ProjectExporter.export(work.path("project"), options: options)
            XCTAssertFalse(report.hasErrors, "\(golden): \(report.diagnostics.filter(\.isError))")
            for relative in xliffs {
                let language = ((relative as NSString).lastPathComponent as NSString).deletingPathExtension
                let xcode = blocks(try String(contentsOfFile: golden + "/export/" + relative, encoding: .utf8))
                let ours = blocks(
                    (try? String(
                        contentsOfFile: work.path("out/\(language).xcloc/Localized Contents/\(language).xliff"),
                        encoding: .utf8)) ?? "")
                for (original, block) in xcode where !skipped.contains(original) {
                    XCTAssertEqual(ours[original], block, "\(golden) \(language): \(original)")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 600)
    }

    func testEveryEntryOfXcodesImportsIsImportedTheSame() throws {
        var compared = 0
        for golden in try goldens("after") {
            let work = try TestTree()
            try copy(golden + "/before", into: work.path("project"))
            let ignored = Set(try directives(golden, "IGNORE-ENTRY "))
            let inputs = try FileManager.default.contentsOfDirectory(atPath: golden + "/xliff").sorted().filter {
                $0.hasSuffix(".xcloc") || $0.hasSuffix(".xliff")
            }
            for input in inputs {
                let report = ProjectImporter.run(
                    [golden + "/xliff/" + input], options: ImportOptions(projectPath: work.path("project")))
                XCTAssertFalse(report.hasErrors, "\(golden) \(input): \(report.diagnostics.filter(\.isError))")
            }
            for relative in files(golden + "/after") where relative.hasSuffix(".xcstrings") {
                let xcode =
                    try JSONSerialization.jsonObject(
                        with: Data(contentsOf: URL(fileURLWithPath: golden + "/after/" + relative))) as! [String: Any]
                let ours =
                    try JSONSerialization.jsonObject(
                        with: Data(contentsOf: URL(fileURLWithPath: work.path("project/" + relative))))
                    as! [String: Any]
                let xcodeStrings = xcode["strings"] as! [String: Any], ourStrings = ours["strings"] as! [String: Any]
                for key in Set(xcodeStrings.keys).union(ourStrings.keys) {
                    let entry = xcodeStrings[key]
                    let quoted = try String(
                        decoding: JSONSerialization.data(withJSONObject: [relative, key]), as: UTF8.self
                    )
                    .replacingOccurrences(of: "\\/", with: "/").replacingOccurrences(of: "\",\"", with: "\", \"")
                    if ignored.contains(quoted) { continue }
                    XCTAssertEqual(entry as? NSDictionary, ourStrings[key] as? NSDictionary, "\(relative) \(key)")
                    XCTAssertNotNil(entry, "\(relative): ours has \(key), Xcode's does not")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 150)
    }
}
