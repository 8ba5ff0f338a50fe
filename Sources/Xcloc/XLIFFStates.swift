import StringCatalog

/// The `state` of a `<target>` and the catalog's string-unit state, both ways (docs/spec/xliff.md
/// §2.7, rules I2–I3, and the open question Q7 settled in docs/spec/xliff.md).
public enum XLIFFStates {
    /// The XLIFF state of a catalog state: `translated`, `needs-review-l10n`, `new`. Any other
    /// catalog state (`stale`, one a future Xcode adds) is written `x-STATE`, XLIFF 1.2's form for
    /// a state of one's own, and `catalogState` reads it back.
    public static func xliffState(_ state: TranslationState) -> String {
        switch state {
        case .translated: return "translated"
        case .needsReview: return "needs-review-l10n"
        case .new: return "new"
        default: return "x-" + state.rawValue
        }
    }

    /// What import does with a target in this state.
    public enum Reading: Sendable, Equatable {
        /// Write the value in this state.
        case write(TranslationState)
        /// Do not import the value, for this reason.
        case skip(String)
        /// The state is not XLIFF's: an error.
        case unknown
    }

    /// The catalog state of an XLIFF state. No state -> `translated` (I2); `needs-translation` and
    /// `needs-l10n` are not imported (I3: the translator says the text is not a translation yet);
    /// `final` and `signed-off` are translations; the other `needs-*` states ask for review.
    public static func reading(_ state: String?) -> Reading {
        guard let state else { return .write(.translated) }
        switch state {
        case "translated", "final", "signed-off": return .write(.translated)
        case "needs-review-l10n", "needs-review-translation", "needs-review-adaptation", "needs-adaptation":
            return .write(.needsReview)
        case "new": return .write(.new)
        case "needs-translation", "needs-l10n": return .skip("state \(state): not a translation yet")
        default:
            if state.hasPrefix("x-"), state.count > 2 {
                return .write(TranslationState(rawValue: String(state.dropFirst(2))))
            }
            return .unknown
        }
    }
}
