import Foundation
import Languages
import StringcatSupport
import Xcloc

/// One XLIFF file an import reads, and the language of the `.xcloc` package it came in.
struct ImportInput {
    var path: String
    /// The package's language, when the file is a package's: what its `target-language` should be.
    var package: PackageLanguage?
}

/// The language a `<lang>.xcloc` package says it holds: `targetLocale` of its `contents.json`,
/// else its name.
struct PackageLanguage {
    var tag: LanguageTag
    /// The package folder, and where the language was read (for the warning).
    var package: String
    var source: String
}

/// The inputs an import is given: `.xliff` files and `.xcloc` packages. Each file is a
/// translator's, so any of them may be something else than it says: only regular files are read
/// (`RegularFile`), and a `contents.json` is read only when small.
enum ImportInputs {
    /// A `contents.json` is a few hundred bytes; a larger one is not read for its language.
    static let largestContentsJSON = 1 << 20

    /// The XLIFF files an argument names: a `.xliff` file, or the `Localized Contents/*.xliff` of
    /// an `.xcloc` package with the package's language.
    static func files(of input: String) -> Result<[ImportInput], Diagnostic> {
        let path = URL(fileURLWithPath: input).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(.error("no such file or folder", at: .file(path)))
        }
        guard isDirectory.boolValue else { return .success([ImportInput(path: path)]) }
        let localized = path + "/Localized Contents"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: localized)) ?? []).filter {
            $0.hasSuffix(".xliff")
        }.sorted()
        guard !names.isEmpty else {
            return .failure(
                .error(
                    "no Localized Contents/*.xliff in this folder: give an .xcloc package or an .xliff file",
                    at: .file(path)))
        }
        let package: PackageLanguage?
        switch language(ofPackage: path) {
        case .success(let language): package = language
        case .failure(let diagnostic): return .failure(diagnostic)
        }
        return .success(names.map { ImportInput(path: localized + "/" + $0, package: package) })
    }

    /// The language of the package at `path`: `contents.json`'s `targetLocale`, else the name
    /// (`de.xcloc`); nil when neither is a language tag. A `contents.json` that is not a regular
    /// file is an error naming it.
    static func language(ofPackage path: String) -> Result<PackageLanguage?, Diagnostic> {
        let contents = path + "/contents.json"
        var info = stat()
        // A regular file too large to be a contents.json is not read for its language; anything
        // that is not a regular file (size 0: a FIFO, a link to a device) is refused by the read.
        if stat(contents, &info) == 0, Int(info.st_size) <= largestContentsJSON {
            switch RegularFile.read(contents) {
            case .success(let bytes):
                if let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
                    let locale = object["targetLocale"] as? String, let tag = LanguageTag(locale)
                {
                    return .success(
                        PackageLanguage(tag: tag, package: path, source: "its contents.json's targetLocale"))
                }
            case .failure(let failure) where !failure.isAbsence:
                return .failure(.error("cannot read the package's contents.json: \(failure)", at: .file(contents)))
            case .failure:
                break
            }
        }
        let name = (path as NSString).lastPathComponent
        guard name.hasSuffix(".xcloc"), let tag = LanguageTag(String(name.dropLast(".xcloc".count))) else {
            return .success(nil)
        }
        return .success(PackageLanguage(tag: tag, package: path, source: "its name"))
    }
}
