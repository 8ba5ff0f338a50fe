import Foundation
import XCTest

/// A test case with a fresh temporary work folder: removed afterwards (with the permissions a
/// test took away put back first), files written into it, and a snapshot of everything in it to
/// prove a command changed nothing.
class WorkFolderTestCase: XCTestCase {
    var work: URL!

    override func setUpWithError() throws {
        work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "\(type(of: self))-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let items = FileManager.default.enumerator(atPath: work.path) {
            for case let item as String in items { chmod(work.appendingPathComponent(item).path, 0o755) }
        }
        try? FileManager.default.removeItem(at: work)
    }

    /// Writes UTF-8 text at a path relative to the work folder, creating folders.
    func write(_ relative: String, _ text: String) throws {
        let url = work.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Every file and folder under the work folder, with the bytes of the files.
    func snapshot() -> [String: Data] {
        var items: [String: Data] = [:]
        for case let item as String in FileManager.default.enumerator(atPath: work.path)! {
            items[item] =
                FileManager.default.contents(atPath: work.appendingPathComponent(item).path)
                ?? Data("<folder or unreadable>".utf8)
        }
        return items
    }
}
