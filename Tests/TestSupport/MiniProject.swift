import Foundation

/// A small `project.pbxproj` for tests, in Xcode's text form: targets with a Resources phase and
/// Debug/Release configurations, groups for folders, variant groups of localized files (one
/// group per table, or one per language inside `xx.lproj` groups as alt-tab has them), and
/// Xcode 16 synchronized folders with their exception sets.
public struct MiniProject {
    public var developmentRegion: String? = "en"
    public var knownRegions = ["en", "Base"]
    public var objectVersion = 56

    private var counter = 0
    private var objects: [(id: String, isa: String, text: String)] = []
    private var mainChildren: [String] = []
    private var groupChildren: [String: [String]] = [:] // group ID -> children
    private var folderGroups: [String: String] = [:] // folder path -> group ID
    private var targets:
        [(id: String, name: String, resources: [String], synchronized: [String], configurations: String)] = []
    private var synchronizedExceptions: [String: [String]] = [:] // root ID -> exception set IDs
    private var names: [String: String] = [:] // ID -> the comment Xcode writes after it
    private var pathless: Set<String> = [] // groups with a name and no path

    public init() {}

    private mutating func newID() -> String {
        counter += 1
        return String(format: "A1B2C3D4E5F6%012X", counter)
    }

    private mutating func add(_ id: String, _ isa: String, _ text: String) { objects.append((id, isa, text)) }

    /// `ID /* name */`, as Xcode lists a reference.
    private func listed(_ id: String) -> String { names[id].map { "\(id) /* \($0) */" } ?? id }

    /// Adds a target (with a Resources phase and a configuration list) and returns its ID.
    @discardableResult
    public mutating func target(_ name: String) -> String {
        if let existing = targets.first(where: { $0.name == name }) { return existing.id }
        let id = newID(), list = newID(), debug = newID(), release = newID()
        for (config, configName) in [(debug, "Debug"), (release, "Release")] {
            add(
                config, "XCBuildConfiguration",
                "\t\t\(config) /* \(configName) */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = "
                    + "{\n\t\t\t\tPRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t};\n\t\t\tname = \(configName);\n\t\t};\n"
            )
        }
        add(
            list, "XCConfigurationList",
            "\t\t\(list) /* Build configuration list for PBXNativeTarget \"\(name)\" */ = {\n\t\t\tisa = "
                + "XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t\t\(debug) /* Debug "
                + "*/,\n\t\t\t\t\(release) /* Release */,\n\t\t\t);\n\t\t\tdefaultConfigurationIsVisible = "
                + "0;\n\t\t\tdefaultConfigurationName = Release;\n\t\t};\n"
        )
        targets.append((id, name, [], [], list))
        return id
    }

    /// The group of `folder` (a path relative to the project folder, `App/Resources`), created
    /// with its parents as needed.
    public mutating func group(_ folder: String) -> String {
        if let id = folderGroups[folder] { return id }
        let parentFolder = (folder as NSString).deletingLastPathComponent
        let id = newID()
        folderGroups[folder] = id
        names[id] = (folder as NSString).lastPathComponent
        if parentFolder.isEmpty {
            mainChildren.append(id)
        } else {
            let parent = group(parentFolder)
            groupChildren[parent, default: []].append(id)
        }
        groupChildren[id] = groupChildren[id] ?? []
        return id
    }

    /// One variant group `fileName` in the group of `folder`, with one `xx.lproj/fileName` child
    /// per language, built by `targets`. Returns the variant group's ID.
    @discardableResult
    public mutating func variantGroup(
        _ fileName: String, in folder: String, languages: [String], targets targetNames: [String]
    ) -> String {
        let parent = group(folder)
        let id = newID()
        var children: [String] = []
        for language in languages {
            let child = newID()
            add(
                child, "PBXFileReference",
                "\t\t\(child) /* \(language) */ = {isa = PBXFileReference; lastKnownFileType = "
                    + "text.plist.\(fileName.hasSuffix(".stringsdict") ? "stringsdict" : "strings"); name = "
                    + "\(quoted(language)); path = \(quoted(language + ".lproj/" + fileName)); sourceTree = "
                    + "\"<group>\"; };\n"
            )
            children.append(child)
        }
        add(
            id, "PBXVariantGroup",
            "\t\t\(id) /* \(fileName) */ = {\n\t\t\tisa = PBXVariantGroup;\n\t\t\tchildren = (\n"
                + children.map { "\t\t\t\t\($0) /* \(language(of: $0, languages, children)) */,\n" }.joined()
                + "\t\t\t);\n\t\t\tname = \(quoted(fileName));\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n")
        names[id] = fileName
        groupChildren[parent, default: []].append(id)
        buildInResources(id, fileName, targetNames)
        return id
    }

