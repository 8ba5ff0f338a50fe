import XCTest

@testable import StringsFile

/// Comment attachment, docs/spec/migration.md#comments.
final class CommentTests: XCTestCase {
    func testLastCommentBeforeKeyWins() {
        let list = entries("/* header */\n\n/* It's optional */\n\"crop\" = \"Crop\";")
        XCTAssertEqual(list.first?.comment, "It's optional")
    }

    func testHeaderCommentAttachesToFirstEntryAndIsTheLeadingComment() {
        let text =
            "/* \n  KeyBinding.strings\n  iina\n\n  Created by lhc.\n*/\n\n\"cmd.ignore\" = \"Ignore\";\n\"b\" = \"c\";"
        let result = parse(text)
        XCTAssertEqual(result.file?.leadingComment, "KeyBinding.strings\n  iina\n\n  Created by lhc.")
        XCTAssertEqual(result.file?.entries.map(\.comment), ["KeyBinding.strings\n  iina\n\n  Created by lhc.", nil])
    }

    func testXcodeTemplateHeaderFollowedByABlankLineAttaches() {
        // owncloud `ownCloud File Provider/en.lproj/Localizable.strings` (goldens): Xcode's catalog
        // gives this header to the first key (`manual` entry), blank line and all. So the rule
        // once proposed ("a comment containing `Created by` followed by a blank line is
        // dropped") does not hold for it, nor for iina's KeyBinding.strings above.
        let text =
            "/* \n  Localizable.strings\n  ownCloud\n\n  Created by Felix Schwarz on 15.04.19.\n  Copyright © 2019 "
            + "ownCloud GmbH. All rights reserved.\n*/\n\n\"The destination folder couldn't be found.\" = \"x\";\n"
        XCTAssertEqual(
            entries(text).first?.comment,
            "Localizable.strings\n  ownCloud\n\n  Created by Felix Schwarz on 15.04.19.\n  Copyright © 2019 ownCloud "
                + "GmbH. All rights reserved."
        )
    }

    func testHeaderFollowedByAnotherCommentGivesWayToIt() {
        // tisfeng/Easydict `en.lproj/Localizable.strings`: header, then `// setting`, then the key.
        let text =
            "/*\n  Localizable.strings\n  Easydict\n\n  Created by tisfeng on 2022/12/18.\n  Copyright © 2022 izual. "
            + "All rights reserved.\n*/\n\n// setting\n\"setting\" = \"Settings\";"
        let result = parse(text)
        XCTAssertEqual(result.file?.entries.first?.comment, "setting")
        XCTAssertEqual(
            result.file?.leadingComment,
            "Localizable.strings\n  Easydict\n\n  Created by tisfeng on 2022/12/18.\n  Copyright © 2022 izual. All "
                + "rights reserved."
        )
    }

    func testLicenseBlockKeepsInnerIndentation() {
        let list = entries("/*\n * Copyright (C) 2018, ownCloud GmbH.\n *\n */\n\"a\" = \"b\";")
        XCTAssertEqual(list.first?.comment, "* Copyright (C) 2018, ownCloud GmbH.\n *")
    }

    func testLineComments() {
        let list = entries("// MARK: Enums\n\"a\" = \"b\";\n//x\r\"c\" = \"d\";\n// y\u{2028}\"e\" = \"f\";")
        XCTAssertEqual(list.map(\.comment), ["MARK: Enums", "x", "y"])
    }

    // MARK: Comments after an entry's `;` on the same line (docs/spec/migration.md#comments)

    func testCommentOnTheLineOfTheSemicolonBelongsToThatEntry() {
        let list = entries("\"a\" = \"b\"; /* error message */\n\"c\" = \"d\"; // note\n\"e\" = \"f\";")
        XCTAssertEqual(list.map(\.comment), ["error message", "note", nil])
    }

    func testPrecedingAndTrailingCommentsAreJoinedWithAmpersand() {
        // Xcode: `progrss messages & sec: second`.
        let list = entries("/* progrss messages */\n\"sec\" = \"s\"; /* sec: second */\n\"min\" = \"m\";")
        XCTAssertEqual(list.map(\.comment), ["progrss messages & sec: second", nil])
    }

    func testTrailingCommentDoesNotHideTheNextKeysOwnComment() {
        let list = entries("\"a\" = \"b\"; // of a\n// of c\n\"c\" = \"d\";")
        XCTAssertEqual(list.map(\.comment), ["of a", "of c"])
    }

    func testCommentBeforeAKeyOnTheSameLineIsThatKeys() {
        let list = entries("\"a\" = \"b\"; /* c */ \"c\" = \"d\";\n")
        XCTAssertEqual(list.map(\.comment), [nil, "c"])
    }

    func testSeveralTrailingCommentsAreJoinedInOrderAndEmptyOnesLeftOut() {
        let list = entries("/* p */ \"a\" = \"b\"; /* one */ /**/ // two\n\"c\" = \"d\"; /**/\n")
        XCTAssertEqual(list.map(\.comment), ["p & one & two", nil])
    }

    func testMultiLineCommentStartingOnTheSemicolonLineIsTrailing() {
        let list = entries("\"a\" = \"b\"; /* starts here\n   ends here */\n\"c\" = \"d\";")
        XCTAssertEqual(list.map(\.comment), ["starts here\n   ends here", nil])
    }

