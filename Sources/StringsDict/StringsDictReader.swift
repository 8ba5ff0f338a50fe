import Foundation
import Languages
import StringcatSupport

/// Reads `.stringsdict` files (XML, binary or old-style property lists) into the typed model.
///
/// Two routes, one result: a plain XML file of plural rules the decoder has nothing to say about
/// (nearly every real file) is read in one pass over its bytes (`StringsDictOnePassReader`);
/// every other file is read by PropertyListSerialization (the reference reader), then decoded
/// (`StringsDictDecoder`) and checked (`PluralRuleChecker`). Both give the same entries and
/// diagnostics for every file the first one reads (`StringsDictOnePassTests`).
public enum StringsDictReader {
    /// Parses `data`. `path` is used in diagnostics; `language` (an `.lproj` name such as `pt-BR`)
    /// enables the "category not used by the language" warning and is derived from `path` when nil.
    public static func parse(_ data: Data, path: String, language: String? = nil) -> StringsDictReadResult {
        StringsDictOnePassReader.read(data, path: path, language: language)
            ?? parseWithFoundation(data, path: path, language: language)
    }

    /// The route of every file the one-pass reader declines: PropertyListSerialization's values,
    /// decoded and checked.
    static func parseWithFoundation(_ data: Data, path: String, language: String?) -> StringsDictReadResult {
        switch decodeWithFoundation(data, path: path) {
        case .unread(let result):
            return result
        case .decoded(var decoder, let entries):
            decoder.check(entries, language: language ?? languageFromPath(path))
            return StringsDictReadResult(
                file: StringsDictFile(path: path, entries: entries, droppedParts: decoder.dropped),
                diagnostics: decoder.diagnostics)
        }
    }

    /// A file read by PropertyListSerialization and decoded, before the plural checks.
    enum Decoded {
        /// Not read that far (too deep, not a property list, not a dictionary): the result.
        case unread(StringsDictReadResult)
        /// The entries, and the decoder with its diagnostics so far (repeated keys, decoding).
        case decoded(StringsDictDecoder, [StringsDictEntry])
    }

    /// `data` read by PropertyListSerialization, its keys' places found in the XML
    /// (`PlistKeyLines`), and decoded.
    static func decodeWithFoundation(_ data: Data, path: String) -> Decoded {
        let bytes = [UInt8](data)
        // Before anything that recurses once per level (Foundation's readers).
        if let tooDeep = PropertyListNesting.diagnostic(in: bytes, path: path) {
            return .unread(StringsDictReadResult(file: nil, diagnostics: [tooDeep]))
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            // Foundation names no place for a byte that is not UTF-8: found here instead.
            let located = InvalidUTF8.plistDiagnostic(in: bytes, path: path)
            return .unread(StringsDictReadResult(file: nil, diagnostics: [located ?? parseError(error, path: path)]))
        }
        guard case .dictionary(let top) = PlistValue(foundation: plist) else {
            let kind = PlistValue.kind(ofFoundation: plist)
            return .unread(
                StringsDictReadResult(
                    file: nil, diagnostics: [.error("top level is \(kind), not a dictionary", at: .file(path))]))
        }
        let lines = PlistKeyLines(xml: bytes)
        var decoder = StringsDictDecoder(path: path, lines: lines)
        for duplicate in lines.duplicates {
            let shown = duplicate.path.filter { $0 != DeviceRule.ruleTypeKey && $0 != WidthRule.ruleTypeKey }
            let context = StringsDictDecoder.Context(plistPath: duplicate.path, shownPath: shown)
            decoder.diagnostics.append(
                .warning(
                    "\(context.description): duplicate key; the last one wins",
                    at: SourceLocation(path: path, line: duplicate.position.line, column: duplicate.position.column)))
        }
        let entries = decoder.entries(top)
        return .decoded(decoder, entries)
    }

    /// Reads the file at `path`; I/O problems become an error diagnostic.
    public static func read(path: String, language: String? = nil) -> StringsDictReadResult {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason =
                FileManager.default.fileExists(atPath: path) ? "cannot read file" : UnreachableFile.reason(path)
            return StringsDictReadResult(file: nil, diagnostics: [.error(reason, at: .file(path))])
        }
        return parse(data, path: path, language: language)
    }

    /// `…/pt-BR.lproj/Localizable.stringsdict` → `pt-BR`; nil outside an `.lproj` folder.
    public static func languageFromPath(_ path: String) -> String? { LprojFolderName.of(file: path) }

    /// Foundation's parse error, with the line its message names ("… on line 5", "… at line 1").
    static func parseError(_ error: Error, path: String) -> Diagnostic {
        let info = (error as NSError).userInfo
        let detail = (info[NSDebugDescriptionErrorKey] as? String) ?? (error as NSError).localizedDescription
        var line: Int?
        for marker in [" on line ", " at line "] {
            if let range = detail.range(of: marker, options: .backwards) {
                line = Int(detail[range.upperBound...].prefix { $0.isNumber })
                if line != nil { break }
            }
        }
        return .error("not a valid property list: \(detail)", at: SourceLocation(path: path, line: line))
    }
}
