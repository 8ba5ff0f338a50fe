import StringcatSupport

/// Turns tokens into entries with the grammar of CF's `parsePlistDictContent`: the whole file is
/// dictionary content (`key = value;` …) or one braced dictionary `{ … }`. Comments are kept
/// (CF discards them) with the rules of Xcode's migration (docs/spec/migration.md#comments).
///
/// Where CoreFoundation stops and where it fails (swift-corelibs-foundation `CFOldStylePList.c`:
/// `__CFCreateOldStylePropertyListOrStringsFile` reads a first object, then re-reads the file as
/// `parsePlistDictContent`, whose loop ends as soon as `parsePlistString` finds no key; each
/// input below was run through Linux Foundation's `PropertyListSerialization`, the same C code):
/// * **Stop, keeping every entry before it.** After an entry's `;` (file without braces), the next
///   character after white space and comments cannot start a key: it is neither a quote nor one
///   of `[A-Za-z0-9_$/:.-]`. `"k" = "v";ы "a" = "b";`, `"k" = "v";;`, and the same with `\`, `*`,
///   `%`, `{`, `}`, `(`, `)`, `<`, `>`, `,`, `#`, `@`, `=` (`"k" = "v"; = "a";`), U+0000, U+0001,
///   U+00A0 or U+3000 after the `;` all give `["k": "v"]`. Nothing after that point is looked at,
///   so an unterminated string or invalid escape further on does not matter.
/// * **Stop** at a quote that is never closed where a key should start: `"k" = "v"; "a` gives
///   `["k": "v"]` (the quoted-string reader fails, and the loop only sees "no key").
/// * We stop there too and warn (line, column, what was found, how many lines are not read);
///   with `strict` it is an error and the file is rejected.
/// * **Error** when that happens before the first entry: CF reads the first object with
///   `requireObject`, so `;`, `ы`, `/* c */ ;` or `"a` as the first thing in the file fail.
/// * **Error** inside braces: the content stops, then `}` is required: `{ "k" = "v"; ы }` and
///   `{ "k" = "v";` fail, and so does anything but white space or comments after the closing
///   brace: `{ "k" = "v"; } x` ("Junk after plist").
/// * **Error** inside an entry: `"k" "v";` (no `=`), `"k" = "v" "a" = "b";` and `"k" = "v"` at
///   the end (no `;`), `"k" = ;`, `"k" = ы;`, `"k" = "v;` (unterminated value), `"k" = "v"; "a"`
///   and `"k" = "v"; a =` (the file ends inside an entry).
/// * Not a stop: `/` not followed by `/` or `*` starts an unquoted string, so `"k" = "v"; /` is
///   the key `/` at the end of the file, an error.
/// * **Recovered, with `StringsReading.xcodeMigration`** (what Xcode's migration reads where CF
///   fails, docs/spec/migration.md#entries-of-a-strings-table): an entry error of the kind above whose value opens with
/// a quote on   the key's line — `"k" = "v"` followed by the next line's entry or the end of the file (no
///   `;`), `"k" = "v" junk;` and `"k" = "a "b" c";` (text after an early closing quote),
///   `"k" = "v;` (a quote never closed) — is read from its line (`StringsLexer.lineValue`: to
///   the line's last quote of the value's kind, stray quotes left out, else to its last `;`),
///   with a warning; reading goes on at the next line with CF's grammar. Not recovered (still an
///   error): a value on another line than its key, an unquoted value, a missing `=` or value,
///   an escape error, anything inside braces, and everything with `strict`.
/// * Also different from CF, on purpose: values that are not strings (`"k" = {…};`, `(…)`,
///   `<…>`), which CF accepts, are errors; a file holding one string and nothing else (`"k"`),
///   which CF reads as a string rather than a table, is an error (no `=`); `\UD800` alone, which
///   CF turns into U+FFFD, is an error.
struct StringsParser {
    private var tokenizer: StringsLexer
    private let path: String
    /// Report the stops above as errors instead of warnings.
    private let strict: Bool
    private var entries: [StringsEntry] = []
    /// (byte offset, diagnostic) so the list can be put in file order at the end.
    private var found: [(Int, Diagnostic)] = []
    /// The last comment since the previous `;`, kept as a token until a key needs its text.
    private var lastComment: StringsLexer.RawToken?
    /// Text of the last string token read, moved out with `takeText()`: Strings are moved
    /// into entries, never copied (a copy is a retain now and a release later, per String).
    private var text = ""
    private var leadingComment: String?
    /// The last comment given to a key, and where its bytes are (`entryComment`).
    private var lastCommentText = ""
    private var lastCommentBytes = (start: 0, count: -1)
    private var sawComment = false
    /// Byte offset of the file's first comment when it comes before any entry (-1: none).
    private var firstCommentStart = -1
    private var sawKey = false
    private let keys: KeyTable
    /// Some key was written twice (byte for byte).
    private var repeatsKeys = false
    private var warningsTaken = 0
    /// Where reading stopped before the end (see the type's documentation).
    private var unreadTail: StringsUnreadTail?
    /// Line of the `;` that ended the last entry, until the next key is read (0 otherwise):
    /// comments that start on it may be that entry's trailing comments.
    private var semicolonLine = 0
    /// The file is one braced dictionary, `{ … }`.
    private var braced = false
    /// Entries CF's grammar rejects are read from their line (`StringsReading.xcodeMigration`,
    /// not strict).
    private let recovers: Bool
    private var recovered: [StringsRecoveredEntry] = []

