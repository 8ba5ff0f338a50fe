/// A place in an input file. `line` and `column` are 1-based; `column` counts Unicode scalars
/// of the decoded text (what an editor shows), `byteOffset` counts bytes of the file as stored.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var column: Int?
    public var byteOffset: Int?

    public init(path: String, line: Int? = nil, column: Int? = nil, byteOffset: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// A location that names only the file.
    public static func file(_ path: String) -> SourceLocation { SourceLocation(path: path) }

    public var description: String {
        switch (line, column) {
        case let (line?, column?): return "\(path):\(line):\(column)"
        case let (line?, nil): return "\(path):\(line)"
        default: return path
        }
    }
}
