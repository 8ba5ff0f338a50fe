import XcodeProject

/// The `project.pbxproj` of the generated app, in Xcode's text form (objectVersion 56): one
/// application target whose Resources phase builds a `PBXVariantGroup` per table, as Xcode lays
/// out a localized app before its migration (docs/spec/project-edit.md#the-unit-of-migration-is-the-variant-group,
/// #the-projectpbxproj-edit):
///
/// - `Localizable.strings` and `Localizable.stringsdict`: a child per language;
/// - `InfoPlist.strings`: a child per language;
/// - `Main.storyboard`: `Base.lproj/Main.storyboard` and a `.strings` child per other language
///   (an Interface Builder table: its catalog goes to `mul.lproj`);
/// - `LaunchScreen.storyboard`: `Base` only (an Interface Builder file with nothing to translate,
///   left alone by a migration unless asked).
///
/// Object IDs are hashes of what each object is (`ObjectIDGenerator`), so the same settings give
/// the same bytes.
struct BenchProjectFile {
    /// `.lproj` names of the languages; the first is the development region.
    var codes: [String]

    /// A variant group: its name, its children's `.lproj` names, and the file each child names.
    private struct VariantGroup {
        var name: String
        var children: [String]
        var childFile: String
        var fileType: String
    }

    private var groups: [VariantGroup] {
        let storyboardChildren = ["Base"] + codes.dropFirst()
        return [
            VariantGroup(
                name: "Localizable.strings", children: codes, childFile: "Localizable.strings",
                fileType: "text.plist.strings"),
            VariantGroup(
                name: "Localizable.stringsdict", children: codes, childFile: "Localizable.stringsdict",
                fileType: "text.plist.stringsdict"),
            VariantGroup(
                name: "InfoPlist.strings", children: codes, childFile: "InfoPlist.strings",
                fileType: "text.plist.strings"),
            VariantGroup(
                name: "Main.storyboard", children: storyboardChildren, childFile: "Main.strings",
                fileType: "text.plist.strings"),
            VariantGroup(
                name: "LaunchScreen.storyboard", children: ["Base"], childFile: "LaunchScreen.storyboard",
                fileType: "file.storyboard"),
        ]
    }

