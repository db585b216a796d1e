import Foundation
import Testing
import MadiCore
@testable import MadiStore

/// Leads are personal data: whatever the path, the database and its -wal and -shm files are 0600.
@Suite("Lead files' modes")
struct FileModeTests {
    final class Warnings: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func add(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
    }

    func mode(_ path: String) -> mode_t? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return st.st_mode & 0o777
    }

    @Test func aSymlinkToAFileNotYetCreatedGivesPrivateFiles() throws {
        let old = umask(0o022)
        defer { umask(old) }
        let target = tempPath("target.sqlite")
        let link = tempPath("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let warnings = Warnings()
        let store = LeadStore(path: link, warn: warnings.add)
        _ = try store.save(draft()).get()
        #expect(mode(target) == 0o600)
        // SQLite resolves the link: the -wal and -shm files sit beside the target (or the link).
        var sidecars = 0
        for base in [target, link] {
            for suffix in ["-wal", "-shm"] {
                if let m = mode(base + suffix) { sidecars += 1; #expect(m == 0o600, "\(base + suffix): \(String(m, radix: 8))") }
            }
        }
        #expect(sidecars == 2)
        #expect(warnings.all.isEmpty)
    }

    @Test func aReadableDatabaseIsRestrictedWithAWarning() throws {
        let path = tempPath()
        _ = try LeadStore(path: path).save(draft()).get() // WAL: -wal and -shm stay while... reopened below
        for p in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: p) { chmod(p, 0o644) }
        let warnings = Warnings()
        let store = LeadStore(path: path, warn: warnings.add)
        #expect(try store.count() == 1)
        #expect(mode(path) == 0o600)
        for p in [path + "-wal", path + "-shm"] { if let m = mode(p) { #expect(m == 0o600) } }
        #expect(warnings.all.contains { $0.contains(path) && $0.contains("readable by others (mode 644)") && $0.contains("now 0600") })
        // Already private: no word.
        let quiet = Warnings()
        #expect(try LeadStore(path: path, warn: quiet.add).count() == 1)
        #expect(quiet.all.isEmpty)
    }
}