    /// A group with a name and no `path` (a folder of its own in Xcode's navigator only) in the
    /// group of `folder`: what it lists lies in `folder`. Returns its ID.
    public mutating func pathlessGroup(_ name: String, in folder: String) -> String {
        let parent = group(folder)
        let id = newID()
        names[id] = name
        pathless.insert(id)
        groupChildren[parent, default: []].append(id)
        groupChildren[id] = []
        return id
    }

    /// Lists `id` (a group, variant group or file) among the children of the group `groupID` as
    /// well, as a hand-merged project file can.
    public mutating func alsoList(_ id: String, inGroup groupID: String) {
        groupChildren[groupID, default: []].append(id)
    }

    /// Lists `id` among the main group's children as well.
    public mutating func alsoListInMainGroup(_ id: String) { mainChildren.append(id) }

    /// A plain file `fileName` (no variant group) in the group of `folder`, built by `targets`
    /// (docs/spec/project-edit.md#a-strings-file-outside-any-lproj: `InfoPlist.strings` beside `Info.plist`). Returns
    /// its reference's ID.
    @discardableResult
    public mutating func plainFile(_ fileName: String, in folder: String, targets targetNames: [String]) -> String {
        let parent = group(folder)
        let id = newID()
        let type = fileName.hasSuffix(".stringsdict") ? "text.plist.stringsdict" : "text.plist.strings"
        add(
            id, "PBXFileReference",
            "\t\t\(id) /* \(fileName) */ = {isa = PBXFileReference; lastKnownFileType = \(type); path = "
                + "\(quoted(fileName)); sourceTree = \"<group>\"; };\n"
        )
        names[id] = fileName
        groupChildren[parent, default: []].append(id)
        buildInResources(id, fileName, targetNames)
        return id
    }

    /// alt-tab's layout (docs/spec/project-edit.md#one-variant-group-per-language): in the group of `folder`, one
    /// `xx.lproj` group per language, each holding a one-child variant group `fileName` whose child is `path =
    /// fileName`.
    public mutating func variantGroupPerLanguage(
        _ fileName: String, in folder: String, languages: [String], targets targetNames: [String]
    ) {
        for language in languages {
            let lproj = group(folder + "/" + language + ".lproj")
            let id = newID(), child = newID()
            add(
                child, "PBXFileReference",
                "\t\t\(child) /* \(language) */ = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; "
                    + "name = \(quoted(language)); path = \(quoted(fileName)); sourceTree = \"<group>\"; };\n"
            )
            add(
                id, "PBXVariantGroup",
                "\t\t\(id) /* \(fileName) */ = {\n\t\t\tisa = PBXVariantGroup;\n\t\t\tchildren = (\n\t\t\t\t\(child) "
                    + "/* \(language) */,\n\t\t\t);\n\t\t\tname = \(quoted(fileName));\n\t\t\tsourceTree = "
                    + "\"<group>\";\n\t\t};\n"
            )
            names[id] = fileName
            groupChildren[lproj, default: []].append(id)
            buildInResources(id, fileName, targetNames)
        }
    }

