// swift-tools-version:6.0
import PackageDescription

// stringcat has no dependencies: only the toolchain (Foundation, XCTest).
//
// Data flows one way: project -> tables -> readers -> merger -> catalog writer (Migration);
// catalog -> compiler -> writers (Compilation). Verification proves a migration lossless and is
// a separate room on purpose: it reads the legacy files with the readers and the catalog through
// Compilation, and never imports Migration, so it cannot share the conversion's mistakes.
// The product's modules are optimised in debug builds too: the suite runs real projects through
// them (the corpus conformance, the golden migrations), several times faster optimised; the tests
// themselves stay unoptimised and `@testable` (SwiftPM still passes -enable-testing).
let optimized: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "stringcat",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "stringcat", targets: ["stringcat"]),
        .executable(name: "stringcat-bench", targets: ["stringcat-bench"]),
        .library(name: "Languages", targets: ["Languages"]),
        .library(name: "StringsFile", targets: ["StringsFile"]),
        .library(name: "StringsDict", targets: ["StringsDict"]),
        .library(name: "InfoPlistStrings", targets: ["InfoPlistStrings"]),
        .library(name: "StringCatalog", targets: ["StringCatalog"]),
        .library(name: "XcodeProject", targets: ["XcodeProject"]),
        .library(name: "XcodeRules", targets: ["XcodeRules"]),
        .library(name: "LegacyTables", targets: ["LegacyTables"]),
        .library(name: "AppBundles", targets: ["AppBundles"]),
        .library(name: "Compilation", targets: ["Compilation"]),
        .library(name: "Verification", targets: ["Verification"]),
        .library(name: "Migration", targets: ["Migration"]),
        .library(name: "Reporting", targets: ["Reporting"]),
        .library(name: "XLIFF", targets: ["XLIFF"]),
        .library(name: "Xcloc", targets: ["Xcloc"]),
        .library(name: "XclocExport", targets: ["XclocExport"]),
        .library(name: "XclocImport", targets: ["XclocImport"]),
        .library(name: "XclocProof", targets: ["XclocProof"]),
        // `swift package migrate-localizations` and `verify-localizations` in a package that depends
        // on this one: stringcat on the package's own `.lproj` resources.
        .plugin(name: "MigrateLocalizations", targets: ["MigrateLocalizations"]),
        .plugin(name: "VerifyLocalizations", targets: ["VerifyLocalizations"]),
    ],
    targets: [
        // Diagnostics with locations, safe file writes: shared by every module.
        .target(name: "StringcatSupport", swiftSettings: optimized),
        // Language tags: the one place a folder name, a development region, a catalog key or an
        // option becomes a language code.
        .target(name: "Languages", swiftSettings: optimized),
        // One reader/writer module per format.
        .target(name: "StringsFile", dependencies: ["StringcatSupport"], swiftSettings: optimized),
        .target(name: "StringsDict", dependencies: ["StringcatSupport", "Languages"], swiftSettings: optimized),
        .target(name: "InfoPlistStrings", dependencies: ["StringcatSupport", "Languages", "StringsFile"], swiftSettings: optimized),
        .target(name: "StringCatalog", dependencies: ["StringcatSupport", "Languages"], swiftSettings: optimized),
        // project.pbxproj: lossless reader/writer, object graph, the edit operations on its syntax tree
        // (ProjectEditor), what each target builds. Which groups are tables and the migration's edit are
        // XcodeRules'.
        .target(name: "XcodeProject", dependencies: ["StringcatSupport", "Languages"], swiftSettings: optimized),
        // Xcode's rules for a migration of a project: which variant groups are tables and where their
        // catalogs go, and the project edit, one rule per file (EditRules lists them in order).
        .target(name: "XcodeRules", dependencies: ["StringcatSupport", "Languages", "XcodeProject"], swiftSettings: optimized),
        // Which tables a project has: files, languages, where each catalog goes.
        .target(name: "LegacyTables", dependencies: ["StringcatSupport", "Languages", "StringsFile", "XcodeProject", "XcodeRules"], swiftSettings: optimized),
        // What each target's build puts in its bundle: languages, tables and keys the app reads, and
        // what stops a build. Migration's gate, verify, status and export/import read it.
        .target(name: "AppBundles", dependencies: [
            "StringcatSupport", "Languages", "StringsFile", "StringsDict", "StringCatalog", "Compilation", "XcodeProject",
            "LegacyTables",
        ], swiftSettings: optimized),
        // Catalog -> .strings/.stringsdict per .lproj.
        .target(name: "Compilation", dependencies: ["StringcatSupport", "Languages", "StringsFile", "StringsDict", "StringCatalog"], swiftSettings: optimized),
        // The independent proof. Never add "Migration" here (Tests/VerificationTests checks it).
        .target(name: "Verification", dependencies: [
            "StringcatSupport", "Languages", "StringsFile", "StringsDict", "StringCatalog", "LegacyTables", "Compilation",
            "AppBundles",
        ], swiftSettings: optimized),
        // Legacy -> catalog: merger, writes, deletion (after Verification's proof).
        .target(name: "Migration", dependencies: [
            "StringcatSupport", "Languages", "StringsFile", "StringsDict", "InfoPlistStrings", "StringCatalog", "LegacyTables",
            "Compilation", "Verification", "XcodeProject", "XcodeRules", "AppBundles",
        ], swiftSettings: optimized),
        // XLIFF 1.2 as Xcode writes it: document model, byte-exact writer, located streaming reader.
        .target(name: "XLIFF", dependencies: ["StringcatSupport"], swiftSettings: optimized),
        // What Xcode's Export/Import Localizations agree on: the project's exported files and their
        // `original` paths, unit ids and their order, plural categories, the substitution rewrite, states.
        .target(name: "Xcloc", dependencies: ["StringcatSupport", "Languages", "StringCatalog", "StringsDict", "LegacyTables", "XcodeProject", "XLIFF", "AppBundles"], swiftSettings: optimized),
        // Catalogs (and legacy .strings tables) -> <lang>.xcloc packages.
        .target(name: "XclocExport", dependencies: ["StringcatSupport", "Languages", "StringCatalog", "StringsFile", "LegacyTables", "XLIFF", "Xcloc"], swiftSettings: optimized),
        // Translated XLIFF -> catalogs, written as Xcode writes them.
        .target(name: "XclocImport", dependencies: ["StringcatSupport", "Languages", "StringCatalog", "StringsDict", "XLIFF", "Xcloc", "AppBundles"], swiftSettings: optimized),
        // The independent proof that an export holds every value of its catalogs. Never add
        // "XclocExport" or "XclocImport" here (Tests/XclocTests/ExportProofTests.swift checks it).
        .target(name: "XclocProof", dependencies: ["StringcatSupport", "Languages", "StringsFile", "StringCatalog", "XLIFF"], swiftSettings: optimized),
        // The page of `--report` for a pull request, from the reports of migrate, verify and status.
        .target(name: "Reporting", dependencies: [
            "StringcatSupport", "Languages", "InfoPlistStrings", "StringCatalog", "LegacyTables", "Verification", "Migration",
            "XcodeProject", "XcodeRules", "XclocExport", "XclocImport", "XclocProof",
        ], swiftSettings: optimized),
        .executableTarget(name: "stringcat", dependencies: [
            "StringcatSupport", "Languages", "StringsFile", "StringsDict", "InfoPlistStrings", "StringCatalog", "LegacyTables",
            "Compilation", "Verification", "Migration", "XcodeProject", "XcodeRules", "Reporting",
            "XLIFF", "Xcloc", "XclocExport", "XclocImport", "XclocProof",
        ], swiftSettings: optimized),
        .executableTarget(name: "stringcat-bench", dependencies: [
            "StringcatSupport", "StringsFile", "StringsDict", "StringCatalog", "LegacyTables", "Compilation",
            "Verification", "Migration", "XcodeProject", "XcodeRules", "XLIFF", "Xcloc", "XclocExport", "XclocImport", "XclocProof",
            "SyntheticCatalogs",
        ], swiftSettings: optimized),
        // The command plugins: each runs the `stringcat` tool on the package that uses it.
        .plugin(
            name: "MigrateLocalizations",
            capability: .command(
                intent: .custom(
                    verb: "migrate-localizations",
                    description: "Migrate the package's .lproj resources to String Catalogs (stringcat migrate)"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "stringcat migrate writes the String Catalogs beside the .lproj folders and deletes "
                            + "the legacy files they provably hold")
                ]),
            dependencies: ["stringcat"]),
        .plugin(
            name: "VerifyLocalizations",
            capability: .command(
                intent: .custom(
                    verb: "verify-localizations",
                    description: "Prove that the package's catalogs hold every value of its legacy files (stringcat verify)")),
            dependencies: ["stringcat"]),

        // Temporary folders for the test targets, ../shared with the one skip when it is missing, the one
        // walk of a folder, and project.pbxproj fixtures.
        .target(name: "TestSupport", dependencies: ["StringcatSupport", "XcodeProject"], path: "Tests/TestSupport"),
        // Made-up catalogs of any size, for the writer's tests and the bench's catalog phase:
        // test code, out of the product, and a target of its own because the bench links it
        // (TestSupport imports XCTest, which an executable must not link).
        .target(name: "SyntheticCatalogs", dependencies: ["StringCatalog"], path: "Tests/SyntheticCatalogs",
                swiftSettings: optimized),
        .testTarget(name: "StringcatSupportTests", dependencies: ["StringcatSupport", "TestSupport"]),
        .testTarget(name: "LanguagesTests", dependencies: ["Languages"]),
        .testTarget(name: "StringsFileTests", dependencies: ["StringsFile", "StringcatSupport", "TestSupport"]),
        .testTarget(name: "StringsDictTests", dependencies: ["StringsDict", "StringcatSupport", "TestSupport"]),
        .testTarget(name: "InfoPlistStringsTests", dependencies: ["InfoPlistStrings", "TestSupport"]),
        .testTarget(name: "StringCatalogTests",
                    dependencies: ["StringCatalog", "StringcatSupport", "SyntheticCatalogs", "TestSupport"]),
        .testTarget(name: "XcodeProjectTests", dependencies: ["XcodeProject", "StringcatSupport", "TestSupport"]),
        .testTarget(name: "XcodeRulesTests", dependencies: ["XcodeRules", "XcodeProject", "StringcatSupport", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "AppBundlesTests", dependencies: [
            "AppBundles", "LegacyTables", "Languages", "StringCatalog", "StringcatSupport", "TestSupport", "XcodeProject",
        ]),
        .testTarget(name: "LegacyTablesTests", dependencies: ["LegacyTables", "Languages", "StringcatSupport", "TestSupport", "XcodeProject"]),
        .testTarget(name: "CompilationTests", dependencies: [
            "Compilation", "StringCatalog", "StringsDict", "StringsFile", "StringcatSupport", "TestSupport",
        ]),
        .testTarget(name: "VerificationTests", dependencies: [
            "Verification", "LegacyTables", "StringCatalog", "StringsDict", "StringsFile", "StringcatSupport", "TestSupport",
        ]),
        .testTarget(name: "MigrationTests", dependencies: [
            "XcodeProject", "XcodeRules",
            "Migration", "LegacyTables", "Compilation", "Verification", "StringCatalog", "StringsDict", "StringsFile",
            "StringcatSupport", "TestSupport",
        ]),
        .testTarget(name: "ReportingTests", dependencies: [
            "Reporting", "Migration", "Verification", "LegacyTables", "StringCatalog", "StringcatSupport", "XcodeProject", "TestSupport",
        ]),
        .testTarget(name: "XLIFFTests", dependencies: ["XLIFF", "StringcatSupport", "TestSupport"]),
        .testTarget(name: "XclocTests", dependencies: [
            "Xcloc", "XclocExport", "XclocImport", "XclocProof", "XLIFF", "StringCatalog", "StringcatSupport", "LegacyTables",
            "Migration", "TestSupport",
        ]),
        // Runs the built `stringcat` binary end to end (exit codes, stdout, stderr), and
        // `stringcat-bench generate` for the project the bench times (BenchProjectTests).
        // XcodeProject only to check the project files the tool leaves (CorpusConformanceTests).
        .testTarget(name: "CLITests", dependencies: ["stringcat", "stringcat-bench", "TestSupport", "XcodeProject", "Migration", "AppBundles", "LegacyTables", "Languages"], exclude: ["Fixtures"]),
    ]
)