    func text() -> String {
        var ids = ObjectIDGenerator(existing: [])
        func id(_ what: String) -> String { ids.id(for: "BenchApp|" + what) }
        let project = id("project"), mainGroup = id("mainGroup"), appGroup = id("group|BenchApp"),
            resources = id("group|Resources")
        let products = id("group|Products"), app = id("product"), target = id("target"),
            delegate = id("AppDelegate.swift")
        let infoPlist = id("Info.plist"), sources = id("phase|Sources"), frameworks = id("phase|Frameworks"),
            resourcesPhase = id("phase|Resources")
        let projectList = id("configurations|project"), targetList = id("configurations|target")
        let configurations = ["Debug", "Release"].map {
            (name: $0, project: id("configuration|project|" + $0), target: id("configuration|target|" + $0))
        }
        let delegateBuild = id("build|AppDelegate.swift")
        let groups = self.groups
        let groupIDs = groups.map { id("variantGroup|" + $0.name) }
        let buildIDs = groups.map { id("build|" + $0.name) }
        let childIDs = groups.map { group in group.children.map { id("child|\(group.name)|\($0)") } }

        var objects = ObjectsText()
        objects.section(
            "PBXBuildFile",
            (zip(groups, zip(buildIDs, groupIDs)).map { group, ids in
                (
                    ids.0,
                    "\(ids.0) /* \(group.name) in Resources */ = {isa = PBXBuildFile; fileRef = \(ids.1) /* "
                        + "\(group.name) */; };"
                )
            } + [
                (
                    delegateBuild,
                    "\(delegateBuild) /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = \(delegate) "
                        + "/* AppDelegate.swift */; };"
                )
            ]).map { ($0.0, [$0.1]) })

        var references: [(String, [String])] = [
            (
                app,
                [
                    "\(app) /* BenchApp.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; "
                        + "includeInIndex = 0; path = BenchApp.app; sourceTree = BUILT_PRODUCTS_DIR; };"
                ]
            ),
            (
                delegate,
                [
                    "\(delegate) /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = "
                        + "sourcecode.swift; path = AppDelegate.swift; sourceTree = \"<group>\"; };"
                ]
            ),
            (
                infoPlist,
                [
                    "\(infoPlist) /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path "
                        + "= Info.plist; sourceTree = \"<group>\"; };"
                ]
            ),
        ]
        for (group, ids) in zip(groups, childIDs) {
            for (language, childID) in zip(group.children, ids) {
                let isBase = language == "Base" && group.name.hasSuffix(".storyboard")
                let file = isBase ? group.name : group.childFile
                let type = isBase ? "file.storyboard" : group.fileType
                references.append(
                    (
                        childID,
                        [
                            "\(childID) /* \(language) */ = {isa = PBXFileReference; lastKnownFileType = \(type); name "
                                + "= \(token(language)); path = \(token("\(language).lproj/\(file)")); sourceTree = "
                                + "\"<group>\"; };"
                        ]
                    ))
            }
        }
        objects.section("PBXFileReference", references)
        objects.section(
            "PBXFrameworksBuildPhase",
            [
                (
                    frameworks,
                    block(
                        frameworks, "Frameworks",
                        [
                            "isa = PBXFrameworksBuildPhase;", "buildActionMask = 2147483647;", "files = (", ");",
                            "runOnlyForDeploymentPostprocessing = 0;",
                        ])
                )
            ])
        objects.section(
            "PBXGroup",
            [
                (
                    mainGroup,
                    block(
                        mainGroup, nil,
                        ["isa = PBXGroup;", "children = ("] + [
                            "\t\(appGroup) /* BenchApp */,", "\t\(products) /* Products */,",
                        ]
                            + [");", "sourceTree = \"<group>\";"])
                ),
                (
                    appGroup,
                    block(
                        appGroup, "BenchApp",
                        [
                            "isa = PBXGroup;", "children = (", "\t\(delegate) /* AppDelegate.swift */,",
                            "\t\(infoPlist) /* Info.plist */,",
                            "\t\(resources) /* Resources */,", ");", "path = BenchApp;", "sourceTree = \"<group>\";",
                        ])
                ),
                (
                    resources,
                    block(
                        resources, "Resources",
                        ["isa = PBXGroup;", "children = ("] + zip(groups, groupIDs).map { "\t\($1) /* \($0.name) */," }
                            + [");", "path = Resources;", "sourceTree = \"<group>\";"])
                ),
                (
                    products,
                    block(
                        products, "Products",
                        [
                            "isa = PBXGroup;", "children = (", "\t\(app) /* BenchApp.app */,", ");", "name = Products;",
                            "sourceTree = \"<group>\";",
                        ])
                ),
            ])
        objects.section(
            "PBXNativeTarget",
            [
                (
                    target,
                    block(
                        target, "BenchApp",
                        [
                            "isa = PBXNativeTarget;",
                            "buildConfigurationList = \(targetList) /* Build configuration list for PBXNativeTarget "
                                + "\"BenchApp\" */;",
                            "buildPhases = (", "\t\(sources) /* Sources */,", "\t\(frameworks) /* Frameworks */,",
                            "\t\(resourcesPhase) /* Resources */,", ");",
                            "buildRules = (", ");", "dependencies = (", ");", "name = BenchApp;",
                            "productName = BenchApp;",
                            "productReference = \(app) /* BenchApp.app */;",
                            "productType = \"com.apple.product-type.application\";",
                        ])
                )
            ])
        objects.section(
            "PBXProject",
            [
                (
                    project,
                    block(
                        project, "Project object",
                        [
                            "isa = PBXProject;", "attributes = {", "\tBuildIndependentTargetsInParallel = 1;",
                            "\tLastSwiftUpdateCheck = 1500;", "\tLastUpgradeCheck = 1500;",
                            "\tTargetAttributes = {", "\t\t\(target) = {", "\t\t\tCreatedOnToolsVersion = 15.0;",
                            "\t\t};", "\t};", "};",
                            "buildConfigurationList = \(projectList) /* Build configuration list for PBXProject "
                                + "\"BenchApp\" */;",
                            "compatibilityVersion = \"Xcode 14.0\";", "developmentRegion = \(token(codes[0]));",
                            "hasScannedForEncodings = 0;",
                            "knownRegions = (",
                        ] + (codes + ["Base"]).map { "\t\(token($0))," } + [
                            ");", "mainGroup = \(mainGroup);", "productRefGroup = \(products) /* Products */;",
                            "projectDirPath = \"\";", "projectRoot = \"\";",
                            "targets = (", "\t\(target) /* BenchApp */,", ");",
                        ])
                )
            ])
        objects.section(
            "PBXResourcesBuildPhase",
            [
                (
                    resourcesPhase,
                    block(
                        resourcesPhase, "Resources",
                        [
                            "isa = PBXResourcesBuildPhase;", "buildActionMask = 2147483647;", "files = (",
                        ] + zip(groups, buildIDs).map { "\t\($1) /* \($0.name) in Resources */," } + [
                            ");", "runOnlyForDeploymentPostprocessing = 0;",
                        ])
                )
            ])
        objects.section(
            "PBXSourcesBuildPhase",
            [
                (
                    sources,
                    block(
                        sources, "Sources",
                        [
                            "isa = PBXSourcesBuildPhase;", "buildActionMask = 2147483647;", "files = (",
                            "\t\(delegateBuild) /* AppDelegate.swift in Sources */,", ");",
                            "runOnlyForDeploymentPostprocessing = 0;",
                        ])
                )
            ])
        objects.section(
            "PBXVariantGroup",
            zip(groups, zip(groupIDs, childIDs)).map { group, ids in
                (
                    ids.0,
                    block(
                        ids.0, group.name,
                        ["isa = PBXVariantGroup;", "children = ("]
                            + zip(group.children, ids.1).map { "\t\($1) /* \($0) */," }
                            + [");", "name = \(group.name);", "sourceTree = \"<group>\";"])
                )
            })
        var buildConfigurations: [(id: String, lines: [String])] = []
        for configuration in configurations {
            buildConfigurations.append(
                (
                    configuration.project,
                    configurationBlock(configuration.project, configuration.name, projectSettings(configuration.name))
                ))
            buildConfigurations.append(
                (configuration.target, configurationBlock(configuration.target, configuration.name, targetSettings)))
        }
        objects.section("XCBuildConfiguration", buildConfigurations)
        objects.section(
            "XCConfigurationList",
            [
                (
                    projectList,
                    block(
                        projectList, "Build configuration list for PBXProject \"BenchApp\"",
                        configurationList(configurations.map { ($0.project, $0.name) }))
                ),
                (
                    targetList,
                    block(
                        targetList, "Build configuration list for PBXNativeTarget \"BenchApp\"",
                        configurationList(configurations.map { ($0.target, $0.name) }))
                ),
            ])
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 56;
            \tobjects = {
            \(objects.text)
            \t};
            \trootObject = \(project) /* Project object */;
            }

