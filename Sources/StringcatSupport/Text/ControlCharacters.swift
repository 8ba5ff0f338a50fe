/// Control characters in text shown to the user (a key with a line break, a folder named
/// `nl<newline>.lproj`): found, and written as escapes so a message stays one line. The one
/// escaper of message text: `escaped` for text shown as it is, `quoted` for text shown between
/// double quotes.
public enum ControlCharacters {
    /// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// True when `text` holds a control character.
    public static func occur(in text: String) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }

    /// `text` with control characters written as escapes: `\n`, `\r`, `\t`, else `\u{1B}`.
    public static func escaped(_ text: String) -> String {
        guard occur(in: text) else { return text }
        var result = ""
        for scalar in text.unicodeScalars { append(scalar, to: &result) }
        return result
    }

    /// `text` between double quotes, its `\` and `"` written `\\` and `\"` and its control
    /// characters as `escaped` writes them: `"say \"hi\"\n"`.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            default: append(scalar, to: &result)
            }
        }
        return result + "\""
    }

    /// `scalar`, escaped when it is a control character.
    private static func append(_ scalar: Unicode.Scalar, to result: inout String) {
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where isControl(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: result.unicodeScalars.append(scalar)
        }
    }
}
