import Foundation
import MadiCore

/// The shipped Dialogues, read once from the repository.
enum Shipped {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let dir = root.appendingPathComponent("Dialogues")

    static let files: [String: String] = {
        var out: [String: String] = [:]
        let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)!
        for case let url as URL in e where url.pathExtension == "yaml" {
            let rel = String(url.standardizedFileURL.path.dropFirst(dir.standardizedFileURL.path.count + 1))
            if rel.hasPrefix("tests/") { continue }
            out[rel] = try! String(contentsOf: url, encoding: .utf8)
        }
        return out
    }()

    static let content: Content = {
        switch ContentLoader.load(files: files) {
        case let .success(c): return c
        case let .failure(e): fatalError("shipped content does not load: \(e)")
        }
    }()

    static let engine = Engine(content: content)
    static let today = Day(iso: "2026-11-21")!

    /// Loads the shipped files with one file's text changed.
    static func load(replacing file: String, _ transform: (String) -> String) -> [Diagnostic] {
        var f = files
        f[file] = transform(f[file]!)
        switch ContentLoader.load(files: f) {
        case .success: return []
        case let .failure(e): return e.diagnostics
        }
    }
}

/// Plays text inputs from the start and returns the final turn.
func play(_ inputs: [String], language: String = "fr", leads: LeadSink = MemoryLeadSink()) -> Turn {
    let engine = Shipped.engine
    var turn = engine.start(language: language, source: "test", today: Shipped.today)
    for i in inputs { turn = Conversation.turn(engine, turn.session, .text(i), leads: leads) }
    return turn
}