    /// `text`: valid UTF-8 that outlives the parser.
    init(text: UnsafeBufferPointer<UInt8>, path: String, strict: Bool = false, reading: StringsReading = .foundation) {
        tokenizer = StringsLexer(text)
        self.path = path
        self.strict = strict
        recovers = reading == .xcodeMigration && !strict
        // Typical entries take 60–150 bytes; reserving avoids most regrowth (only the pages
        // used count). The key table is filled with zeros when made, so it is sized for one key
        // per 128 bytes and grows if there are more: a 200 MB file's table is 32 MB, not 64.
        entries.reserveCapacity(text.count / 64)
        keys = KeyTable(expected: text.count / 128)
    }

    /// Entries, leading comment, diagnostics, where reading stopped early and the entries read
    /// from their line; `failed` when any error was found.
    /// `replacedA9`: offsets of U+FFFD that stand for invalid 0xA9 bytes (`UTF8Text.replacedA9`).
    mutating func parse(replacedA9: [Int] = []) -> (
        entries: [StringsEntry], leadingComment: String?, diagnostics: [Diagnostic], unreadTail: StringsUnreadTail?,
        recovered: [StringsRecoveredEntry], failed: Bool, repeatsKeys: Bool
    ) {
        if let first = replacedA9.first {
            let more = replacedA9.count > 1 ? " (and \(replacedA9.count - 1) more in this file)" : ""
            found.append(
                (
                    first,
                    .warning(
                        "invalid UTF-8: byte 0xA9\(more) read as U+FFFD REPLACEMENT CHARACTER, as Apple's reader does "
                            + "for this one byte (the © of Mac OS Roman); the file is not all UTF-8: re-save it as "
                            + "UTF-8 to keep the character",
                        at: location(first))
                ))
        }
        let failed = !parseFile()
        takeWarnings()
        let ordered = found.enumerated().sorted { a, b in
            a.element.0 != b.element.0 ? a.element.0 < b.element.0 : a.offset < b.offset
        }.map { $0.element.1 }
        return (entries, leadingComment, ordered, unreadTail, recovered, failed, repeatsKeys)
    }

    private func location(_ offset: Int) -> SourceLocation {
        let (line, column) = tokenizer.position(of: offset)
        return SourceLocation(path: path, line: line, column: column)
    }

    private mutating func error(_ message: String, at offset: Int) {
        found.append((offset, .error(message, at: location(offset))))
    }

