/// Numbers as the page writes them: the same digits on every machine, whatever its locale.
enum NumberText {
    /// `1250` -> `1,250`; `-3` -> `-3`. Grouped by threes with a comma, as GitHub's English
    /// readers expect; never from the user's locale, so that a page is the same bytes everywhere.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// `count singular/plural` with the count grouped: `1 key`, `1,250 keys`.
    static func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        grouped(count) + " " + (count == 1 ? singular : plural ?? singular + "s")
    }

    /// A share as a whole percentage, rounded to the nearest, except that only a complete share
    /// says 100% and only an empty one 0%: 1,249 of 1,250 is 99%, 1 of 1,000 is 1%.
    static func percent(_ part: Int, of whole: Int) -> Int {
        scaled(part, of: whole, to: 100)
    }

    /// A text bar of `width` cells, filled by the same rule as `percent`: `████████░░`.
    static func bar(_ part: Int, of whole: Int, width: Int = 10) -> String {
        let filled = scaled(part, of: whole, to: width)
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }

    /// `part / whole` scaled to `0...scale`, rounded half up, kept off the ends unless exact.
    private static func scaled(_ part: Int, of whole: Int, to scale: Int) -> Int {
        guard whole > 0, part > 0 else { return 0 }
        guard part < whole else { return scale }
        let rounded = (2 * part * scale + whole) / (2 * whole)
        return min(max(rounded, 1), scale - 1)
    }
}
