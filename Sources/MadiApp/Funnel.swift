import ArgumentParser
import Foundation
import MadiCore
import MadiDelivery
import MadiEvents
import MadiHub
import MadiStore

/// What every front calls as conversations start, turn and end: the turn's events are derived
/// (MadiEvents), handed to the background recorder, and a saved lead wakes the CRM sender.
/// Nothing here waits for the database or the network.
public final class Funnel: @unchecked Sendable {
    struct Live {
        var id: String
        var turns: Int
        /// What an abandoned session's event says of it: its language, step, lead and whether it
        /// ended (the hub keeps the whole session).
        var language: String
        var step: String
        var today: Day
        var done: Bool
        var lead: LeadStatus

        init(id: String, session s: Session, turns: Int) {
            self.id = id
            self.turns = turns
            language = s.language
            step = s.step
            today = s.today
            done = s.done
            lead = s.lead
        }

        mutating func update(_ s: Session) {
            turns += 1
            language = s.language
            step = s.step
            today = s.today
            done = s.done
            lead = s.lead
        }

        /// A slim session with what the abandoned session's event reads.
        var session: Session {
            var slim = Session(language: language, step: step, source: "", today: today)
            slim.done = done
            slim.lead = lead
            return slim
        }
    }

    let deriver: EventDeriver
    let recorder: EventRecorder?
    let sender: WebhookSender?
    private let lock = NSLock()
    private var live: [String: Live] = [:]

    public init(content: Content, recorder: EventRecorder?, sender: WebhookSender?) {
        deriver = EventDeriver(content: content)
        self.recorder = recorder
        self.sender = sender
    }

    static func time() -> String { LeadStore.timestamp(Date()) }

    /// A conversation began under the front's `key` (a JSON-lines session name, "chat"). Its
    /// events carry a fresh id, unique across runs; the front's name is kept in session_started.
    public func started(_ key: String, _ turn: Turn) {
        let id = UUID().uuidString.lowercased()
        lock.lock()
        live[key] = Live(id: id, session: turn.session, turns: 0)
        lock.unlock()
        var events = deriver.started(turn.session, reply: turn.reply)
        if !events.isEmpty { events[0].params["client_session"] = .string(Sanitize.line(String(key.prefix(64)))) }
        record(id, 0, events, [])
    }

    /// A turn completed.
    public func turn(_ key: String, before: Session, input: Input, turn: Turn, leadError: String? = nil) {
        lock.lock()
        guard let index = live.index(forKey: key) else { lock.unlock(); return }
        live.values[index].update(turn.session) // in place: one lookup, no copy of the entry
        let id = live.values[index].id, turns = live.values[index].turns
        lock.unlock()
        let events = deriver.events(before: before, after: turn.session, reply: turn.reply, input: input, leadError: leadError)
        var extra: [Recorded] = EventDeriver.newQuestions(before: before, after: turn.session).map {
            .question(session: id, language: turn.session.language, step: before.step, text: Sanitize.withoutContacts($0), at: Self.time())
        }
        if let lead = turn.reply.leadId {
            extra.append(.leadOfSession(session: id, lead: lead))
            sender?.wake()
        }
        record(id, turns, events, extra)
    }

    /// A conversation stopped (expired, ended by the client, the process stopping).
    public func ended(_ key: String, reason: Abandon) {
        lock.lock()
        let l = live.removeValue(forKey: key)
        lock.unlock()
        guard let l else { return }
        record(l.id, l.turns, deriver.ended(l.session, reason: reason), [])
    }

    /// Every conversation still live ends with `reason`; what was recorded is written (within a
    /// few seconds) and the sender stops.
    public func shutdown(reason: Abandon) {
        lock.lock()
        let keys = Array(live.keys)
        lock.unlock()
        for k in keys { ended(k, reason: reason) }
        sender?.stop()
        recorder?.close(timeout: 3)
    }

    private func record(_ id: String, _ turn: Int, _ events: [Event], _ extra: [Recorded]) {
        guard let recorder else { return }
        let stamp = EventStamp(session: id, at: Self.time(), turn: turn)
        var items: [Recorded] = []
        items.reserveCapacity(events.count + extra.count)
        for e in events { items.append(.stamped(e, stamp)) }
        items.append(contentsOf: extra)
        recorder.record(items)
    }
}

