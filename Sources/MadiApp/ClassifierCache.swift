import Foundation
import MadiCore

/// The trained classifier kept in a file between runs, keyed by the examples it was trained from
/// (and the layout of its bytes): a content change, or a Madi that writes another layout, is
/// another key, and the classifier is trained again. One file is kept: saving removes the
/// others. A file that cannot be read, is cut short or does not match is ignored; one that
/// cannot be written is not (Madi works the same, it trains at each start). Nothing in it is
/// secret: it is derived from the Dialogues' examples only.
///
/// Where: `$MADI_CACHE_DIR` when set (`off`, or empty, keeps nothing), else
/// `$XDG_CACHE_HOME/madi`, else `~/.cache/madi`.
struct ClassifierCache: ClassifierStore {
    let directory: URL

    static let prefix = "classifier-"
    static let suffix = ".bin"

    /// The cache the environment names, or nil when it is turned off or no home is known.
    static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) -> ClassifierCache? {
        if let dir = env["MADI_CACHE_DIR"] {
            guard !dir.isEmpty, dir != "off" else { return nil }
            return ClassifierCache(directory: URL(fileURLWithPath: dir))
        }
        if let xdg = env["XDG_CACHE_HOME"], !xdg.isEmpty {
            return ClassifierCache(directory: URL(fileURLWithPath: xdg).appendingPathComponent("madi"))
        }
        guard let home = env["HOME"], !home.isEmpty else { return nil }
        return ClassifierCache(directory: URL(fileURLWithPath: home).appendingPathComponent(".cache/madi"))
    }

    func file(_ key: UInt64) -> URL {
        directory.appendingPathComponent(Self.prefix + String(key, radix: 16) + Self.suffix)
    }

    func load(key: UInt64) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: file(key).path) else {
            Log.log(.debug, "classifier cache: none in \(directory.path), training")
            return nil
        }
        Log.log(.debug, "classifier cache: read \(file(key).lastPathComponent) (\(data.count) bytes)")
        return [UInt8](data)
    }

    func save(_ bytes: [UInt8], key: UInt64) {
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: directory, withIntermediateDirectories: true)
            // Written aside, then renamed over: a reader sees the whole file or none.
            let target = file(key)
            let temporary = directory.appendingPathComponent(".\(Self.prefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            try Data(bytes).write(to: temporary)
            if rename(temporary.path, target.path) != 0 {
                try? fm.removeItem(at: temporary)
                throw CocoaError(.fileWriteUnknown)
            }
            for name in (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
            where name.hasPrefix(Self.prefix) && name.hasSuffix(Self.suffix) && name != target.lastPathComponent {
                try? fm.removeItem(at: directory.appendingPathComponent(name))
            }
            Log.log(.debug, "classifier cache: saved \(target.lastPathComponent) (\(bytes.count) bytes)")
        } catch {
            Log.log(.debug, "classifier cache: not saved in \(directory.path) (\(error.localizedDescription)); trained at each start")
        }
    }
}
