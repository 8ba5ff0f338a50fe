import Foundation
import StringcatSupport

/// `--json` output: from `Encodable` types (docs/json.md gives each command's schema), pretty and
/// key-sorted, slashes unescaped.
enum JSONText {
    static func of<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A diagnostic in `--json`: `path:line:column: severity: message` as fields.
struct DiagnosticJSON: Encodable {
    var severity: String
    var file: String
    @Nullable var line: Int?
    @Nullable var column: Int?
    var message: String

    init(_ diagnostic: Diagnostic) {
        severity = diagnostic.severity.rawValue
        file = DisplayPath.of(diagnostic.location.path)
        line = diagnostic.location.line
        column = diagnostic.location.column
        message = diagnostic.message
    }
}

/// A file and why: a file left alone, kept, or not compared.
struct FileReasonJSON: Encodable {
    var file: String
    var reason: String

    init(_ path: String, _ reason: String) {
        file = DisplayPath.of(path)
        self.reason = reason
    }
}
