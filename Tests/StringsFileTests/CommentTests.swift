import XCTest
@testable import StringsFile

/// Comment attachment, formats.md §5.3.
final class CommentTests: XCTestCase {
    func testLastCommentBeforeKeyWins() {
        let list = entries("/* header */\n\n/* It's optional */\n\"crop\" = \"Crop\";")
        XCTAssertEqual(list.first?.comment, "It's optional")
    }

    func testHeaderCommentAttachesToFirstEntryAndIsTheLeadingComment() {
        let text = "/* \n  KeyBinding.strings\n  iina\n\n  Created by lhc.\n*/\n\n\"cmd.ignore\" = \"Ignore\";\n\"b\" = \"c\";"
        let result = parse(text)
        XCTAssertEqual(result.file?.leadingComment, "KeyBinding.strings\n  iina\n\n  Created by lhc.")
        XCTAssertEqual(result.file?.entries.map(\.comment), ["KeyBinding.strings\n  iina\n\n  Created by lhc.", nil])
    }

    func testLicenseBlockKeepsInnerIndentation() {
        let list = entries("/*\n * Copyright (C) 2018, ownCloud GmbH.\n *\n */\n\"a\" = \"b\";")
        XCTAssertEqual(list.first?.comment, "* Copyright (C) 2018, ownCloud GmbH.\n *")
    }

    func testLineComments() {
        let list = entries("// MARK: Enums\n\"a\" = \"b\";\n//x\r\"c\" = \"d\";\n// y\u{2028}\"e\" = \"f\";")
        XCTAssertEqual(list.map(\.comment), ["MARK: Enums", "x", "y"])
    }

    func testCommentAfterSemicolonBelongsToTheNextKey() {
        let list = entries("\"a\" = \"b\"; //WRONG\n\"c\" = \"d\";\n\"e\" = \"f\";")
        XCTAssertEqual(list.map(\.comment), [nil, "WRONG", nil])
    }

    func testCommentsInsideAnEntryAreNotCarriedOver() {
        let list = entries("/* mine */ \"a\" /* k */ = /* v */ \"b\" /* s */;\n\"c\" = \"d\";")
        XCTAssertEqual(list.map(\.comment), ["mine", nil])
    }

    func testNoCommentProvidedByEngineerIsKept() {
        XCTAssertEqual(entries("/* No comment provided by engineer. */\n\"a\" = \"b\";").first?.comment,
                       "No comment provided by engineer.")
    }

    func testEmptyCommentIsEmptyString() {
        XCTAssertEqual(entries("/**/\n\"a\" = \"b\";").first?.comment, "")
    }

    func testInterfaceBuilderComment() {
        let list = entries("/* Class = \"NSMenuItem\"; title = \"Play\"; ObjectID = \"1y8-d6-Wtj\"; */\n\"1y8-d6-Wtj.title\" = \"Play\";")
        XCTAssertEqual(list.first?.comment, "Class = \"NSMenuItem\"; title = \"Play\"; ObjectID = \"1y8-d6-Wtj\";")
    }

    func testSlashStarInsideBlockCommentIsText() {
        XCTAssertEqual(entries("/* a /* b */\n\"k\" = \"v\";").first?.comment, "a /* b")
    }

    func testSlashStarSlashDoesNotCloseTheComment() {
        XCTAssertEqual(entries("/*/ x */\"k\" = \"v\";").first?.comment, "/ x")
    }

    func testUnterminatedCommentAtEndIsAcceptedWithAWarning() {
        let result = parse("\"a\" = \"b\";\n/* never closed\n\"c\" = \"d\";")
        XCTAssertEqual(result.file?.dictionary, ["a": "b"])
        XCTAssertEqual(descriptions(result),
                       ["t.strings:2:1: warning: unterminated comment: it runs to the end of the file (Apple's reader accepts this)"])
    }

    func testLeadingCommentOnlyWhenBeforeAnyEntry() {
        XCTAssertNil(parse("\"a\" = \"b\";\n/* later */\n\"c\" = \"d\";").file?.leadingComment)
        XCTAssertEqual(parse("// only\n").file?.leadingComment, "only")
    }
}
