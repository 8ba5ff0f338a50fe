import Foundation

/// `--exclude GLOB`: shell-style patterns (`*`, `?`, `[…]`) matched against paths relative to
/// the root. A pattern without `/` matches any one component (`Legacy*.lproj`); with `/`, the
/// path or any of its leading folders (`Vendor/**`, `App/Old`).
enum ExcludeGlob {
    static func matches(_ patterns: [String], _ path: String, root: String) -> Bool {
        guard !patterns.isEmpty else { return false }
        let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        let components = relative.split(separator: "/").map(String.init)
        for pattern in patterns {
            let trimmed =
                pattern.hasSuffix("/**")
                ? String(pattern.dropLast(3)) : (pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern)
            if !trimmed.contains("/") {
                if components.contains(where: { fnmatch(trimmed, $0, 0) == 0 }) { return true }
            } else {
                for count in 1...max(1, components.count)
                where fnmatch(trimmed, components.prefix(count).joined(separator: "/"), 0) == 0 {
                    return true
                }
            }
        }
        return false
    }
}
