import Foundation
import StringcatSupport

/// Recognises the `InfoPlist.strings` table, whatever its case.
///
/// The bundle looks the table up as `InfoPlist.strings`. Projects also ship other spellings
/// (mastodon: `Mastodon/Resources/{Base,de,pt-BR,zh-Hans}.lproj/infoPlist.strings` beside
/// `InfoPlist.strings` in the other languages). They work on the case-insensitive disks Xcode
/// builds on, but a case-sensitive file system may not find them, so two spellings in one
/// project are worth a warning.
public enum InfoPlistTable {
    /// The table name as the bundle looks it up.
    public static let tableName = "InfoPlist"
    /// The file name as the bundle looks it up.
    public static let fileName = "InfoPlist.strings"

    /// True when `fileName` (a bare name or a path) is `InfoPlist.strings` in any case.
    public static func isInfoPlistTable(fileName: String) -> Bool {
        let name = lastComponent(fileName)
        return name.count == Self.fileName.count && name.lowercased() == Self.fileName.lowercased()
    }

    /// One warning when the `InfoPlist.strings` files among `paths` (the files of one project;
    /// other files are ignored) are spelled two or more ways. It names every spelling, how many
    /// files use it and one file of each, and points at the first file of the first spelling
    /// that is not `InfoPlist.strings`.
    public static func spellingDiagnostics(paths: [String]) -> [Diagnostic] {
        var bySpelling: [String: [String]] = [:]
        for path in paths where isInfoPlistTable(fileName: path) {
            bySpelling[lastComponent(path), default: []].append(path)
        }
        guard bySpelling.count > 1 else { return [] }
        // The bundle's own spelling first, then the others in code-point order.
        let spellings = bySpelling.keys.sorted { ($0 != fileName ? 1 : 0, $0) < ($1 != fileName ? 1 : 0, $1) }
        let parts = spellings.map { spelling -> String in
            let files = bySpelling[spelling]!.sorted()
            return "\(spelling) (\(files.count) file\(files.count == 1 ? "" : "s"), e.g. \(files[0]))"
        }
        let odd = spellings.first { $0 != fileName } ?? spellings[0]
        let at = bySpelling[odd]!.sorted()[0]
        let message =
            "the InfoPlist table is spelled \(spellings.count) ways in this project: "
            + parts.joined(separator: "; ")
            + "; the bundle looks for \(fileName), and a case-sensitive file system may not find another spelling"
        return [.warning(message, at: .file(at))]
    }

    private static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
