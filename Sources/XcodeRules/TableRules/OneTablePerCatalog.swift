import XcodeProject

/// Two tables cannot write one catalog: the first keeps it.
public struct OneTablePerCatalog: TableRule {
    public let name = "two tables never write one catalog"
    public let decides = """
        When two tables would write the same catalog (groups of one kind listing different files of \
        the same languages), the first in file order keeps it and the others are listed as skipped, \
        naming the group that keeps it.
        """
    public let evidence = """
        A choice: merging them would mix two tables' values (adium's dead groups; \
        docs/spec/project-edit.md#one-table-split-over-two-folders).
        """

    public init() {}

    /// `tables` without those whose catalog an earlier one writes, which go to `skipped`.
    static func apply(_ tables: [LocalizedTable], skipped: inout [SkippedVariantGroup]) -> [LocalizedTable] {
        var seen: [String: LocalizedTable] = [:]
        return tables.filter { table in
            guard let first = seen[table.catalogPath] else {
                seen[table.catalogPath] = table
                return true
            }
            let reason =
                "variant group \(first.variantGroupIDs[0]) lists other files of the same languages for the same "
                + "catalog "
                + PathResolver.lastComponent(table.catalogPath)
            skipped.append(
                SkippedVariantGroup(
                    groupID: table.variantGroupIDs[0], name: table.name, reason: reason,
                    files: table.files.map(\.path), targetIDs: table.targetIDs))
            return false
        }
    }
}
