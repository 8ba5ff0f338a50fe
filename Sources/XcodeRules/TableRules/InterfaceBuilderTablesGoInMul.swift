import Languages
import XcodeProject

/// A storyboard's or xib's table goes to `mul.lproj` beside the `Base.lproj` holding it.
public struct InterfaceBuilderTablesGoInMul: TableRule {
    public let name = "a storyboard's or xib's table goes in mul.lproj"
    public let decides = """
        A variant group holding a storyboard, xib or nib is an Interface Builder table named after \
        it; its catalog is <folder holding Base.lproj>/mul.lproj/Name.xcstrings (the Base file decides; \
        without one, the first). Nothing is read from the storyboard or xib.
        """
    public let evidence = """
        51 catalogs over the shared migrations and those kept aside, e.g. vienna-rss's 11 in \
        Vienna/Interfaces/mul.lproj/ (docs/spec/project-edit.md#an-interface-builder-table).
        """

    public init() {}

    static let extensions = [".storyboard", ".xib", ".nib"]

    /// True for a storyboard, xib or nib.
    static func isInterfaceBuilderFile(_ name: String) -> Bool { extensions.contains { name.hasSuffix($0) } }

    /// True when the Interface Builder file at `path` decides the catalog's place over the one
    /// found before (`current`): the first one, or Base's.
    static func decides(_ path: String, over current: String?) -> Bool {
        current == nil || LprojFolderName.of(file: path) == LprojFolderName.base
    }

    /// The table's name and catalog for the Interface Builder file at `path`.
    static func catalog(for path: String) -> (name: String, catalogPath: String) {
        let file = PathResolver.lastComponent(path)
        let name = String(file[..<(file.lastIndex(of: ".") ?? file.endIndex)])
        return (
            name,
            PathResolver.parent(PathResolver.parent(path)) + "/" + LprojFolderName.multilingualFolder + "/" + name
                + ".xcstrings"
        )
    }
}