    /// Moves new tokenizer warnings into `found`, while the line cursor is still near them.
    private mutating func takeWarnings() {
        while warningsTaken < tokenizer.warnings.count {
            let issue = tokenizer.warnings[warningsTaken]
            found.append((issue.offset, .warning(issue.message, at: location(issue.offset))))
            warningsTaken += 1
        }
    }

    /// Next token that is not a comment; comments update the comment state on the way.
    /// The text of a string token is resolved now (so escape errors come in file order) and
    /// kept in `text`. Typed throws, not `Result`: a `Result<Token?, …>` per token went
    /// through generic value witnesses (copy, destroy), a tenth of the parse.
    private mutating func nextToken() throws(StringsTokenIssue) -> Token? {
        if warningsTaken < tokenizer.warnings.count { takeWarnings() }
        while let token = try tokenizer.nextRaw() {
            if token.kind != .comment {
                if token.isString { text = try tokenizer.text(of: token) }
                return token
            }
            if !sawComment && !sawKey {
                leadingComment = tokenizer.trimmedCommentText(of: token)
                firstCommentStart = token.start
            }
            sawComment = true
            if tokenizer.lastTokenLine == semicolonLine {
                commentOnSemicolonLine(token)
            } else {
                lastComment = token
            }
        }
        return nil
    }

    /// A comment that starts on the line of the last entry's `;` belongs to that entry when only
    /// white space or other comments follow it on the line where it ends (docs/spec/migration.md#comments:
    /// `"k" = "v"; /* error message */` gives `k` the comment `error message`); it is not the
    /// next key's. When a key follows on that line (`"a" = "b"; /* c */ "d" = "e";`), it is that
    /// key's comment, as any comment before a key. The entry's own comment and these are joined
    /// with ` & `, as Xcode does (`progrss messages & sec: second`); several trailing comments are
    /// all joined in order and empty ones are left out (neither case was seen in Xcode's output).
    /// Out of line: rare, and inlined it made `nextToken` too big to be inlined itself.
    @inline(never)
    private mutating func commentOnSemicolonLine(_ token: Token) {
        guard tokenizer.restOfLineIsBlank(from: token.end) else {
            lastComment = token
            return
        }
        let trailingText = tokenizer.trimmedCommentText(of: token)
        guard !trailingText.isEmpty, let target = entries.indices.last else { return }
        if let own = entries[target].comment, !own.isEmpty {
            entries[target].comment = own + " & " + trailingText
        } else {
            entries[target].comment = trailingText
        }
    }

    /// True when an unterminated-string issue was thrown for the quote at `offset` (escape
    /// issues point at a backslash).
    private func isUnterminatedQuote(_ issue: StringsTokenIssue) -> Bool {
        guard issue.offset < tokenizer.count else { return false }
        let b = tokenizer.byte(at: issue.offset)
        return b == 0x22 || b == 0x27
    }

    /// Ends the table at `offset`, where a key should start but cannot (see the type's
    /// documentation): a warning, or an error when strict. Returns false when strict.
    private mutating func stop(at offset: Int, found what: String) -> Bool {
        let (line, column) = tokenizer.position(of: offset)
        let end = tokenizer.position(of: tokenizer.count)
        // A final line break does not start a line of its own.
        let lastLine = end.column == 1 && end.line > line ? end.line - 1 : end.line
        let lines = lastLine - line + 1
        let span = lines == 1 ? "line \(line), 1 line" : "lines \(line)–\(lastLine), \(lines) lines"
        let location = SourceLocation(path: path, line: line, column: column)
        if strict {
            found.append(
                (
                    offset,
                    .error(
                        "\(what) where a key should start (Apple's reader and Xcode's migration end the table here and "
                            + "ignore the rest of the file: \(span))",
                        at: location)
                ))
            return false
        }
        found.append(
            (
                offset,
                .warning(
                    "\(what) where a key should start: the table ends here, as in Apple's reader and Xcode's "
                        + "migration, and the rest of the file is not read (\(span))",
                    at: location)
            ))
        unreadTail = StringsUnreadTail(line: line, column: column, found: what, lineCount: lines)
        return true
    }

