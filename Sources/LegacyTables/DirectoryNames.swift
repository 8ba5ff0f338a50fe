import Foundation
import StringcatSupport

/// The names in a folder, read as bytes (POSIX `readdir`): Foundation decodes a name that is not
/// UTF-8 with U+FFFD, and the decoded name then opens nothing ("no such file"). Such names are
/// returned apart, escaped (`x\xFF.lproj`), so the scan can report them instead of losing them.
enum DirectoryNames {
    struct Listing {
        /// Names that are valid UTF-8, sorted.
        var names: [String]
        /// Names that are not, with each invalid byte written `\xFF`, sorted.
        var invalid: [String]
    }

    /// Nil when the folder cannot be read (errno is set).
    static func list(_ folder: String) -> Listing? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var listing = Listing(names: [], invalid: [])
        while true {
            // readdir says an error only through errno: a folder listed in part is no listing.
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { return nil }
                break
            }
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw -> [UInt8] in
                Array(raw.prefix { $0 != 0 })
            }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            if let name = String(validating: bytes, as: UTF8.self) {
                listing.names.append(name)
            } else {
                listing.invalid.append(escaped(bytes))
            }
        }
        listing.names.sort()
        listing.invalid.sort()
        return listing
    }

    /// The bytes as text, every byte of an invalid sequence written `\xNN`.
    static func escaped(_ bytes: [UInt8]) -> String {
        var out = ""
        var index = 0
        while index < bytes.count {
            var end = index + 1
            while end <= bytes.count, end - index <= 4 {
                if let piece = String(validating: bytes[index..<end], as: UTF8.self) {
                    out += piece
                    index = end
                    break
                }
                end += 1
            }
            if end > bytes.count || end - index > 4 {
                out += String(format: "\\x%02X", bytes[index])
                index += 1
            }
        }
        return out
    }

    /// True when a name holds a control character (a line break in `nl\n.lproj`): such a name is
    /// no language code, whatever follows.
    static func hasControlCharacter(_ name: String) -> Bool { ControlCharacters.occur(in: name) }

    /// `name` with control characters escaped, for messages.
    static func shown(_ name: String) -> String { ControlCharacters.escaped(name) }
}
