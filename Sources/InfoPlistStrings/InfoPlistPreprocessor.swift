/// Info.plist files that Xcode runs through the C preprocessor (`INFOPLIST_PREPROCESS = YES`)
/// hold directive lines that are not property-list syntax. owncloud's
/// `ownCloud/Resources/Info.plist:78` has `#ifndef DISABLE_PLAIN_HTTP` … `#endif` around
/// `NSAppTransportSecurity`, and PropertyListSerialization rejects the file ("Encountered
/// unexpected character #").
///
/// We cannot know the build's macros, so the directive lines are blanked (newlines kept, so
/// line numbers stay right) and the keys of every branch are read.
enum InfoPlistPreprocessor {
    static let directives: [String] = [
        "if", "ifdef", "ifndef", "elif", "else", "endif", "define", "undef", "include", "import", "error", "warning",
        "pragma",
    ]

    /// The bytes with every preprocessor directive line blanked, or nil when there is none.
    static func withoutDirectives(_ bytes: [UInt8]) -> [UInt8]? {
        var result = bytes
        var changed = false
        var lineStart = 0
        let n = bytes.count
        while lineStart < n {
            var lineEnd = lineStart
            while lineEnd < n && bytes[lineEnd] != 0x0A && bytes[lineEnd] != 0x0D { lineEnd += 1 }
            var i = lineStart
            while i < lineEnd && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
            if i < lineEnd && bytes[i] == UInt8(ascii: "#") && isDirective(bytes[(i + 1)..<lineEnd]) {
                for j in lineStart..<lineEnd { result[j] = 0x20 }
                changed = true
            }
            lineStart = lineEnd + 1
        }
        return changed ? result : nil
    }

    private static func isDirective(_ rest: ArraySlice<UInt8>) -> Bool {
        let word = rest.drop { $0 == 0x20 || $0 == 0x09 }.prefix {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
        }
        return directives.contains(String(decoding: word, as: UTF8.self))
    }
}
