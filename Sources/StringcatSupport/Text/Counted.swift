/// `1 table`, `2 tables`, `1 entry`, `3 entries`: a count as a sentence says it.
public func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}
