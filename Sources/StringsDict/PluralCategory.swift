/// A CLDR plural category, as used for the form keys of a `.stringsdict` plural variable.
///
/// Ordered the way CLDR lists them (zero < one < two < few < many < other), which is also the
/// order a catalog writer wants when it has to pick one.
public enum PluralCategory: String, Sendable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    /// 0 for zero … 5 for other.
    var rank: Int {
        switch self {
        case .zero: return 0
        case .one: return 1
        case .two: return 2
        case .few: return 3
        case .many: return 4
        case .other: return 5
        }
    }

    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool { lhs.rank < rhs.rank }
}
