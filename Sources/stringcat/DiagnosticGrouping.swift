import Languages
import Reporting
import StringcatSupport

/// The diagnostics of one run, printed together on stderr once the work is done.
///
/// By default, diagnostics of the same kind in the same table are one line: the first of them,
/// with a count:
///
///     App/ja.lproj/Localizable.strings:12:5: warning: unknown escape '\?' (and 584 more like it in this table;
/// --verbose shows each)
///
/// Two diagnostics are "of the same kind" when they have the same severity, the same table and
/// the same message once its particulars are blanked out (`kind(of:)`): quoted parts (key names,
/// values, characters: `"…"`, `'…'`, `‘…’`, `“…”`), bracketed parts (`[de]`, the language of a
/// verify loss), numbers, and the variable and category names of a `.stringsdict` key path
/// (`"key" > count > zero:`). So `duplicate key "a" (also at line 3)` and `duplicate key "b"
/// (also at line 9)` group; `duplicate key …` and `missing ';' …` do not. A loss of `verify` is
/// of its loss kind (`value changed`, `key missing`…), whatever its details. The table is the one the command names
/// (`migrate`, `verify`: the table's catalog); for a diagnostic outside any table it is the diagnostic's path with its
/// `.lproj` folder blanked (`App/*.lproj/Localizable.strings`), so a file's warnings in every language group.
///
/// `--verbose` prints every diagnostic, in order; `--quiet` only the errors (grouped).
struct DiagnosticGroups {
    /// What a group counts within: a table, or (for the source-language check) the whole run.
    struct Scope: Hashable {
        var id: String
        /// As the count says it: "table", "file" or "run".
        var noun: String

        static func table(_ catalogPath: String) -> Scope { Scope(id: catalogPath, noun: "table") }
        static let run = Scope(id: "", noun: "run")
    }

    private struct Key: Hashable {
        var scope: Scope
        var severity: Severity
        var kind: String
    }

    private var items: [(diagnostic: Diagnostic, scope: Scope, kind: String?)] = []

    var isEmpty: Bool { items.isEmpty }

    /// Adds a diagnostic of `scope`, or, when nil, of the table its path belongs to. `kind`, when
    /// the caller knows it (a verify loss: `value changed`), is used instead of `kind(of:)`.
    mutating func add(_ diagnostic: Diagnostic, scope: Scope? = nil, kind: String? = nil) {
        items.append((diagnostic, scope ?? Self.scope(ofPath: diagnostic.location.path), kind))
    }

    mutating func add<S: Sequence>(contentsOf diagnostics: S, scope: Scope? = nil) where S.Element == Diagnostic {
        for diagnostic in diagnostics { add(diagnostic, scope: scope) }
    }

    /// The lines to print for `verbosity`.
    func lines(_ verbosity: Verbosity) -> [String] {
        let shown = verbosity == .quiet ? items.filter { $0.diagnostic.severity == .error } : items
        if verbosity == .verbose { return shown.map { DiagnosticLine.text($0.diagnostic) } }
        var order: [Key] = []
        var groups: [Key: (first: Diagnostic, count: Int)] = [:]
        for item in shown {
            let key = Key(
                scope: item.scope, severity: item.diagnostic.severity,
                kind: item.kind ?? Self.kind(of: item.diagnostic.message))
            if let group = groups[key] {
                groups[key] = (group.first, group.count + 1)
            } else {
                groups[key] = (item.diagnostic, 1)
                order.append(key)
            }
        }
        return order.map { key in
            let group = groups[key]!
            let more = group.count - 1
            return DiagnosticLine.text(
                group.first,
                suffix: more == 0 ? "" : " (and \(more) more like it in this \(key.scope.noun); --verbose shows each)")
        }
    }

    /// Prints the lines on stderr.
    func print(on console: Console) {
        for line in lines(console.verbosity) { console.err(line) }
    }

    /// The table of a path: its `.lproj` folder blanked (`App/*.lproj/Localizable.strings`);
    /// a path in no `.lproj` folder is a file of its own.
    static func scope(ofPath path: String) -> Scope {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard components.dropLast().contains(where: { LprojFolderName.isLproj($0) }) else {
            return Scope(id: path, noun: "file")
        }
        let blanked = components.enumerated().map { index, component in
            index < components.count - 1 && LprojFolderName.isLproj(component) ? "*.lproj" : String(component)
        }
        return Scope(id: blanked.joined(separator: "/"), noun: "table")
    }

    /// A message with its particulars blanked: what makes two diagnostics the same kind
    /// (`DiagnosticKind`, shared with the page of `--report`).
    static func kind(of message: String) -> String { DiagnosticKind.of(message) }
}
