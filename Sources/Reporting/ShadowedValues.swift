import StringcatSupport

/// Values the legacy files hold that the app never shows, so the catalog does not carry them:
/// a `.strings` value whose key the `.stringsdict` of its language also has (the app shows the
/// `.stringsdict` form), a value of a second folder of one language (`Base.lproj` beside
/// `en.lproj`) that the winning folder gives differently, and a key only `Base.lproj` has beside
/// the source language's own folder (Xcode's migration and the app read that folder only).
///
/// `migrate` and `verify` say each of them in a diagnostic, not in a count of the report, so they
/// are counted here from those diagnostics; `ReportingTests` runs both commands on files with
/// both kinds, so a reworded message fails a test instead of silently counting nothing.
enum ShadowedValues {
    /// How many values `diagnostic` says are shadowed (0 for any other diagnostic).
    static func count(in diagnostic: Diagnostic) -> Int {
        let message = diagnostic.message
        // migrate, one note per key: `"k" is in both the .strings and the .stringsdict of de; …`
        if message.contains(" is in both the .strings and the .stringsdict of ") { return 1 }
        // verify, one warning per key: `"k" [en]: 1 of its strings here is not in the catalog:
        // en.lproj/L.strings gives this key differently for the same language, …`
        if message.contains(" gives this key differently for the same language") { return 1 }
        // migrate, one warning per file: `holds the same language as en.lproj; 0 keys only this
        // file has are migrated; 2 keys differ and en.lproj's values are kept: …`
        if message.hasPrefix("holds the same language as ") {
            // `…; 2 keys only this file has are not migrated (…)` (Base.lproj beside en.lproj)
            let notMigrated =
                message.firstMatch(of: #/; ([0-9]+) keys? only this file has (is|are) not migrated/#).flatMap {
                    Int($0.1)
                } ?? 0
            let differing = message.firstMatch(of: #/; ([0-9]+) keys? differs? and /#).flatMap { Int($0.1) } ?? 0
            return notMigrated + differing
        }
        // verify, one warning per file: `2 keys only this file has are not in the catalog's en (…)`
        if let match = message.firstMatch(of: #/^([0-9]+) keys? only this file has (is|are) not in the catalog's /#) {
            return Int(match.1) ?? 0
        }
        // verify, one note per file: `3 keys are also in the .stringsdict of de; the app shows …`
        if let match = message.firstMatch(of: #/^([0-9]+) keys? (is|are) also in the \.stringsdict of /#) {
            return Int(match.1) ?? 0
        }
        return 0
    }

    static func count<S: Sequence>(in diagnostics: S) -> Int where S.Element == Diagnostic {
        diagnostics.reduce(0) { $0 + count(in: $1) }
    }
}
