import Foundation
import Languages
import XcodeProject

/// A project file as the XLIFF names it: its `original` path, and what it is.
public struct ExportedFile: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A String Catalog at this absolute path.
        case catalog(String)
        /// A legacy `.strings` table (by its index in `ExchangeProject.legacyTables`).
        case legacyTable(Int)
    }

    /// The `original` attribute.
    public var original: String
    public var kind: Kind
    /// For an Interface Builder catalog (`X/mul.lproj/N.xcstrings`), the document it belongs to
    /// (`X/Base.lproj/N.storyboard|xib`, absolute), which is what `original` names.
    public var interfaceBuilderDocument: String?

    public init(original: String, kind: Kind, interfaceBuilderDocument: String? = nil) {
        self.original = original
        self.kind = kind
        self.interfaceBuilderDocument = interfaceBuilderDocument
    }
}

extension ExchangeProject {
    /// Every file the export writes a `<file>` element for, in Xcode's order: sorted by `original`,
    /// ignoring case (docs/spec/xliff.md §2.2).
    public var exportedFiles: [ExportedFile] {
        var files: [ExportedFile] = catalogs.map { catalog in
            let document = Self.interfaceBuilderDocument(ofCatalog: catalog)
            return ExportedFile(
                original: original(of: document ?? catalog), kind: .catalog(catalog), interfaceBuilderDocument: document
            )
        }
        for (index, table) in legacyTables.enumerated() {
            guard let source = table.file(table.sourceLanguage) else { continue }
            files.append(ExportedFile(original: original(of: source.path), kind: .legacyTable(index)))
        }
        return files.sorted { FileOrder.precedes($0.original, $1.original) }
    }

    /// The names an Interface Builder catalog `X/mul.lproj/N.xcstrings` may have in an XLIFF:
    /// `X/Base.lproj/N.storyboard` and `X/Base.lproj/N.xib` (its document, which the export names),
    /// and its own path. Empty for any other catalog.
    public func interfaceBuilderOriginals(ofCatalog catalog: String) -> [String] {
        let lproj = PathResolver.parent(catalog)
        guard PathResolver.lastComponent(lproj) == LprojFolderName.multilingualFolder else { return [] }
        let folder = PathResolver.parent(lproj)
        let name = String(PathResolver.lastComponent(catalog).dropLast(".xcstrings".count))
        return ["\(folder)/Base.lproj/\(name).storyboard", "\(folder)/Base.lproj/\(name).xib", catalog].map(
            original(of:))
    }

    /// `path` (absolute) relative to the project folder, with `../` where it lies above it.
    public func original(of path: String) -> String {
        PathResolver.relative(path, from: projectFolder)
    }

    /// The Interface Builder document an IB catalog `X/mul.lproj/N.xcstrings` belongs to: the
    /// first of `X/Base.lproj/N.storyboard`, `X/Base.lproj/N.xib`, then `N.storyboard` or `N.xib`
    /// in another `.lproj` of `X` (sorted), that exists. Nil for any other catalog, or when there
    /// is none (the catalog is then exported under its own path).
    public static func interfaceBuilderDocument(ofCatalog catalog: String) -> String? {
        let lproj = PathResolver.parent(catalog)
        guard PathResolver.lastComponent(lproj) == LprojFolderName.multilingualFolder else { return nil }
        let folder = PathResolver.parent(lproj)
        let name = String(PathResolver.lastComponent(catalog).dropLast(".xcstrings".count))
        let fm = FileManager.default
        for candidate in ["Base.lproj/\(name).storyboard", "Base.lproj/\(name).xib"]
        where fm.fileExists(atPath: folder + "/" + candidate) {
            return folder + "/" + candidate
        }
        let lprojs = ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).filter {
            LprojFolderName.isLproj($0) && $0 != LprojFolderName.multilingualFolder
        }.sorted()
        for folderName in lprojs {
            for suffix in ["storyboard", "xib"] where fm.fileExists(atPath: "\(folder)/\(folderName)/\(name).\(suffix)")
            {
                return "\(folder)/\(folderName)/\(name).\(suffix)"
            }
        }
        return nil
    }
}

/// The order of `<file>` elements: by `original`, ignoring case (`damus/en-US.lproj/…` before
/// `damus/InfoPlist.xcstrings`; docs/spec/xliff.md §2.2). Foundation's case-insensitive compare,
/// which folds to lower case (`_` sorts before letters); digit runs compare as text. Neither
/// detail is established by a golden (docs/spec/xliff.md Q3); ties (originals equal but for case)
/// fall back to byte order so the order is total.
public enum FileOrder {
    public static func precedes(_ a: String, _ b: String) -> Bool {
        switch a.compare(b, options: [.caseInsensitive]) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
        }
    }
}
