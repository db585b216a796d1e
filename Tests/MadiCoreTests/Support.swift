import Foundation
import MadiCore
import MadiScenarios
import MadiTestSupport

/// The shipped Dialogues, read once from the repository.
enum Shipped {
    static let files = ShippedDialogues.files
    static let content = ShippedDialogues.content

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
