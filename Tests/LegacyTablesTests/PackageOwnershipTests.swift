import Foundation
import TestSupport
import XCTest

@testable import LegacyTables

/// Whose a package inside the tree is, from evidence: the user's own when something of the tree
/// uses it by path, third-party when a dependency folder or a submodule holds it, unused when
/// nothing does; each decision says which evidence made it, and the tables of the user's own
/// packages are read without `--include`.
final class PackageOwnershipTests: XCTestCase {
    /// A tree with a project `App.xcodeproj` at the root (the sample's shape, no tables of its
    /// own) and a package at `folder` with one `.lproj` table.
    private func tree(package folder: String, product: String = "Kit", project: (inout MiniProject) -> Void = { _ in })
        throws -> TestTree
    {
        let tree = try TestTree()
        var mini = MiniProject()
        mini.target("App")
        project(&mini)
        _ = try tree.write("App.xcodeproj/project.pbxproj", mini.text())
        _ = try tree.write(
            folder + "/Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Kit", defaultLocalization: "en",
                                  products: [.library(name: "\(product)", targets: ["Kit"])],
                                  targets: [.target(name: "Kit")])

            """)
        _ = try tree.write(folder + "/Sources/Kit/en.lproj/Kit.strings", "\"k\" = \"K\";\n")
        _ = try tree.write(folder + "/Sources/Kit/de.lproj/Kit.strings", "\"k\" = \"K-de\";\n")
        return tree
    }

    private func found(_ tree: TestTree, _ search: TableSearch = TableSearch(requireTables: false)) -> ProjectTables {
        ProjectTables.find(tree.root, search)
    }

    private func ownership(_ tree: TestTree) throws -> PackageOwnership {
        try XCTUnwrap(found(tree).packagesInTree.first).ownership
    }

    func testAPackageTheWorkspaceNamesIsTheUsersAndItsTablesAreRead() throws {
        let tree = try self.tree(package: "LokiPackage")
        _ = try tree.write(
            "Loki.xcworkspace/contents.xcworkspacedata",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace
               version = "1.0">
               <FileRef
                  location = "group:LokiPackage">
               </FileRef>
               <FileRef
                  location = "group:App.xcodeproj">
               </FileRef>
            </Workspace>

            """)
        let owner = try ownership(tree)
        XCTAssertEqual(owner.kind, .own)
        XCTAssertEqual(owner.evidence, "in the workspace Loki.xcworkspace (group:LokiPackage)")
        XCTAssertEqual(
            found(tree).tables.map { TableGrouper.relative($0.catalogPath, to: tree.root) },
            ["LokiPackage/Sources/Kit/Kit.xcstrings"])
    }

    func testAPackageInAWorkspaceGroupIsResolvedThroughTheGroupsFolder() throws {
        let tree = try self.tree(package: "Modules/Kit")
        _ = try tree.write(
            "App.xcworkspace/contents.xcworkspacedata",
            """
            <Workspace version = "1.0">
               <Group location = "container:Modules" name = "Modules">
                  <FileRef location = "group:Kit"></FileRef>
               </Group>
            </Workspace>
            """)
        XCTAssertEqual(
            try ownership(tree), PackageOwnership(kind: .own, evidence: "in the workspace App.xcworkspace (group:Kit)"))
    }

    func testAPackageTheProjectLinksByALocalReferenceIsTheUsers() throws {
        let tree = try self.tree(package: "Packages/Kit") { $0.localPackageReference("Packages/Kit") }
        XCTAssertEqual(
            try ownership(tree),
            PackageOwnership(kind: .own, evidence: "linked by App.xcodeproj (a local package reference: Packages/Kit)"))
    }

    func testAPackageWhoseProductTheProjectLinksWithoutARemotePackageIsTheUsers() throws {
        let tree = try self.tree(package: "MastodonSDK", product: "MastodonSDKDynamic") {
            $0.localProduct("MastodonSDKDynamic")
        }
        XCTAssertEqual(
            try ownership(tree),
            PackageOwnership(
                kind: .own,
                evidence: "its product MastodonSDKDynamic is linked by App.xcodeproj (a local package product)"))
    }

    func testAPackageFolderTheProjectReferencesIsTheUsers() throws {
        let tree = try self.tree(package: "MastodonSDK") { $0.folderReference("MastodonSDK") }
        XCTAssertEqual(
            try ownership(tree),
            PackageOwnership(kind: .own, evidence: "its folder is a file reference of App.xcodeproj"))
    }

    func testAPackageInsideASynchronizedFolderIsTheUsers() throws {
        let tree = try self.tree(package: "Sources/Kit") { $0.synchronizedFolder("Sources", targets: ["App"]) }
        XCTAssertEqual(
            try ownership(tree),
            PackageOwnership(kind: .own, evidence: "inside the synchronized folder Sources of App.xcodeproj"))
    }

    func testAPackageAnXcodeGenSpecListsByPathIsTheUsers() throws {
        let tree = try self.tree(package: "Packages/Kit")
        _ = try tree.write(
            "project.yml",
            "name: App\npackages:\n  Kit:\n    path: Packages/Kit\n  Remote:\n    url: "
                + "https://example.com/r\ntargets:\n  App:\n    type: application\n"
        )
        XCTAssertEqual(
            try ownership(tree),
            PackageOwnership(
                kind: .own, evidence: "a local package of the XcodeGen spec project.yml (path: Packages/Kit)"))
    }

    func testAPackageATuistManifestListsByPathIsTheUsers() throws {
        let tree = try self.tree(package: "Packages/Kit")
        _ = try tree.write(
            "Project.swift",
            "import ProjectDescription\nlet project = Project(name: \"App\", packages: [.package(path: "
                + "\"Packages/Kit\")])\n"
        )
        XCTAssertEqual(
            try ownership(tree),
            PackageOwnership(
                kind: .own, evidence: "a local package of the Tuist manifest Project.swift (path: Packages/Kit)"))
    }

    func testAPackageAnOwnPackageDependsOnByPathIsTheUsers() throws {
        let tree = try self.tree(package: "Packages/Kit")
        _ = try tree.write(
            "Packages/App/Package.swift",
            "let package = Package(name: \"AppCore\", dependencies: [.package(path: \"../Kit\")], targets: [])\n")
        var mini = MiniProject()
        mini.target("App")
        mini.localPackageReference("Packages/App")
        _ = try tree.write("App.xcodeproj/project.pbxproj", mini.text())
        let kit = try XCTUnwrap(found(tree).packagesInTree.first { $0.manifest.folder.hasSuffix("/Kit") })
        XCTAssertEqual(
            kit.ownership, PackageOwnership(kind: .own, evidence: "a dependency by path of the package Packages/App"))
    }

    /// alt-tab's `vendor/Sparkle` is linked by path too: the folder decides first.
    func testAPackageUnderADependencyFolderIsThirdPartyEvenWhenTheProjectLinksIt() throws {
        for folder in ["vendor", "Vendor", "third_party", "ThirdParty", "External", "Submodules", "checkouts"] {
            let tree = try self.tree(package: folder + "/Kit") { $0.localPackageReference(folder + "/Kit") }
            let tables = found(tree)
            XCTAssertEqual(
                tables.packagesInTree.first?.ownership,
                PackageOwnership(kind: .thirdParty, evidence: "under \(folder)/, a dependency folder"), folder)
            XCTAssertEqual(tables.tables, [], folder)
            XCTAssertEqual(tables.skippedPackages.count, 1, folder)
        }
    }

    func testAGitSubmoduleIsThirdParty() throws {
        let tree = try self.tree(package: "Libraries/Kit") { $0.localPackageReference("Libraries/Kit") }
        _ = try tree.write(
            ".gitmodules", "[submodule \"Kit\"]\n\tpath = Libraries/Kit\n\turl = https://example.com/kit.git\n")
        XCTAssertEqual(
            try ownership(tree), PackageOwnership(kind: .thirdParty, evidence: "in the git submodule Libraries/Kit"))
        let checkout = try self.tree(package: "Libraries/Kit")
        _ = try checkout.write("Libraries/Kit/.git", "gitdir: ../../.git/modules/Kit\n")
        XCTAssertEqual(
            try ownership(checkout),
            PackageOwnership(kind: .thirdParty, evidence: "a git checkout of its own (its .git is a file: a submodule)")
        )
    }

    func testAPackageNothingUsesIsLeftAloneAndIncludeReadsIt() throws {
        let tree = try self.tree(package: "Tools/Kit")
        let owner = try ownership(tree)
        XCTAssertEqual(owner.kind, .unused)
        XCTAssertEqual(
            found(tree).packagesInTree.first?.skippedBecause,
            "no project, workspace, XcodeGen or Tuist spec, or package of this tree uses it by path (--include PATH "
                + "migrates it)"
        )
        var search = TableSearch(requireTables: false)
        search.includes = ["Tools/Kit"]
        XCTAssertEqual(found(tree, search).tables.map(\.name), ["Kit"])
        XCTAssertEqual(found(tree, search).packagesInTree.first?.readBecause, .included)
    }

    func testExcludeOverridesAnOwnPackage() throws {
        let tree = try self.tree(package: "Packages/Kit") { $0.localPackageReference("Packages/Kit") }
        var search = TableSearch(requireTables: false)
        search.excludes = ["Packages/Kit"]
        let tables = found(tree, search)
        XCTAssertEqual(tables.tables, [])
        XCTAssertEqual(tables.packagesInTree.first?.skippedBecause, "excluded (--exclude)")
    }

    /// An own package takes its `defaultLocalization`; its keys are spelled as the package spells
    /// its folders.
    func testAnOwnPackagesTablesTakeItsDefaultLocalization() throws {
        let tree = try self.tree(package: "Packages/Kit") { $0.localPackageReference("Packages/Kit") }
        let manifest = tree.path("Packages/Kit/Package.swift")
        try Data(
            try String(contentsOfFile: manifest, encoding: .utf8).replacingOccurrences(
                of: "defaultLocalization: \"en\"", with: "defaultLocalization: \"de\""
            ).utf8
        )
        .write(to: URL(fileURLWithPath: manifest))
        XCTAssertEqual(found(tree).tables.first?.sourceLanguage, "de")
    }

    /// Issue 33, item 1: a package's code is checked like every other (`LanguageTag`): one that is
    /// no tag is an error at the manifest, and its tables are not read (no code is made from it).
    func testADefaultLocalizationThatIsNoLanguageTagIsAnErrorAndItsTablesAreNotRead() throws {
        let tree = try self.tree(package: "Packages/Kit") { $0.localPackageReference("Packages/Kit") }
        let manifest = tree.path("Packages/Kit/Package.swift")
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try Data(
            text.replacingOccurrences(of: "defaultLocalization: \"en\"", with: "defaultLocalization: \"../x\"").utf8
        )
        .write(to: URL(fileURLWithPath: manifest))
        let tables = found(tree)
        XCTAssertEqual(tables.tables.map(\.name), [])
        XCTAssertEqual(
            tables.diagnostics.filter(\.isError).first?.description,
            manifest + ": error: defaultLocalization \"../x\" is not a language code, so which files hold the "
                + "source language is not known: the package's tables are not migrated (pass --source-language)")
        var explicit = TableSearch(requireTables: false)
        explicit.sourceLanguage = "en"
        XCTAssertEqual(found(tree, explicit).tables.map(\.name), ["Kit"])
    }
}
