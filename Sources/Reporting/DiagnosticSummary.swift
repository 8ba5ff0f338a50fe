import StringcatSupport

/// The diagnostics of a run, grouped by kind (`DiagnosticKind`) across the whole run: one row per
/// severity and kind, with how many there are and the first of them (its location and message).
struct DiagnosticSummary: Sendable {
    struct Group: Sendable {
        var first: Diagnostic
        var count: Int
        var kind: String
    }

    private(set) var groups: [Group] = []
    private var index: [String: Int] = [:]

    /// Adds a diagnostic; `kind`, when the caller knows it (a verify loss: `value changed`), is
    /// used instead of `DiagnosticKind.of`.
    mutating func add(_ diagnostic: Diagnostic, kind: String? = nil) {
        let kind = kind ?? DiagnosticKind.of(diagnostic.message)
        let id = diagnostic.severity.rawValue + "\u{0}" + kind
        if let position = index[id] {
            groups[position].count += 1
        } else {
            index[id] = groups.count
            groups.append(Group(first: diagnostic, count: 1, kind: kind))
        }
    }

    mutating func add<S: Sequence>(contentsOf diagnostics: S) where S.Element == Diagnostic {
        for diagnostic in diagnostics { add(diagnostic) }
    }

    func count(_ severity: Severity) -> Int {
        groups.filter { $0.first.severity == severity }.reduce(0) { $0 + $1.count }
    }

    /// Errors first, then warnings, then notes; within each the largest group first, then in the
    /// order the run met them.
    var sorted: [Group] {
        groups.enumerated().sorted { a, b in
            if a.element.first.severity != b.element.first.severity {
                return a.element.first.severity > b.element.first.severity
            }
            if a.element.count != b.element.count { return a.element.count > b.element.count }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// `3 errors, 12 warnings, 2 notes` (the severities there are).
    var countsText: String {
        [(Severity.error, "error"), (.warning, "warning"), (.note, "note")].compactMap { severity, noun in
            let count = count(severity)
            return count > 0 ? NumberText.counted(count, noun) : nil
        }.joined(separator: ", ")
    }

    /// The table of groups, paths relative to the page's root.
    func table(_ paths: PagePaths) -> [String] {
        Markdown.table(
            ["Severity", "Count", "First at", "Message (the first of its kind)"], right: [1],
            sorted.map { group in
                var location = group.first.location
                location.path = paths.relative(location.path)
                return [
                    group.first.severity.rawValue, NumberText.grouped(group.count), Markdown.code(location.description),
                    Markdown.text(paths.scrubbed(group.first.message)),
                ]
            })
    }
}
