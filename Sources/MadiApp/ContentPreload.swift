import Foundation
import MadiCore
import Synchronization

/// Start-up: the commands that converse read their content while the command line is parsed.
/// Parsing the arguments costs a few milliseconds of runtime type look-ups and loading the content
/// about ten; run one after the other they were most of the time to the first reply. The directory
/// is guessed from the raw arguments the way `--dialogues` would read them; when the parsed options
/// name another directory, the guess is dropped and the content is loaded again.
public enum ContentPreload {
    /// The commands whose start-up a person or a driving process waits for.
    static let commands: Set<String> = ["chat", "jsonl", "serve"]

    private final class Pending: Sendable {
        let dir: String
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<Content, Error>?>(nil)
        /// The cache's lines for `--log-level debug`, written once the level is known.
        let notes = Mutex<[String]>([])
        init(dir: String) { self.dir = dir }
    }
    private static let pending = Mutex<Pending?>(nil)
    /// A preload was started and not taken yet (for tests).
    static var isPending: Bool { pending.withLock { $0 != nil } }

    /// Starts loading in the background when the first argument is one of `commands`.
    public static func start(arguments: [String] = CommandLine.arguments,
                             environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard arguments.count > 1, commands.contains(arguments[1]) else { return }
        let job = Pending(dir: DialoguesDirectory.resolve(dialoguesOption(in: arguments)))
        pending.withLock { $0 = job }
        var kept = CacheFiles.fromEnvironment("content", environment)
        kept?.log = { line in job.notes.withLock { $0.append(line) } }
        let cache = kept
        DispatchQueue.global(qos: .userInitiated).async {
            let r = Result<Content, Error> { try DialoguesDirectory.load(job.dir, cache: cache) }
            job.result.withLock { $0 = r }
            job.done.signal()
        }
    }

    /// The value of `--dialogues` as the parser would read it (`--dialogues DIR` or `--dialogues=DIR`).
    static func dialoguesOption(in arguments: [String]) -> String? {
        var i = 2
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" { return nil }
            if a == "--dialogues" { return i + 1 < arguments.count ? arguments[i + 1] : nil }
            if a.hasPrefix("--dialogues=") { return String(a.dropFirst("--dialogues=".count)) }
            i += 1
        }
        return nil
    }

    /// The content loaded from `dir`: the preloaded one when it was started for that directory
    /// (waiting for it if needed), else loaded now. A preload is used once. `cache` is where the
    /// loaded content is kept between runs (see `CacheFiles`), for the commands that converse.
    static func load(_ dir: String, cache: CacheFiles? = nil) throws -> Content {
        let job = pending.withLock { p -> Pending? in
            defer { p = nil }
            return p
        }
        guard let job, job.dir == dir else { return try DialoguesDirectory.load(dir, cache: cache) }
        job.done.wait()
        for line in job.notes.withLock({ $0 }) { Log.log(.debug, line) }
        return try job.result.withLock { $0! }.get()
    }
}
