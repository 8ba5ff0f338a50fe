import Languages

/// Whose bundle it is: a target of an Xcode project, or a target of a Swift package.
public enum BundleOwner: Sendable, Hashable, Comparable {
    /// The target with this ID in the project file at `project` (absolute path of its
    /// `project.pbxproj`).
    case projectTarget(project: String, id: String)
    /// The target named `name` of the package whose manifest is at `manifest` (absolute).
    case packageTarget(manifest: String, name: String)
    /// A folder of `.lproj` folders no project or package builds (a bare folder): whatever copies
    /// it into an app copies its languages, so it is kept whole as a bundle is.
    case folder(String)

    /// The project file or manifest that declares the target.
    public var declaringFile: String {
        switch self {
        case .projectTarget(let project, _): return project
        case .packageTarget(let manifest, _): return manifest
        case .folder(let path): return path
        }
    }

    /// The key a record keeps the target under: its ID in a project (stable across renames), its
    /// name in a package.
    public var recordKey: String {
        switch self {
        case .projectTarget(_, let id): return id
        case .packageTarget(_, let name): return name
        case .folder(let path): return path
        }
    }

    public static func < (a: BundleOwner, b: BundleOwner) -> Bool { a.order < b.order }

    private var order: (Int, String, String) {
        switch self {
        case .projectTarget(let project, let id): return (0, project, id)
        case .packageTarget(let manifest, let name): return (1, manifest, name)
        case .folder(let path): return (2, path, "")
        }
    }
}

/// What a target builds, in words (`iOS app`, `macOS framework`, `Swift package target`).
public struct ProductKind: Sendable, Hashable, CustomStringConvertible {
    /// The platform its configurations build for (`iOS`), when the project says.
    public var platform: String?
    /// The kind of product (`app`, `app extension`, `framework`).
    public var product: String

    public init(platform: String?, product: String) {
        self.platform = platform
        self.product = product
    }

    public var description: String { platform.map { "\($0) \(product)" } ?? product }

    /// A Swift package's target: its bundle is the package's resource bundle.
    public static let packageTarget = ProductKind(platform: nil, product: "Swift package target")
    /// A folder of `.lproj` folders that no project or package builds.
    public static let folder = ProductKind(platform: nil, product: "folder of .lproj folders")
    /// A target known only from the migration record (it builds nothing localized now).
    public static let recorded = ProductKind(platform: nil, product: "target")

    /// The words for an Xcode `productType` (`com.apple.product-type.application` -> `app`).
    public static func product(ofType type: String?) -> String {
        guard let type else { return "target" }
        let words: [String: String] = [
            "com.apple.product-type.application": "app",
            "com.apple.product-type.app-extension": "app extension",
            "com.apple.product-type.extensionkit-extension": "app extension",
            "com.apple.product-type.application.watchapp2": "watch app",
            "com.apple.product-type.application.watchapp2-container": "watch app",
            "com.apple.product-type.watchkit2-extension": "watch extension",
            "com.apple.product-type.framework": "framework",
            "com.apple.product-type.bundle": "bundle",
            "com.apple.product-type.bundle.unit-test": "unit tests",
            "com.apple.product-type.bundle.ocunit-test": "unit tests",
            "com.apple.product-type.bundle.ui-testing": "UI tests",
            "com.apple.product-type.tool": "command-line tool",
            "com.apple.product-type.library.static": "static library",
            "com.apple.product-type.library.dynamic": "dynamic library",
            "com.apple.product-type.xpc-service": "XPC service",
        ]
        return words[type] ?? String(type.split(separator: ".").last ?? "target")
    }

    /// The platform an `SDKROOT` names (`iphoneos` -> `iOS`), nil for another value.
    public static func platform(ofSDK sdk: String?) -> String? {
        switch sdk {
        case "iphoneos": return "iOS"
        case "macosx": return "macOS"
        case "watchos": return "watchOS"
        case "appletvos": return "tvOS"
        case "xros": return "visionOS"
        default: return nil
        }
    }
}

/// The `.lproj` folder of the bundle a file goes into (docs/spec/app-bundle.md#the-lproj-folders-of-a-bundle).
public enum BundleFolder: Sendable, Hashable {
    /// `<language>.lproj`: a language the app offers.
    case language(LanguageTag)
    /// `Base.lproj`: the development language's resources, not a language of its own.
    case base
    /// The bundle's top level (a `.strings` file outside any `.lproj`: every language's fallback).
    case topLevel
}

