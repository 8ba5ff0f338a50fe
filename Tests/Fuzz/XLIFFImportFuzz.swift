// libFuzzer entry for the XLIFF reader and the import (issue 40). Built by run-fuzzers.sh together
// with the sources of StringcatSupport, Languages, StringsFile, StringsDict, StringCatalog,
// XcodeProject, XcodeRules, LegacyTables, Compilation, XLIFF, Xcloc and XclocImport as one module.
//
// The input is an XLIFF document, as a translator sends it back. Checks:
// - the reader never crashes, and reading it through a window of a few bytes (so that every
//   token, text, comment and CDATA section is cut at every place) gives the same files and units
//   as reading it whole, or an error too (the same, or one found earlier: a long CDATA section
//   before `<xliff>` is text before it, known before its end is); every error of the XML has a
//   line and a column;
// - the import of it into a catalog of every shape (plain values, plurals, a substitution,
//   devices, a string set, a key without values), in memory, never crashes; when it reports no
//   error, the catalog it leaves writes and reads back equal, keeps its keys, has only language
//   tags for languages, and still compiles every key in every language it compiled before
//   (a value the import replaced with one `compile` cannot build is a translation lost, item 8).
import Foundation

func unit(_ value: String) -> String { "{\"stringUnit\":{\"state\":\"translated\",\"value\":\"\(value)\"}}" }

let catalogText =
    "{\"sourceLanguage\":\"en\",\"strings\":{"
    + "\"button.save\":{\"localizations\":{\"en\":\(unit("Save")),\"de\":\(unit("Sichern")),\"zh-Hans\":\(unit("保存"))}},"
    + "\"%lld days\":{\"localizations\":{\"en\":{\"variations\":{\"plural\":{\"one\":\(unit("%lld day")),\"other\":"
    + "\(unit("%lld days"))}}},\"de\":{\"variations\":{\"plural\":{\"one\":\(unit("%lld Tag")),\"other\":"
    + "\(unit("%lld Tage"))}}}}},"
    + "\"%lld files\":{\"localizations\":{\"en\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"%#@n@\"},"
    + "\"substitutions\":{\"n\":{\"argNum\":1,\"formatSpecifier\":\"lld\",\"variations\":{\"plural\":{\"one\":"
    + "\(unit("%arg file")),\"other\":\(unit("%arg files"))}}}}}}},"
    + "\"Blur\":{\"localizations\":{\"en\":{\"variations\":{\"device\":{\"mac\":\(unit("Blur")),\"other\":"
    + "\(unit("Blur!"))}}}}},"
    + "\"phrases\":{\"localizations\":{\"en\":{\"stringSet\":{\"state\":\"translated\",\"values\":[\"a\",\"b\"]}}}},"
    + "\"Quit\":{}"
    + "},\"version\":\"1.0\"}"
let catalogPath = "/fuzz/App/Localizable.xcstrings"
let original: StringCatalog = {
    do {
        return try CatalogReader.parse(bytes: Array(catalogText.utf8), path: catalogPath)
    } catch {
        fatalError("the fuzz target's catalog does not parse: \(error)")
    }
}()
/// Every key each language compiled to before any import.
let compiledBefore = compiledKeys(original)

func compiledKeys(_ catalog: StringCatalog) -> [String: Set<String>] {
    var keys: [String: Set<String>] = [:]
    for language in CatalogCompiler.compile(catalog, tableName: "Localizable").languages {
        keys[language.language] = Set(language.strings.map(\.key)).union(language.stringsDict.map(\.key))
    }
    return keys
}

/// The files a read hands out, or its error, in terms two reads can be compared in.
func readAll(_ bytes: [UInt8], chunkSize: Int) -> (files: [XLIFFFile], error: String?) {
    var files: [XLIFFFile] = []
    do {
        try XLIFFReader.read(XMLBytes(bytes), path: "fuzz.xliff", chunkSize: chunkSize) { event throws(Diagnostic) in
            switch event {
            case .file(let header): files.append(XLIFFFile(header: header, units: []))
            case .unit(let unit): files[files.count - 1].units.append(unit)
            case .endOfFile: break
            }
        }
        return (files, nil)
    } catch {
        guard error.location.line != nil, error.location.column != nil else {
            fatalError("an error without a line and a column: \(error.description)")
        }
        return (files, error.description)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func xliffImportFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = readAll(bytes, chunkSize: 1 << 20)
    let small = 1 + Int(bytes.first ?? 0) % 7
    let parts = readAll(bytes, chunkSize: small)
    guard (parts.error == nil) == (whole.error == nil), parts.error != nil || parts.files == whole.files else {
        fatalError(
            "read through a window of \(small) bytes: \(parts.error ?? "\(parts.files.count) files"); whole: "
                + "\(whole.error ?? "\(whole.files.count) files")")
    }

    var targets: [String: ExportedFile] = [:]
    targets["App/Localizable.xcstrings"] = ExportedFile(
        original: "App/Localizable.xcstrings", kind: .catalog(catalogPath))
    targets["App/en.lproj/Legacy.strings"] = ExportedFile(
        original: "App/en.lproj/Legacy.strings", kind: .legacyTable(0))
    var state = ImportState(
        targets: targets, legacy: [], catalogs: [catalogPath: LoadedCatalog(bytes: [], catalog: original)])
    var report = ImportReport(projectRoot: "/fuzz")
    state.importFile(XMLBytes(bytes), path: "fuzz.xliff", into: &report)
    for diagnostic in report.diagnostics { _ = diagnostic.description }
    guard !report.hasErrors, let imported = state.catalogs[catalogPath]?.catalog else { return 0 }
    guard Set(imported.strings.keys) == Set(original.strings.keys) else {
        fatalError("the import added or removed keys: \(imported.strings.keys.sorted())")
    }
    for entry in imported.strings.values {
        for language in entry.localizations.keys where LanguageTag(language) == nil {
            fatalError("the import wrote the language \(language), which is no language tag")
        }
    }
    let written = CatalogWriter.bytes(for: imported)
    do {
        let again = try CatalogReader.parse(bytes: written, path: catalogPath)
        guard again == imported else { fatalError("the imported catalog does not read back equal") }
    } catch {
        fatalError("the imported catalog does not read back: \(error.description)")
    }
    let after = compiledKeys(imported)
    for (language, keys) in compiledBefore {
        let lost = keys.subtracting(after[language] ?? [])
        guard lost.isEmpty else {
            fatalError("after the import, compile leaves \(lost.sorted()) out of \(language)")
        }
    }
    return 0
}
