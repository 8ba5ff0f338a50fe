import Foundation

/// Removing and adding entries of the `objects` dictionary while keeping Xcode's section layout
/// (docs/spec/project-edit.md#the-variant-group-goes, docs/spec/project-edit.md#only-the-edited-lines-change).
///
/// The `/* Begin X section */` and `/* End X section */` markers are trivia: they sit in the lead
/// of the first object of a section and of the object (or `}`) after its last. A lead is split
/// into its gap (up to and including its last line end: the end of the previous line, blank
/// lines, markers) and its indent (the rest). Removing an object hands its gap on to the next
/// element, and a section left with nothing between its markers loses them and one blank line,
/// as Xcode drops an empty section. A new object goes into its isa's section before the first ID
/// that sorts after it; a file without markers (Project Builder) is treated as one section
/// sorted by ID.
extension PBXDocument {
    /// A new object: its ID, isa and the text after the lead (`ID /* c */ = {…};`).
    struct NewObject {
        var id: String
        var isa: String
        var text: String
    }

    /// Removes the objects whose IDs are in `ids` and adds `additions`, in one pass each.
    mutating func editObjects(removing ids: Set<String>, adding additions: [NewObject]) {
        guard let node = objectsDictionary else { return }
        var entries: [PBXEntry] = []
        entries.reserveCapacity(dictionaries[node].entries.count + additions.count)
        var carry: [UInt8]?
        for var entry in dictionaries[node].entries {
            if ids.contains(string(entry.key)) {
                carry = combine(carry, gap(leadBytes(entry.key)))
                continue
            }
            if let gapBefore = carry {
                entry.key = relead(entry.key, inherit(gapBefore, leadBytes(entry.key)))
                carry = nil
            }
            entries.append(entry)
        }
        if let gapBefore = carry {
            dictionaries[node].close = relead(
                dictionaries[node].close, inherit(gapBefore, leadBytes(dictionaries[node].close)))
        }
        var owner = sectionOwners(entries)
        for addition in additions.sorted(by: { $0.id < $1.id }) { insert(addition, into: &entries, owner: &owner) }
        dictionaries[node].entries = entries
    }

    /// The section each entry is in, from the Begin markers in the leads. Only leads longer
    /// than an indent can hold a marker: the others are not copied.
    private func sectionOwners(_ entries: [PBXEntry]) -> [String?] {
        var owner: [String?] = []
        owner.reserveCapacity(entries.count + 8)
        var current: String?
        for entry in entries {
            if entry.key.start - entry.key.lead > 20, let name = sectionName(in: leadBytes(entry.key)) {
                current = name
            }
            owner.append(current)
        }
        return owner
    }

    /// Puts one new object in its place in `entries` (`owner` is kept in step).
    private mutating func insert(_ object: NewObject, into entries: inout [PBXEntry], owner: inout [String?]) {
        let hasSections = owner.contains { $0 != nil }
        let range: Range<Int>
        if !hasSections {
            range = 0..<entries.count
        } else if let first = owner.firstIndex(of: object.isa) {
            var end = first
            while end < entries.count && owner[end] == object.isa { end += 1 }
            range = first..<end
        } else {
            insertSection(object, into: &entries, owner: owner)
            owner = sectionOwners(entries)
            return
        }
        let newID = Array(object.id.utf8)
        var position = range.upperBound
        for i in range where sortsAfter(entries[i].key, newID) {
            position = i
            break
        }
        let nl = newline(
            near: entries.isEmpty
                ? dictionaries[objectsDictionary!].close : entries[min(position, entries.count - 1)].key)
        let lead: [UInt8]
        if range.isEmpty {
            lead = nl + [0x09, 0x09]
        } else if position == range.lowerBound {
            // The new object opens the section: it takes the lead holding the Begin marker.
            lead = leadBytes(entries[position].key)
            entries[position].key = relead(entries[position].key, nl + indent(lead))
        } else {
            lead = nl + indent(leadBytes(entries[position - 1].key))
        }
        entries.insert(makeEntry(lead: lead, object.text), at: position)
        owner.insert(hasSections ? object.isa : nil, at: position)
    }

    /// True when the ID in `token` sorts after `id` (bytes, as Xcode sorts IDs). Bare IDs are
    /// compared in place; a quoted one (a hand-added UUID) is decoded first.
    private func sortsAfter(_ token: PBXToken, _ id: [UInt8]) -> Bool {
        if text[token.start] == UInt8(ascii: "\"") { return id.lexicographicallyPrecedes(Array(string(token).utf8)) }
        return id.lexicographicallyPrecedes(text[token.start..<token.end])
    }

