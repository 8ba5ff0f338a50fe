/// A value of the wrong shape in a catalog, with the path to it.
///
/// The path is collected while the error travels up (each level adds its component), so the
/// decoder builds no path strings while reading a good file.
struct CatalogShapeError: Error, CustomStringConvertible {
    enum Component {
        /// A field of an object: written `.name` (or `["name"]` when it is not a plain name).
        case field(String)
        /// A key of a map that can hold any text (`strings`): always written `["key"]`.
        case key(String)
    }

    var message: String
    /// Innermost first.
    var reversedPath: [Component] = []

    init(_ message: String) { self.message = message }

    /// `strings["Done"].localizations.de.stringUnit.value`, or `top level` for the root.
    var path: String {
        var text = ""
        for component in reversedPath.reversed() {
            switch component {
            case .field(let name) where Self.isPlainName(name):
                text += text.isEmpty ? name : "." + name
            case .field(let name), .key(let name):
                text += "[" + Self.quoted(name) + "]"
            }
        }
        return text.isEmpty ? "top level" : text
    }

    var description: String { "\(path): \(message)" }

    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D
        }
    }

    private static func quoted(_ key: String) -> String {
        var writer = JSONTextWriter()
        writer.string(key)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// Runs `body`; a shape error coming out of it gets `component` added to its path.
@inline(__always)
func within<T>(_ component: CatalogShapeError.Component, _ body: () throws(CatalogShapeError) -> T) throws(CatalogShapeError) -> T {
    do {
        return try body()
    } catch {
        var error = error
        error.reversedPath.append(component)
        throw error
    }
}