    /// The trimmed text of the comment before a key. The same text as the last one (a fifth of
    /// the corpus's comments: genstrings writes `No comment provided by engineer.` for each key
    /// without one) shares its String: no new allocation, and one fewer to free.
    private mutating func entryComment(_ token: Token) -> String {
        let (from, to) = tokenizer.trimmedCommentRange(of: token)
        if to - from == lastCommentBytes.count && tokenizer.sameBytes(from, lastCommentBytes.start, count: to - from) {
            return lastCommentText
        }
        lastCommentText = tokenizer.makeString(from, to)
        lastCommentBytes = (from, to - from)
        return lastCommentText
    }

    /// Moves the last string token's text out.
    private mutating func takeText() -> String {
        var taken = ""
        swap(&taken, &text)
        return taken
    }

    /// `text` trimmed the way comments are (Unicode White_Space at both ends).
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !StringsTokenizer.isUnicodeWhiteSpace($0.value) }) else {
            return ""
        }
        let last = scalars.lastIndex(where: { !StringsTokenizer.isUnicodeWhiteSpace($0.value) })!
        return String(scalars[first...last])
    }

    typealias Token = StringsLexer.RawToken

    /// `token` is the last token read (`text` is its text when it is a string).
    private func describe(_ token: Token) -> String {
        if token.kind == .quotedString { return "the string \"\(text)\"" }
        guard token.start < tokenizer.count, let scalar = Unicode.Scalar(tokenizer.scalar(at: token.start)) else {
            return "end of file"
        }
        let shown = token.isString ? text : String(Character(scalar))
        let code = String(scalar.value, radix: 16, uppercase: true)
        let padded = "U+" + String(repeating: "0", count: max(0, 4 - code.count)) + code
        if scalar.value < 0x21 || scalar.value == 0x7F {
            return
                "character \(padded)\((scalar.properties.name ?? scalar.properties.nameAlias).map { " " + $0 } ?? "")"
        }
        if scalar.value < 0x7F { return "'\(shown)'" }
        return "'\(shown)' (\(padded)\(scalar.properties.name.map { " " + $0 } ?? ""))"
    }

    /// Returns false when an error stopped the parse.
    private mutating func parseFile() -> Bool {
        do {
            return try parseContent()
        } catch {
            // Thrown while reading the key after an entry's `;` (`semicolonLine` is reset once a
            // key is read): a quote that is never closed there ends the table (CF).
            if semicolonLine != 0 && !braced && isUnterminatedQuote(error) {
                return stop(at: error.offset, found: "a quote that is never closed")
            }
            self.error(error.message, at: error.offset)
            return false
        }
    }

    /// The grammar. Lexical errors are thrown; grammar errors are recorded and return false.
    private mutating func parseContent() throws(StringsTokenIssue) -> Bool {
        var braceOffset = 0
        var pending: Token?
        guard let first = try nextToken() else { return true }
        if first.kind == .openBrace {
            braced = true
            braceOffset = first.start
        } else {
            pending = first
        }
        while true {
            let token: Token
            if let p = pending {
                token = p
                pending = nil
            } else if let t = try nextToken() {
                token = t
            } else {
                if braced {
                    let (line, column) = tokenizer.position(of: braceOffset)
                    error(
                        "missing '}' to close the dictionary opened at line \(line), column \(column)",
                        at: tokenizer.count)
                    return false
                }
                return true
            }
            if braced && token.kind == .closeBrace {
                // Only comments and white space may follow ("Junk after plist" in CF).
                guard let t = try nextToken() else { return true }
                error("unexpected \(describe(t)) after the closing '}' of the dictionary", at: t.start)
                return false
            }
            guard token.isString else {
                if !braced && sawKey {
                    // After an entry's `;`: CF ends the table here.
                    return stop(at: token.start, found: describe(token))
                }
                switch token.kind {
                case .equals: error("missing key before '='", at: token.start)
                case .semicolon: error("unexpected ';' where a key was expected", at: token.start)
                default: error("unexpected \(describe(token)) where a key was expected", at: token.start)
                }
                return false
            }
            if !(try parseEntry(key: token)) { return false }
        }
    }

    /// Parses `= value ;` or `;` after a key (the last token read). Returns false on a grammar error.
    private mutating func parseEntry(key: Token) throws(StringsTokenIssue) -> Bool {
        let keyText = takeText()
        // The key is the last token read.
        let position = tokenizer.lastTokenPosition()
        var comment: String?
        if let last = lastComment {
            // The file's first comment is not given to the first key when it is Xcode's current
            // new-file template: Xcode's migration does not (docs/spec/migration.md#comments, zoom's tables).
            if !(last.start == firstCommentStart && tokenizer.isXcodeTemplateHeader(last)) {
                comment = entryComment(last)
            }
        }
        sawKey = true
        semicolonLine = 0
        guard let after = try nextToken() else {
            error("missing '=' after the key \"\(keyText)\"", at: key.end)
            return false
        }
        if after.kind == .semicolon {
            // `"key";` is CF's shorthand for `"key" = "key";`.
            add(key: key, keyText: keyText, value: keyText, comment: comment, at: position)
            lastComment = nil
            semicolonLine = tokenizer.lastTokenLine
            return true
        }
        guard after.kind == .equals else {
            error("missing '=' after the key \"\(keyText)\" (found \(describe(after)))", at: after.start)
            return false
        }
        // Where a recovery starts again from: the diagnostics so far are kept, those of the value
        // and of what follows it are made again by the line reading.
        let mark = recovers && !braced ? recoveryMark() : nil
        let v: Token
        do {
            guard let t = try nextToken() else {
                error("missing value after '=' for the key \"\(keyText)\"", at: after.end)
                return false
            }
            v = t
        } catch {
            // A value whose quote is never closed (HSTracker `ko`, the last line of the file).
            if let mark, isUnterminatedQuote(error), tokenizer.lastTokenLine == position.line {
                return try recover(
                    key: key, keyText: keyText, comment: comment, at: position, quote: error.offset, mark: mark)
            }
            throw error
        }
        switch v.kind {
        case .quotedString, .unquotedString:
            break
        case .openBrace:
            error("the value of \"\(keyText)\" is a dictionary; a .strings value must be a string", at: v.start)
            return false
        case .openParen:
            error("the value of \"\(keyText)\" is an array; a .strings value must be a string", at: v.start)
            return false
        case .openAngle:
            error("the value of \"\(keyText)\" is data (<…>); a .strings value must be a string", at: v.start)
            return false
        case .semicolon:
            error("missing value after '=' for the key \"\(keyText)\"", at: v.start)
            return false
        default:
            error("unexpected \(describe(v)) where the value of \"\(keyText)\" was expected", at: v.start)
            return false
        }
        // The line reading applies to a quoted value that opens on the key's line.
        let lineReadable = mark != nil && v.kind == .quotedString && tokenizer.lastTokenLine == position.line
        let value = takeText()
        let next: Token?
        do {
            next = try nextToken()
        } catch {
            if lineReadable, let mark {
                return try recover(
                    key: key, keyText: keyText, comment: comment, at: position, quote: v.start, mark: mark)
            }
            throw error
        }
        if let t = next, t.kind == .semicolon {
            add(key: key, keyText: keyText, value: value, comment: comment, at: position)
            lastComment = nil
            semicolonLine = tokenizer.lastTokenLine
            return true
        }
        // No `;` (Rectangle `es`: the next line's entry follows), or text after an early closing
        // quote (Rectangle `ar`).
        if lineReadable, let mark {
            return try recover(key: key, keyText: keyText, comment: comment, at: position, quote: v.start, mark: mark)
        }
        // Point where the ';' belongs, not at the next line's key.
        error("missing ';' after the value of \"\(keyText)\"", at: v.end)
        return false
    }

    /// Counts of diagnostics before an entry's value is read, to undo what the value and the
    /// tokens after it reported when the entry is read again from its line.
    private struct RecoveryMark {
        var found: Int
        var warnings: Int
    }

    private mutating func recoveryMark() -> RecoveryMark {
        if warningsTaken < tokenizer.warnings.count { takeWarnings() }
        return RecoveryMark(found: found.count, warnings: tokenizer.warnings.count)
    }

    /// Reads the entry whose value opens with the quote at byte `quote` from its line, as Xcode's
    /// migration does (`StringsLexer.lineValue`), warns with what was read and why, and goes on
    /// at the next line. What CF's grammar made of the value and of the tokens after it is
    /// dropped, warnings included (the line reading makes its own). Out of line: rare.
    @inline(never)
    private mutating func recover(
        key: Token, keyText: String, comment: String?, at position: (line: Int, column: Int),
        quote: Int, mark: RecoveryMark
    ) throws(StringsTokenIssue) -> Bool {
        found.removeSubrange(mark.found...)
        tokenizer.dropWarnings(from: mark.warnings)
        warningsTaken = mark.warnings
        let read = try tokenizer.lineValue(openedAt: quote)
        tokenizer.restart(at: read.nextLine, line: position.line + 1)
        let rest = tokenizer.makeString(read.rest.lowerBound, read.rest.upperBound)
        var unread = Self.trimmed(rest)
        if unread.hasPrefix(";") { unread = Self.trimmed(String(unread.dropFirst())) }
        var problems: [String] = []
        if !read.isClosed {
            problems.append("the value's quote is not closed on its line")
        } else if !rest.contains(";") {
            problems.append("missing ';' after the value")
        }
        if read.strayQuotes > 0 {
            problems.append(
                read.strayQuotes == 1
                    ? "an unescaped quote inside the value, left out"
                    : "\(read.strayQuotes) unescaped quotes inside the value, left out")
        }
        if !unread.isEmpty { problems.append("text after the value's closing quote, not read") }
        let problem = problems.joined(separator: "; ")
        let shownUnread = unread.isEmpty ? "" : " (not read: \"\(unread)\")"
        found.append(
            (
                key.start,
                .warning(
                    "\"\(keyText)\": \(problem): Apple's reader rejects the whole file here; read from its line as "
                        + "Xcode's migration reads it, value \"\(read.text)\"\(shownUnread)",
                    at: SourceLocation(path: path, line: position.line, column: position.column))
            ))
        recovered.append(
            StringsRecoveredEntry(
                key: keyText, value: read.text, line: position.line, column: position.column,
                problem: problem, unreadText: unread.isEmpty ? nil : unread, leftOutQuotes: read.strayQuotes))
        add(key: key, keyText: keyText, value: read.text, comment: comment, at: position)
        lastComment = nil
        // As after any entry's `;`: junk where the next key should start ends the table.
        semicolonLine = position.line
        return true
    }

    /// The Strings are consumed: they move into the entry.
    private mutating func add(
        key: Token, keyText: consuming String, value: consuming String, comment: consuming String?,
        at position: (line: Int, column: Int)
    ) {
        let (line, column) = position
        if let first = keys.insert(keyText, index: entries.count, entries: entries) {
            repeatsKeys = true
            let same = entries[first].value == value
            found.append(
                (
                    key.start,
                    .warning(
                        "duplicate key \"\(keyText)\" (also at line \(entries[first].line)) with "
                            + "\(same ? "the same value" : "a different value"); the last one wins",
                        at: SourceLocation(path: path, line: line, column: column))
                ))
        }
        entries.append(StringsEntry(key: keyText, value: value, comment: comment, line: line, column: column))
    }
}
