import Foundation
import StringcatSupport

/// `.strings` files that are really property lists: compiled `bplist00` files (Sparkle.framework
/// ships them) and XML plists (what `xcstringstool compile` writes). CF reads both, so we do,
/// through PropertyListSerialization — the one place it is used, since these are not text tables.
enum PropertyListStrings {
    static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && Array(bytes[0..<7]) == Array("bplist0".utf8)
    }

    /// True when the text starts (after white space) with `<?xml`, `<plist` or `<!DOCTYPE`.
    static func isXML(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let rest = UnsafeBufferPointer(
            rebasing: text[StringsLexer.skipSpace(text.baseAddress!, from: 0, count: text.count)...])
        return ["<?xml", "<plist", "<!DOCTYPE"].contains { rest.starts(with: $0.utf8) }
    }

    static func read(_ bytes: [UInt8], path: String, encoding: StringsEncoding, hasByteOrderMark: Bool)
        -> StringsReadResult
    {
        let kind = encoding == .binaryPlist ? "binary" : "XML"
        // Before Foundation, which may recurse once per level.
        if let tooDeep = PropertyListNesting.diagnostic(in: bytes, path: path) {
            return StringsReadResult(file: nil, diagnostics: [tooDeep])
        }
        if encoding == .binaryPlist, let pairs = bytes.withUnsafeBufferPointer({ BinaryStringTable.read($0) }) {
            // The same table as below, without Foundation.
            let entries = pairs.sorted { $0.key < $1.key }.map { StringsEntry(key: $0.key, value: $0.value) }
            return stringsTable(entries, path: path, kind: kind, encoding: encoding, hasByteOrderMark: hasByteOrderMark)
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            return StringsReadResult(
                file: nil, diagnostics: [.error("invalid \(kind) property list: \(reason)", at: .file(path))])
        }
        guard let table = object as? [String: Any] else {
            return StringsReadResult(
                file: nil,
                diagnostics: [
                    .error("\(kind) property list is not a dictionary, so it is not a strings table", at: .file(path))
                ])
        }
        var entries: [StringsEntry] = []
        entries.reserveCapacity(table.count)
        // The plist reader loses file order; sort by key so output is stable.
        for key in table.keys.sorted() {
            guard let value = table[key] as? String else {
                return StringsReadResult(
                    file: nil,
                    diagnostics: [
                        .error("the value of \"\(key)\" is not a string in this \(kind) property list", at: .file(path))
                    ])
            }
            entries.append(StringsEntry(key: key, value: value))
        }
        return stringsTable(entries, path: path, kind: kind, encoding: encoding, hasByteOrderMark: hasByteOrderMark)
    }

    private static func stringsTable(
        _ entries: [StringsEntry], path: String, kind: String, encoding: StringsEncoding, hasByteOrderMark: Bool
    ) -> StringsReadResult {
        let note = Diagnostic.note(
            "this .strings file is \(kind == "XML" ? "an" : "a") \(kind) property list, not text; read as a property "
                + "list (no comments, no line numbers)",
            at: .file(path))
        let file = StringsFile(
            path: path, entries: entries, encoding: encoding, hasByteOrderMark: hasByteOrderMark, leadingComment: nil)
        return StringsReadResult(file: file, diagnostics: [note])
    }
}
