import Foundation
import StringcatSupport

/// Reads a `.stringsdict` in one pass over its bytes: each entry is decoded as its bytes are read
/// (`OnePassEntryScanner`), checked at once (`PluralRuleChecker`), and becomes the model, with
/// no tree of property list values in between. Lines of entries are counted on the way; columns
/// are computed only when there is a warning to place.
///
/// It reads the plain XML files nearly every `.stringsdict` is, and only those entries the
/// decoder reads without a word of its own; for anything else it returns nil and
/// `StringsDictReader` reads the file with PropertyListSerialization and the decoder, so every
/// file reads as Foundation reads it: the same entries, the same diagnostics at the same places.
/// `StringsDictOnePassTests` compares the two, and the tests' reference reader, on every shared file.
///
/// Why: building a `PlistValue` tree of Swift dictionaries, decoding it, then checking the model
/// in a third pass made `.stringsdict` reading 30% of `migrate`'s CPU for 38% of its input bytes.
enum StringsDictOnePassReader {
    /// The file read from `data`, or nil when it is for the route through PropertyListSerialization.
    static func read(_ data: Data, path: String, language: String?) -> StringsDictReadResult? {
        data.withUnsafeBytes { raw in
            read(raw.bindMemory(to: UInt8.self), path: path, language: language)
        }
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, path: String, language: String?) -> StringsDictReadResult? {
        var scanner = OnePassEntryScanner(bytes)
        guard scanner.cursor.header() else { return nil }
        var checker = PluralRuleChecker(language: language ?? StringsDictReader.languageFromPath(path))
        var entries: [StringsDictEntry] = []
        var findings: [PluralRuleChecker.Finding] = []
        var warnings: [PendingWarning] = []
        /// `warnings[firstWarning[k]..<firstWarning[k + 1]]` are entry k's.
        var firstWarning: [Int] = []
        reading: while true {
            switch scanner.next() {
            case .end:
                break reading
            case .handOver:
                return nil
            case .entry(let head):
                firstWarning.append(warnings.count)
                checker.check(
                    formatKey: head.formatKey, variables: scanner.variables, forms: scanner.forms, into: &findings)
                if !findings.isEmpty {
                    for finding in findings {
                        warnings.append(pending(finding, head, variables: scanner.variables, forms: scanner.forms))
                    }
                    findings.removeAll(keepingCapacity: true)
                }
                entries.append(model(head, variables: scanner.variables, forms: scanner.forms))
            }
        }
        guard scanner.cursor.trailer() else { return nil }
        firstWarning.append(warnings.count)

        // Entries, and so their warnings, in key order (the decoder's, and StringsDictFile's).
        let order = entries.indices.sorted { entries[$0].key < entries[$1].key }
        // A key twice (as Swift strings, which the decoder's dictionaries compare): its business.
        for k in order.indices.dropFirst() where entries[order[k - 1]].key == entries[order[k]].key { return nil }
        var diagnostics: [Diagnostic] = []
        if !warnings.isEmpty {
            let positions = UTF8Positions.positions(of: warnings.map(\.keyOffset), in: bytes)
            for entry in order {
                for k in firstWarning[entry]..<firstWarning[entry + 1] {
                    let location = SourceLocation(path: path, line: positions[k].line, column: positions[k].column)
                    diagnostics.append(.warning(warnings[k].message, at: location))
                }
            }
        }
        let file = StringsDictFile(path: path, entries: order.map { entries[$0] })
        return StringsDictReadResult(file: file, diagnostics: diagnostics)
    }

    /// A warning before its line and column are known: at the byte offset of its key.
    private struct PendingWarning {
        var message: String
        var keyOffset: Int
    }

    /// `finding` with the path the decoder's route shows (`"key" > variable > category`) and the
    /// offset of its key.
    private static func pending(
        _ finding: PluralRuleChecker.Finding, _ head: OnePassEntryScanner.EntryHead,
        variables: [DecodedVariable], forms: [DecodedForm]
    ) -> PendingWarning {
        let shown = PluralRuleChecker.shownPath(finding.place, variables: variables, forms: forms)
        let path = (["\"\(head.key)\""] + shown).joined(separator: " > ")
        let offset: Int
        switch finding.place {
        case .formatKey: offset = head.formatKeyOffset
        case .variable(let v): offset = variables[v].keyOffset
        case .specType(let v): offset = variables[v].specTypeOffset
        case .valueType(let v): offset = variables[v].valueTypeOffset
        case .form(_, let k): offset = forms[k].keyOffset
        }
        return PendingWarning(message: "\(path): \(finding.message)", keyOffset: offset)
    }

    /// The entry the decoder makes of the same rule.
    private static func model(_ head: OnePassEntryScanner.EntryHead, variables: [DecodedVariable], forms: [DecodedForm])
        -> StringsDictEntry
    {
        let pluralVariables = variables.map { variable in
            var texts: [PluralCategory: String] = Dictionary(minimumCapacity: variable.forms.count)
            for k in variable.forms { texts[forms[k].category] = forms[k].text }
            return PluralVariable(
                name: variable.name, specType: variable.specType, valueType: variable.valueType, forms: texts)
        }
        return StringsDictEntry(
            key: head.key, rule: .plural(PluralRule(formatKey: head.formatKey, sortedVariables: pluralVariables)),
            line: head.line)
    }
}
