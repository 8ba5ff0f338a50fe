import StringcatSupport

/// Compares the two sides of a table: every legacy leaf missing from the compiled catalog is a
/// loss, and so is a form the catalog gives back for a legacy key that the legacy files do not
/// have. Entries only the catalog has (keys added after the migration) are not losses.
struct LeafComparison {
    var losses: [Loss] = []
    var notes: [Diagnostic] = []
    /// Legacy files that hold a leaf the catalog lacks (or a conflicting value), with the reason.
    var filesNotCarried: [String: String] = [:]

    init(_ legacy: LegacySide, _ catalog: CatalogSide, sourceLanguage: String) {
        var missingLanguages: [String: (count: Int, first: SourceLocation, keys: Set<String>)] = [:]
        var missingKeys: [CatalogSide.KeyInLanguage: SourceLocation] = [:]
        var conflictNotes: [CatalogSide.KeyInLanguage: (location: SourceLocation, holder: String, count: Int)] = [:]
        var legacySlots: Set<Leaf.Slot> = []
        var legacyKeys: [CatalogSide.KeyInLanguage: SourceLocation] = [:]
        legacySlots.reserveCapacity(legacy.leaves.count)
        for (leaf, location) in legacy.leaves {
            legacySlots.insert(leaf.slot)
            let keyInLanguage = CatalogSide.KeyInLanguage(language: leaf.language, key: leaf.key)
            if legacyKeys[keyInLanguage] == nil { legacyKeys[keyInLanguage] = location }
            if catalog.contains(leaf) { continue }
            if let conflict = legacy.conflicts[keyInLanguage],
               let holder = conflict.first(where: { $0.path != location.path && $0.leaves.allSatisfy(catalog.contains) }) {
                // Two files of one language give this key differently; the catalog holds the
                // other file's form of it. Not a loss of the migration, but this file must stay.
                conflictNotes[keyInLanguage, default: (location, holder.path, 0)].count += 1
                keepFile(location.path, "it gives some keys differently from \(Self.short(holder.path)), whose values the catalog holds")
                continue
            }
            if !catalog.languages.contains(leaf.language) {
                let earlier = missingLanguages[leaf.language]
                missingLanguages[leaf.language] = ((earlier?.count ?? 0) + 1, earlier.map { Self.earlier($0.first, location) } ?? location,
                                                   (earlier?.keys ?? []).union([leaf.key]))
                keepFile(location.path, "\(leaf.language) is not in the catalog")
                continue
            }
            if !catalog.keys.contains(keyInLanguage) {
                missingKeys[keyInLanguage] = missingKeys[keyInLanguage].map { Self.earlier($0, location) } ?? location
                keepFile(location.path, "keys missing from the catalog")
                continue
            }
            let path = leaf.path.isEmpty ? "" : leaf.path + ": "
            guard let other = catalog.bySlot[leaf.slot] else {
                add(.formMissing, leaf, location, path + quoted(leaf.text))
                continue
            }
            if other.text.utf8.elementsEqual(leaf.text.utf8) {
                add(.specifierChanged, leaf, location, path + "formats \(leaf.formatType ?? "?"), now \(other.formatType ?? "?")")
            } else {
                add(.valueChanged, leaf, location, path + "\(quoted(leaf.text)) -> \(quoted(other.text))")
            }
        }
        for (key, conflict) in conflictNotes.sorted(by: { ($0.value.location.path, $0.value.location.line ?? 0) < ($1.value.location.path, $1.value.location.line ?? 0) }) {
            notes.append(.warning("\(quoted(key.key)) [\(key.language)]: \(conflict.count) of its strings here are not in the catalog: \(conflict.holder) gives this key differently for the same language, and the catalog holds that; this file is kept", at: conflict.location))
        }
        for (language, missing) in missingLanguages.sorted(by: { $0.key < $1.key }) {
            let keys = missing.keys.sorted()
            let named = keys.prefix(3).map(quoted).joined(separator: ", ") + (keys.count > 3 ? ", …" : "")
            losses.append(Loss(kind: .languageMissing, language: language, key: keys.count == 1 ? keys[0] : nil, location: .file(missing.first.path),
                               detail: "\(missing.count) values of \(language) (\(keys.count) keys: \(named)) are not in the catalog"))
        }
        for (keyInLanguage, location) in missingKeys {
            losses.append(Loss(kind: .keyMissing, language: keyInLanguage.language, key: keyInLanguage.key, location: location, detail: ""))
        }
        // Forms the catalog adds to a legacy key: what the app shows for some count changed.
        for (slot, leaf) in catalog.bySlot where !legacySlots.contains(slot) {
            let keyInLanguage = CatalogSide.KeyInLanguage(language: slot.language, key: slot.key)
            guard let location = legacyKeys[keyInLanguage], missingKeys[keyInLanguage] == nil else { continue }
            losses.append(Loss(kind: .formAdded, language: slot.language, key: slot.key, location: location,
                               detail: (slot.path.isEmpty ? "" : slot.path + ": ") + quoted(leaf.text)))
        }
        compareComments(legacy.comments, catalog.comments, sourceLanguage: sourceLanguage)
        losses.sort { ($0.location.path, $0.location.line ?? 0, $0.key ?? "", $0.detail) < ($1.location.path, $1.location.line ?? 0, $1.key ?? "", $1.detail) }
    }

    private mutating func compareComments(_ expected: CommentExpectations, _ actual: [String: String], sourceLanguage: String) {
        for (key, expectation) in expected.byKey {
            let comment = actual[key]
            if let comment, expectation.allowed.contains(where: { $0.utf8.elementsEqual(comment.utf8) }) { continue }
            let wanted = expectation.fromSource ? quoted(expectation.allowed[0])
                : "one of " + expectation.allowed.map(quoted).joined(separator: ", ") + " (the source language has no such key)"
            losses.append(Loss(kind: .commentChanged, language: sourceLanguage, key: key, location: expectation.location,
                               detail: "\(wanted) -> \(quoted(comment))"))
            keepFile(expectation.location.path, "a comment is not in the catalog")
        }
    }

    private mutating func add(_ kind: LossKind, _ leaf: Leaf, _ location: SourceLocation, _ detail: String) {
        losses.append(Loss(kind: kind, language: leaf.language, key: leaf.key, location: location, detail: detail))
        keepFile(location.path, "values missing from the catalog")
    }

    private mutating func keepFile(_ path: String, _ reason: String) {
        if filesNotCarried[path] == nil { filesNotCarried[path] = reason }
    }

    /// `…/en.lproj/Localizable.strings` -> `en.lproj/Localizable.strings`: enough to tell two
    /// files of one table apart in a message.
    static func short(_ path: String) -> String {
        path.split(separator: "/").suffix(2).joined(separator: "/")
    }

    private static func earlier(_ a: SourceLocation, _ b: SourceLocation) -> SourceLocation {
        (a.path, a.line ?? 0) <= (b.path, b.line ?? 0) ? a : b
    }
}
