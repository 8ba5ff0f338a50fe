import Languages
import StringCatalog
import StringcatSupport
import StringsFile
import XLIFF

/// The independent proof that an export holds every value of its catalogs for its language.
///
/// It shares no code with the exporter (this module never imports `XclocExport`, `XclocImport`
/// or `Xcloc`; `ExportProofTests` checks it): it walks each catalog's values itself,
/// writes each one's expected unit id and target as docs/spec/xliff.md says Xcode writes them,
/// reads the exported XLIFF with the XLIFF reader, and compares leaf by leaf: id, target text,
/// state, note and `translate="no"`. A value XML cannot hold (U+0018) is counted apart: no
/// export can carry it, and the exporter reported it.
public enum ExportProof {
    /// What the proof found for one language.
    public struct Result: Sendable, Equatable {
        /// Values compared, and values XML cannot hold (not looked for).
        public var checked = 0
        public var notXML = 0
        /// One line per value missing or different (the first few; `failures` counts them all).
        public var problems: [String] = []
        public var failures = 0

        public var holds: Bool { failures == 0 }
    }

    /// How many failures are described one by one.
    static let describedFailures = 20

    /// Checks the XLIFF `xliff` (the export of `language`) against `catalogs`: each catalog's
    /// `original` and model. Throws when the XLIFF cannot be read at all.
    public static func check(
        _ xliff: [UInt8], path: String, language: String,
        catalogs: [(original: String, catalog: StringCatalog)]
    ) throws(Diagnostic) -> Result {
        check(try XLIFFReader.files(xliff, path: path), language: language, catalogs: catalogs)
    }

    /// A legacy `.strings` table exported: its `original`, source language, and file per language
    /// (as the project spells each), which the proof reads itself.
    public struct LegacyTable: Sendable {
        public var original: String
        public var sourceLanguage: String
        public var files: [(language: String, path: String)]

        public init(original: String, sourceLanguage: String, files: [(language: String, path: String)]) {
            self.original = original
            self.sourceLanguage = sourceLanguage
            self.files = files
        }
    }

    /// `check` on an XLIFF already read. `language` is matched in any spelling of it: the values
    /// of a catalog's `de_DE` or of `de_DE.lproj` must be in the export of `de-DE`.
    public static func check(
        _ files: [XLIFFFile], language: String, catalogs: [(original: String, catalog: StringCatalog)],
        legacyTables: [LegacyTable] = []
    ) -> Result {
        var units: [String: [String: XLIFFUnit]] = [:]
        for file in files {
            var byID = units[file.header.original] ?? [:]
            for unit in file.units { byID[unit.id] = unit }
            units[file.header.original] = byID
        }
        var result = Result()
        for table in legacyTables { check(table, units: units, language: language, into: &result) }
        for (original, catalog) in catalogs where !catalog.strings.isEmpty {
            let fileUnits = units[original]
            if fileUnits == nil {
                fail(&result, "\(original): no <file> for this catalog in the \(language) export")
                continue
            }
            let spelled = spelling(of: language, in: catalog)
            for (key, entry) in catalog.strings {
                let localization = entry.localizations[spelled]
                let expectedNote = (entry.comment?.isEmpty ?? true) ? nil : entry.comment
                for value in values(of: localization, key: key) {
                    if !xmlCanHold(value.text) || !xmlCanHold(key) || !xmlCanHold(entry.comment ?? "") {
                        result.notXML += 1
                        continue
                    }
                    result.checked += 1
                    guard let unit = fileUnits?[value.id] else {
                        fail(
                            &result, "\(original): \(language) value of \(describe(value.id)) has no unit in the export"
                        )
                        continue
                    }
                    guard let target = unit.target else {
                        fail(
                            &result,
                            "\(original): unit \(describe(value.id)) has no <target>, the catalog has "
                                + "\(describe(value.text))"
                        )
                        continue
                    }
                    if target.text != value.expectedText {
                        fail(
                            &result,
                            "\(original): unit \(describe(value.id)) has the target \(describe(target.text)), the "
                                + "catalog \(describe(value.text))"
                        )
                    } else if target.state != value.expectedState {
                        fail(
                            &result,
                            "\(original): unit \(describe(value.id)) is in state \(target.state ?? "none"), the "
                                + "catalog's value is \(value.state)"
                        )
                    } else if unit.note != expectedNote {
                        fail(
                            &result,
                            "\(original): unit \(describe(value.id)) has the note \(describe(unit.note ?? "")), the "
                                + "key's comment is \(describe(entry.comment ?? ""))"
                        )
                    } else if unit.translate != (entry.shouldTranslate != false) {
                        fail(
                            &result,
                            "\(original): unit \(describe(value.id)) says translate=\(unit.translate ? "yes" : "no"), "
                                + "the key's shouldTranslate is \(entry.shouldTranslate.map(String.init) ?? "absent")"
                        )
                    }
                }
            }
        }
        return result
    }