    func testTrailingCommentOfTheLastEntryAndOfTheShorthand() {
        XCTAssertEqual(entries("\"a\";   // same as key\n").first?.comment, "same as key")
        XCTAssertEqual(entries("{ \"a\" = \"b\"; /* x */\n}").first?.comment, "x")
    }

    func testTrailingCommentAfterCRLFLineBreakIsTheNextKeys() {
        XCTAssertEqual(entries("\"a\" = \"b\";\r\n/* c */ \"c\" = \"d\";").map(\.comment), [nil, "c"])
        XCTAssertEqual(entries("\"a\" = \"b\";\u{2028}/* c */\n\"c\" = \"d\";").map(\.comment), [nil, "c"])
    }

    // MARK: Commented-out entries

    func testCommentedOutEntryIsFlagged() {
        let list = entries(
            "/* \"old\" = \"Old\"; */\n\"a\" = \"b\";\n// \"x\" = \"y\";\n\"c\" = \"d\";\n/* \"p\" = \"q\";\n   'r' = "
                + "s; */\n\"e\" = \"f\";"
        )
        XCTAssertEqual(list.map(\.comment), ["\"old\" = \"Old\";", "\"x\" = \"y\";", "\"p\" = \"q\";\n   'r' = s;"])
        XCTAssertEqual(list.map(\.commentIsCommentedOutEntry), [true, true, true])
    }

    func testOrdinaryCommentsAreNotCommentedOutEntries() {
        let list = entries(
            """
            /* Class = "NSMenuItem"; title = "Play"; ObjectID = "1y8-d6-Wtj"; */
            "1y8-d6-Wtj.title" = "Play";
            /* Note: width = 100; */
            "a" = "b";
            /* "k" = "v" */
            "c" = "d";
            /* "k"; */
            "e" = "f";
            /* Shown when x = y; */
            "g" = "h";
            /* "k" = "v"; and more */
            "i" = "j";
            "l" = "m";
            """)
        XCTAssertEqual(list.map(\.commentIsCommentedOutEntry), [false, false, false, false, false, false, false])
        XCTAssertEqual(list.last?.comment, nil)
    }

    func testCommentedOutEntryJoinedWithATrailingCommentIsNotFlagged() {
        let list = entries("/* \"old\" = \"Old\"; */\n\"a\" = \"b\"; // trailing\n")
        XCTAssertEqual(list.first?.comment, "\"old\" = \"Old\"; & trailing")
        XCTAssertEqual(list.first?.commentIsCommentedOutEntry, false)
    }

    func testFlagOnEntriesMadeInCode() {
        XCTAssertTrue(StringsEntry(key: "a", value: "b", comment: "\"x\" = \"y\";").commentIsCommentedOutEntry)
        XCTAssertFalse(StringsEntry(key: "a", value: "b", comment: nil).commentIsCommentedOutEntry)
        XCTAssertFalse(StringsEntry(key: "a", value: "b", comment: "").commentIsCommentedOutEntry)
    }

    func testCommentInsideTheNextEntryIsNotTrailing() {
        // Only comments before the next key can be trailing ones.
        let list = entries("\"a\" = \"b\"; \"c\" = /* v */\n\"d\";\n\"e\" = \"f\";")
        XCTAssertEqual(list.map(\.comment), [nil, nil, nil])
    }

    func testBlockCommentEndingBeforeAKeyOnItsLastLineIsThatKeys() {
        let list = entries("\"a\" = \"b\"; /* x\n */ \"c\" = \"d\";")
        XCTAssertEqual(list.map(\.comment), [nil, "x"])
    }

    func testCommentsInsideAnEntryAreNotCarriedOver() {
        let list = entries("/* mine */ \"a\" /* k */ = /* v */ \"b\" /* s */;\n\"c\" = \"d\";")
        XCTAssertEqual(list.map(\.comment), ["mine", nil])
    }

    func testNoCommentProvidedByEngineerIsKept() {
        XCTAssertEqual(
            entries("/* No comment provided by engineer. */\n\"a\" = \"b\";").first?.comment,
            "No comment provided by engineer.")
    }

    func testEmptyCommentIsEmptyString() {
        XCTAssertEqual(entries("/**/\n\"a\" = \"b\";").first?.comment, "")
    }

    func testInterfaceBuilderComment() {
        let list = entries(
            "/* Class = \"NSMenuItem\"; title = \"Play\"; ObjectID = \"1y8-d6-Wtj\"; */\n\"1y8-d6-Wtj.title\" = "
                + "\"Play\";"
        )
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
        XCTAssertEqual(
            descriptions(result),
            [
                "t.strings:2:1: warning: unterminated comment: it runs to the end of the file (Apple's reader accepts "
                    + "this)"
            ])
    }

    func testLeadingCommentOnlyWhenBeforeAnyEntry() {
        XCTAssertNil(parse("\"a\" = \"b\";\n/* later */\n\"c\" = \"d\";").file?.leadingComment)
        XCTAssertEqual(parse("// only\n").file?.leadingComment, "only")
    }
}
