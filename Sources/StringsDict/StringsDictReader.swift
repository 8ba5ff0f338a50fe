import Foundation
import Languages
import StringcatSupport

/// Reads `.stringsdict` files (XML, binary or old-style property lists) into the typed model.
///
/// A plain XML file of plural rules the decoder has nothing to say about is read in one pass
/// over its bytes (`StringsDictOnePassReader`); any other file goes through a tree of its values
/// (`PlistXMLFastParser`, or PropertyListSerialization) and the decoder. Both give the same
/// entries and diagnostics for every file (`Route`).
public enum StringsDictReader {
    /// Parses `data`. `path` is used in diagnostics; `language` (an `.lproj` name such as `pt-BR`)
    /// enables the "category not used by the language" warning and is derived from `path` when nil.
    public static func parse(_ data: Data, path: String, language: String? = nil) -> StringsDictReadResult {
        parse(data, path: path, language: language, route: .onePass)
    }

    /// The ways to read a file, each handing what it does not read to the next one.
    enum Route {
        /// Straight from the bytes (`StringsDictOnePassReader`), then `.tree`: what `parse` does.
        case onePass
        /// The reader as it was before the one-pass one: `PlistXMLFastParser`'s tree of the plain
        /// XML form, then `.foundation`; decoded by `StringsDictDecoder`, checked by
        /// `PluralRuleChecker`.
        case tree
        /// PropertyListSerialization (the reference), decoded and checked as `.tree`.
        case foundation
    }

    /// Reads through `route` (tests compare the routes; the public `parse` takes `.onePass`).
    static func parse(_ data: Data, path: String, language: String?, route: Route) -> StringsDictReadResult {
        if route == .onePass, let result = StringsDictOnePassReader.read(data, path: path, language: language) {
            return result
        }
        let fastPath = route != .foundation
        let bytes = [UInt8](data)
        // Before anything that recurses once per level (this module's readers, Foundation's).
        if let tooDeep = PropertyListNesting.diagnostic(in: bytes, path: path) {
            return StringsDictReadResult(file: nil, diagnostics: [tooDeep])
        }
        let top: PlistDictionary
        let lines: PlistKeyLines
        if fastPath, let tree = PlistXMLFastParser.parse(bytes) {
            top = tree
            lines = PlistKeyLines(tree: tree, xml: bytes)
        } else {
            let plist: Any
            do {
                plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            } catch {
                // Foundation names no place for a byte that is not UTF-8: found here instead.
                let located = InvalidUTF8.plistDiagnostic(in: bytes, path: path)
                return StringsDictReadResult(file: nil, diagnostics: [located ?? parseError(error, path: path)])
            }
            guard case .dictionary(let dictionary) = PlistValue(foundation: plist) else {
                let kind = PlistValue.kind(ofFoundation: plist)
                return StringsDictReadResult(file: nil, diagnostics: [.error("top level is \(kind), not a dictionary", at: .file(path))])
            }
            top = dictionary
            lines = PlistKeyLines(xml: bytes)
        }
        var decoder = StringsDictDecoder(path: path, lines: lines)
        for duplicate in lines.duplicates {
            let shown = duplicate.path.filter { $0 != DeviceRule.ruleTypeKey && $0 != WidthRule.ruleTypeKey }
            let context = StringsDictDecoder.Context(plistPath: duplicate.path, shownPath: shown)
            decoder.diagnostics.append(.warning("\(context.description): duplicate key; the last one wins",
                                                at: SourceLocation(path: path, line: duplicate.position.line, column: duplicate.position.column)))
        }
        let entries = decoder.entries(top)
        let language = language ?? languageFromPath(path)
        let categories = language.flatMap { PluralRules.categories(for: $0) }
        decoder.check(entries, languageCategories: categories, language: language)
        return StringsDictReadResult(file: StringsDictFile(path: path, entries: entries, droppedParts: decoder.dropped), diagnostics: decoder.diagnostics)
    }

    /// Reads the file at `path`; I/O problems become an error diagnostic.
    public static func read(path: String, language: String? = nil) -> StringsDictReadResult {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read file" : UnreachableFile.reason(path)
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