    /// `language` as `catalog` spells it: itself when a key holds it so (nearly always the first
    /// key looked at), else the first of its codes that is the same language.
    static func spelling(of language: String, in catalog: StringCatalog) -> String {
        guard language != catalog.sourceLanguage else { return language }
        let tag = LanguageTag(language)
        if let tag, LanguageTag(catalog.sourceLanguage) == tag { return catalog.sourceLanguage }
        var seen: Set<String> = []
        for entry in catalog.strings.values {
            if entry.localizations[language] != nil { return language }
            for code in entry.localizations.keys where seen.insert(code).inserted {
                if let tag, LanguageTag(code) == tag { return code }
            }
        }
        return language
    }

    /// Every key of the table's source file has its unit, with the value of the language's file
    /// (the last of a key, as the system reads a table) as its target, or none when the file has
    /// no value for it. Read here with the `.strings` reader, not with the exporter's reading.
    private static func check(
        _ table: LegacyTable, units: [String: [String: XLIFFUnit]], language: String, into result: inout Result
    ) {
        let tag = LanguageTag(language)
        func entries(_ code: String, tag: LanguageTag?) -> [StringsEntry]? {
            guard
                let file = table.files.first(where: { $0.language == code })
                    ?? table.files.first(where: { tag != nil && LanguageTag($0.language) == tag })
            else { return nil }
            return StringsFileReader.read(path: file.path).file?.entries
        }
        guard let source = entries(table.sourceLanguage, tag: nil), !source.isEmpty else { return }
        var sourceText: [String: (value: String, comment: String?)] = [:]
        for entry in source { sourceText[entry.key] = (entry.value, entry.comment) }
        let isSource = tag != nil && LanguageTag(table.sourceLanguage) == tag
        let translated = isSource ? source : entries(language, tag: tag)
        var targets: [String: String] = [:]
        for entry in translated ?? [] { targets[entry.key] = entry.value }
        guard let fileUnits = units[table.original] else {
            fail(&result, "\(table.original): no <file> for this table in the \(language) export")
            return
        }
        var keys: Set<String> = []
        for entry in source where keys.insert(entry.key).inserted {
            let key = entry.key
            let target = targets[key]
            let held = sourceText[key]
            if !xmlCanHold(key) || !xmlCanHold(target ?? "") || !xmlCanHold(held?.value ?? "")
                || !xmlCanHold(held?.comment ?? "")
            {
                result.notXML += 1
                continue
            }
            // Counted when there is a value to compare; a key without one must have no target.
            if target != nil { result.checked += 1 }
            guard let unit = fileUnits[key] else {
                fail(&result, "\(table.original): key \(describe(key)) has no unit in the \(language) export")
                continue
            }
            let exported: String? =
                switch unit.target?.text {
                case .plain(let text)?: text
                case .set(let texts)?: texts.joined(separator: "\n")
                case nil: nil
                }
            if exported != target {
                fail(
                    &result,
                    "\(table.original): unit \(describe(key)) has the target \(describe(exported ?? "(none)")), the "
                        + "\(language) file \(describe(target ?? "(none)"))")
            }
        }
    }

