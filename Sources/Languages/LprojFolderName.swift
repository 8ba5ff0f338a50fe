/// What an `.lproj` folder's name says: the one reading of `…/de.lproj/X.strings`.
public enum LprojFolderName {
    /// The name of the `.lproj` folder that directly holds the file at `path`, without
    /// `.lproj` (`…/pt-BR.lproj/Localizable.strings` -> `pt-BR`); nil when that folder is not an
    /// `.lproj` or its name is only `.lproj`. Read from the path's bytes: the path is not
    /// resolved (a `..` component is no `.lproj` folder).
    public static func of(file path: String) -> String? {
        let utf8 = path.utf8
        guard let lastSlash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let folder = utf8[..<lastSlash]
        let start = folder.lastIndex(of: UInt8(ascii: "/")).map { folder.index(after: $0) } ?? folder.startIndex
        let name = folder[start...]
        let suffix = Self.suffix.utf8
        guard name.count > suffix.count, name.suffix(suffix.count).elementsEqual(suffix) else { return nil }
        return String(decoding: name.dropLast(suffix.count), as: UTF8.self)
    }

    /// The `.lproj` folder name without its extension (`de.lproj` -> `de`); nil for another name.
    public static func of(folder name: String) -> String? {
        guard isLproj(name), name.count > suffix.count else { return nil }
        return String(name.dropLast(suffix.count))
    }

    /// `Base.lproj`: the development language's resources, not a language of its own.
    public static let base = "Base"
    /// `mul.lproj`: where Interface Builder catalogs go, not a language folder.
    public static let multilingual = "mul"
    /// The extension of a language folder.
    public static let suffix = ".lproj"
    /// `mul.lproj`.
    public static let multilingualFolder = folder(multilingual)
    /// `Base.lproj`.
    public static let baseFolder = folder(base)

    /// The folder of a language (`de` -> `de.lproj`).
    @inlinable public static func folder(_ language: String) -> String { language + ".lproj" }

    /// True when a folder's name ends in `.lproj`.
    @inlinable public static func isLproj(_ name: some StringProtocol) -> Bool { name.hasSuffix(".lproj") }
}
