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
        var searchEnd = id.endIndex
        while let range = id.range(of: separator, options: .backwards, range: id.startIndex..<searchEnd) {
            readings.append((String(id[..<range.lowerBound]), String(id[range.upperBound...])))
            searchEnd = range.lowerBound
        }
        return readings
    }
}
