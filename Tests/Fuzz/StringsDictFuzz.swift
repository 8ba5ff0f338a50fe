// libFuzzer entry for the `.stringsdict` reader. Built by run-fuzzers.sh together with the
// sources of StringcatSupport and StringsDict as one module.
//
// Checks: parsing (with and without a language, so the plural-category checks run) never crashes,
// hangs or grows memory without bound; the public reading (one pass over the bytes, or the file
// handed to PropertyListSerialization) is the route through PropertyListSerialization's, entries
// and diagnostics; and when the input parses, what StringsDictWriter writes reads back to the same
// entries.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func stringsDictFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    // The first byte picks the language so the per-language plural checks are explored too.
    let languages: [String?] = [nil, "en", "ru", "ar", "ja", "pt-BR", "cy", "zz"]
    let language = languages[Int(size > 0 ? data[0] : 0) % languages.count]
    let result = StringsDictReader.parse(bytes, path: "Fuzz.stringsdict", language: language)
    for diagnostic in result.diagnostics { _ = diagnostic.description }
    let foundation = StringsDictReader.parseWithFoundation(bytes, path: "Fuzz.stringsdict", language: language)
    if foundation.file != result.file || foundation.diagnostics != result.diagnostics {
        fatalError(
            "public and Foundation's routes differ: \(result.file?.entries ?? []) \(result.diagnostics) vs "
                + "\(foundation.file?.entries ?? []) \(foundation.diagnostics)"
        )
    }
    guard let file = result.file else { return 0 }
    let written = StringsDictWriter.data(file.entries)
    let again = StringsDictReader.parse(written, path: "Fuzz.stringsdict", language: language)
    guard let reread = again.file else {
        fatalError("written entries do not parse again: \(again.diagnostics.map(\.description))")
    }
    let before = file.entries.map { StringsDictEntry(key: $0.key, rule: $0.rule) }
    let after = reread.entries.map { StringsDictEntry(key: $0.key, rule: $0.rule) }
    if before != after {
        fatalError("round trip changed entries: \(before) -> \(after)")
    }
    return 0
}
