/// What a target's bundle held before stringcat's first run changed it, kept in the migration
/// record (`MigrationRecord.bundles`) so that `verify` can still compare the app with it once the
/// legacy files are gone (docs/spec/project-tree.md#what-the-record-keeps).
public struct BundleRecord: Sendable, Hashable {
    /// `Mattermost (iOS app)`, for the reports.
    public var title: String
    /// The languages it offered (canonical codes, sorted).
    public var languages: [String]
    /// Table -> language (canonical) -> the keys it gave there.
    public var tables: [String: [String: Int]]
    /// Every table it built, those with no key in any language included.
    public var tableNames: [String] = []
    /// The other localized files it copied, by their place in the bundle (`de.lproj/Credits.rtf`).
    public var resources: [String] = []
    /// What stopped its build then, as said (a file it lists that a copy of the tree lacks).
    public var failures: [String] = []
    /// Languages a run dropped because the user asked (`--delete-empty-languages`), with that option.
    public var dropped: [String: String] = [:]

    public init(
        title: String, languages: [String], tables: [String: [String: Int]], tableNames: [String] = [],
        resources: [String] = [], failures: [String] = [], dropped: [String: String] = [:]
    ) {
        self.title = title
        self.languages = languages
        self.tables = tables
        self.tableNames = tableNames
        self.resources = resources
        self.failures = failures
        self.dropped = dropped
    }

    /// Its JSON object.
    var object: [String: Any] {
        var object: [String: Any] = [
            "title": title, "languages": languages, "tables": tables, "tableNames": tableNames,
        ]
        if !resources.isEmpty { object["resources"] = resources }
        if !failures.isEmpty { object["failures"] = failures }
        if !dropped.isEmpty { object["dropped"] = dropped }
        return object
    }

    /// From its JSON object; nil when it is not one.
    init?(object: Any) {
        guard let object = object as? [String: Any], let title = object["title"] as? String,
            let languages = object["languages"] as? [String], let tables = object["tables"] as? [String: Any]
        else { return nil }
        self.title = title
        self.languages = languages.sorted()
        var parsed: [String: [String: Int]] = [:]
        for (table, counts) in tables {
            guard let counts = counts as? [String: Any] else { return nil }
            parsed[table] = counts.compactMapValues { $0 as? Int }
        }
        self.tables = parsed
        tableNames = (object["tableNames"] as? [Any])?.compactMap { $0 as? String }.sorted() ?? parsed.keys.sorted()
        resources = (object["resources"] as? [Any])?.compactMap { $0 as? String }.sorted() ?? []
        failures = (object["failures"] as? [Any])?.compactMap { $0 as? String } ?? []
        dropped = (object["dropped"] as? [String: Any])?.compactMapValues { $0 as? String } ?? [:]
    }
}
