import Foundation
import TestSupport
import XCTest

@testable import Compilation

/// `--strings-format xml` reproduces real `xcstringstool compile` output byte for byte
/// (docs/spec/compile-output.md#strings-output): every `<lang>.lproj/<Table>.strings` under `output/`, and no other
/// file.
final class CompileGoldenTests: XCTestCase {
    func testXMLOutputEqualsXcstringstoolOutput() throws {
        let fm = FileManager.default
        let goldens = try sharedFolder("goldens-compile")
        let names = try fm.contentsOfDirectory(atPath: goldens)
        var compared = 0
        for name in names.sorted() {
            let root = goldens + "/" + name
            let catalogs = files(under: root + "/input", endingIn: ".xcstrings")
            let expected = Dictionary(
                uniqueKeysWithValues: files(under: root + "/output", endingIn: ".strings").map { path in
                    (lprojRelative(path), fm.contents(atPath: path)!)
                })
            XCTAssertFalse(catalogs.isEmpty, name)
            var options = CompileOptions()
            options.stringsFormat = .xml
            options.outputDirectory = "/nonexistent-compile-golden-output"
            options.dryRun = true
            let report = CatalogCompiler.plan(catalogs, options: options)
            XCTAssertEqual(report.diagnostics, [], name)
            var produced: [String: Data] = [:]
            for file in report.files { produced[lprojRelative(file.path)] = file.data }
            XCTAssertEqual(produced.keys.sorted(), expected.keys.sorted(), "\(name): set of files")
            for (path, data) in expected.sorted(by: { $0.key < $1.key }) {
                guard let ours = produced[path] else { continue }
                XCTAssertEqual(
                    String(decoding: ours, as: UTF8.self), String(decoding: data, as: UTF8.self), "\(name) \(path)")
                XCTAssertEqual(ours, data, "\(name) \(path): bytes")
                compared += 1
            }
        }
        print("compile goldens: \(compared) files byte-identical to xcstringstool output")
        XCTAssertGreaterThanOrEqual(compared, 5)
    }

    /// `…/ja.lproj/InfoPlist.strings` -> `ja.lproj/InfoPlist.strings`.
    private func lprojRelative(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent
    }
}
