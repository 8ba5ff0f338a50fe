import Foundation
import TestSupport
import XCTest

@testable import Compilation

/// Catalogs of 4,096 entries or more compile in runs of keys on every core; joined in key order,
/// the files and diagnostics are those of one run over all keys.
final class ParallelCompileTests: XCTestCase {
    private func plan(_ catalogs: [String], parallel: Bool, format: StringsOutputFormat) -> [String] {
        var options = CompileOptions()
        options.split = parallel ? .always : .never
        options.outputDirectory = "/nonexistent-parallel-compile-output"
        options.dryRun = true
        options.stringsFormat = format
        let report = CatalogCompiler.plan(catalogs, options: options)
        return report.diagnostics.map(\.description)
            + report.files.map { "\($0.path) \($0.entryCount)\n" + String(decoding: $0.data, as: UTF8.self) }
    }

    func testEveryCatalogInSharedCompilesTheSameInRuns() throws {
        let shared = try sharedFolder()
        let catalogs = TestSupport.files(under: shared, endingIn: ".xcstrings")
        XCTAssertGreaterThan(catalogs.count, 10)
        var files = 0
        for catalog in catalogs.sorted() {
            for format in [StringsOutputFormat.text, .xml] {
                let whole = plan([catalog], parallel: false, format: format)
                XCTAssertEqual(plan([catalog], parallel: true, format: format), whole, catalog)
                files += whole.count
            }
        }
        XCTAssertGreaterThan(files, 100)
    }
}
