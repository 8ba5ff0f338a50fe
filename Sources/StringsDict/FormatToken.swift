/// One piece of a printf-style format string as Foundation reads it in `.strings` values,
/// `NSStringLocalizedFormatKey` and plural forms.
///
/// The raw texts of a string's tokens concatenate back to the string exactly.
public enum FormatToken: Sendable, Hashable {
    /// Text printed as is.
    case literal(String)
    /// A printf specifier such as `%@`, `%1$lld`, `%-5.2f`, or the escaped percent `%%`.
    case specifier(FormatSpecifier)
    /// A `.stringsdict` variable reference `%#@name@` / `%N$#@name@`, or a malformed spelling of one.
    case variable(VariableReference)
    /// A `%` that starts no valid specifier (`"%y"`, a `%` at the end). printf behaviour is
    /// undefined for these; the text is kept so nothing is lost.
    case invalid(String)

    /// The exact text this token covers.
    public var raw: String {
        switch self {
        case .literal(let s), .invalid(let s): return s
        case .specifier(let s): return s.raw
        case .variable(let v): return v.raw
        }
    }
}

/// A printf conversion specification: `%[N$][flags][width][.precision][length]conversion`.
public struct FormatSpecifier: Sendable, Hashable {
    /// The text as written, e.g. `%1$lld`.
    public var raw: String
    /// The argument index of a positional specifier (`%2$@` → 2); nil when unpositioned.
    public var position: Int?
    /// Flag characters as written, any of `-+ #0'`.
    public var flags: String
    /// Width as written: digits, `*` or `*N$`.
    public var width: String?
    /// Precision as written, without the dot: digits, `*`, `*N$` or "" for a bare `.`.
    public var precision: String?
    /// Length modifier: "", `hh`, `h`, `l`, `ll`, `q`, `z`, `t`, `j` or `L`.
    public var length: String
    /// Conversion character: `@ d i u x X o f F e E g G a A c C s S p n D U O`, or `%` for `%%`.
    public var conversion: Character

    public init(
        raw: String, position: Int?, flags: String, width: String?, precision: String?, length: String,
        conversion: Character
    ) {
        self.raw = raw
        self.position = position
        self.flags = flags
        self.width = width
        self.precision = precision
        self.length = length
        self.conversion = conversion
    }

    /// Length plus conversion (`lld`, `@`, `lf`): the spelling `NSStringFormatValueTypeKey` uses.
    public var typeKey: String { length + String(conversion) }

    /// True for `%%`, which prints a percent sign and consumes no argument.
    public var isPercentLiteral: Bool { conversion == "%" }

    /// What kind of argument the specifier consumes.
    public var argumentKind: FormatArgumentKind { FormatArgumentKind(conversion: conversion) }
}

/// The broad kind of argument a conversion consumes; specifiers of different kinds for the same
/// argument read garbage at run time (an integer printed with `%@` crashes).
public enum FormatArgumentKind: String, Sendable, Hashable {
    case integer, floatingPoint, object, cString, pointer, none, unknown

    public init(conversion: Character) {
        switch conversion {
        case "d", "i", "u", "x", "X", "o", "D", "U", "O", "c", "C": self = .integer
        case "f", "F", "e", "E", "g", "G", "a", "A": self = .floatingPoint
        case "@": self = .object
        case "s", "S": self = .cString
        case "p", "n": self = .pointer
        case "%": self = .none
        default: self = .unknown
        }
    }
}

/// A reference to a `.stringsdict` variable inside a format string.
public struct VariableReference: Sendable, Hashable {
    /// The text as written, e.g. `%#@count@`, `%2$#@count@`, `%1#@count@`.
    public var raw: String
    /// The variable name (for malformed spellings, with surrounding spaces trimmed).
    public var name: String
    /// The argument index of `%N$#@name@`; nil when unpositioned and for malformed spellings,
    /// whose index Xcode does not turn into an `argNum` (it copies them verbatim).
    public var position: Int?
    /// True for spellings Foundation's documentation does not allow but real files contain:
    /// `%1#@count@` (no `$`), `%#1@count@` (index after `#`), `%# @sites @` (spaces).
    public var isMalformed: Bool

    public init(raw: String, name: String, position: Int?, isMalformed: Bool) {
        self.raw = raw
        self.name = name
        self.position = position
        self.isMalformed = isMalformed
    }
}
