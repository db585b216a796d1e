import Foundation

/// Where leads go. The store answers with the lead's id once the lead is committed, or an error
/// that the prospect is told about honestly.
public protocol LeadSink: Sendable {
    func save(_ draft: LeadDraft) -> Result<String, LeadSaveError>
    /// The same, answering through `done` (on any thread) instead of holding the caller's thread
    /// until the lead is committed. By default, `save` and then `done` at once.
    func save(_ draft: LeadDraft, done: @escaping @Sendable (Result<String, LeadSaveError>) -> Void)
}

extension LeadSink {
    public func save(_ draft: LeadDraft, done: @escaping @Sendable (Result<String, LeadSaveError>) -> Void) {
        done(save(draft))
    }
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

    /// One turn and its effects, returned once done: a lead's save holds this thread until the
    /// lead is committed (a front with a thread per conversation: the chat, `madi test`).
    public static func turn(_ engine: Engine, _ session: Session, _ input: Input, leads: LeadSink,
                            assistant: Assistant? = nil, cancel: CancelFlag? = nil,
                            onDelta: @escaping @Sendable (String) -> Void = { _ in },
                            onSaveError: ((LeadSaveError) -> Void)? = nil) -> Turn {
        let result = Handoff()
        turn(engine, session, input, leads: leads, assistant: assistant, cancel: cancel, onDelta: onDelta) { turn, error in
            result.put(turn, error)
        }
        let (turn, error) = result.take()
        if let error { onSaveError?(error) }
        return turn
    }

    /// One turn and its effects, answered through `done`: while a lead is being committed no
    /// thread waits for it (`done` then runs on the store's thread). Sinks that answer at once
    /// call `done` before this returns. `done` gets the save's error, when a save failed.
    ///
    /// `offload`, when given, runs each LLM call (which holds its thread for as long as the
    /// endpoint takes) elsewhere, and the turn goes on from there: a front that runs turns on a
    /// few shared threads keeps them for turns.
    public static func turn(_ engine: Engine, _ session: Session, _ input: Input, leads: LeadSink,
                            assistant: Assistant? = nil, cancel: CancelFlag? = nil,
                            onDelta: @escaping @Sendable (String) -> Void = { _ in },
                            offload: (@Sendable (_ call: @escaping @Sendable () -> Void) -> Void)? = nil,
                            done: @escaping @Sendable (Turn, LeadSaveError?) -> Void) {
        let turn = engine.step(session, input)
        let loop = EffectLoop(engine: engine, leads: leads, assistant: assistant, cancel: cancel, onDelta: onDelta,
                              offload: offload, done: done)
        let pending = turn.effects
        loop.run(turn, pending: pending, saved: nil, error: nil, rounds: 0)
    }

    /// Carries out a turn's effects one by one, feeding each result back to the engine.
    struct EffectLoop: Sendable {
        let engine: Engine
        let leads: LeadSink
        let assistant: Assistant?
        let cancel: CancelFlag?
        let onDelta: @Sendable (String) -> Void
        let offload: (@Sendable (_ call: @escaping @Sendable () -> Void) -> Void)?
        let done: @Sendable (Turn, LeadSaveError?) -> Void

        func run(_ turn: consuming Turn, pending: consuming [Effect], saved: String?, error: LeadSaveError?, rounds: Int) {
            var rounds = rounds
            while !pending.isEmpty, rounds < 8 {
                rounds += 1
                let result: Input
                switch pending.removeFirst() {
                case let .saveLead(draft):
                    // The rest of the loop goes on when the store answers.
                    let (t, p, r) = (turn, pending, rounds)
                    leads.save(draft) { outcome in
                        switch outcome {
                        case let .success(id):
                            run(feed(t, .leadSaved(id: id), p), saved: id, error: error, rounds: r)
                        case let .failure(e):
                            run(feed(t, .leadFailed(reason: e.code), p), saved: saved, error: e, rounds: r)
                        }
                    }
                    return
                case let .understand(request):
                    let call: @Sendable () -> Input = { [assistant, cancel] in Input.understood(option: assistant?.understand(request, cancel: cancel)) }
                    guard let offload, assistant != nil else { result = call(); break }
                    let (t, p, r) = (turn, pending, rounds)
                    offload { run(feed(t, call(), p), saved: saved, error: error, rounds: r) }
                    return
                case let .answer(request):
                    let call: @Sendable () -> Input = { [assistant, cancel, onDelta] in
                        Input.answered(text: assistant?.answer(request, cancel: cancel, onDelta: onDelta))
                    }
                    guard let offload, assistant != nil else { result = call(); break }
                    let (t, p, r) = (turn, pending, rounds)
                    offload { run(feed(t, call(), p), saved: saved, error: error, rounds: r) }
                    return
                }
                (turn, pending) = feed(turn, result, pending)
            }
            turn.effects = []
            turn.reply.leadId = saved
            done(turn, error)
        }

        func run(_ next: consuming (Turn, [Effect]), saved: String?, error: LeadSaveError?, rounds: Int) {
            let (turn, pending) = next
            run(turn, pending: pending, saved: saved, error: error, rounds: rounds)
        }

        /// An effect's result, given to the engine: the turn so far and the effects still to do.
        func feed(_ turn: consuming Turn, _ result: Input, _ pending: [Effect]) -> (Turn, [Effect]) {
            let next = engine.step(turn.session, result)
            turn.reply = Conversation.merge(turn.reply, next.reply)
            turn.session = next.session
            return (turn, pending + next.effects)
        }
    }

    /// A turn handed from the thread that finishes it to the one that waits for it.
    final class Handoff: @unchecked Sendable {
        private let ready = DispatchSemaphore(value: 0)
        private var value: (Turn, LeadSaveError?)?
        func put(_ turn: Turn, _ error: LeadSaveError?) { value = (turn, error); ready.signal() }
        func take() -> (Turn, LeadSaveError?) { ready.wait(); return value! }
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