/// The CRM webhook's options (the fronts and `madi deliver`).
struct WebhookOptions: ParsableArguments {
    @Option(name: .customLong("webhook-url"), help: ArgumentHelp(
        "Send each saved lead to this URL as signed JSON (default: $MADI_WEBHOOK_URL; none: leads wait in the outbox for `madi deliver`). The HMAC secret comes from $MADI_WEBHOOK_SECRET.",
        valueName: "url"))
    var webhookURL: String?

    @Option(help: "Tries before a delivery becomes a dead letter.")
    var webhookAttempts = 10

    @Option(help: "Seconds for one try (connection, request and reply).")
    var webhookTimeout: Double = 15

    func validateValues() throws {
        guard webhookAttempts >= 1 else { throw ValidationError("--webhook-attempts must be at least 1") }
        guard webhookTimeout > 0 else { throw ValidationError("--webhook-timeout must be above 0") }
        if let url = resolvedURL, !(url.hasPrefix("http://") || url.hasPrefix("https://")) {
            throw ValidationError("--webhook-url must start with http:// or https://")
        }
    }

    var resolvedURL: String? {
        webhookURL ?? ProcessInfo.processInfo.environment["MADI_WEBHOOK_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The webhook's configuration, or nil without a URL.
    func webhook() -> WebhookConfig? {
        guard let url = resolvedURL else { return nil }
        let secret = ProcessInfo.processInfo.environment["MADI_WEBHOOK_SECRET"].flatMap { $0.isEmpty ? nil : $0 }
        var c = WebhookConfig(url: url, secret: secret)
        c.maxAttempts = webhookAttempts
        c.timeout = webhookTimeout
        c.connectTimeout = min(c.connectTimeout, webhookTimeout)
        if secret == nil { Log.log(.warning, "MADI_WEBHOOK_SECRET is not set: leads are sent to \(c.shownURL) unsigned") }
        return c
    }
}

/// Options of the fronts for the funnel's events and the CRM webhook.
struct FunnelOptions: ParsableArguments {
    @OptionGroup var webhookOptions: WebhookOptions

    @Flag(help: "Record no funnel events.")
    var noEvents = false

    @Option(help: "Days events and unanswered questions are kept (0: forever).")
    var eventsRetentionDays = 180

    func validateValues() throws {
        try webhookOptions.validateValues()
        guard eventsRetentionDays >= 0 else { throw ValidationError("--events-retention-days must be 0 or more") }
    }

    /// The funnel for a front: a recorder (unless --no-events), a sender started in the
    /// background (with a webhook URL), old events pruned in the background.
    func funnel(store: LeadStore, content: Content) -> Funnel {
        var recorder: EventRecorder?
        if !noEvents {
            recorder = EventRecorder(store: store, warn: { Log.log(.warning, $0) })
            if eventsRetentionDays > 0 {
                let cut = Date().addingTimeInterval(-Double(eventsRetentionDays) * 86400)
                DispatchQueue.global(qos: .utility).async {
                    if let n = try? store.pruneEvents(before: cut), n.events + n.questions > 0 {
                        Log.log(.info, "pruned \(n.events) event(s) and \(n.questions) question(s) older than \(eventsRetentionDays) days")
                    }
                }
            }
        }
        var sender: WebhookSender?
        if let config = webhookOptions.webhook() {
            let s = WebhookSender(store: store, config: config, log: { Log.log(.info, $0) })
            s.start()
            Log.log(.info, "delivering leads to \(config.shownURL)")
            sender = s
        }
        return Funnel(content: content, recorder: recorder, sender: sender)
    }
}

/// The hub tells the funnel as sessions start, turn and end (JSON lines, HTTP).
extension Funnel: HubObserver {
    public func turned(_ session: String, before: Session, input: Input, turn: Turn, leadError: String?) {
        self.turn(session, before: before, input: input, turn: turn, leadError: leadError)
    }

    public func ended(_ session: String, reason: HubEnding) {
        ended(session, reason: Abandon(rawValue: reason.rawValue) ?? .shutdown)
    }
}
