import Foundation
import TestSupport
import XCTest

/// docs/json.md is the schema of `--json`: every field a command prints is there with its type,
/// and every field there is printed by one of the runs below (which cover each kind of report:
/// a dry run, a run, a refused run, a synchronized folder, a generated project with a package, a
/// merge, kept files, a verify with losses, a status with a missing reference, an export and an
/// import).
final class JSONSchemaTests: WorkFolderTestCase {
    /// A field's type as the page writes it.
    private indirect enum FieldType {
        case string, number, boolean, object, array, map
        case nullable(FieldType)

        func accepts(_ value: JSONValue) -> Bool {
            switch (self, value) {
            case (.nullable, .null): return true
            case (.nullable(let inner), _): return inner.accepts(value)
            case (.string, .string), (.number, .number), (.boolean, .boolean), (.object, .object), (.map, .object),
                (.array, .array):
                return true
            default: return false
            }
        }
    }

    /// A JSON value, with booleans and numbers apart (Foundation's reader gives both as NSNumber).
    private enum JSONValue: Decodable {
        case string(String), number(Double), boolean(Bool), null
        case object([String: JSONValue]), array([JSONValue])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .boolean(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([String: JSONValue].self) {
                self = .object(value)
            } else {
                self = .array(try container.decode([JSONValue].self))
            }
        }
    }

    private struct Field {
        var type: FieldType
        var optional: Bool
    }

    /// The shared shapes docs/json.md names in types (`array of Diagnostic`).
    private static let shapes: Set<String> = ["Diagnostic", "FileReason", "Object", "Setting", "Table"]

