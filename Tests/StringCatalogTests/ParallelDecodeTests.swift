import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import StringCatalog

/// Large catalogs are decoded on every core (`entriesInParallel`); the result must be the
/// sequential decoder's on any input: the same catalog in the same key order, or the same error.
final class ParallelDecodeTests: XCTestCase {
    /// The segments of each decode on every core that went through.
    private var splits: [Int] = []

    private enum Outcome: Equatable {
        case catalog(StringCatalog, [String])
        case error(String)
    }

    private func decode(_ bytes: [UInt8], parallel: Bool) -> Outcome {
        var segments = 0
        defer { if segments > 0 { splits.append(segments) } }
        do {
            let catalog = try CatalogReader.parse(
                bytes: bytes, path: "T.xcstrings", split: parallel ? .always : .never,
                segments: &segments)
            return .catalog(catalog, catalog.keyOrderHint)
        } catch {
            return .error(error.description)
        }
    }

    /// An Xcode-written catalog of `count` entries, some with plurals and substitutions.
    private func generated(_ count: Int) -> [UInt8] {
        var catalog = StringCatalog(sourceLanguage: "en")
        for index in 0..<count {
            var entry = CatalogEntry()
            entry.comment = index % 3 == 0 ? "Comment \(index) \u{e9}" : nil
            for language in ["de", "en", "fr"] {
                var localization = CatalogLocalization(
                    stringUnit: StringUnit(state: .translated, value: "\(language) \(index) \"q\""))
                if index % 5 == 0 {
                    localization = CatalogLocalization()
                    localization.variations = CatalogVariations(plural: [
                        "one": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: "%lld item")),
                        "other": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: "%lld items")),
                    ])
                }
                entry.localizations[language] = localization
            }
            catalog.strings["key.\(index)"] = entry
        }
        return [UInt8](CatalogWriter.data(for: catalog))
    }

    func testALargeCatalogDecodesTheSameOnEveryCore() {
        let bytes = generated(3_000)
        let sequential = decode(bytes, parallel: false)
        guard case .catalog(let catalog, _) = sequential else { return XCTFail("\(sequential)") }
        XCTAssertEqual(catalog.strings.count, 3_000)
        XCTAssertEqual(decode(bytes, parallel: true), sequential)
        XCTAssertEqual(splits, [4], "decoded in 4 segments")
        // The split really happens: Xcode's layout gives boundaries, and each one is an entry's end.
        let boundary = bytes.withUnsafeBufferPointer { CatalogDecoder.entryBoundary(in: $0, from: bytes.count / 2) }
        XCTAssertNotNil(boundary)
        if let boundary {
            XCTAssertEqual(String(decoding: bytes[(boundary - 5)...(boundary + 6)], as: UTF8.self), "    },\n    \"")
        }
    }

    func testEveryCatalogInSharedDecodesTheSame() throws {
        let shared = try sharedFolder()
        let files = catalogFiles(under: shared)
        XCTAssertGreaterThan(files.count, 10)
        for path in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertEqual(decode(bytes, parallel: true), decode(bytes, parallel: false), path)
        }
        XCTAssertGreaterThan(splits.count, files.count / 2)
    }

    /// Damage that the split could mistake: a duplicate key in another segment, a boundary-like
    /// text that is not one, errors in any segment, truncation anywhere.
    func testDamagedCatalogsGiveTheSameCatalogOrError() {
        let bytes = generated(60)
        var random = SplitMix64(seed: 0x9A4A_11E1)
        let replacements: [UInt8] = Array("{}[]\":, \n\\u0".utf8) + [0xFF]
        var errors = 0
        for round in 0..<1_500 {
            var mutated = bytes
            switch round % 4 {
            case 0:
                mutated.removeLast(random.below(mutated.count))
            case 1:
                let text = String(decoding: mutated, as: UTF8.self)
                    .replacingOccurrences(of: "\"key.\(random.below(60))\" :", with: "\"key.\(random.below(60))\" :")
                mutated = Array(text.utf8)
            default:
                for _ in 0...random.below(3) {
                    let at = random.below(mutated.count)
                    if random.below(2) == 0 {
                        mutated[at] = replacements[random.below(replacements.count)]
                    } else {
                        mutated.remove(at: at)
                    }
                }
            }
            let sequential = decode(mutated, parallel: false)
            if case .error = sequential { errors += 1 }
            XCTAssertEqual(decode(mutated, parallel: true), sequential, "round \(round)")
        }
        XCTAssertGreaterThan(errors, 700)
        XCTAssertGreaterThan(
            splits.count, 200, "the parallel decode went through on the intact and harmlessly damaged ones")
    }
}
