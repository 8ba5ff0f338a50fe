import StringCatalog

/// Finds the line of an entry in catalog JSON, for diagnostics (the reader keeps no positions).
///
/// Looks for the entry's key as Xcode writes it: on its own line, indented 4 spaces, followed by
/// ` : `. A catalog written by another tool may be laid out otherwise; then there is no line.
enum CatalogKeyLocator {
    static func line(of key: String, in bytes: [UInt8]) -> Int? {
        // The key as the catalog writer writes it.
        let needle = Array(("\n    " + JSONTextWriter.literal(key) + " : ").utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var line = 1
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == 0x0A {
                if bytes[i..<(i + needle.count)].elementsEqual(needle) { return line + 1 }
                line += 1
            }
            i += 1
        }
        return nil
    }
}
