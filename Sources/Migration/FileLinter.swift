import Foundation
import InfoPlistStrings
import Languages
import LegacyTables
import StringCatalog
import StringcatSupport
import StringsDict
import StringsFile

/// The three file formats stringcat reads, told apart by extension.
public enum LocalizationFileKind: String, Sendable {
    case strings, stringsdict, xcstrings

    public init?(path: String) {
        self.init(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }
}

/// `stringcat lint`: parses any of the three formats and returns what is wrong, with locations.
public enum FileLinter {
    /// Diagnostics for one file: parse errors, warnings, and a whole-file error for a path that
    /// is missing, a folder, or not a localization file.
    /// - Parameter strict: junk where a key should start is an error (Apple's reader ends the
    ///   table there and keeps the entries before it: a warning by default).
    public static func lint(path: String, strict: Bool = false) -> [Diagnostic] {
        guard let kind = LocalizationFileKind(path: path) else {
            // A mistyped path is not "not a localization file": say what `migrate` says.
            let exists = FileManager.default.fileExists(atPath: path)
            return [
                .error(
                    exists ? "not a .strings, .stringsdict or .xcstrings file" : "no such file or folder",
                    at: .file(path))
            ]
        }
        // The folder a legacy file is in names its language (`migrate` reads `x y.lproj` as none).
        var folder: [Diagnostic] = []
        if kind != .xcstrings, let name = LprojFolderName.of(file: path), name != LprojFolderName.base,
            name != LprojFolderName.multilingual, LanguageTag(name) == nil
        {
            let message =
                "the folder name \"\(ControlCharacters.escaped(name)).lproj\" is not a language code "
                + "(such as en, pt-BR or zh-Hans), so migrate reads this file into no table: rename the folder"
            folder.append(.error(message, at: .file(path)))
        }
        return folder + lintContent(path: path, kind: kind, strict: strict)
    }

    private static func lintContent(path: String, kind: LocalizationFileKind, strict: Bool) -> [Diagnostic] {
        switch kind {
        case .strings:
            let result = StringsFileReader.read(path: path, strict: strict)
            guard let file = result.file, InfoPlistTable.isInfoPlistTable(fileName: path) else {
                return result.diagnostics
            }
            return result.diagnostics + infoPlistDiagnostics(file)
        case .stringsdict:
            return StringsDictReader.read(path: path).diagnostics
        case .xcstrings:
            do {
                _ = try CatalogReader.read(path: path)
                return []
            } catch {
                return [error]
            }
        }
    }

    /// An InfoPlist.strings is also checked against the Info.plist it belongs to (found beside its
    /// `.lproj` folder): keys the system does not localize, keys the Info.plist lacks.
    private static func infoPlistDiagnostics(_ file: StringsFile) -> [Diagnostic] {
        let lproj = URL(fileURLWithPath: file.path).deletingLastPathComponent()
        guard lproj.pathExtension == "lproj" else { return InfoPlistStringsChecker.check(file, infoPlist: nil) }
        let (plistPath, locateDiagnostics) = InfoPlistLocator.locate(forTableIn: lproj.deletingLastPathComponent().path)
        var diagnostics = locateDiagnostics.filter { $0.severity != .note }
        var plist: InfoPlist?
        if let plistPath {
            let (read, readDiagnostics) = InfoPlist.read(path: plistPath)
            plist = read
            diagnostics += readDiagnostics.filter { $0.severity != .note }
        }
        return diagnostics + InfoPlistStringsChecker.check(file, infoPlist: plist)
    }

    /// The files `lint` reads for an argument: the file itself, or every localization file under
    /// a folder (skipping the folders `migrate` skips), sorted.
    public static func files(for argument: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [argument]
        }
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: argument)
        while let relative = enumerator?.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if LprojScanner.skippedFolderNames.contains(name) {
                enumerator?.skipDescendants()
                continue
            }
            if LocalizationFileKind(path: relative) != nil {
                found.append(argument.hasSuffix("/") ? argument + relative : argument + "/" + relative)
            }
        }
        return found.sorted()
    }
}
