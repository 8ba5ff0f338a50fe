// libFuzzer entry for catalogs with hostile language codes (issue 33, item 1). Built by
// run-fuzzers.sh together with the sources of StringcatSupport, Languages and StringCatalog as one
// module.
//
// The input is a localization key and a source language (split at the first 0xFF byte), put in a
// catalog as JSON strings; and the input itself, read as a catalog. Checks:
// - the reader accepts the catalog exactly when both codes are language tags (`LanguageTag`);
//   it refuses it with a line and a column otherwise, and never crashes;
// - every code of any catalog the reader accepts is a tag, made only of ASCII letters, digits,
//   `-` and `_`, and `ROOT/<code>.lproj/X.strings` is inside ROOT, as written and for
//   `WriteTarget`, the one function that accepts a destination.
import Foundation

let root = NSTemporaryDirectory() + "hostile-codes-root"
let madeRoot: Bool = {
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    return true
}()

func quoted(_ text: String) -> String {
    var writer = JSONTextWriter()
    writer.string(text)
    return String(decoding: writer.bytes, as: UTF8.self)
}

/// Fails the run unless `code`, accepted by the reader, is safe as a path component.
func checkAccepted(_ code: String) {
    guard LanguageTag(code) != nil else { fatalError("the reader accepted \(quoted(code)), which is no language tag") }
    guard !code.isEmpty,
        code.utf8.allSatisfy({ byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F
        })
    else { fatalError("accepted code \(quoted(code)) holds a character a path must not get from it") }
    let path = root + "/" + code + ".lproj/Localizable.strings"
    guard PhysicalPath.isInside(PhysicalPath.absolute(path), root) else { fatalError("\(path) leaves \(root)") }
    do {
        let target = try WriteTarget.resolve(path, root: root)
        guard target.hasPrefix(PhysicalPath.resolveExistingPart(root) + "/") else {
            fatalError("\(path) lands at \(target)")
        }
    } catch {
        fatalError("WriteTarget refused \(path): \(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func hostileCodesFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = madeRoot
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.firstIndex(of: 0xFF) ?? bytes.count
    let key = String(decoding: bytes[..<split], as: UTF8.self)
    let source = split < bytes.count ? String(decoding: bytes[(split + 1)...], as: UTF8.self) : "en"
    let text =
        "{\n  \"sourceLanguage\" : \(quoted(source)),\n  \"strings\" : {\n    \"k\" : {\n"
        + "      \"localizations\" : {\n"
        + "        \(quoted(key)) : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n"
        + "            \"value\" : \"v\"\n          }\n        }\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
    let valid = LanguageTag(key) != nil && LanguageTag(source) != nil
    do {
        let catalog = try CatalogReader.parse(bytes: Array(text.utf8), path: "Codes.xcstrings")
        guard valid else { fatalError("accepted key \(quoted(key)) with source \(quoted(source))") }
        guard catalog.strings["k"]?.localizations.keys.first == key, catalog.sourceLanguage == source else {
            fatalError("read back other codes than \(quoted(key)), \(quoted(source))")
        }
        checkAccepted(key)
        checkAccepted(source)
    } catch {
        guard !valid else { fatalError("refused the tags \(quoted(key)), \(quoted(source)): \(error.description)") }
        guard error.location.line != nil, error.location.column != nil,
            error.message.contains("not a language code")
        else {
            fatalError("refused without a line, a column or the reason: \(error.description)")
        }
    }
    // The input itself as a catalog: whatever the reader accepts has only tags for codes.
    if let catalog = try? CatalogReader.parse(bytes: bytes, path: "Raw.xcstrings") {
        checkAccepted(catalog.sourceLanguage)
        for entry in catalog.strings.values {
            for code in entry.localizations.keys { checkAccepted(code) }
        }
    }
    return 0
}
