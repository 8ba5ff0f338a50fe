// libFuzzer entry for the `.strings` reader. Built by run-fuzzers.sh together with the sources of
// StringcatSupport and StringsFile as one module (so there is no `import StringsFile` here).
//
// Checks: parsing never crashes, hangs or grows memory without bound (libFuzzer's -timeout and
// -rss_limit_mb); and when the input parses, what StringsFileWriter writes for its entries reads
// back to the same keys and values in the same order. Xcode's reading (`.xcodeMigration`, which
// reads entries Apple's reader rejects from their line) never crashes either, gives the same
// entries wherever Apple's reading accepts the input, and its entries round trip too.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func stringsFileFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = StringsFileReader.parse(bytes, path: "Fuzz.strings")
    // Every diagnostic must render (its location and text are computed lazily in places).
    for diagnostic in result.diagnostics { _ = diagnostic.description }
    let xcode = StringsFileReader.parse(bytes, path: "Fuzz.strings", reading: .xcodeMigration)
    for diagnostic in xcode.diagnostics { _ = diagnostic.description }
    if let file = result.file, xcode.file?.entries != file.entries {
        fatalError(
            "Xcode's reading differs where Apple's accepts the input: \(file.entries) -> "
                + "\(String(describing: xcode.file?.entries))"
        )
    }
    guard let file = result.file ?? xcode.file else { return 0 }
    let written = [UInt8](StringsFileWriter.data(file.entries))
    let again = StringsFileReader.parse(written, path: "Fuzz.strings")
    guard let reread = again.file else {
        fatalError("written entries do not parse again: \(again.diagnostics.map(\.description))")
    }
    let before = file.entries.map { [$0.key, $0.value] }
    let after = reread.entries.map { [$0.key, $0.value] }
    if before != after {
        fatalError("round trip changed entries: \(before) -> \(after)")
    }
    return 0
}
