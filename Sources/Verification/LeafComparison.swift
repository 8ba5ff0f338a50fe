import StringcatSupport

/// Compares the two sides of a table: every legacy leaf missing from the compiled catalog is a
/// loss, and so is a form the catalog gives back for a legacy key that the legacy files do not
/// have. Entries only the catalog has (keys added after the migration) are not losses.
struct LeafComparison {
    var losses: [Loss] = []
    var notes: [Diagnostic] = []
    /// Legacy files that hold a leaf the catalog lacks (or a conflicting value), with the reason.
    var filesNotCarried: [String: String] = [:]

    private init() {}

    init(_ legacy: LegacySide, _ catalog: CatalogSide, sourceLanguage: String) {
        let languages = legacy.languages.keys.sorted()
        // Languages are independent: compare each on every core.
        let results = ConcurrentMap.map(languages) { language in
            Self.compare(language, legacy, catalog.languages[language])
        }
        for result in results {
            losses += result.losses
            notes += result.notes
            filesNotCarried.merge(result.filesNotCarried) { first, _ in first }
        }
        compareComments(legacy.comments, catalog.comments, sourceLanguage: sourceLanguage)
        losses.sort { ($0.location.path, $0.location.line ?? 0, $0.key ?? "", $0.detail) < ($1.location.path, $1.location.line ?? 0, $1.key ?? "", $1.detail) }
    }

    /// One language: legacy keys against the catalog's.
    private static func compare(_ language: String, _ legacy: LegacySide, _ catalog: [CatalogSide.Entry]?) -> LeafComparison {
        var result = LeafComparison()
        let legacyLanguage = legacy.languages[language]!
        let keys = legacyLanguage.keys
        guard let catalog else {
            // The whole language is missing: one loss naming its first keys.
            var count = 0
            var first: LegacySide.Key?
            var names: [String] = []
            for key in keys {
                count += key.values.count + key.alternatives.reduce(0) { $0 + $1.values.count }
                names.append(key.key)
                if first.map({ (legacy.files[key.file].file.path, key.line ?? 0) < (legacy.files[$0.file].file.path, $0.line ?? 0) }) ?? true { first = key }
                result.keepFile(legacy.files[key.file].file.path, "\(language) is not in the catalog")
                for alternative in key.alternatives { result.keepFile(legacy.files[alternative.file].file.path, "\(language) is not in the catalog") }
            }
            names.sort()
            let named = names.prefix(3).map(quoted).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
            if let first {
                result.losses.append(Loss(kind: .languageMissing, language: language, key: names.count == 1 ? names[0] : nil,
                                          location: .file(legacy.files[first.file].file.path),
                                          detail: "\(count) values of \(language) (\(names.count) keys: \(named)) are not in the catalog"))
            }
            return result
        }
        var matched = [Bool](repeating: false, count: keys.count)
        for entry in catalog {
            guard let index = legacyLanguage.index[ByteKey(entry.key)] else { continue }
            matched[index] = true
            result.compare(keys[index], entry.values, language: language, legacy)
        }
        for (index, key) in keys.enumerated() where !matched[index] {
            let location = legacy.location(key)
            result.losses.append(Loss(kind: .keyMissing, language: language, key: key.key, location: location, detail: ""))
            result.keepFile(location.path, "keys missing from the catalog")
            for alternative in key.alternatives { result.keepFile(legacy.files[alternative.file].file.path, "keys missing from the catalog") }
        }
        return result
    }

    /// One key both sides have.
    private mutating func compare(_ key: LegacySide.Key, _ compiled: [LeafValue], language: String, _ legacy: LegacySide) {
        if key.values == compiled && key.alternatives.isEmpty { return }
        let location = legacy.location(key)
        // Which file's form of the key the catalog holds, when several files give it.
        let givers = [LegacySide.Alternative(file: key.file, values: key.values, line: key.line, column: key.column)] + key.alternatives
        let held = givers.first { $0.values.allSatisfy(compiled.contains) }
        for giver in givers where held == nil || held!.file != giver.file {
            let (file, values) = (giver.file, giver.values)
            let path = legacy.files[file].file.path
            let fileLocation = SourceLocation(path: path, line: giver.line, column: giver.column)
            if let held {
                // Two files of one language give this key differently; the catalog holds the
                // other file's form, the one the app shows. Not a loss of the migration, but
                // this file must stay.
                let missing = values.filter { !compiled.contains($0) }.count
                notes.append(Diagnostic.warning("\(quoted(key.key)) [\(language)]: \(missing) of its strings here are not in the catalog: \(LeafComparison.short(legacy.files[held.file].file.path)) gives this key differently for the same language, and the catalog holds that; this file is kept", at: fileLocation))
                keepFile(path, "it gives some keys differently from \(LeafComparison.short(legacy.files[held.file].file.path)), whose values the catalog holds")
                continue
            }
            for value in values where !compiled.contains(value) {
                add(value, key: key.key, language: language, location: fileLocation, compiled: compiled)
            }
        }
        // Forms the catalog adds to a legacy key: what the app shows for some count changed.
        let legacyPaths = Set(givers.flatMap { $0.values.map(\.path) })
        for value in compiled where !legacyPaths.contains(value.path) {
            losses.append(Loss(kind: .formAdded, language: language, key: key.key, location: location,
                               detail: (value.path.isEmpty ? "" : value.path + ": ") + quoted(value.text)))
            keepFile(location.path, "the catalog changed some keys")
        }
    }

    /// A legacy leaf the catalog lacks: changed, changed in kind of argument, or missing.
    private mutating func add(_ value: LeafValue, key: String, language: String, location: SourceLocation, compiled: [LeafValue]) {
        let path = value.path.isEmpty ? "" : value.path + ": "
        if let other = compiled.first(where: { $0.path == value.path }) {
            if sameBytes(other.text, value.text) {
                losses.append(Loss(kind: .specifierChanged, language: language, key: key, location: location,
                                   detail: path + "formats \(value.formatType ?? "?"), now \(other.formatType ?? "?")"))
            } else {
                losses.append(Loss(kind: .valueChanged, language: language, key: key, location: location,
                                   detail: path + "\(quoted(value.text)) -> \(quoted(other.text))"))
            }
        } else {
            losses.append(Loss(kind: .formMissing, language: language, key: key, location: location, detail: path + quoted(value.text)))
        }
        keepFile(location.path, "values missing from the catalog")
    }

    private mutating func compareComments(_ expected: CommentExpectations, _ actual: [String: String], sourceLanguage: String) {
        for (key, expectation) in expected.byKey {
            let comment = actual[key]
            if let comment, expectation.allowed.contains(where: { sameBytes($0, comment) }) { continue }
            let wanted = expectation.fromSource ? quoted(expectation.allowed[0])
                : "one of " + expectation.allowed.map(quoted).joined(separator: ", ") + " (the source language has no such key)"
            losses.append(Loss(kind: .commentChanged, language: sourceLanguage, key: key, location: expectation.location,
                               detail: "\(wanted) -> \(quoted(comment))"))
            keepFile(expectation.location.path, "a comment is not in the catalog")
        }
    }

    private mutating func keepFile(_ path: String, _ reason: String) {
        if filesNotCarried[path] == nil { filesNotCarried[path] = reason }
    }

    /// `…/en.lproj/Localizable.strings` -> `en.lproj/Localizable.strings`: enough to tell two
    /// files of one table apart in a message.
    static func short(_ path: String) -> String {
        path.split(separator: "/").suffix(2).joined(separator: "/")
    }
}