            """
    }

    private func configurationBlock(_ id: String, _ name: String, _ settings: [String]) -> [String] {
        let lines: [String] =
            ["isa = XCBuildConfiguration;", "buildSettings = {"] + settings.map { "\t" + $0 } + [
                "};", "name = \(name);",
            ]
        return block(id, name, lines)
    }

    private func configurationList(_ configurations: [(id: String, name: String)]) -> [String] {
        ["isa = XCConfigurationList;", "buildConfigurations = ("]
            + configurations.map { "\t\($0.id) /* \($0.name) */," }
            + [");", "defaultConfigurationIsVisible = 0;", "defaultConfigurationName = Release;"]
    }

    private func projectSettings(_ name: String) -> [String] {
        [
            "ALWAYS_SEARCH_USER_PATHS = NO;", "CLANG_ANALYZER_LOCALIZABILITY_NONLOCALIZED = YES;",
            "CLANG_ENABLE_MODULES = YES;",
            "CLANG_ENABLE_OBJC_ARC = YES;", "COPY_PHASE_STRIP = NO;",
            name == "Debug" ? "DEBUG_INFORMATION_FORMAT = dwarf;" : "DEBUG_INFORMATION_FORMAT = \"dwarf-with-dsym\";",
            "ENABLE_STRICT_OBJC_MSGSEND = YES;", "GCC_C_LANGUAGE_STANDARD = gnu17;",
            "IPHONEOS_DEPLOYMENT_TARGET = 16.0;",
            "SDKROOT = iphoneos;",
            name == "Debug" ? "SWIFT_OPTIMIZATION_LEVEL = \"-Onone\";" : "SWIFT_COMPILATION_MODE = wholemodule;",
        ]
    }

    private var targetSettings: [String] {
        [
            "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;", "CODE_SIGN_STYLE = Automatic;",
            "CURRENT_PROJECT_VERSION = 1;",
            "INFOPLIST_FILE = BenchApp/Info.plist;", "MARKETING_VERSION = 1.0;",
            "PRODUCT_BUNDLE_IDENTIFIER = org.stringcat.BenchApp;",
            "PRODUCT_NAME = \"$(TARGET_NAME)\";", "SWIFT_VERSION = 5.0;", "TARGETED_DEVICE_FAMILY = \"1,2\";",
        ]
    }

    /// An object written over several lines, its comment after the ID (none for the main group).
    private func block(_ id: String, _ comment: String?, _ lines: [String]) -> [String] {
        ["\(id)\(comment.map { " /* \($0) */" } ?? "") = {"] + lines.map { "\t" + $0 } + ["};"]
    }

    private func token(_ text: String) -> String { PBXStringCoding.encode(text) }
}

/// The `objects` dictionary's text: one `/* Begin X section */` per class, objects sorted by ID
/// inside it, as Xcode writes them.
private struct ObjectsText {
    private var sections: [String] = []

    mutating func section(_ isa: String, _ objects: [(id: String, lines: [String])]) {
        let body = objects.sorted { $0.id < $1.id }.flatMap(\.lines).map { "\t\t" + $0 }
        sections.append(
            (["", "/* Begin \(isa) section */"] + body + ["/* End \(isa) section */"]).joined(separator: "\n"))
    }

    var text: String { sections.joined(separator: "\n") }
}
