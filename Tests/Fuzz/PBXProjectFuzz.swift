// libFuzzer entry for the `project.pbxproj` reader. Built by run-fuzzers.sh together with the
// sources of StringcatSupport and XcodeProject as one module.
//
// Checks: parsing never crashes, hangs or grows memory without bound; when the input parses,
// PBXProjectWriter gives back the same bytes; the object graph, the localized tables
// (`LocalizedTables.find`, which resolves every path) and the migration's edit of those tables
// do not crash, and the edited file parses again.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func pbxprojFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let path = "/fuzz/App.xcodeproj/project.pbxproj"
    let document: PBXDocument
    do {
        document = try PBXProjectReader.parse(bytes, path: path)
    } catch {
        _ = error.description
        return 0
    }
    if PBXProjectWriter.bytes(document) != bytes {
        fatalError("parse then write changed the bytes")
    }
    let graph = ProjectGraph(document: document)
    for diagnostic in graph.diagnostics { _ = diagnostic.description }
    let localization = LocalizedTables.find(in: graph, projectFolder: "/fuzz")
    for diagnostic in localization.diagnostics { _ = diagnostic.description }
    guard !localization.tables.isEmpty else { return 0 }
    let edit: ProjectEdit
    do {
        edit = try MigrationEdit.apply(localization.tables, to: graph, projectFolder: "/fuzz")
    } catch {
        _ = error.description
        return 0
    }
    do {
        _ = try PBXProjectReader.parse(edit.bytes, path: path)
    } catch {
        fatalError("the edited project does not parse: \(error.description)")
    }
    return 0
}
