import Foundation

/// Scratch folders for tests, all under one folder of this test process that is removed when the
/// process exits (a test that fails or stops half way leaves nothing behind in the temp folder).
public enum TestTemp {
    /// `<temp>/madi-tests-<pid>`, made on first use.
    public static let root: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("madi-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestTemp.root) }
        return dir
    }()

    /// A new, empty folder named after `prefix`.
    public static func directory(_ prefix: String) -> URL {
        let dir = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
