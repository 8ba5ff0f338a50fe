import Languages
import StringcatSupport
import StringsFile
import XLIFF
import Xcloc

/// A legacy `.strings` table as one `<file>` element (docs/spec/xliff.md §2.1, and the choices
/// docs/spec/xliff.md records where the goldens are silent).
///
/// Its `original` is the source language's file (`X/en.lproj/Localizable.strings`); its units are
/// that file's keys, with the comment before each key as the note, in the catalog units' order.
/// In the source language, and in a language with a file of the table, each unit whose key the
/// file has gets a `<target>` with no `state`, and the attributes come in the catalog order; in a
/// language with no file, no unit has a target and `datatype` comes second (geteduroam@137d7170).
public enum LegacyExporter {
    /// The table's files, read once for every language.
    public struct Table: Sendable {
        public var original: String
        public var sourceLanguage: String
        /// The source language's entries: the last value of each key, and its comment.
        public var source: [String: (value: String, comment: String?)]
        /// Each language's file, as key -> value (the last value of each key, as Apple reads them).
        public var languages: [String: [String: String]]
    }

    /// Reads the table's files; nil (with the errors) when the source language's file, or any
    /// other, does not parse.
    public static func read(_ table: ExchangeLegacyTable, original: String) -> (
        table: Table?, diagnostics: [Diagnostic]
    ) {
        var diagnostics: [Diagnostic] = []
        var languages: [String: [String: String]] = [:]
        var source: [String: (value: String, comment: String?)] = [:]
        let probe = FileProbe()
        for file in table.files {
            // Through the probe, as migrate and verify read them: a file that cannot be read is
            // an error naming the errno, never "no such file".
            let bytes: [UInt8]
            do throws(FileProbe.Failure) {
                guard let read = try probe.bytes(file.path) else {
                    diagnostics.append(.error(UnreachableFile.reason(file.path), at: .file(file.path)))
                    continue
                }
                bytes = read
            } catch {
                diagnostics.append(error.diagnostic)
                continue
            }
            let result = StringsFileReader.parse(bytes, path: file.path)
            diagnostics += result.diagnostics.filter { $0.severity == .error }
            guard let parsed = result.file else { continue }
            var values: [String: String] = [:]
            for entry in parsed.entries { values[entry.key] = entry.value }
            languages[file.language] = values
            if file.language == table.sourceLanguage {
                for entry in parsed.entries { source[entry.key] = (entry.value, entry.comment) }
            }
        }
        guard !diagnostics.containsError else { return (nil, diagnostics) }
        return (
            Table(original: original, sourceLanguage: table.sourceLanguage, source: source, languages: languages),
            diagnostics
        )
    }

    /// The `<file>` of `table` for `language`, with the values XML cannot hold left out and listed.
    public static func file(_ table: Table, language: String, tool: XLIFFTool) -> (
        file: XLIFFFile, unexportable: [UnexportableValue]
    ) {
        let translation = table.values(in: language)
        var units: [XLIFFUnit] = []
        var unexportable: [UnexportableValue] = []
        for (key, entry) in table.source {
            let target = translation?[key].map { XLIFFTarget(text: .plain($0), state: nil) }
            let unit = XLIFFUnit(id: key, source: .plain(entry.value), target: target, note: entry.comment)
            if let checked = CatalogExporter.check(unit, key: key, file: table.original, into: &unexportable) {
                units.append(checked)
            }
        }
        let header = XLIFFFileHeader(
            original: table.original, sourceLanguage: table.sourceLanguage, targetLanguage: language,
            datatype: "plaintext", attributeOrder: translation == nil ? .datatypeFirst : .languagesFirst, tool: tool)
        return (XLIFFFile(header: header, units: UnitOrder.sorted(units, by: \.id)), unexportable)
    }
}

extension LegacyExporter.Table {
    /// The values of `language` in any spelling of it (`de-DE` reads `de_DE.lproj`'s file).
    public func values(in language: String) -> [String: String]? {
        if let values = languages[language] { return values }
        guard let tag = LanguageTag(language) else { return nil }
        return languages.first { LanguageTag($0.key) == tag }?.value
    }
}