    /// Command (`migrate`) -> field path -> type, from docs/json.md.
    private func schema() throws -> [String: [String: Field]] {
        let page = try String(
            contentsOf: Stringcat.repositoryRoot.appendingPathComponent("docs/json.md"), encoding: .utf8)
        var raw: [String: [(path: String, type: String)]] = [:]
        var section = ""
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") || line.hasPrefix("### ") {
                section = String(line.drop { $0 == "#" }.dropFirst())
                continue
            }
            guard line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            raw[section, default: []].append((String(cells[0].dropFirst().dropLast()), cells[1]))
        }
        func parse(_ text: String) -> (FieldType, Bool, String?) {
            var text = text
            let optional = text.hasSuffix("*(optional)*")
            if optional { text = text.replacingOccurrences(of: " *(optional)*", with: "") }
            if text.hasSuffix(" or null") {
                let (inner, _, shape) = parse(String(text.dropLast(" or null".count)))
                return (.nullable(inner), optional, shape)
            }
            switch text {
            case "string": return (.string, optional, nil)
            case "number": return (.number, optional, nil)
            case "boolean": return (.boolean, optional, nil)
            case "object": return (.object, optional, nil)
            case "array": return (.array, optional, nil)
            case "map": return (.map, optional, nil)
            case "array of string": return (.array, optional, "string")
            default:
                XCTAssertTrue(text.hasPrefix("array of "), "unknown type \(text)")
                return (.array, optional, String(text.dropFirst("array of ".count)))
            }
        }
        var result: [String: [String: Field]] = [:]
        // A field of a shared shape's type gets the shape's fields under it, at any depth.
        func add(_ section: String, _ prefix: String, _ rows: [(path: String, type: String)]) {
            for row in rows {
                let (type, optional, element) = parse(row.type)
                let path = prefix + row.path
                result[section, default: [:]][path] = Field(type: type, optional: optional)
                // An array's elements: objects whose fields the rows below list.
                if case .array = type, element == nil {
                    result[section]![path + "[]"] = Field(type: .object, optional: false)
                }
                guard let element else { continue }
                if element == "string" {
                    result[section]![path + "[]"] = Field(type: .string, optional: false)
                } else {
                    XCTAssertTrue(Self.shapes.contains(element), "unknown shape \(element)")
                    result[section]![path + "[]"] = Field(type: .object, optional: false)
                    add(section, path + "[].", raw[element] ?? [])
                }
            }
        }
        for (section, rows) in raw where !Self.shapes.contains(section) { add(section, "", rows) }
        return result
    }

    /// Checks one printed report against its command's schema; returns the documented paths it printed.
    private func check(_ stdout: String, _ command: String, _ schema: [String: Field], _ context: String) -> Set<String>
    {
        guard let object = try? JSONDecoder().decode(JSONValue.self, from: Data(stdout.utf8)) else {
            XCTFail("\(context): no JSON: \(stdout.prefix(200))")
            return []
        }
        var seen: Set<String> = []
        func walk(_ value: JSONValue, _ path: String) {
            if !path.isEmpty {
                guard let field = schema[path] else {
                    XCTFail("\(context): \(command) prints \(path), which docs/json.md does not document")
                    return
                }
                XCTAssertTrue(
                    field.type.accepts(value),
                    "\(context): \(command) prints \(path) as \(value), docs/json.md says \(field.type)")
                seen.insert(path)
                if case .map = field.type { return }
            }
            if case .object(let dictionary) = value {
                for (key, inner) in dictionary { walk(inner, path.isEmpty ? key : path + "." + key) }
            } else if case .array(let array) = value {
                for element in array { walk(element, path + "[]") }
            }
        }
        walk(object, "")
        return seen
    }

    private func copySample(_ name: String) throws {
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp"),
            to: work.appendingPathComponent(name))
    }

    func testEveryFieldPrintedIsDocumentedAndEveryDocumentedFieldIsPrinted() throws {
        let schema = try schema()
        var seen: [String: Set<String>] = [:]
        func run(_ command: String, _ arguments: [String]) throws {
            let result = try Stringcat.run([command] + arguments + ["--json"], in: work)
            seen[command, default: []].formUnion(
                check(result.stdout, command, schema[command] ?? [:], "\(command) \(arguments.joined(separator: " "))"))
        }

        // migrate and verify: the sample, a dry run, a run, a deleting run, a refused run.
        try copySample("App")
        try write("App/LegacyApp/de.lproj/Dummy.strings", "/* declares de */\n")
        try write("App/LegacyApp/fr.lproj/Localizable.strings", "\"button.save\" = \"Enregistrer\";\n")
        try run("migrate", ["App", "--dry-run", "--delete-legacy", "--xcode-version", "15"])
        try run("migrate", ["App", "--no-project", "--delete-legacy"])
        try run("migrate", ["App"])
        try run("verify", ["App"])
        let catalog = work.appendingPathComponent("App/LegacyApp/Localizable.xcstrings")
        let original = try Data(contentsOf: catalog)
        try Data(String(decoding: original, as: UTF8.self).replacingOccurrences(of: "Sichern", with: "Speichern").utf8)
            .write(to: catalog)
        try run("verify", ["App"])
        try original.write(to: catalog)
        // A target whose catalog left its Resources phase: its bundle differs from the record's.
        let pbxproj = work.appendingPathComponent("App/LegacyApp.xcodeproj/project.pbxproj")
        let sampleProject = try String(contentsOf: pbxproj, encoding: .utf8)
        try Data(
            sampleProject.split(separator: "\n", omittingEmptySubsequences: false).filter {
                !$0.hasSuffix("/* Localizable.xcstrings in Resources */,")
            }.joined(separator: "\n").utf8
        ).write(to: pbxproj)
        try run("verify", ["App"])
        try Data(sampleProject.utf8).write(to: pbxproj)
        try run("status", ["App"])
        try run("export", ["App", "--output", work.appendingPathComponent("xcloc").path])
        // A translation changed in the translators' file: the import writes it.
        let xliff = work.appendingPathComponent("xcloc/de.xcloc/Localized Contents/de.xliff")
        let exported = try String(contentsOf: xliff, encoding: .utf8)
        XCTAssertTrue(exported.contains(">Sichern</target>"))
        // And a unit of a key no catalog has: the import says so.
        var changed = exported.replacingOccurrences(of: ">Sichern</target>", with: ">Speichern</target>")
        let unit = try XCTUnwrap(changed.range(of: "<trans-unit id=\"button.save\""))
        changed.insert(
            contentsOf:
                "<trans-unit id=\"no.such.key\" xml:space=\"preserve\">\n        <source>x</source>\n        <target "
                + "state=\"translated\">y</target>\n      </trans-unit>\n      ",
            at: unit.lowerBound)
        try Data(changed.utf8).write(to: xliff)
        try run("import", [work.appendingPathComponent("xcloc/de.xcloc").path, "--project", "App"])
        try run("migrate", ["App", "--delete-legacy"])
        try run("verify", ["App"])
        // A project reference to a localization file that is gone.
        try copySample("Gone")
        try FileManager.default.removeItem(at: work.appendingPathComponent("Gone/LegacyApp/ja.lproj/InfoPlist.strings"))
        try run("status", ["Gone"])

        // A synchronized folder: exception sets added, then removed.
        var project = MiniProject()
        project.objectVersion = 77
        project.synchronizedFolder("Sync", targets: ["Sync"])
        try write("SyncApp/Sync.xcodeproj/project.pbxproj", project.text())
        try write("SyncApp/Sync/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try run("migrate", ["SyncApp"])
        try run("migrate", ["SyncApp", "--delete-legacy"])

        // A generated project with packages of the tree, a merge, a file left out.
        try copySample("Gen")
        try write("Gen/project.yml", "name: LegacyApp\n")
        try write(
            "Gen/vendor/Kit/Package.swift", "let package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")])\n")
        try write("Gen/vendor/Kit/Sources/Kit/en.lproj/Kit.strings", "\"k\" = \"K\";\n")
        try run("migrate", ["Gen", "--dry-run"])
        try run("status", ["Gen"])
        try write("Bare/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("Bare/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
        try write("Bare/fr.lproj/Localizable.stringsdict", "not a property list")
        try run("migrate", ["Bare", "--skip-invalid"])
        try write("Bare/de.lproj/Localizable.strings", "\"a\" = \"B-de\";\n")
        try run("migrate", ["Bare", "--merge", "--skip-invalid"])
        // Files --delete-legacy keeps (one does not parse, one declares a language no catalog
        // holds), then found again as a leftover with them.
        try run("migrate", ["Bare", "--delete-legacy", "--skip-invalid", "--force"])
        try run("migrate", ["Bare", "--delete-legacy", "--skip-invalid"])
        try run("status", ["Bare"])
        try run("verify", ["Bare"])
        // A language only a comment-only file declares, dropped on request.
        try write("Drop/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("Drop/it.lproj/Localizable.strings", "/* declares it */\n")
        try run("migrate", ["Drop", "--delete-legacy", "--delete-empty-languages"])

        // What no run of a test can print: an earlier run killed during its deletions, an edit
        // removing or adding an object of a kind no rule touches, an import of a file for
        // another project, a pbxproj without comments.
        let unreachable: Set<String> = [
            "migrate/earlierDeletions.goneFiles[]", "migrate/earlierDeletions.removedFolders[]",
            "migrate/projects[].changes.otherRemoved[]", "migrate/projects[].changes.otherAdded[]",
            "migrate/projects[].changes.otherRemoved[].id", "migrate/projects[].changes.otherAdded[].id",
            "migrate/projects[].changes.otherRemoved[].isa", "migrate/projects[].changes.otherAdded[].isa",
            "import/skippedFiles[]", "import/skippedFiles[].input", "import/skippedFiles[].original",
            "import/skippedFiles[].units",
            "import/skippedFiles[].reason", "migrate/leftovers[].mergeDifferences[]",
            "migrate/leftovers[].mergeDifferences[].key",
            "migrate/leftovers[].mergeDifferences[].languages", "migrate/leftovers[].mergeDifferences[].languages[]",
            "migrate/leftovers[].skippedFiles[]", "migrate/leftovers[].wouldDeleteFiles",
            "migrate/leftovers[].wouldDeleteFiles[]",
        ]
        for (command, fields) in schema {
            for (path, field) in fields
            where !field.optional && !(seen[command] ?? []).contains(path)
                && !unreachable.contains("\(command)/\(path)")
            {
                // A field under an optional or shared-shape field is covered where that shape is printed.
                XCTFail("docs/json.md documents \(command) \(path), which no run printed")
            }
        }
    }
}
