// libFuzzer entry for the `.xcstrings` reader and writer. Built by run-fuzzers.sh together with
// the sources of StringcatSupport and StringCatalog as one module.
//
// Checks: parsing never crashes, hangs or grows memory without bound; and when the input parses,
// CatalogWriter's bytes parse again to the same catalog, and writing that gives the same bytes.
// "The same" counts numbers by value: `1E2` is read as a Double and written `100` (as
// JSONSerialization writes it), which reads back as an Int.
import Foundation

/// The catalog as JSON with every number a Double, so `100` and `1E2` compare equal.
func numbersByValue(_ value: JSONValue) -> JSONValue {
    switch value {
    case .int(let int): return .double(Double(int))
    case .array(let elements): return .array(elements.map(numbersByValue))
    case .object(let members): return .object(members.mapValues(numbersByValue))
    default: return value
    }
}

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
        fatalError(
            "written catalog does not parse again: \(error.description)\n\(String(decoding: written, as: UTF8.self))")
    }
    if numbersByValue(CatalogJSON.value(of: reread)) != numbersByValue(CatalogJSON.value(of: catalog)) {
        fatalError("round trip changed the catalog:\n\(catalog)\n->\n\(reread)")
    }
    if CatalogWriter.data(for: reread) != written {
        fatalError("writing is not stable")
    }
    return 0
}