    /// An Xcode 16 synchronized folder built by `targets`, with a membership exception set per
    /// target listed in `exceptions` (paths relative to the folder).
    public mutating func synchronizedFolder(
        _ folder: String, targets targetNames: [String], exceptions: [String: [String]] = [:]
    ) {
        let id = newID()
        mainChildren.append(id)
        var sets: [String] = []
        for name in targetNames {
            let target = target(name)
            if let index = targets.firstIndex(where: { $0.id == target }) { targets[index].synchronized.append(id) }
            guard let paths = exceptions[name] else { continue }
            let set = newID()
            add(
                set, "PBXFileSystemSynchronizedBuildFileExceptionSet",
                "\t\t\(set) /* PBXFileSystemSynchronizedBuildFileExceptionSet */ = {\n\t\t\tisa = "
                    + "PBXFileSystemSynchronizedBuildFileExceptionSet;\n\t\t\tmembershipExceptions = (\n"
                    + paths.map { "\t\t\t\t\(quoted($0)),\n" }.joined()
                    + "\t\t\t);\n\t\t\ttarget = \(target) /* \(name) */;\n\t\t};\n")
            sets.append(set)
        }
        synchronizedExceptions[id] = sets
        names[id] = folder
        let exceptionsText =
            sets.isEmpty
            ? ""
            : "exceptions = (" + sets.map { "\($0) /* PBXFileSystemSynchronizedBuildFileExceptionSet */, " }.joined()
                + "); "
        add(
            id, "PBXFileSystemSynchronizedRootGroup",
            "\t\t\(id) /* \(folder) */ = {isa = PBXFileSystemSynchronizedRootGroup; \(exceptionsText)explicitFileTypes "
                + "= {}; explicitFolders = (); path = \(quoted(folder)); sourceTree = \"<group>\"; };\n"
        )
    }

    /// A local Swift package the project links (`XCLocalSwiftPackageReference`, Xcode 15+), at a
    /// path relative to the project folder.
    public mutating func localPackageReference(_ relativePath: String) {
        let id = newID()
        add(
            id, "XCLocalSwiftPackageReference",
            "\t\t\(id) /* XCLocalSwiftPackageReference \"\(relativePath)\" */ = {\n\t\t\tisa = "
                + "XCLocalSwiftPackageReference;\n\t\t\trelativePath = \(quoted(relativePath));\n\t\t};\n"
        )
    }

    /// A package product a target links with no remote package named (`XCSwiftPackageProductDependency`
    /// without `package`: a local package Xcode finds by the product's name).
    public mutating func localProduct(_ name: String) {
        let id = newID()
        add(
            id, "XCSwiftPackageProductDependency",
            "\t\t\(id) /* \(name) */ = {\n\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tproductName = "
                + "\(quoted(name));\n\t\t};\n"
        )
    }

    /// A reference to a folder (a package dragged into the navigator: `lastKnownFileType = folder`).
    public mutating func folderReference(_ relativePath: String) {
        let id = newID()
        add(
            id, "PBXFileReference",
            "\t\t\(id) /* \((relativePath as NSString).lastPathComponent) */ = {isa = PBXFileReference; "
                + "lastKnownFileType = folder; path = \(quoted(relativePath)); sourceTree = \"<group>\"; };\n"
        )
        mainChildren.append(id)
    }

    private mutating func buildInResources(_ id: String, _ fileName: String, _ targetNames: [String]) {
        for name in targetNames {
            let target = target(name)
            let buildFile = newID()
            add(
                buildFile, "PBXBuildFile",
                "\t\t\(buildFile) /* \(fileName) in Resources */ = {isa = PBXBuildFile; fileRef = \(id) /* \(fileName) "
                    + "*/; };\n"
            )
            if let index = targets.firstIndex(where: { $0.id == target }) { targets[index].resources.append(buildFile) }
        }
    }

    private func language(of child: String, _ languages: [String], _ children: [String]) -> String {
        languages[children.firstIndex(of: child)!]
    }

    private func quoted(_ text: String) -> String {
        text.allSatisfy({ $0.isLetter || $0.isNumber || "._/$".contains($0) }) && !text.isEmpty ? text : "\"\(text)\""
    }

