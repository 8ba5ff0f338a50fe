import Foundation
import StringsDict
import StringsFile

/// How `compile` writes `.strings` files.
public enum StringsOutputFormat: String, Sendable, CaseIterable {
    /// Readable UTF-8 `"key" = "value";` text with each entry's catalog comment above it, in
    /// catalog order (`StringsFileWriter`). `.stringsdict` files are XML property lists.
    case text
    /// XML property lists, byte for byte what `xcstringstool compile` writes
    /// (docs/spec/compile-output.md#strings-output): PropertyListSerialization sorts the keys with `CFStringCompare`
    /// (UTF-16 order); no comments.
    case xml
    /// Binary property lists (`bplist00`), as Xcode puts them in an app bundle; `.stringsdict`
    /// files too.
    case binary
}

/// The bytes of compiled files.
enum CompiledFileRenderer {
    static func strings(_ entries: [StringsEntry], format: StringsOutputFormat) -> Data {
        switch format {
        case .text:
            return StringsFileWriter.data(entries)
        case .xml, .binary:
            var table: [String: Any] = [:]
            for entry in entries { table[entry.key] = entry.value }
            return format == .xml ? PlistXMLWriter.data(table) : propertyList(table, binary: true)
        }
    }

    static func stringsDict(_ entries: [StringsDictEntry], format: StringsOutputFormat) -> Data {
        switch format {
        case .text, .xml:
            return PlistXMLWriter.data(StringsDictWriter.propertyList(entries))
        case .binary:
            return propertyList(StringsDictWriter.propertyList(entries), binary: true)
        }
    }

    private static func propertyList(_ object: [String: Any], binary: Bool) -> Data {
        // Dictionaries of strings and dictionaries always serialise.
        (try? PropertyListSerialization.data(fromPropertyList: object, format: binary ? .binary : .xml, options: 0))
            ?? Data()
    }
}
