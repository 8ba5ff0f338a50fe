import Foundation

/// Writes a `PBXDocument` back to bytes: each token with the trivia in front of it, in tree
/// order. An unedited document gives its input byte for byte; an edited one differs only where
/// the tree was changed.
public enum PBXProjectWriter {
    /// The file's bytes.
    public static func bytes(_ document: PBXDocument) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(document.text.count)
        document.text.withUnsafeBufferPointer { text in
            var writer = Writer(
                text: text, dictionaries: document.dictionaries, arrays: document.arrays, output: output)
            output = []
            writer.write(document.root)
            writer.token(document.trailer)
            output = writer.output
        }
        return output
    }

    /// The file's bytes as `Data`, for writing to disk.
    public static func data(_ document: PBXDocument) -> Data { Data(bytes(document)) }

    private struct Writer {
        let text: UnsafeBufferPointer<UInt8>
        let dictionaries: [PBXDictionaryNode]
        let arrays: [PBXArrayNode]
        var output: [UInt8]

        mutating func token(_ token: PBXToken) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[token.lead..<token.end]))
        }

        mutating func write(_ value: PBXValue) {
            switch value {
            case .string(let t):
                token(t)
            case .dictionary(let index):
                let node = dictionaries[index]
                token(node.open)
                for entry in node.entries {
                    // Key, `=`, value and `;` are usually contiguous: one append when they are.
                    if case .string(let v) = entry.value, entry.key.end == entry.equals.lead,
                        entry.equals.end == v.lead, v.end == entry.semicolon.lead
                    {
                        output.append(
                            contentsOf: UnsafeBufferPointer(rebasing: text[entry.key.lead..<entry.semicolon.end]))
                        continue
                    }
                    token(entry.key)
                    token(entry.equals)
                    write(entry.value)
                    token(entry.semicolon)
                }
                token(node.close)
            case .array(let index):
                let node = arrays[index]
                token(node.open)
                for item in node.items {
                    write(item.value)
                    if let comma = item.comma { token(comma) }
                }
                token(node.close)
            }
        }
    }
}
