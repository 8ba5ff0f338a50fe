/// How serious a finding is. Errors make commands exit 1; warnings and notes do not.
public enum Severity: String, Sendable, Hashable, Codable, Comparable {
    case error, warning, note

    private var rank: Int {
        switch self {
        case .error: return 2
        case .warning: return 1
        case .note: return 0
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A finding about an input file: what is wrong, where, and how serious it is.
///
/// Printed as `path:line:column: error: message`, the form Xcode and editors turn into links.
/// When the location has no line (a whole-file problem) it prints `path: error: message`.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public var severity: Severity
    public var message: String
    public var location: SourceLocation

    public init(_ severity: Severity, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    public static func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    public static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    public static func note(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.note, message, at: location)
    }

    public var isError: Bool { severity == .error }

    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

extension Sequence where Element == Diagnostic {
    /// True when any diagnostic is an error.
    public var containsError: Bool { contains { $0.severity == .error } }
}
