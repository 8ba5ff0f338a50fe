import Foundation
import StringCatalog
import StringcatSupport
import TestSupport
import XCTest

@testable import Compilation

/// Issue 40, item 3: every command that writes cleans what a killed run left before it stages
/// its files. A compile killed between keeping a file's previous version aside and renaming the
/// new one in left the file with two links, and every later compile stopped at "has 2 hard links".
final class KilledCompileTests: XCTestCase {
    func testWhatAKilledCompileLeftIsCleanedAndTheCompileFinishes() throws {
        let tree = try TestTree()
        let catalog = try tree.write(
            "Localizable.xcstrings",
            "{\"sourceLanguage\":\"en\",\"strings\":{\"a\":{\"localizations\":{\"de\":{\"stringUnit\":{\"state\":"
                + "\"translated\",\"value\":\"A-de\"}}}}},\"version\":\"1.0\"}")
        try tree.write("de.lproj/Localizable.strings", "\"a\" = \"old\";\n")
        // A run killed (pid 2147483646 is no process) after the link, before the rename.
        XCTAssertEqual(
            link(
                tree.path("de.lproj/Localizable.strings"),
                tree.path("de.lproj/.Localizable.strings.stringcat-2147483646-1.old")), 0)
        try tree.write("de.lproj/.Localizable.strings.stringcat-2147483646-2.tmp", "\"a\" = \"hal")
        var options = CompileOptions()
        options.force = true
        let report = CatalogCompiler.run([catalog], options: options)
        XCTAssertEqual(report.diagnostics.filter(\.isError), [])
        XCTAssertTrue(report.written)
        XCTAssertEqual(tree.allFiles(), ["Localizable.xcstrings", "de.lproj/Localizable.strings"])
        XCTAssertTrue(
            try String(contentsOfFile: tree.path("de.lproj/Localizable.strings"), encoding: .utf8).contains("A-de"))
    }

    /// The error for a file with other links names a previous version a stringcat run left,
    /// when it is one of them (a run whose process id another process now has): the user can
    /// delete it.
    func testAHardLinkedFileNamesThePreviousVersionARunLeftAmongItsLinks() throws {
        let tree = try TestTree()
        let file = try tree.write("de.lproj/Localizable.strings", "\"a\" = \"old\";\n")
        // This process is alive: its file is not cleaned, and is named.
        let aside = tree.path("de.lproj/.Localizable.strings.stringcat-\(getpid())-1.old")
        XCTAssertEqual(link(file, aside), 0)
        let error = AtomicFile.WriteError.hardLinked(file, 2)
        XCTAssertEqual(
            error.description,
            "\(file) has 2 hard links; one of them is \(aside), the previous version a stringcat run set aside and did "
                + "not remove: delete it if no stringcat run is going on: replacing it would leave the other names "
                + "with the old bytes, and writing it in place would change every one of them; not written (copy it "
                + "to a file of its own, or remove the other links, and run again)")
    }
}