    private static func fail(_ result: inout Result, _ problem: String) {
        result.failures += 1
        if result.problems.count < describedFailures { result.problems.append(problem) }
    }

    /// One value of a localization: its unit id, its text and state, and the target the XLIFF
    /// must hold for it.
    struct Value {
        var id: String
        var text: String
        var state: String
        var expectedText: XLIFFText
        var expectedState: String
    }

    /// Every string unit and string set of `localization`, walked here (not with the exporter's
    /// walk): the value itself, each plural and device case, each substitution's cases.
    static func values(of localization: CatalogLocalization?, key: String) -> [Value] {
        guard let localization else { return [] }
        var values: [Value] = []
        walk(localization, key: key, path: "", numbers: [:], into: &values)
        return values
    }

    private static func walk(
        _ node: CatalogLocalization, key: String, path: String, numbers inherited: [String: Int],
        into values: inout [Value]
    ) {
        var numbers = inherited
        for (name, substitution) in node.substitutions {
            if let argNum = substitution.argNum { numbers[name] = argNum }
        }
        let id = path.isEmpty ? key : key + "|==|" + path
        if let unit = node.stringUnit {
            // `%#@name@` -> `%N$#@name@` for each substitution with a number.
            var expected = unit.value
            for (name, number) in numbers {
                expected = expected.replacingOccurrences(of: "%#@\(name)@", with: "%\(number)$#@\(name)@")
            }
            values.append(
                Value(
                    id: id, text: unit.value, state: unit.state.rawValue, expectedText: .plain(expected),
                    expectedState: xliffState(unit.state.rawValue)))
        } else if case .object(let set)? = node.extraFields["stringSet"], case .array(let items)? = set["values"] {
            let texts = items.compactMap { item -> String? in if case .string(let text) = item { text } else { nil } }
            var state = "translated"
            if case .string(let raw)? = set["state"] { state = raw }
            values.append(
                Value(
                    id: id, text: texts.joined(separator: "\n"), state: state, expectedText: .set(texts),
                    expectedState: xliffState(state)))
        }
        let prefix = path.isEmpty ? "" : path + "."
        for (category, child) in node.variations?.plural ?? [:] {
            walk(child, key: key, path: prefix + "plural." + category, numbers: numbers, into: &values)
        }
        for (device, child) in node.variations?.device ?? [:] {
            walk(child, key: key, path: prefix + "device." + device, numbers: numbers, into: &values)
        }
        for (name, substitution) in node.substitutions {
            for (category, child) in substitution.variations?.plural ?? [:] {
                var leafValues: [Value] = []
                walk(
                    child, key: key, path: prefix + "substitutions.\(name).plural." + category, numbers: [:],
                    into: &leafValues)
                values += leafValues.map { value in
                    // `%arg` -> `%N$spec` in a substitution's own values.
                    var value = value
                    if let argNum = substitution.argNum, let spec = substitution.formatSpecifier,
                        case .plain(let text) = value.expectedText
                    {
                        value.expectedText = .plain(text.replacingOccurrences(of: "%arg", with: "%\(argNum)$\(spec)"))
                    }
                    return value
                }
            }
        }
    }

    /// The XLIFF state docs/spec/xliff.md §2.7 gives a catalog state.
    static func xliffState(_ state: String) -> String {
        switch state {
        case "translated": return "translated"
        case "needs_review": return "needs-review-l10n"
        case "new": return "new"
        default: return "x-" + state
        }
    }

    static func xmlCanHold(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            let value = scalar.value
            return value == 0x09 || value == 0x0A || value == 0x0D
                || (value >= 0x20 && value != 0xFFFE && value != 0xFFFF)
        }
    }

    private static func describe(_ text: String) -> String { ControlCharacters.quoted(text) }

    private static func describe(_ text: XLIFFText) -> String {
        switch text {
        case .plain(let value): return describe(value)
        case .set(let values): return "[" + values.map(describe).joined(separator: ", ") + "]"
        }
    }
}
