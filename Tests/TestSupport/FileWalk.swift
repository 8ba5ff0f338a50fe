import Foundation

// The one walk of a folder the tests use (for the corpus, the goldens, a tree a command wrote).

/// Every path below `folder`, relative to it (folders included), in the walker's order. A
/// `folder` that is itself a symbolic link (`../shared` linked from elsewhere) is followed:
/// FileManager's walker does not go into a link it starts from, and a test would find nothing
/// instead of its material.
public func relativePaths(under folder: String) -> [String] {
    let start = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
    guard let walker = FileManager.default.enumerator(atPath: start) else { return [] }
    return walker.compactMap { $0 as? String }
}

/// Every path below `folder` whose path relative to it `include` accepts, as `folder/relative`,
/// sorted.
public func files(under folder: String, where include: (String) -> Bool) -> [String] {
    relativePaths(under: folder).filter(include).map { folder + "/" + $0 }.sorted()
}

/// Every path below `folder` whose name ends in one of `suffixes`, as `folder/relative`, sorted.
public func files(under folder: String, endingIn suffixes: String...) -> [String] {
    files(under: folder) { path in suffixes.contains { path.hasSuffix($0) } }
}

/// Every `project.pbxproj` under `folder`, sorted.
public func projectFiles(under folder: String) -> [String] {
    files(under: folder) { $0 == "project.pbxproj" || $0.hasSuffix("/project.pbxproj") }
}
