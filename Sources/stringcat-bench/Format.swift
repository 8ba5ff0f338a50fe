import Foundation

/// Numbers as the phase lines print them (no locale: the same text on every machine).
enum Format {
    /// `1.42 s`, `12.3 s`, `0.412 s`: three significant digits.
    static func seconds(_ value: Double) -> String { "\(number(value)) s" }

    /// Three significant digits without a unit.
    static func number(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        return String(format: "%.\(decimals)f", value)
    }

    /// `281,000`: rounded to three significant digits above 1,000 (more would be noise).
    static func rate(_ value: Double) -> String {
        guard value >= 1000 else { return number(value) }
        let digits = Int(log10(value)) + 1
        let unit = pow(10, Double(digits - 3))
        return count(Int((value / unit).rounded() * unit))
    }

    /// `1,234,567`.
    static func count(_ value: Int) -> String {
        let digits = String(abs(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// `12.3 MB` (10^6 bytes, the unit of the MB/s figures).
    static func megabytes(_ bytes: Int) -> String { "\(number(Double(bytes) / 1e6)) MB" }

    /// `412 MiB` (memory).
    static func mebibytes(_ bytes: Int) -> String { "\(Int((Double(bytes) / 1_048_576).rounded())) MiB" }

    /// Pads `text` with spaces to `width` characters.
    static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

/// Phase lines go to standard output; notes (generation, sanity checks) to standard error.
enum Console {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func note(_ text: String) {
        FileHandle.standardError.write(Data("note: \(text)\n".utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data("error: \(text)\n".utf8))
    }
}
