import Foundation
import MadiCore

/// Finds and reads a Dialogues directory.
public enum DialoguesDirectory {
    /// `--dialogues`, else `MADI_DIALOGUES`, else `./Dialogues`, else a `Dialogues` folder beside
    /// or above the executable (so that `swift run` and a built binary both find it).
    public static func resolve(_ option: String?) -> String {
        if let option { return option }
        if let env = ProcessInfo.processInfo.environment["MADI_DIALOGUES"], !env.isEmpty { return env }
        let fm = FileManager.default
        if fm.fileExists(atPath: "Dialogues/questionnaire.yaml") { return "Dialogues" }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = dir.appendingPathComponent("Dialogues")
            if fm.fileExists(atPath: candidate.appendingPathComponent("questionnaire.yaml").path) { return candidate.path }
            dir = dir.deletingLastPathComponent()
        }
        return "Dialogues"
    }

    /// Every `.yaml` file under the directory except tests/, keyed by relative path.
    public static func files(_ path: String) throws -> [String: String] {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else {
            throw ContentErrors(diagnostics: [Diagnostic(file: path, line: nil, message: "no such directory")])
        }
        var out: [String: String] = [:]
        let base = URL(fileURLWithPath: path).standardizedFileURL
        guard let e = fm.enumerator(at: base, includingPropertiesForKeys: nil) else { return out }
        for case let url as URL in e {
            // (The tests are not content: their folder is not walked.)
            if url.lastPathComponent == "tests", url.deletingLastPathComponent().standardizedFileURL.path == base.path {
                e.skipDescendants()
                continue
            }
            guard url.pathExtension == "yaml" || url.pathExtension == "yml" else { continue }
            let rel = String(url.standardizedFileURL.path.dropFirst(base.path.count + 1))
            guard let data = fm.contents(atPath: url.path) else { continue }
            guard let text = String(data: data, encoding: .utf8) else {
                throw ContentErrors(diagnostics: [Diagnostic(file: rel, line: nil, message: "not valid UTF-8")])
            }
            out[rel] = text
        }
        return out
    }

    /// Loads and validates; errors name the directory's files.
    public static func load(_ path: String) throws -> Content {
        try load(path, files: files(path))
    }

    /// The same, or the content kept in `cache` for the same files read by this same program:
    /// content is kept only once it loaded without a problem, so a file changed since is read
    /// and checked again (and a broken one still stops the start with its problems).
    static func load(_ path: String, cache: CacheFiles?) throws -> Content {
        let files = try files(path)
        guard let cache, let program = programIdentity else { return try load(path, files: files) }
        let key = ContentPack.key(files: files, program: program)
        if let bytes = cache.load(key: key) {
            if let content = ContentPack.content(bytes, key: key) { return content }
            cache.log("content cache: \(cache.file(key).lastPathComponent) is damaged or of another layout; reading the Dialogues")
        }
        let content = try load(path, files: files)
        cache.save(ContentPack.bytes(content, key: key), key: key)
        return content
    }

    /// This build of Madi: its executable's size, change time and inode (another build reads the
    /// files by other rules, so it makes its own cache). Nil where it cannot be known: then no
    /// content is kept.
    static let programIdentity: [UInt64]? = {
        var st = stat()
        guard stat("/proc/self/exe", &st) == 0 else { return nil }
        return [UInt64(st.st_size), UInt64(st.st_mtim.tv_sec), UInt64(st.st_mtim.tv_nsec), UInt64(st.st_ino)]
    }()

    private static func load(_ path: String, files: [String: String]) throws -> Content {
        switch ContentLoader.load(files: files) {
        case let .success(content): return content
        case let .failure(errors):
            throw ContentErrors(diagnostics: errors.diagnostics.map {
                Diagnostic(file: (path as NSString).appendingPathComponent($0.file), line: $0.line, message: $0.message)
            })
        }
    }
}
