import StringCatalog
import StringcatSupport
import XLIFF
import Xcloc

/// The second half of the export's zero-loss proof: importing what was just exported, untouched,
/// changes no value of any catalog. Run in memory on each language's XLIFF before the export is
/// written (`ExportOptions.check`).
public enum RoundTripCheck {
    /// Errors for each unit of `xliff` (the export of `language`, named `path` in diagnostics)
    /// that an import would write into `catalogs` (path, original and model of each exported
    /// catalog), and for anything else the import would report as an error. Empty = lossless.
    public static func problems(
        _ xliff: [UInt8], path: String, catalogs: [(path: String, original: String, catalog: StringCatalog)],
        otherOriginals: Set<String>
    ) -> [Diagnostic] {
        problems(.bytes(xliff), path: path, catalogs: catalogs, otherOriginals: otherOriginals)
    }

    /// `problems` for an XLIFF already read (`XLIFFReader.files`).
    public static func problems(
        _ files: [XLIFFFile], path: String, catalogs: [(path: String, original: String, catalog: StringCatalog)],
        otherOriginals: Set<String>
    ) -> [Diagnostic] {
        problems(.files(files), path: path, catalogs: catalogs, otherOriginals: otherOriginals)
    }

    private enum Input {
        case bytes([UInt8])
        case files([XLIFFFile])
    }

    private static func problems(
        _ input: Input, path: String, catalogs: [(path: String, original: String, catalog: StringCatalog)],
        otherOriginals: Set<String>
    ) -> [Diagnostic] {
        var targets: [String: ExportedFile] = [:]
        var state = ImportState(targets: [:], legacy: [])
        for (catalogPath, original, catalog) in catalogs {
            targets[original] = ExportedFile(original: original, kind: .catalog(catalogPath))
            state.catalogs[catalogPath] = LoadedCatalog(bytes: [], catalog: catalog)
        }
        for original in otherOriginals { targets[original] = ExportedFile(original: original, kind: .legacyTable(0)) }
        state = ImportState(targets: targets, legacy: [], catalogs: state.catalogs)
        var report = ImportReport(projectRoot: path)
        switch input {
        case .bytes(let xliff): state.importFile(XMLBytes(xliff), path: path, into: &report)
        case .files(let files): state.importFiles(files, path: path, into: &report)
        }
        var problems = report.diagnostics.filter(\.isError)
        for change in state.changedUnits.prefix(20) {
            problems.append(
                .error(
                    "unit \(change.id) of the export would change \(change.catalog) when imported back: the export "
                        + "does not hold this value exactly",
                    at: change.location))
        }
        if state.changedUnits.count > 20 {
            problems.append(
                .error(
                    "and \(state.changedUnits.count - 20) more units would change a catalog when imported back",
                    at: .file(path)))
        }
        return problems
    }
}
