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
        switch ContentLoader.load(files: try files(path)) {
        case let .success(content): return content
        case let .failure(errors):
            throw ContentErrors(diagnostics: errors.diagnostics.map {
                Diagnostic(file: (path as NSString).appendingPathComponent($0.file), line: $0.line, message: $0.message)
            })
        }
    }
}
