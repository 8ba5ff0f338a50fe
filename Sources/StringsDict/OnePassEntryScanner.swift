/// Reads the top-level entries of a plain XML `.stringsdict` (see `PlainPlistCursor`) one at a
/// time, each straight into the parts of a plural rule and where each of its keys starts.
///
/// It reads only entries that today's decoder (`StringsDictDecoder`) turns into a plural rule
/// without a word: a `<dict>` holding `NSStringLocalizedFormatKey` (a string) once and variables,
/// each a `<dict>` of `NSStringFormatSpecTypeKey`, `NSStringFormatValueTypeKey` and plural
/// categories, all strings, each at most once. Anything else says `.handOver`, and the whole
/// file goes to the route that reads everything (`StringsDictReader.parseWithFoundation`): a
/// device or width rule, a value of another kind, an unknown key, a key twice in one dictionary
/// (also when two spellings are equal as Swift strings, which is how the decoder looks keys up),
/// a top-level value that is not a dictionary. Those make a warning or an error there, and are
/// rare in real files (none in the 178 `.stringsdict` of ../shared/corpus).
struct OnePassEntryScanner {
    var cursor: PlainPlistCursor
    /// The variables of the entry `next()` returned, sorted by name.
    private(set) var variables: [DecodedVariable] = []
    /// The forms of those variables (each variable's `forms` range), in category order.
    private(set) var forms: [DecodedForm] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) { cursor = PlainPlistCursor(bytes) }

    /// A top-level key and its plural rule's format key; the variables are in `variables`.
    struct EntryHead {
        var key: String
        /// Where the entry's `<key>` starts (byte offset) and its line.
        var keyOffset: Int
        var line: Int
        var formatKey: String
        var formatKeyOffset: Int
    }

    enum Next {
        case entry(EntryHead)
        /// The top-level `</dict>` was read.
        case end
        /// Outside what this scanner reads: the file goes to PropertyListSerialization.
        case handOver
    }

    /// The next entry of the top-level dictionary (whose `<dict>` `cursor.header()` read).
    mutating func next() -> Next {
        cursor.skipWhiteSpace()
        let keyOffset = cursor.offset
        let line = cursor.line
        if cursor.skip(Tag.dictClose) { return .end }
        guard cursor.skip(Tag.keyOpen), let keyText = cursor.text(), cursor.skip(Tag.keyClose),
            let key = cursor.string(keyText)
        else { return .handOver }
        cursor.skipWhiteSpace()
        // A value that is not a dictionary is an error of the decoder's.
        guard cursor.skip(Tag.dictOpen), let (formatKey, formatKeyOffset) = pluralRule() else { return .handOver }
        return .entry(
            EntryHead(
                key: key, keyOffset: keyOffset, line: line, formatKey: formatKey, formatKeyOffset: formatKeyOffset))
    }

    /// The members of an entry's `<dict>` through its `</dict>`: the format key (returned) and
    /// the variables (in `variables`, sorted by name).
    private mutating func pluralRule() -> (String, Int)? {
        variables.removeAll(keepingCapacity: true)
        forms.removeAll(keepingCapacity: true)
        var formatKey: (String, Int)?
        while true {
            cursor.skipWhiteSpace()
            let tagStart = cursor.offset
            if cursor.skip(Tag.dictClose) { break }
            guard cursor.skip(Tag.keyOpen) else { return nil }
            // Spelled with its end tag: one comparison, no text scan (any other spelling of the
            // text is another key).
            if cursor.skip(Name.formatKeyKey) {
                cursor.skipWhiteSpace()
                guard formatKey == nil, let value = stringValue() else { return nil }
                formatKey = (value, tagStart)
                continue
            }
            guard let keyText = cursor.text(), cursor.skip(Tag.keyClose) else { return nil }
            cursor.skipWhiteSpace()
            if cursor.text(keyText, is: Name.deviceRule) || cursor.text(keyText, is: Name.widthRule) { return nil }
            guard let name = cursor.string(keyText) else { return nil }
            // The decoder finds keys by Swift string equality, under which a non-ASCII spelling
            // can equal one of these names (U+212A KELVIN SIGN equals K): its business.
            if !keyText.isASCII,
                name == StringsDictKeys.formatKey || name == DeviceRule.ruleTypeKey || name == WidthRule.ruleTypeKey
            {
                return nil
            }
            guard cursor.skip(Tag.dictOpen), let variable = variable(name, keyOffset: tagStart) else { return nil }
            variables.append(variable)
        }
        guard let formatKey else { return nil }
        if variables.count > 1 {
            variables.sort { $0.name < $1.name }
            // A name twice (as Swift strings: sorted, equal names are neighbours).
            for k in 1..<variables.count where variables[k - 1].name == variables[k].name { return nil }
        }
        return formatKey
    }

    /// A variable's `<dict>` members through its `</dict>`.
    private mutating func variable(_ name: String, keyOffset: Int) -> DecodedVariable? {
        var variable = DecodedVariable(name: name, keyOffset: keyOffset, forms: forms.count..<forms.count)
        var seen: UInt8 = 0
        while true {
            cursor.skipWhiteSpace()
            let tagStart = cursor.offset
            if cursor.skip(Tag.dictClose) { break }
            // The key, spelled exactly (with `</key>`, so no text scan): anything else is a key
            // the decoder drops with a warning, or not the plain form.
            guard cursor.skip(Tag.keyOpen), let key = knownVariableKey() else { return nil }
            cursor.skipWhiteSpace()
            guard seen & key.bit == 0 else { return nil }
            seen |= key.bit
            guard cursor.skip(Tag.stringOpen) else { return nil }
            switch key {
            case .specType:
                // Nearly every variable's: the constant, without a text scan or a new string.
                if cursor.skip(Name.pluralRuleTypeString) {
                    variable.specType = PluralVariable.pluralRuleType
                } else {
                    guard let value = stringToEnd() else { return nil }
                    variable.specType = value
                }
                variable.specTypeOffset = tagStart
            case .valueType:
                guard let value = stringToEnd() else { return nil }
                variable.valueType = value
                variable.valueTypeOffset = tagStart
            case .form(let category):
                guard let value = stringToEnd() else { return nil }
                forms.append(DecodedForm(category: category, text: value, keyOffset: tagStart))
            }
        }
        variable.forms = variable.forms.lowerBound..<forms.count
        // Category order (an insertion sort: at most six, nearly always in order already).
        var k = variable.forms.lowerBound + 1
        while k < variable.forms.upperBound {
            var j = k
            while j > variable.forms.lowerBound, forms[j].category < forms[j - 1].category {
                forms.swapAt(j, j - 1)
                j -= 1
            }
            k += 1
        }
        return variable
    }

    /// A `<string>…</string>` value as a `String`.
    private mutating func stringValue() -> String? {
        guard cursor.skip(Tag.stringOpen) else { return nil }
        return stringToEnd()
    }

    /// The text of a `<string>` just opened, through its `</string>`.
    private mutating func stringToEnd() -> String? {
        guard let text = cursor.text(), cursor.skip(Tag.stringClose) else { return nil }
        return cursor.string(text)
    }

    /// A key of a variable's dictionary.
    private enum VariableKey {
        case specType, valueType
        case form(PluralCategory)

        /// One bit per key, to find one twice: categories by rank, then the two types.
        var bit: UInt8 {
            switch self {
            case .form(let category): return 1 << UInt8(category.rank)
            case .specType: return 1 << 6
            case .valueType: return 1 << 7
            }
        }
    }

    /// The variable key spelled at the cursor through `</key>`, skipped; nil for any other text.
    private mutating func knownVariableKey() -> VariableKey? {
        if cursor.skip(Name.specTypeKey) { return .specType }
        if cursor.skip(Name.valueTypeKey) { return .valueType }
        if cursor.skip("one</key>") { return .form(.one) }
        if cursor.skip("other</key>") { return .form(.other) }
        if cursor.skip("few</key>") { return .form(.few) }
        if cursor.skip("many</key>") { return .form(.many) }
        if cursor.skip("two</key>") { return .form(.two) }
        if cursor.skip("zero</key>") { return .form(.zero) }
        return nil
    }

    private typealias Tag = PlainPlistCursor.Tag

    /// The format's key names, as bytes to compare (each is also a `String` elsewhere), some with
    /// the end tag that follows them.
    private enum Name {
        static let formatKeyKey: StaticString = "NSStringLocalizedFormatKey</key>"
        static let deviceRule: StaticString = "NSStringDeviceSpecificRuleType"
        static let widthRule: StaticString = "NSStringVariableWidthRuleType"
        static let specTypeKey: StaticString = "NSStringFormatSpecTypeKey</key>"
        static let valueTypeKey: StaticString = "NSStringFormatValueTypeKey</key>"
        static let pluralRuleTypeString: StaticString = "NSStringPluralRuleType</string>"
    }
}
