import Foundation

/// Hostile inputs nested as deep as asked, for the tests that every reader refuses them with a
/// located error instead of overflowing the stack (the fuzz folder's deep seeds are made the
/// same way).
public enum DeepInput {
    /// The XML header every plist below starts with: the top-level `<dict>` is on line 4.
    static let xmlHead = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>

        """

    /// A `.stringsdict` whose key `k` holds `depth` dictionaries, each in the one before, on
    /// line 5 (`<key>k</key><dict>` repeated; the top-level `<dict>` is one more level). The
    /// level past 512 is the 512th `<dict>` of line 5, at column 511 * 18 + 13 = 9211.
    public static func stringsDictXML(depth: Int, array: Bool = false) -> String {
        let body =
            array
            ? "<key>k</key>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
            : String(repeating: "<key>k</key><dict>", count: depth) + String(repeating: "</dict>", count: depth)
        return xmlHead + body + "\n</dict>\n</plist>\n"
    }

    /// Column of the `<dict>` that goes one level past 512 in `stringsDictXML(depth:)` (line 5).
    public static let stringsDictXMLTooDeepColumn = 511 * 18 + 13

    /// The old-style text form: `{ k = { a = { a = … b; }; }; }`, all on line 1.
    public static func oldStyle(depth: Int) -> String {
        "{ k = " + String(repeating: "{ a = ", count: depth) + "b;" + String(repeating: " };", count: depth) + " }\n"
    }

    /// A `bplist00` whose top-level dictionary holds `depth` - 1 more, each in the one before
    /// (`depth` levels of non-empty dictionaries, then an empty one).
    public static func binaryPlist(depth: Int) -> Data {
        var objects: [[UInt8]] = [[0x51, UInt8(ascii: "k")]] // object 0: the string "k"
        for level in 0..<depth {
            objects.append([0xD1] + bigEndian(0, 4) + bigEndian(level + 2, 4)) // { k = next }
        }
        objects.append([0xD0]) // the innermost, empty dictionary
        return binary(objects, top: 1)
    }

    /// A `bplist00` of `levels` dictionaries, each holding the next one twice (under `a` and
    /// `b`): a few hundred bytes that Foundation expands to 2^levels dictionaries.
    public static func sharedBinaryPlist(levels: Int) -> Data {
        var objects: [[UInt8]] = [[0x51, UInt8(ascii: "a")], [0x51, UInt8(ascii: "b")]]
        for level in 0..<levels {
            let next = level + 3
            objects.append([0xD2] + bigEndian(0, 4) + bigEndian(1, 4) + bigEndian(next, 4) + bigEndian(next, 4))
        }
        objects.append([0x51, UInt8(ascii: "x")])
        return binary(objects, top: 2)
    }

    /// A `bplist00` `{ k = set("k") }` (`{ k = set() }` when `empty`), a set being a type the binary
    /// format has a marker for and property lists do not: Foundation on Linux crashes on a non-empty one.
    public static func binaryPlistWithSet(empty: Bool = false) -> Data {
        binary(
            [
                [0x51, UInt8(ascii: "k")], [0xD1] + bigEndian(0, 4) + bigEndian(2, 4),
                empty ? [0xC0] : [0xC1] + bigEndian(0, 4),
            ], top: 1)
    }

    /// A `bplist00` whose top-level dictionary holds itself.
    public static func cyclicBinaryPlist() -> Data {
        binary([[0x51, UInt8(ascii: "k")], [0xD1] + bigEndian(0, 4) + bigEndian(1, 4)], top: 1)
    }

    /// Objects, a 4-byte offset table and the trailer (4-byte offsets and references).
    static func binary(_ objects: [[UInt8]], top: Int) -> Data {
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(out.count)
            out += object
        }
        let table = out.count
        for offset in offsets { out += bigEndian(offset, 4) }
        out += [0, 0, 0, 0, 0, 0, 4, 4] + bigEndian(objects.count, 8) + bigEndian(top, 8) + bigEndian(table, 8)
        return Data(out)
    }

    static func bigEndian(_ value: Int, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
    }

    /// A catalog whose entry `a` holds an unknown field nested `depth` objects deep, on line 1.
    public static func catalog(depth: Int) -> String {
        #"{"sourceLanguage":"en","strings":{"a":{"x":"# + String(repeating: #"{"k":"#, count: depth) + "1"
            + String(repeating: "}", count: depth) + #"}},"version":"1.0"}"#
    }

    /// `project.pbxproj` text with `deep = {a = {a = … b; }; };` on a line of its own before
    /// `objectVersion`: returns the edited text and the line it is on.
    public static func pbxproj(_ text: String, depth: Int) -> (text: String, line: Int) {
        let marker = "\tobjectVersion = "
        let range = text.range(of: marker)!
        let line = text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
        let deep =
            "\tdeep = " + String(repeating: "{a = ", count: depth) + "b" + String(repeating: "; }", count: depth)
            + ";\n"
        return (text.replacingCharacters(in: range.lowerBound..<range.lowerBound, with: deep), line)
    }
}

/// Runs `body` on a new thread with `stackSize` bytes of stack and returns its result: what a
/// reader's recursion left after a depth limit needs is measured on a secondary thread's stack
/// (512 KiB on macOS, where the readers run on Dispatch's worker threads too).
public func onThread<Result>(stackSize: Int, _ body: @escaping @Sendable () -> Result) -> Result {
    let box = ResultBox<Result>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return box.value!
}

private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
