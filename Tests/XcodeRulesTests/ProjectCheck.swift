import Foundation

@testable import XcodeProject
@testable import XcodeRules

/// `../shared/tools/project_check.py`'s five comparisons of our edited project with Xcode's, in
/// Swift: removed objects, added objects (by content, new IDs resolved), group children and
/// build-phase files, the two settings and `objectVersion`, and the rest of the text with new IDs
/// masked.
struct ProjectCheck {
    static let settings = ["LOCALIZATION_PREFERS_STRING_CATALOGS", "SWIFT_EMIT_LOC_STRINGS"]
    static let checks = ["removed", "added", "groups", "settings", "text"]

    let before: ProjectGraph, xcode: ProjectGraph, ours: ProjectGraph
    let old: Set<String>

    init(before: ProjectGraph, xcode: ProjectGraph, ours: ProjectGraph) {
        self.before = before
        self.xcode = xcode
        self.ours = ours
        old = Set(before.objects.map(\.id))
    }

    /// Check name -> passed.
    func run() -> [String: Bool] {
        var result: [String: Bool] = [:]
        let beforeIDs = before.objects.map(\.id)
        result["removed"] =
            Set(beforeIDs.filter { xcode.object($0) == nil }) == Set(beforeIDs.filter { ours.object($0) == nil })
        result["added"] =
            counts(xcode.objects.filter { !old.contains($0.id) }.map { canon(xcode, $0.id) })
            == counts(ours.objects.filter { !old.contains($0.id) }.map { canon(ours, $0.id) })
        var groups = true
        for object in xcode.objects where old.contains(object.id) {
            if object.isa == "PBXGroup" || object.isa == "PBXVariantGroup" {
                let want = xcode.strings("children", of: object.id).map { canon(xcode, $0) }
                let got = ours.object(object.id).map { _ in
                    ours.strings("children", of: object.id).map { canon(ours, $0) }
                }
                if want != got { groups = false }
            }
            if object.isa.hasSuffix("BuildPhase") {
                let want = counts(xcode.strings("files", of: object.id).map { canon(xcode, $0) })
                let got = ours.object(object.id).map { _ in
                    counts(ours.strings("files", of: object.id).map { canon(ours, $0) })
                }
                if want != got { groups = false }
            }
        }
        result["groups"] = groups
        // LOCALIZATION_PREFERS_STRING_CATALOGS is judged apart (`lpsc`, not one of the five):
        // Xcode added it in about 70% of the migrations seen and nothing predicts which
        // (docs/spec/project-edit.md#localization_prefers_string_catalogs).
        let withoutLPSC = { (all: [String: [String: String]]) in
            all.mapValues { $0.filter { $0.key != "LOCALIZATION_PREFERS_STRING_CATALOGS" } }
        }
        result["lpsc"] = effective(xcode) == effective(ours)
        result["settings"] =
            withoutLPSC(effective(xcode)) == withoutLPSC(effective(ours)) && otherSettings(xcode) == otherSettings(ours)
            && xcode.project?.objectVersion == ours.project?.objectVersion
        let lb = lines(before), lx = lines(xcode), lo = lines(ours)
        result["text"] = subtract(lb, lx) == subtract(lb, lo) && subtract(lx, lb) == subtract(lo, lb)
        return result
    }

    /// What an object is, with new IDs replaced by what they stand for (3 levels deep).
    func canon(_ graph: ProjectGraph, _ id: String, depth: Int = 0) -> String {
        if old.contains(id) || depth > 3 { return id }
        guard let object = graph.object(id) else { return "MISSING" }
        let document = graph.document
        func describe(_ value: PBXValue) -> String {
            switch value {
            case .string(let token):
                let text = document.string(token)
                return isID(text) ? canon(graph, text, depth: depth + 1) : text
            case .array(let array):
                return "[" + document.arrays[array].items.map { describe($0.value) }.joined(separator: ",") + "]"
            case .dictionary(let node):
                return "{"
                    + document.dictionaries[node].entries.map { document.string($0.key) + "=" + describe($0.value) }
                    .sorted().joined(separator: ";") + "}"
            }
        }
        return describe(.dictionary(object.dictionary))
    }

    func isID(_ text: String) -> Bool {
        text.utf8.count == 24 && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 70) }
    }

    /// Target name -> setting -> YES/NO, as the script evaluates it (target level over project
    /// level, every configuration).
    func effective(_ graph: ProjectGraph) -> [String: [String: String]] {
        func values(_ list: String?) -> [String: Set<String?>] {
            var out: [String: Set<String?>] = [:]
            for configuration in list.flatMap({ graph.configurationList($0) })?.buildConfigurations ?? [] {
                for setting in Self.settings {
                    var value: String?
                    if case .string(let text)? = graph.buildSetting(setting, of: configuration) { value = text }
                    out[setting, default: []].insert(value)
                }
            }
            return out
        }
        let project = values(graph.project?.buildConfigurationList)
        var result: [String: [String: String]] = [:]
        for target in graph.targets {
            let own = values(target.buildConfigurationList)
            var row: [String: String] = [:]
            for setting in Self.settings {
                let t = own[setting] ?? [nil], p = project[setting] ?? [nil]
                let yes = t.subtracting([nil]) == ["YES"] || (t == [nil] && p.subtracting([nil]) == ["YES"])
                row[setting] = yes ? "YES" : "NO"
            }
            result[target.name ?? target.id] = row
        }
        return result
    }

    func otherSettings(_ graph: ProjectGraph) -> [String: Int] {
        var out: [String: Int] = [:]
        for object in graph.objects where object.isa == "XCBuildConfiguration" {
            for (key, value) in graph.buildSettings(of: object.id) where !Self.settings.contains(key) {
                out["\(object.id) \(key) \(value)", default: 0] += 1
            }
        }
        return out
    }

    /// Lines of the file with new IDs masked, settings and objectVersion lines left out.
    func lines(_ graph: ProjectGraph) -> [String: Int] {
        var out: [String: Int] = [:]
        let text = String(decoding: PBXProjectWriter.bytes(graph.document), as: UTF8.self)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if Self.settings.contains(where: { line.contains($0) }) || line.contains("objectVersion") { continue }
            out[mask(String(line)), default: 0] += 1
        }
        return out
    }

    /// Replaces every 24-hex word that is not an old ID by `NEWID`.
    func mask(_ line: String) -> String {
        let bytes = Array(line.utf8)
        var out: [UInt8] = []
        var i = 0
        func isWord(_ b: UInt8) -> Bool {
            (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95
        }
        while i < bytes.count {
            if (i == 0 || !isWord(bytes[i - 1])) && i + 24 <= bytes.count
                && (i + 24 == bytes.count || !isWord(bytes[i + 24]))
            {
                let word = String(decoding: bytes[i..<(i + 24)], as: UTF8.self)
                if isID(word) {
                    out += old.contains(word) ? Array(word.utf8) : Array("NEWID".utf8)
                    i += 24
                    continue
                }
            }
            out.append(bytes[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    func counts(_ items: [String]) -> [String: Int] { items.reduce(into: [:]) { $0[$1, default: 0] += 1 } }

    /// Counter subtraction: what `a` has more of than `b`.
    func subtract(_ a: [String: Int], _ b: [String: Int]) -> [String: Int] {
        a.reduce(into: [:]) { out, pair in
            let left = pair.value - (b[pair.key] ?? 0)
            if left > 0 { out[pair.key] = left }
        }
    }
}
