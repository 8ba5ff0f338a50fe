import Compilation
import Foundation
import LegacyTables
import Migration
import StringCatalog
import StringcatSupport
import StringsDict
import StringsFile
import Verification

/// `stringcat print`: shows what a file holds, as text or as JSON (shapes in docs/user-guide.md).
enum PrintCommand: Subcommand {
    static let name = "print"
    static let summary = "print the parsed content of a .strings, .stringsdict or .xcstrings file"
    static let help = """
        usage: stringcat print FILE [--json]

        Prints the entries of a file as stringcat reads them: keys, values, comments and
        locations. Problems go to stderr as path:line:column: error|warning: message.

        \(optionTable.help)
        exit status: 0 read, 1 the file does not parse, 2 usage error
        """
    /// The options of `print`, as its help lists them.
    enum Arg {
        static let json = CommandOption.flag("--json", "print one JSON object (see docs/user-guide.md for its shape)")
    }

    static let optionTable = OptionTable([Arg.json])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError("print takes exactly one FILE")
        }
        let json = arguments.has(Arg.json)
        guard let kind = LocalizationFileKind(path: path) else {
            console.err(DiagnosticLine.text(.error("not a .strings, .stringsdict or .xcstrings file", at: .file(path))))
            return 1
        }
        if let problem = MemoryBudget.check(largest: MemoryBudget.largest(of: [path])) {
            console.err(DiagnosticLine.text(problem))
            return 1
        }
        switch kind {
        case .strings:
            let result = StringsFileReader.read(path: path)
            result.diagnostics.forEach { console.err(DiagnosticLine.text($0)) }
            guard let file = result.file else { return 1 }
            if json {
                FileJSON.writeStrings(file) { console.outBytes($0) }
            } else {
                console.out(StringsFileWriter.text(file.entries, leadingComment: nil))
            }
        case .stringsdict:
            let result = StringsDictReader.read(path: path)
            result.diagnostics.forEach { console.err(DiagnosticLine.text($0)) }
            guard let file = result.file else { return 1 }
            if json {
                console.out(JSONOutput.text(FileJSON.stringsDict(file)))
            } else {
                console.out(String(decoding: StringsDictWriter.data(file.entries), as: UTF8.self))
            }
        case .xcstrings:
            do {
                let catalog = try CatalogReader.read(path: path)
                // Written in parts as the catalog is encoded: the text is never in memory whole
                // (a 500 MB catalog printed through JSONSerialization took 65 times its size).
                if json {
                    // The same bytes as JSONOutput of ["catalog": …, "format": "xcstrings"]: the
                    // catalog's own text (sorted and pretty as JSONSerialization writes), one level in.
                    console.outBytes(Array("{\n  \"catalog\" : ".utf8))
                    CatalogWriter.write(catalog) { (part: [UInt8]) in console.outBytes(indented(part)) }
                    console.outBytes(Array(",\n  \"format\" : \"xcstrings\"\n}\n".utf8))
                } else {
                    CatalogWriter.write(catalog) { (part: [UInt8]) in console.outBytes(part) }
                    console.outBytes([0x0A])
                }
            } catch {
                console.err(DiagnosticLine.text(error))
                return 1
            }
        }
        return 0
    }
}

/// `part` with two spaces after each line feed: the catalog's text nested one level deeper.
private func indented(_ part: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(part.count + part.count / 16)
    for byte in part {
        out.append(byte)
        if byte == 0x0A { out.append(0x20); out.append(0x20) }
    }
    return out
}

/// The JSON shapes of `stringcat print --json` (documented in docs/user-guide.md).
enum FileJSON {
    /// `strings(file)` as `JSONOutput.text` writes it, with a line feed, handed out a megabyte at
    /// a time: neither a dictionary per entry nor the whole text is ever in memory (a 1 GB file
    /// took 16.7 GB through JSONSerialization).
    static func writeStrings(_ file: StringsFile, partSize: Int = 1 << 20, _ out: ([UInt8]) -> Void) {
        var writer = JSONTextWriter(capacity: partSize + 4096)
        writer.beginObject()
        writer.key("encoding")
        writer.string(file.encoding.rawValue)
        writer.key("entries")
        writer.beginArray()
        for entry in file.entries {
            writer.arrayElement()
            writer.beginObject()
            writer.key("column")
            writer.int(Int(entry.column))
            writer.key("comment")
            if let comment = entry.comment { writer.string(comment) } else { writer.null() }
            writer.key("key")
            writer.string(entry.key)
            writer.key("line")
            writer.int(Int(entry.line))
            writer.key("value")
            writer.string(entry.value)
            writer.endObject()
            if writer.bytes.count >= partSize { out(writer.takeBytes()) }
        }
        writer.endArray()
        writer.key("format")
        writer.string("strings")
        writer.endObject()
        out(writer.takeBytes() + [0x0A])
    }

    /// The same object as `writeStrings` writes, for a test to compare it with `JSONOutput`.
    static func strings(_ file: StringsFile) -> [String: Any] {
        [
            "format": "strings",
            "encoding": file.encoding.rawValue,
            "entries": file.entries.map { entry -> [String: Any] in
                [
                    "key": entry.key,
                    "value": entry.value,
                    "comment": entry.comment ?? NSNull(),
                    "line": entry.line,
                    "column": entry.column,
                ]
            },
        ]
    }

    static func stringsDict(_ file: StringsDictFile) -> [String: Any] {
        [
            "format": "stringsdict",
            "entries": file.entries.map { entry -> [String: Any] in
                ["key": entry.key, "line": entry.line ?? NSNull(), "rule": rule(entry.rule)]
            },
        ]
    }

    private static func rule(_ rule: StringsDictRule) -> [String: Any] {
        switch rule {
        case .plural(let plural):
            return ["kind": "plural"].merging(pluralBody(plural)) { a, _ in a }
        case .device(let device):
            return ["kind": "device", "cases": cases(device.cases)]
        case .width(let width):
            return ["kind": "width", "cases": cases(width.cases)]
        }
    }

    private static func pluralBody(_ plural: PluralRule) -> [String: Any] {
        [
            "formatKey": plural.formatKey,
            "variables": plural.variables.map { variable -> [String: Any] in
                [
                    "name": variable.name,
                    "valueType": variable.valueType ?? NSNull(),
                    "forms": Dictionary(uniqueKeysWithValues: variable.forms.map { ($0.key.rawValue, $0.value) }),
                ]
            },
        ]
    }

    private static func cases(_ cases: [RuleCase]) -> [String: Any] {
        var result: [String: Any] = [:]
        for item in cases {
            switch item.value {
            case .string(let text): result[item.key] = text
            case .plural(let plural): result[item.key] = ["kind": "plural"].merging(pluralBody(plural)) { a, _ in a }
            }
        }
        return result
    }
}
