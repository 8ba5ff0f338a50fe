/// The proof's results over every language of an export.
public struct ExportProofSummary: Sendable, Equatable, Codable {
    /// Values compared, and values XML cannot hold (left out, reported by the export).
    public var checked: Int
    public var notXML: Int
    /// Languages checked.
    public var languages: Int

    public init(checked: Int, notXML: Int, languages: Int) {
        self.checked = checked
        self.notXML = notXML
        self.languages = languages
    }
}