    /// Adds a section for an isa the file has none of, in isa order.
    private mutating func insertSection(_ object: NewObject, into entries: inout [PBXEntry], owner: [String?]) {
        let node = objectsDictionary!
        // The first section whose name sorts after the isa, at its Begin marker.
        var position = entries.count
        for (i, name) in owner.enumerated()
        where name.map({ $0 > object.isa }) ?? false && (i == 0 || owner[i - 1] != name) {
            position = i
            break
        }
        let nextLead = position < entries.count ? leadBytes(entries[position].key) : leadBytes(dictionaries[node].close)
        let nl = newline(near: position < entries.count ? entries[position].key : dictionaries[node].close)
        let indentBytes = entries.first.map { indent(leadBytes($0.key)) } ?? [0x09, 0x09]
        let begin = Array("/* Begin \(object.isa) section */".utf8)
        let end = Array("/* End \(object.isa) section */".utf8)
        // Split the next lead at its Begin marker (or keep all of it before the new section).
        let nextGap = gap(nextLead)
        let marker = firstRange(of: Array("/* Begin ".utf8), in: nextGap)
        let before = marker.map { Array(nextGap[..<$0]) } ?? nextGap
        let after = marker.map { Array(nextGap[$0...]) } ?? []
        // After the last section, a blank line separates its End marker from the new Begin.
        let lead = before + (after.isEmpty ? nl : []) + begin + nl + indentBytes
        var rest = nl + end + nl
        if !after.isEmpty { rest += nl + after + indent(nextLead) } else { rest += indent(nextLead) }
        if position < entries.count {
            entries[position].key = relead(entries[position].key, rest)
        } else {
            dictionaries[node].close = relead(dictionaries[node].close, rest)
        }
        entries.insert(makeEntry(lead: lead, object.text), at: position)
    }

    // MARK: Trivia arithmetic

    /// The lead up to and including its last line feed.
    func gap(_ lead: [UInt8]) -> [UInt8] {
        guard let last = lead.lastIndex(of: 0x0A) else { return [] }
        return Array(lead[...last])
    }

    /// The lead after its last line feed (the indentation of the token's line).
    func indent(_ lead: [UInt8]) -> [UInt8] {
        guard let last = lead.lastIndex(of: 0x0A) else { return lead }
        return Array(lead[(last + 1)...])
    }

    /// Gaps of consecutive removed objects as one: the second one's first line end closed the
    /// removed line, so it goes.
    private func combine(_ first: [UInt8]?, _ second: [UInt8]) -> [UInt8] {
        guard let first, !first.isEmpty else { return second }
        guard let end = second.firstIndex(of: 0x0A) else { return first }
        return first + second[(end + 1)...]
    }

    /// The lead of the element after removed objects: their gaps, its own gap less the line
    /// end of the last removed line, its indent; then empty sections dropped.
    private func inherit(_ removedGap: [UInt8], _ lead: [UInt8]) -> [UInt8] {
        dropEmptySections(combine(removedGap, gap(lead)) + indent(lead))
    }

    /// Removes `/* Begin X section */` directly followed by `/* End X section */`, and one blank
    /// line next to them (the one after, else the one before).
    func dropEmptySections(_ bytes: [UInt8]) -> [UInt8] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        var i = 1
        while i + 1 < lines.count {
            if let name = marker("Begin", lines[i]), marker("End", lines[i + 1]) == name {
                lines.removeSubrange(i...(i + 1))
                if i < lines.count - 1 && isBlank(lines[i]) {
                    lines.remove(at: i)
                } else if i - 1 >= 1 && isBlank(lines[i - 1]) {
                    lines.remove(at: i - 1)
                }
                i = max(1, i - 1)
                continue
            }
            i += 1
        }
        return Array(lines.joined(separator: [0x0A]))
    }

    private func isBlank(_ line: [UInt8]) -> Bool { line.allSatisfy { $0 == 0x0D || $0 == 0x20 || $0 == 0x09 } }

    /// `X` of a line holding only `/* Begin X section */` (or `End`).
    private func marker(_ kind: String, _ line: [UInt8]) -> String? {
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let prefix = "/* \(kind) ", suffix = " section */"
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count > prefix.count + suffix.count else {
            return nil
        }
        return String(text.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// The section a lead opens (its last Begin marker), if any.
    func sectionName(in lead: [UInt8]) -> String? {
        guard lead.count > 20, lead.contains(UInt8(ascii: "B")) else { return nil }
        var name: String?
        for line in lead.split(separator: 0x0A) { if let found = marker("Begin", Array(line)) { name = found } }
        return name
    }

    private func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        for i in 0...(haystack.count - needle.count) where Array(haystack[i..<(i + needle.count)]) == needle {
            return i
        }
        return nil
    }
}
