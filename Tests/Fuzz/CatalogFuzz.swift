// libFuzzer entry for the `.xcstrings` reader and writer. Built by run-fuzzers.sh together with
// the sources of StringcatSupport and StringCatalog as one module.
//
// Checks: parsing never crashes, hangs or grows memory without bound; and when the input parses,
// CatalogWriter's bytes parse again to an equal catalog, and writing that gives the same bytes.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func catalogFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let catalog: StringCatalog
    do {
        catalog = try CatalogReader.parse(bytes, path: "Fuzz.xcstrings")
    } catch {
        _ = error.description
        return 0
    }
    let written = CatalogWriter.data(for: catalog)
    let reread: StringCatalog
    do {
        reread = try CatalogReader.parse(written, path: "Fuzz.xcstrings")
    } catch {
        fatalError("written catalog does not parse again: \(error.description)\n\(String(decoding: written, as: UTF8.self))")
    }
    if reread != catalog {
        fatalError("round trip changed the catalog:\n\(catalog)\n->\n\(reread)")
    }
    if CatalogWriter.data(for: reread) != written {
        fatalError("writing is not stable")
    }
    return 0
}
