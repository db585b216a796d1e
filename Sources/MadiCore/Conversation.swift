import Foundation

/// Where leads go. The store answers with the lead's id once the lead is committed, or an error
/// that the prospect is told about honestly.
public protocol LeadSink: Sendable {
    func save(_ draft: LeadDraft) -> Result<String, LeadSaveError>
}

public struct LeadSaveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable code for machines ("store_unavailable", "store_read_only", "store_busy", ...).
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}

extension LeadDraft {
    /// What two addresses must share to be the same person's: the whole address lower-cased
    /// (Lucas.Martin@gmail.com and lucas.martin@gmail.com are one prospect). The address stored
    /// is still the one typed, normalised.
    public static func emailKey(_ email: String) -> String { email.lowercased() }
}

/// Runs one turn and the effects it asks for, feeding each result back to the engine, so that
/// every front (REPL, JSON-lines, `madi test`) plays the conversation the same way.
public enum Conversation {
    public static func start(_ engine: Engine, language: String?, source: String, today: Day,
                             course: String? = nil, firstName: String? = nil, assistant: Bool = false) -> Turn {
        engine.start(language: language, source: source, today: today, course: course, firstName: firstName,
                     assistant: assistant)
    }

    public static func turn(_ engine: Engine, _ session: Session, _ input: Input, leads: LeadSink,
                            assistant: Assistant? = nil, cancel: CancelFlag? = nil,
                            onDelta: @escaping @Sendable (String) -> Void = { _ in },
                            onSaveError: ((LeadSaveError) -> Void)? = nil) -> Turn {
        var turn = engine.step(session, input)
        var pending = turn.effects
        var saved: String?
        var rounds = 0
        while !pending.isEmpty, rounds < 8 {
            rounds += 1
            let effect = pending.removeFirst()
            let result: Input
            switch effect {
            case let .saveLead(draft):
                switch leads.save(draft) {
                case let .success(id):
                    saved = id
                    result = .leadSaved(id: id)
                case let .failure(error):
                    onSaveError?(error)
                    result = .leadFailed(reason: error.code)
                }
            case let .understand(request):
                result = .understood(option: assistant?.understand(request, cancel: cancel))
            case let .answer(request):
                result = .answered(text: assistant?.answer(request, cancel: cancel, onDelta: onDelta))
            }
            let next = engine.step(turn.session, result)
            turn.reply = merge(turn.reply, next.reply)
            turn.session = next.session
            pending += next.effects
        }
        turn.effects = []
        turn.reply.leadId = saved
        return turn
    }

    static func merge(_ a: Reply, _ b: Reply) -> Reply {
        var r = b
        r.messages = a.messages + b.messages
        r.asked = b.asked || (a.asked && a.step == b.step && b.messages.isEmpty)
        r.quit = a.quit || b.quit
        r.trace = a.trace
        r.trace.add(b.trace)
        return r
    }
}

/// A reply as plain text: Madi's messages, then the numbered options when a question was asked.
public enum Transcript {
    public static func render(_ reply: Reply) -> String {
        var lines = reply.messages
        if reply.asked {
            for (i, o) in reply.options.enumerated() { lines.append("  \(i + 1). \(o.label)") }
        }
        return lines.joined(separator: "\n")
    }
}