    /// The file's text.
    public func text() -> String {
        var all = objects
        let project = "A0A0A0A0A0A0A0A0A0A0A001", mainGroup = "A0A0A0A0A0A0A0A0A0A0A002",
            projectList = "A0A0A0A0A0A0A0A0A0A0A003"
        let projectDebug = "A0A0A0A0A0A0A0A0A0A0A004", projectRelease = "A0A0A0A0A0A0A0A0A0A0A005"
        for (config, name) in [(projectDebug, "Debug"), (projectRelease, "Release")] {
            all.append(
                (
                    config, "XCBuildConfiguration",
                    "\t\t\(config) /* \(name) */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = "
                        + "{\n\t\t\t\tSDKROOT = iphoneos;\n\t\t\t};\n\t\t\tname = \(name);\n\t\t};\n"
                ))
        }
        all.append(
            (
                projectList, "XCConfigurationList",
                "\t\t\(projectList) /* Build configuration list for PBXProject \"App\" */ = {\n\t\t\tisa = "
                    + "XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t\t\(projectDebug) /* Debug "
                    + "*/,\n\t\t\t\t\(projectRelease) /* Release "
                    + "*/,\n\t\t\t);\n\t\t\tdefaultConfigurationIsVisible = 0;\n\t\t\tdefaultConfigurationName "
                    + "= Release;\n\t\t};\n"
            ))
        all.append(
            (
                mainGroup, "PBXGroup",
                "\t\t\(mainGroup) = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n"
                    + mainChildren.map { "\t\t\t\t\(listed($0)),\n" }.joined()
                    + "\t\t\t);\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
            ))
        for (folder, id) in folderGroups {
            let name = (folder as NSString).lastPathComponent
            all.append(
                (
                    id, "PBXGroup",
                    "\t\t\(id) /* \(name) */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n"
                        + (groupChildren[id] ?? []).map { "\t\t\t\t\(listed($0)),\n" }.joined()
                        + "\t\t\t);\n\t\t\tpath = \(quoted(name));\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
                ))
        }
        for id in pathless.sorted() {
            let name = names[id] ?? id
            all.append(
                (
                    id, "PBXGroup",
                    "\t\t\(id) /* \(name) */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n"
                        + (groupChildren[id] ?? []).map { "\t\t\t\t\(listed($0)),\n" }.joined()
                        + "\t\t\t);\n\t\t\tname = \(quoted(name));\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
                ))
        }
        for target in targets {
            let phase = newPhaseID(target.id)
            all.append(
                (
                    phase, "PBXResourcesBuildPhase",
                    "\t\t\(phase) /* Resources */ = {\n\t\t\tisa = PBXResourcesBuildPhase;\n\t\t\tbuildActionMask = "
                        + "2147483647;\n\t\t\tfiles = (\n"
                        + target.resources.map { "\t\t\t\t\($0),\n" }.joined()
                        + "\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t};\n"
                ))
            let synchronized =
                target.synchronized.isEmpty
                ? ""
                : "\t\t\tfileSystemSynchronizedGroups = (\n" + target.synchronized.map { "\t\t\t\t\($0),\n" }.joined()
                    + "\t\t\t);\n"
            all.append(
                (
                    target.id, "PBXNativeTarget",
                    "\t\t\(target.id) /* \(target.name) */ = {\n\t\t\tisa = "
                        + "PBXNativeTarget;\n\t\t\tbuildConfigurationList = "
                        + "\(target.configurations);\n\t\t\tbuildPhases = (\n\t\t\t\t\(phase) /* Resources "
                        + "*/,\n\t\t\t);\n"
                        + synchronized
                        + "\t\t\tname = \(quoted(target.name));\n\t\t\tproductType = "
                        + "\"com.apple.product-type.application\";\n\t\t};\n"
                ))
        }
        let region = developmentRegion.map { "\t\t\tdevelopmentRegion = \(quoted($0));\n" } ?? ""
        all.append(
            (
                project, "PBXProject",
                "\t\t\(project) /* Project object */ = {\n\t\t\tisa = PBXProject;\n\t\t\tbuildConfigurationList = "
                    + "\(projectList);\n\t\t\tcompatibilityVersion = \"Xcode 14.0\";\n"
                    + region + "\t\t\thasScannedForEncodings = 0;\n\t\t\tknownRegions = (\n"
                    + knownRegions.map { "\t\t\t\t\(quoted($0)),\n" }.joined()
                    + "\t\t\t);\n\t\t\tmainGroup = \(mainGroup);\n\t\t\tprojectDirPath = \"\";\n\t\t\tprojectRoot = "
                    + "\"\";\n\t\t\ttargets = (\n"
                    + targets.map { "\t\t\t\t\($0.id) /* \($0.name) */,\n" }.joined() + "\t\t\t);\n\t\t};\n"
            ))
        var text =
            "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = "
            + "\(objectVersion);\n\tobjects = {\n"
        for isa in Set(all.map(\.isa)).sorted() {
            text += "\n/* Begin \(isa) section */\n"
            for object in all.filter({ $0.isa == isa }).sorted(by: { $0.id < $1.id }) { text += object.text }
            text += "/* End \(isa) section */\n"
        }
        text += "\t};\n\trootObject = \(project) /* Project object */;\n}\n"
        return text
    }

    private func newPhaseID(_ target: String) -> String { "F" + target.dropFirst() }
}
