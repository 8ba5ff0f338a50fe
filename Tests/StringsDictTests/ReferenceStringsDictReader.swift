import Foundation

@testable import StringsDict

/// The tests' reference reading of a `.stringsdict`, which both routes of `StringsDictReader` are
/// held to: PropertyListSerialization's values, decoded (`StringsDictReader.decodeWithFoundation`),
/// then checked by the checker as it was written before there was one checker for both routes
/// (`ReferencePluralRuleChecker`, whose format strings are the reference parser's).
enum ReferenceStringsDictReader {
    static func parse(_ data: Data, path: String, language: String? = nil) -> StringsDictReadResult {
        switch StringsDictReader.decodeWithFoundation(data, path: path) {
        case .unread(let result):
            return result
        case .decoded(var decoder, let entries):
            decoder.referenceCheck(entries, language: language ?? StringsDictReader.languageFromPath(path))
            return StringsDictReadResult(
                file: StringsDictFile(path: path, entries: entries, droppedParts: decoder.dropped),
                diagnostics: decoder.diagnostics)
        }
    }
}
