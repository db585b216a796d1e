import Foundation
import MadiCore

/// What Madi derives from the Dialogues at start-up, kept in files between runs: the loaded
/// content (`content-<key>.bin`) and the trained classifier (`classifier-<key>.bin`). Each is
/// keyed by what it was made from (the files, or the examples) and the layout of its bytes: a
/// content change, or a Madi that writes another layout, is another key, and the work is done
/// again. One file of each kind is kept: saving removes the others. A file that cannot be read,
/// is cut short or does not match is ignored; one that cannot be written is not (Madi works the
/// same, it does the work at each start). Nothing in them is secret: they are derived from the
/// Dialogues only.
///
/// Where: `$MADI_CACHE_DIR` when set (`off`, or empty, keeps nothing), else
/// `$XDG_CACHE_HOME/madi`, else `~/.cache/madi`.
struct CacheFiles: ClassifierStore {
    let directory: URL
    /// What the files hold: "classifier" or "content", the start of their names.
    let kind: String
    /// Where the lines of `--log-level debug` go (the content is read before the level is known).
    var log: @Sendable (String) -> Void = { Log.log(.debug, $0) }

    var prefix: String { kind + "-" }
    static let suffix = ".bin"

    /// The cache the environment names, or nil when it is turned off or no home is known.
    static func fromEnvironment(_ kind: String, _ env: [String: String] = ProcessInfo.processInfo.environment) -> CacheFiles? {
        if let dir = env["MADI_CACHE_DIR"] {
            guard !dir.isEmpty, dir != "off" else { return nil }
            return CacheFiles(directory: URL(fileURLWithPath: dir), kind: kind)
        }
        if let xdg = env["XDG_CACHE_HOME"], !xdg.isEmpty {
            return CacheFiles(directory: URL(fileURLWithPath: xdg).appendingPathComponent("madi"), kind: kind)
        }
        guard let home = env["HOME"], !home.isEmpty else { return nil }
        return CacheFiles(directory: URL(fileURLWithPath: home).appendingPathComponent(".cache/madi"), kind: kind)
    }

    func file(_ key: UInt64) -> URL {
        directory.appendingPathComponent(prefix + String(key, radix: 16) + Self.suffix)
    }

    func load(key: UInt64) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: file(key).path) else {
            log("\(kind) cache: none for this key in \(directory.path)")
            return nil
        }
        log("\(kind) cache: read \(file(key).lastPathComponent) (\(data.count) bytes)")
        return [UInt8](data)
    }

    func save(_ bytes: [UInt8], key: UInt64) {
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: directory, withIntermediateDirectories: true)
            // Written aside, then renamed over: a reader sees the whole file or none.
            let target = file(key)
            let temporary = directory.appendingPathComponent(".\(prefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            try Data(bytes).write(to: temporary)
            if rename(temporary.path, target.path) != 0 {
                try? fm.removeItem(at: temporary)
                throw CocoaError(.fileWriteUnknown)
            }
            for name in (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
            where name.hasPrefix(prefix) && name.hasSuffix(Self.suffix) && name != target.lastPathComponent {
                try? fm.removeItem(at: directory.appendingPathComponent(name))
            }
            log("\(kind) cache: saved \(target.lastPathComponent) (\(bytes.count) bytes)")
        } catch {
            log("\(kind) cache: not saved in \(directory.path) (\(error.localizedDescription)); made again at each start")
        }
    }
}
