import Foundation
import StringCatalog

/// Where things are in a `<lang>.xcloc` package, and its `contents.json` (docs/spec/xliff.md §1).
public enum XclocLayout {
    /// `<lang>.xcloc`.
    public static func packageName(_ language: String) -> String { language + ".xcloc" }

    /// `Localized Contents/<lang>.xliff`, relative to the package.
    public static func xliffPath(_ language: String) -> String { "Localized Contents/\(language).xliff" }

    /// `Source Contents/<original>`, relative to the package; nil for an original that climbs out
    /// of the project folder (`../…`), which Xcode writes outside the package (a bug not
    /// reproduced: nothing is written outside the output folder).
    public static func sourceContentsPath(_ original: String) -> String? {
        let parts = original.split(separator: "/", omittingEmptySubsequences: false)
        guard !original.hasPrefix("/"), !parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            return nil
        }
        return "Source Contents/" + original
    }

    /// `contents.json` as Xcode's JSON writer writes it: two-space indent, `" : "`, keys sorted,
    /// no final newline. `container` is the project or workspace named; nil leaves both out.
    public static func contentsJSON(
        developmentRegion: String, container: ExchangeProject.Container?, targetLocale: String,
        toolVersion: String, toolBuild: String
    ) -> [UInt8] {
        // Xcode writes contents.json with the JSON writer of its catalogs: the same escapes.
        let quoted = JSONTextWriter.literal
        var lines = ["{", "  \"developmentRegion\" : \(quoted(developmentRegion)),"]
        if case .project(let name)? = container { lines.append("  \"project\" : \(quoted(name)),") }
        lines += [
            "  \"targetLocale\" : \(quoted(targetLocale)),",
            "  \"toolInfo\" : {",
            "    \"toolBuildNumber\" : \(quoted(toolBuild)),",
            "    \"toolID\" : \"com.apple.dt.xcode\",",
            "    \"toolName\" : \"Xcode\",",
            "    \"toolVersion\" : \(quoted(toolVersion))",
            "  },",
        ]
        if case .workspace(let name)? = container {
            lines += ["  \"version\" : \"1.0\",", "  \"workspace\" : \(quoted(name))"]
        } else {
            lines.append("  \"version\" : \"1.0\"")
        }
        lines.append("}")
        return Array(lines.joined(separator: "\n").utf8)
    }
}
