import StringcatSupport

/// What is wrong with a catalog's bytes, and where: a JSON syntax error, or a value of the wrong
/// shape (with the path to it, e.g. `strings["Done"].localizations.de.stringUnit.value`).
///
/// Both carry a byte offset; the line and column are computed only when the error is reported.
/// The path is collected while the error travels up (each level adds its component), so the
/// decoder builds no path strings while reading a good file.
struct CatalogReadError: Error, Equatable {
    enum Kind: Equatable { case syntax, shape }

    enum Component: Equatable {
        /// A field of an object: written `.name` (or `["name"]` when it is not a plain name).
        case field(String)
        /// A key of a map that can hold any text (`strings`): always written `["key"]`.
        case key(String)
    }

    var kind: Kind
    var message: String
    var offset: Int
    /// Innermost first.
    var reversedPath: [Component] = []

    static func syntax(_ message: String, at offset: Int) -> CatalogReadError {
        CatalogReadError(kind: .syntax, message: message, offset: offset)
    }

    static func shape(_ message: String, at offset: Int) -> CatalogReadError {
        CatalogReadError(kind: .shape, message: message, offset: offset)
    }

    /// `strings["Done"].localizations.de.stringUnit.value`, or `top level` for the root.
    var path: String {
        var text = ""
        for component in reversedPath.reversed() {
            switch component {
            case .field(let name) where Self.isPlainName(name):
                text += text.isEmpty ? name : "." + name
            case .field(let name), .key(let name):
                text += "[" + JSONTextWriter.literal(name) + "]"
            }
        }
        return text.isEmpty ? "top level" : text
    }

    /// The message as printed: a shape error starts with the path of the value.
    var fullMessage: String { kind == .syntax ? message : "\(path): \(message)" }

    /// The diagnostic for this error in `bytes`: 1-based line, column in Unicode scalars.
    func diagnostic(in bytes: UnsafeBufferPointer<UInt8>, path file: String) -> Diagnostic {
        var line = 1
        // A UTF-8 BOM is not a character an editor shows.
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var lineStart = hasBOM && offset >= 3 ? 3 : 0
        var k = lineStart
        let end = min(offset, bytes.count)
        while k < end {
            let b = bytes[k]
            if b == 0x0A {
                line += 1
                lineStart = k + 1
            } else if b == 0x0D {
                if k + 1 < end && bytes[k + 1] == 0x0A { k += 1 }
                line += 1
                lineStart = k + 1
            }
            k += 1
        }
        var column = 1
        for j in lineStart..<end where bytes[j] & 0xC0 != 0x80 { column += 1 }
        return .error(fullMessage, at: SourceLocation(path: file, line: line, column: column, byteOffset: offset))
    }

    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { b in
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
                    || b == 0x2D
            }
    }
}

/// Runs `body`; an error coming out of it gets `component` added to its path.
@inline(__always)
func within<T>(_ component: CatalogReadError.Component, _ body: () throws(CatalogReadError) -> T)
    throws(CatalogReadError) -> T
{
    do {
        return try body()
    } catch {
        var error = error
        error.reversedPath.append(component)
        throw error
    }
}
