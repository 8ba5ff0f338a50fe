import Foundation
import TestSupport
import XCTest

@testable import StringsFile

/// (docs/spec/migration.md#the-file-header-comment): the first comment of a file is not the first key's comment when it
/// is Xcode's current new-file template, recognised by its last line before `*/` holding only
/// spaces; the older template (last line `Copyright © …`, or an empty line) is the first key's
/// comment like any other. `(No Comment)` is dropped like `No comment provided by engineer.`
/// (docs/spec/migration.md#comments).
final class FileHeaderCommentTests: XCTestCase {
    /// The current template, as Xcode 13+ writes it for a new `.strings` file.
    private let currentTemplate =
        "/* \n  InfoPlist.strings\n  ZoomCocoa\n\n  Created by C.W. Betts on 10/1/21.\n  \n*/\n\n"
    /// The older template: its last line is the copyright line.
    private let olderTemplate =
        "/* \n  Localizable.strings\n  ownCloud\n\n  Created by Felix Schwarz on 15.04.19.\n  Copyright © 2019 "
        + "ownCloud GmbH. All rights reserved.\n*/\n\n"

    // MARK: The shared files that show the rule

    /// zoom's four tables (shared pair) start with the current template, and Xcode's catalogs
    /// give their first keys no comment (`manual` entries, migration shape); owncloud's File
    /// Provider table starts with the older template, and Xcode gave it to the first key.
    func testSharedHeadersAsXcodesCatalogsShowThem() throws {
        let goldens = try sharedFolder("goldens")
        let cases: [(file: String, catalog: String, key: String)] = [
            (
                "MaddTheSane__zoom/before/src/zoomCocoa/en.lproj/InfoPlist.strings",
                "MaddTheSane__zoom/after/src/zoomCocoa/InfoPlist.xcstrings", "uk.org.logicalshift.zoom.skein"
            ),
            (
                "MaddTheSane__zoom/before/src/zoomCocoa/PlugIns/en.lproj/ZoomErrors.strings",
                "MaddTheSane__zoom/after/src/zoomCocoa/PlugIns/ZoomErrors.xcstrings",
                "ZoomMetadataError Programmer Is A Spoon"
            ),
            (
                "MaddTheSane__zoom/before/src/zoomCocoa/Skein/en.lproj/LocalizedSkein.strings",
                "MaddTheSane__zoom/after/src/zoomCocoa/Skein/LocalizedSkein.xcstrings", "Play to Here"
            ),
            ("MaddTheSane__zoom/before/src/zoomCocoa/en.lproj/Localizable.strings", "", "Preferences: General"),
            (
                "owncloud__ios-app/before/ownCloud File Provider/en.lproj/Localizable.strings",
                "owncloud__ios-app/after/ownCloud File Provider/Localizable.xcstrings",
                "The destination folder couldn't be found on this server. Moving items across servers is currently not "
                    + "supported."
            ),
        ]
        for (file, catalogPath, key) in cases {
            let strings = try XCTUnwrap(StringsFileReader.read(path: "\(goldens)/\(file)").file, file)
            let first = try XCTUnwrap(strings.entries.first, file)
            XCTAssertEqual(first.key, key, file)
            XCTAssertNotNil(strings.leadingComment, "\(file): the header is still the file's leading comment")
            let isCurrentTemplate = file.hasPrefix("MaddTheSane__zoom")
            XCTAssertEqual(first.comment == nil, isCurrentTemplate, file)
            if !isCurrentTemplate { XCTAssertEqual(first.comment, strings.leadingComment, file) }
            guard !catalogPath.isEmpty else { continue } // (zoom's Localizable entry was rebuilt from code)
            let catalog =
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: "\(goldens)/\(catalogPath)"))) as! [String: Any]
            let entry = try XCTUnwrap((catalog["strings"] as! [String: [String: Any]])[key], file)
            XCTAssertEqual(entry["extractionState"] as? String, "manual", file)
            XCTAssertEqual(entry["comment"] as? String, StringsFile.usableComment(of: first), file)
        }
    }

    /// Every `.strings` of the shared goldens that starts with a multi-line header directly
    /// before its first key: the rule decides by the header's last line alone.
    func testEverySharedHeaderFollowsTheRule() throws {
        let goldens = try sharedFolder("goldens")
        var dropped = 0, attached = 0
        for pair in try FileManager.default.contentsOfDirectory(atPath: goldens).sorted() {
            for relative in FileManager.default.subpaths(atPath: "\(goldens)/\(pair)/before") ?? []
            where relative.hasSuffix(".strings") {
                let path = "\(goldens)/\(pair)/before/\(relative)"
                guard let strings = StringsFileReader.read(path: path).file, let header = strings.leadingComment,
                    header.contains("\n"),
                    let first = strings.entries.first
                else { continue }
                let text = try String(contentsOfFile: path, encoding: .utf8)
                guard let close = text.range(of: "*/") else { continue }
                let beforeClose = text[..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
                let lastLine = beforeClose.count >= 2 ? beforeClose[beforeClose.count - 2] : ""
                let rest = text[close.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
                // Another comment comes first.
                guard rest.hasPrefix("\"") || rest.first?.isLetter == true else { continue }
                if !lastLine.isEmpty && lastLine.allSatisfy({ $0 == " " }) {
                    XCTAssertNil(first.comment, relative)
                    dropped += 1
                } else {
                    XCTAssertEqual(first.comment, header, relative)
                    attached += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(dropped, 8)
        XCTAssertGreaterThanOrEqual(attached, 2)
    }

    // MARK: Minimal fixtures

    func testCurrentTemplateIsNotTheFirstKeysComment() {
        let result = parse(currentTemplate + "\"a\" = \"A\";\n/* b */\n\"b\" = \"B\";\n")
        XCTAssertEqual(result.file?.entries.map(\.comment), [nil, "b"])
        XCTAssertEqual(
            result.file?.leadingComment, "InfoPlist.strings\n  ZoomCocoa\n\n  Created by C.W. Betts on 10/1/21.")
    }

    func testOlderTemplateIsTheFirstKeysComment() {
        XCTAssertEqual(
            entries(olderTemplate + "\"a\" = \"A\";\n").first?.comment,
            "Localizable.strings\n  ownCloud\n\n  Created by Felix Schwarz on 15.04.19.\n  Copyright © 2019 ownCloud "
                + "GmbH. All rights reserved."
        )
        // An empty last line (no space) is the older form too (squirrel's zh-Hans header).
        XCTAssertEqual(
            entries("/* \n  Localizable.strings\n  Squirrel\n\n  Created by x on 12/12/22.\n\n*/\n\"a\" = \"A\";")
                .first?.comment,
            "Localizable.strings\n  Squirrel\n\n  Created by x on 12/12/22.")
    }

    func testVariantsOfTheCurrentTemplate() {
        for header in [
            "/* \n  Copyright(c) 2020 x \n \n*/\n", "/*\r\n  N.strings\r\n  \r\n*/\r\n", "/* \n  N.strings\n  \n  */\n",
            "/*\u{2028}  N\u{2028}  \u{2028}*/\n",
        ] {
            XCTAssertEqual(entries(header + "\"a\" = \"A\";").first?.comment, nil, header.debugDescription)
        }
        for header in [
            "/* \n  N.strings\n  x \n*/\n", "/* \n  N.strings\n\t\n*/\n", "/* N.strings  */\n", "// N.strings\n//  \n",
            "/* \n  N.strings\n  \n  x */\n",
        ] {
            XCTAssertNotNil(entries(header + "\"a\" = \"A\";").first?.comment, header.debugDescription)
        }
    }

    func testOnlyTheFilesFirstCommentIsATemplate() {
        // The same text later in the file is an ordinary comment.
        let text = "\"a\" = \"A\";\n/* \n  N.strings\n  \n*/\n\"b\" = \"B\";\n"
        XCTAssertEqual(entries(text).map(\.comment), [nil, "N.strings"])
        // A template followed by another comment: the other comment is the key's.
        XCTAssertEqual(entries(currentTemplate + "/* c */\n\"a\" = \"A\";").first?.comment, "c")
        // A trailing comment on the first key's line is still its own.
        XCTAssertEqual(entries(currentTemplate + "\"a\" = \"A\"; /* t */\n").first?.comment, "t")
    }

    func testNoCommentPlaceholderIsDropped() {
        let list = entries(
            "/* (No Comment) */\n\"a\" = \"A\";\n/* No comment provided by engineer. */\n\"b\" = \"B\";\n/* (No "
                + "comment) */\n\"c\" = \"C\";\n"
        )
        XCTAssertEqual(list.map(\.comment), ["(No Comment)", "No comment provided by engineer.", "(No comment)"])
        XCTAssertEqual(list.map(StringsFile.usableComment(of:)), [nil, nil, "(No comment)"])
    }
}
