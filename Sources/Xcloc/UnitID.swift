/// A `<trans-unit>` id (docs/spec/xliff.md §2.4): the catalog key, or `key|==|path` for a value
/// inside a variation or substitution (`%ld Days|==|plural.few`,
/// `Disable Translucent Background|==|device.mac`, `%.1f meters, %ld nodes|==|substitutions.meters.plural.one`).
public enum UnitID {
    public static let separator = "|==|"

    /// The id of the value at `path` (`VariationPath.text`, "" for the plain value) of `key`.
    public static func make(key: String, path: String) -> String {
        path.isEmpty ? key : key + separator + path
    }

    /// The ways `id` can be read as a key and a path: the whole id as a key first, then split at
    /// each `|==|` from the last (a key may itself contain `|==|`). The importer takes the first
    /// whose key the catalog has.
    public static func readings(of id: String) -> [(key: String, path: String)] {
        var readings = [(key: id, path: "")]
        // `|==|` searched byte by byte from the end (it is ASCII, so a match is on characters).
        let bytes = Array(id.utf8)
        var index = bytes.count - 4
        while index >= 0 {
            if bytes[index] == 0x7C && bytes[index + 1] == 0x3D && bytes[index + 2] == 0x3D && bytes[index + 3] == 0x7C
            {
                readings.append(
                    (
                        String(decoding: bytes[..<index], as: UTF8.self),
                        String(decoding: bytes[(index + 4)...], as: UTF8.self)
                    ))
                index -= 4
            } else {
                index -= 1
            }
        }
        return readings
    }

    /// The first of `readings(of: id)` whose key `isKey` accepts; the whole id is tried first,
    /// without building the others.
    public static func reading(of id: String, where isKey: (String) -> Bool) -> (key: String, path: String)? {
        if isKey(id) { return (id, "") }
        return readings(of: id).dropFirst().first { isKey($0.key) }
    }
}