/// One file a target's build puts in its bundle's `.lproj` folders, or compiles into them.
public struct BundleInput: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A `.strings` table, copied.
        case strings
        /// A `.stringsdict` table, copied.
        case stringsDict
        /// A String Catalog, compiled into `<language>.lproj/<Table>.strings` and `.stringsdict`
        /// for each language it holds a value in.
        case catalog
        /// Any other file in an `.lproj` folder (a localized storyboard, an image): it puts its
        /// folder's language in the bundle.
        case other
    }

    /// Absolute path of the file in the tree.
    public var path: String
    public var kind: Kind
    /// Where it goes: its `.lproj` folder's language, `Base`, or the top level. A catalog's
    /// languages come from its content (`CatalogOutput`): `topLevel`.
    public var folder: BundleFolder
    /// The table a `.strings`, `.stringsdict` or catalog holds (its file name without the
    /// extension); nil for another file.
    public var table: String?

    public init(path: String, kind: Kind, folder: BundleFolder, table: String?) {
        self.path = path
        self.kind = kind
        self.folder = folder
        self.table = table
    }
}

/// What stops a target's build (docs/spec/app-bundle.md#what-stops-a-build).
public enum BuildFailure: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The target builds a file that is not there.
    case missingFile(String)
    /// A catalog inside an `.lproj` folder other than `mul.lproj`: one language's folder cannot
    /// hold every language's table.
    case catalogInLanguageFolder(String)
    /// Two inputs for one table of the bundle (a catalog and legacy files of its name, two
    /// catalogs of one name, one file built twice): "Multiple commands produce …".
    case tableBuiltTwice(table: String, inputs: [String])

    public var description: String {
        switch self {
        case .missingFile(let path): return "it builds \(path), which is not there"
        case .catalogInLanguageFolder(let path):
            return "it builds the catalog \(path), inside a language's .lproj folder"
        case .tableBuiltTwice(let table, let inputs):
            return
                "it builds the table \(table) twice (\(inputs.joined(separator: ", "))): \"Multiple commands produce …\""
        }
    }

    public static func < (a: BuildFailure, b: BuildFailure) -> Bool { a.description < b.description }
}

/// One target's bundle as its build makes it: the localized files it builds and what stops its
/// build. Its languages and tables follow from these and their content (`BundleContents`).
public struct TargetBundle: Sendable {
    public var owner: BundleOwner
    public var name: String
    public var kind: ProductKind
    /// The development language of its project or package: `Base.lproj` and top-level tables
    /// hold it.
    public var sourceLanguage: LanguageTag?
    /// Every localized file it builds, in build-phase (or folder) order.
    public var inputs: [BundleInput]
    /// What stops its build, sorted.
    public var failures: [BuildFailure]

    public init(
        owner: BundleOwner, name: String, kind: ProductKind, sourceLanguage: LanguageTag?, inputs: [BundleInput],
        failures: [BuildFailure]
    ) {
        self.owner = owner
        self.name = name
        self.kind = kind
        self.sourceLanguage = sourceLanguage
        self.inputs = inputs
        self.failures = failures
    }

    /// `Mattermost (iOS app)`.
    public var title: String { "\(name) (\(kind))" }

    /// True when it builds anything localized (a target with no `.lproj` file or catalog has no
    /// language to lose).
    public var isLocalized: Bool { !inputs.isEmpty }
}

extension TargetBundle {
    /// The languages it offers (its `.lproj` folders but `Base`): its files' folders, and the
    /// languages its catalogs hold a value in (read through `source`). No legacy file is read.
    public func languages(_ source: any BundleContentSource) -> Set<LanguageTag> {
        var languages: Set<LanguageTag> = []
        for input in inputs {
            if case .language(let tag) = input.folder { languages.insert(tag) }
            if input.kind == .catalog, let output = source.output(ofCatalog: input.path) {
                languages.formUnion(output.languages)
            }
        }
        return languages
    }

    /// The names of the tables it builds, sorted.
    public var tableNames: [String] { Set(inputs.compactMap(\.table)).sorted() }
}
