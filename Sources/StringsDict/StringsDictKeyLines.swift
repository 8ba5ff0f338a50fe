/// Lines of the top-level keys of an XML `.stringsdict`, for readers that parse with
/// PropertyListSerialization (which gives values only) and still want to point at a key.
public enum StringsDictKeyLines {
    /// Each top-level `<key>`'s 1-based line (the last one for a repeated key); empty for binary
    /// and old-style property lists.
    public static func topLevel(inXML bytes: [UInt8]) -> [String: Int] {
        var lines: [String: Int] = [:]
        for (path, position) in PlistKeyLines(xml: bytes).positions where path.count == 1 {
            lines[path[0]] = position.line
        }
        return lines
    }
}
