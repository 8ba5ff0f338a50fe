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

/// An optional written as `null` when absent, where the schema says the field is always there
/// (Swift's synthesized encoding leaves an absent optional out).
@propertyWrapper
struct Nullable<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
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
