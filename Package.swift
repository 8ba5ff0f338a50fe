// swift-tools-version:6.0
import PackageDescription

// stringcat has no dependencies: only the toolchain (Foundation, XCTest).
let package = Package(
    name: "stringcat",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "stringcat", targets: ["stringcat"]),
        .executable(name: "stringcat-bench", targets: ["stringcat-bench"]),
        .library(name: "StringsFile", targets: ["StringsFile"]),
        .library(name: "StringsDict", targets: ["StringsDict"]),
        .library(name: "InfoPlistStrings", targets: ["InfoPlistStrings"]),
        .library(name: "StringCatalog", targets: ["StringCatalog"]),
        .library(name: "Migration", targets: ["Migration"]),
        .library(name: "XcodeProject", targets: ["XcodeProject"]),
    ],
    targets: [
        // Diagnostics with locations, safe file writes: shared by every module.
        .target(name: "StringcatSupport"),
        // One reader/writer module per format.
        .target(name: "StringsFile", dependencies: ["StringcatSupport"]),
        .target(name: "StringsDict", dependencies: ["StringcatSupport"]),
        .target(name: "InfoPlistStrings", dependencies: ["StringcatSupport", "StringsFile"]),
        .target(name: "StringCatalog", dependencies: ["StringcatSupport"]),
        // project.pbxproj: lossless reader/writer, object graph, localized tables, the migration's edits.
        .target(name: "XcodeProject", dependencies: ["StringcatSupport"]),
        // Project scan, merger (legacy -> catalog), compiler (catalog -> legacy), verifier.
        .target(name: "Migration", dependencies: [
            "StringcatSupport", "StringsFile", "StringsDict", "InfoPlistStrings", "StringCatalog",
        ]),
        .executableTarget(name: "stringcat", dependencies: [
            "StringcatSupport", "StringsFile", "StringsDict", "InfoPlistStrings", "StringCatalog", "Migration",
        ]),
        .executableTarget(name: "stringcat-bench", dependencies: [
            "StringcatSupport", "StringsFile", "StringsDict", "StringCatalog", "Migration", "XcodeProject",
        ]),

        .testTarget(name: "StringcatSupportTests", dependencies: ["StringcatSupport"]),
        .testTarget(name: "StringsFileTests", dependencies: ["StringsFile", "StringcatSupport"]),
        .testTarget(name: "StringsDictTests", dependencies: ["StringsDict", "StringcatSupport"]),
        .testTarget(name: "InfoPlistStringsTests", dependencies: ["InfoPlistStrings"]),
        .testTarget(name: "StringCatalogTests", dependencies: ["StringCatalog", "StringcatSupport"]),
        .testTarget(name: "XcodeProjectTests", dependencies: ["XcodeProject", "StringcatSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "MigrationTests", dependencies: ["Migration", "StringcatSupport"]),
        // Runs the built `stringcat` binary end to end (exit codes, stdout, stderr).
        .testTarget(name: "CLITests", dependencies: ["stringcat"], exclude: ["Fixtures"]),
    ]
)
