import Dispatch
import Foundation
import StringcatSupport
import StringsDict
import StringsFile

/// Reads the legacy files of many tables, both cores at once: files parse independently.
enum LegacyReader {
    struct FileResult: Sendable {
        var strings: StringsFile?
        var stringsDict: StringsDictFile?
        var diagnostics: [Diagnostic]
        var failed: Bool { diagnostics.containsError }
    }

    /// Reads every file; results come back in the order of `files`.
    static func read(_ files: [LegacyFile]) -> [FileResult] {
        let results = ResultBox(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            results.set(index, read(files[index]))
        }
        return results.values
    }

    static func read(_ file: LegacyFile) -> FileResult {
        switch file.kind {
        case .strings:
            let result = StringsFileReader.read(path: file.path)
            return FileResult(strings: result.file, stringsDict: nil, diagnostics: result.diagnostics)
        case .stringsdict:
            let result = StringsDictReader.read(path: file.path, language: file.language)
            return FileResult(strings: nil, stringsDict: result.file, diagnostics: result.diagnostics)
        }
    }

    /// Collects results written from several threads.
    private final class ResultBox: @unchecked Sendable {
        private var storage: [FileResult?]
        private let lock = NSLock()

        init(count: Int) { storage = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: FileResult) {
            lock.lock()
            storage[index] = value
            lock.unlock()
        }

        var values: [FileResult] { storage.map { $0! } }
    }
}
