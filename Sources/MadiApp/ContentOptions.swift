import ArgumentParser
import Foundation
import MadiCore

/// Options every command that plays content shares.
struct ContentOptions: ParsableArguments {
    @Option(name: .customLong("dialogues"), help: ArgumentHelp("The Dialogues directory (default: $MADI_DIALOGUES, else ./Dialogues).", valueName: "dir"))
    var dialogues: String?

    @Option(name: .customLong("log-level"), help: "Log level on stderr: debug, info, warning, error.")
    var logLevel: String = "warning"

    func validateLevel() throws {
        guard Log.Level(name: logLevel) != nil else {
            throw ValidationError("--log-level must be one of debug, info, warning, error (got '\(logLevel)')")
        }
    }

    /// Loads the content or exits with every problem listed on stderr. `cached`: the content may
    /// be read back from the cache of an earlier run on the same files (the commands that converse).
    func load(cached: Bool = false) throws -> Content {
        Log.level = Log.Level(name: logLevel) ?? .warning
        let dir = DialoguesDirectory.resolve(dialogues)
        do {
            return try ContentPreload.load(dir, cache: cached ? CacheFiles.fromEnvironment("content") : nil)
        } catch let e as ContentErrors {
            Log.stderr("madi: the dialogues in \(dir) have \(e.diagnostics.count) problem(s):")
            for d in e.diagnostics { Log.stderr("  \(d)") }
            throw ExitCode(2)
        }
    }
}
