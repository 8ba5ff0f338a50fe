import Foundation

/// What the generator is asked for.
struct ProjectSettings: Codable, Equatable {
    var languages = 40
    var keys = 10_000
    var pluralRatio = 0.1
    var utf16Ratio = 0.1
    var seed: UInt64 = 1

    /// Keys of the Interface Builder table (`Main.strings`): one per 20 Localizable keys.
    var interfaceKeys: Int { max(1, keys / 20) }
    var codes: [String] { Array(GeneratedLanguages.codes.prefix(languages)) }
    var sourceLanguage: String { GeneratedLanguages.codes[0] }
}

/// What the generator wrote, stored beside the project so a later run can reuse it.
struct ProjectSummary: Codable, Equatable {
    /// Bumped whenever the generated content changes, so old projects are regenerated.
    static let generatorVersion = 2

    var generatorVersion = ProjectSummary.generatorVersion
    var settings: ProjectSettings
    var stringsFiles = 0
    var utf16Files = 0
    var stringsBytes = 0
    /// `key = value;` pairs in all `.strings` files, every language.
    var stringsEntries = 0
    var dictFiles = 0
    var dictBytes = 0
    /// `.stringsdict` entries, every language.
    var dictEntries = 0
    /// Distinct keys: the entries the migrated catalogs will hold.
    var catalogEntries = 0

    /// Every localized value of every language: what `migrate` reads.
    var entries: Int { stringsEntries + dictEntries }
    var bytes: Int { stringsBytes + dictBytes }
}

/// Writes a legacy project as Xcode lays out a localized app: `BenchApp.xcodeproj/project.pbxproj`
/// (developmentRegion en, a variant group per table: `BenchProjectFile`), `BenchApp/AppDelegate.swift`,
/// `BenchApp/Info.plist` and, in `BenchApp/Resources/<code>.lproj/`, `Localizable.strings`,
/// `Localizable.stringsdict`, `InfoPlist.strings` and `Main.strings` (every language but the source:
/// `Base.lproj/Main.storyboard` is its source); `Base.lproj/LaunchScreen.storyboard` has no
/// `.strings`. `stringcat migrate`, `verify`, `status` and `compile` run on it as they are.
enum ProjectGenerator {
    static let markerName = ".stringcat-bench.json"
    /// What the generator creates in the project folder, and the only things it ever deletes.
    static let ownedNames = ["BenchApp", "BenchApp.xcodeproj", markerName]

    static func generate(_ settings: ProjectSettings, into root: String) throws -> ProjectSummary {
        let fm = FileManager.default
        for name in ownedNames where fm.fileExists(atPath: root + "/" + name) {
            try fm.removeItem(atPath: root + "/" + name)
        }
        let resources = root + "/BenchApp/Resources"
        let codes = settings.codes
        try fm.createDirectory(atPath: root + "/BenchApp.xcodeproj", withIntermediateDirectories: true)
        try write(Array(BenchProjectFile(codes: codes).text().utf8), to: root + "/BenchApp.xcodeproj/project.pbxproj")

        let text = GeneratedText(seed: settings.seed, pluralRatio: settings.pluralRatio)
        let utf16 = utf16Files(settings)
        var summary = ProjectSummary(settings: settings)

        try fm.createDirectory(atPath: resources + "/Base.lproj", withIntermediateDirectories: true)
        let interfaceSource = (0..<settings.interfaceKeys).map {
            text.interfaceEntry($0, code: settings.sourceLanguage)
        }
        try write(Array(LegacyFileText.storyboard(interfaceSource).utf8), to: resources + "/Base.lproj/Main.storyboard")
        try write(Array(LegacyFileText.storyboard([]).utf8), to: resources + "/Base.lproj/LaunchScreen.storyboard")
        let infoPlistSource = text.infoPlistEntries(code: settings.sourceLanguage)
        try write(Array(LegacyFileText.infoPlist(infoPlistSource).utf8), to: root + "/BenchApp/Info.plist")
        try write(Array(LegacyFileText.appDelegate.utf8), to: root + "/BenchApp/AppDelegate.swift")

        for (languageIndex, code) in codes.enumerated() {
            let folder = resources + "/\(code).lproj"
            try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var entries: [GeneratedText.Entry] = []
            var plurals: [GeneratedText.Plural] = []
            for index in 0..<settings.keys where !text.isMissing(index, language: languageIndex, table: 1) {
                if text.isPlural(index) {
                    plurals.append(text.plural(index, code: code))
                } else {
                    entries.append(text.entry(index, code: code))
                }
            }
            try addStrings(
                entries, path: folder + "/Localizable.strings", utf16: utf16.contains("\(code)/Localizable"),
                to: &summary)
            let dict = Array(LegacyFileText.stringsDict(plurals).utf8)
            try write(dict, to: folder + "/Localizable.stringsdict")
            summary.dictFiles += 1
            summary.dictBytes += dict.count
            summary.dictEntries += plurals.count
            try addStrings(
                text.infoPlistEntries(code: code), path: folder + "/InfoPlist.strings", utf16: false, to: &summary)
            if languageIndex > 0 {
                let interface = (0..<settings.interfaceKeys).filter {
                    !text.isMissing($0, language: languageIndex, table: 2)
                }
                .map { text.interfaceEntry($0, code: code) }
                try addStrings(
                    interface, path: folder + "/Main.strings", utf16: utf16.contains("\(code)/Main"), to: &summary)
            }
        }
        summary.catalogEntries = settings.keys + infoPlistSource.count + (codes.count > 1 ? settings.interfaceKeys : 0)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys] // same settings, same bytes: the marker too
        let marker = try encoder.encode(summary)
        try write(Array(marker), to: root + "/" + markerName)
        return summary
    }

    /// The summary of a project this generator wrote with the same settings, or nil.
    static func existingSummary(at root: String, settings: ProjectSettings) -> ProjectSummary? {
        guard let data = FileManager.default.contents(atPath: root + "/" + markerName),
            let summary = try? JSONDecoder().decode(ProjectSummary.self, from: data),
            summary.generatorVersion == ProjectSummary.generatorVersion, summary.settings == settings
        else { return nil }
        return summary
    }

    /// `code/Table` of the `.strings` files written as UTF-16: exactly `utf16Ratio` of them,
    /// picked by a seeded shuffle.
    private static func utf16Files(_ settings: ProjectSettings) -> Set<String> {
        var files = settings.codes.map { "\($0)/Localizable" } + settings.codes.dropFirst().map { "\($0)/Main" }
        var random = SeededRandom(seed: settings.seed, 8)
        for i in stride(from: files.count - 1, to: 0, by: -1) { // Fisher-Yates, ours: the same on every platform
            files.swapAt(i, Int(random.next() % UInt64(i + 1)))
        }
        return Set(files.prefix(Int((Double(files.count) * settings.utf16Ratio).rounded())))
    }

    private static func addStrings(
        _ entries: [GeneratedText.Entry], path: String, utf16: Bool, to summary: inout ProjectSummary
    ) throws {
        let bytes = LegacyFileText.bytes(LegacyFileText.strings(entries), utf16: utf16)
        try write(bytes, to: path)
        summary.stringsFiles += 1
        summary.utf16Files += utf16 ? 1 : 0
        summary.stringsBytes += bytes.count
        summary.stringsEntries += entries.count
    }

    private static func write(_ bytes: [UInt8], to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw BenchFailure("cannot write \(path)")
        }
    }
}

/// A phase that could not run (unwritable folder, a migration error): exit status 1.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
