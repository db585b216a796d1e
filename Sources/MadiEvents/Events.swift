import Foundation
import MadiCore
import MadiEmail
import MadiJSON

/// A value in an event's parameters: a string, a whole number or a flag (as the analytics
/// service takes them).
public enum EventValue: Sendable, Equatable, Hashable, Codable {
    case string(String)
    case int(Int)
    case bool(Bool)

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int.self) { self = .int(i) }
        else { self = .string(try c.decode(String.self)) }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case let .string(s): try c.encode(s)
        case let .int(i): try c.encode(i)
        case let .bool(b): try c.encode(b)
        }
    }

    public var string: String? { if case let .string(s) = self { return s }; return nil }
    public var int: Int? { if case let .int(i) = self { return i }; return nil }
}

/// One thing that happened in a conversation, in the shape of the app's analytics events:
/// `{"eventName": "question_answered", "eventParams": {...}}`. Never an e-mail address nor any
/// text the prospect typed: option ids, step ids, codes and counts only.
public struct Event: Sendable, Equatable, Codable {
    public var name: String
    public var params: [String: EventValue]

    public init(_ name: String, _ params: [String: EventValue] = [:]) {
        self.name = name
        self.params = params
    }

    enum CodingKeys: String, CodingKey {
        case name = "eventName", params = "eventParams"
    }

    public subscript(_ key: String) -> EventValue? { params[key] }

    /// The event with the parameters every recorded event carries: the session's id, the time
    /// (ISO 8601, UTC) and the turn's number in the conversation (0 for its start).
    public func stamped(session: String, at time: String, turn: Int) -> Event {
        var e = self
        e.params["session_id"] = .string(session)
        e.params["timestamp"] = .string(time)
        e.params["turn"] = .int(turn)
        return e
    }
}

/// What `Event.stamped(session:at:turn:)` adds, kept beside the event rather than in its
/// parameters: a recorder writes the stamped event's JSON (`writeJSON(stampedWith:into:)`)
/// without copying the parameters into a new dictionary (every event of every turn is stamped).
public struct EventStamp: Sendable, Equatable {
    public var session: String
    public var at: String
    public var turn: Int

    public init(session: String, at: String, turn: Int) {
        self.session = session
        self.at = at
        self.turn = turn
    }
}

extension Event {
    /// The event as one JSON object, `{"eventName":…,"eventParams":{…}}`, parameters in key
    /// order, written by the project's JSON writer rather than `JSONEncoder` (a recorder writes
    /// every event of every turn): the same text, except that "/" is not escaped and the writer
    /// escapes a few more characters (controls as \u00XX, DEL, U+2028/9). `JSONDecoder` reads it
    /// back as the same event.
    public var json: String {
        JSON.object([
            ("eventName", .string(name)),
            ("eventParams", .object(params.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) })),
        ]).serialized
    }

    /// `stamped(session:at:turn:).json`, appended to `out` as UTF-8 (tested equal to it): the
    /// same writer, without the stamped copy of the parameters nor the intermediate JSON value.
    public func writeJSON(stampedWith stamp: EventStamp, into out: inout [UInt8]) {
        var pairs: [(key: String, value: EventValue)] = []
        pairs.reserveCapacity(params.count + 3)
        for (k, v) in params where k != "session_id" && k != "timestamp" && k != "turn" { pairs.append((k, v)) }
        pairs.append(("session_id", .string(stamp.session)))
        pairs.append(("timestamp", .string(stamp.at)))
        pairs.append(("turn", .int(stamp.turn)))
        pairs.sort { $0.key < $1.key }
        out.append(contentsOf: #"{"eventName":"#.utf8)
        JSON.writeString(name, into: &out)
        out.append(contentsOf: #","eventParams":{"#.utf8)
        for (i, (k, v)) in pairs.enumerated() {
            if i > 0 { out.append(0x2C) }
            JSON.writeString(k, into: &out)
            out.append(0x3A)
            switch v {
            case let .string(s): JSON.writeString(s, into: &out)
            case let .int(n): JSON.writeInt(n, into: &out)
            case let .bool(b): out.append(contentsOf: (b ? "true" : "false").utf8)
            }
        }
        out.append(0x7D)
        out.append(0x7D)
    }

    /// The parameter a stamped event would have under `key`: the stamp's for its own keys.
    public func value(_ key: String, stampedWith stamp: EventStamp) -> EventValue? {
        switch key {
        case "session_id": return .string(stamp.session)
        case "timestamp": return .string(stamp.at)
        case "turn": return .int(stamp.turn)
        default: return params[key]
        }
    }
}

extension EventValue {
    var json: JSON {
        switch self {
        case let .string(s): return .string(s)
        case let .int(i): return .numberText(String(i))
        case let .bool(b): return .bool(b)
        }
    }
}

/// Event names (docs/EVENTS.md describes each and its parameters).
public enum EventName {
    public static let sessionStarted = "session_started"
    public static let questionAnswered = "question_answered"
    public static let reprompted = "reprompted"
    public static let clarificationAsked = "clarification_asked"
    public static let sideQuestion = "side_question"
    public static let intentActedOn = "intent_acted_on"
    public static let languageSwitched = "language_switched"
    public static let recommendationShown = "recommendation_shown"
    public static let catalogueShown = "catalogue_shown"
    public static let courseChosen = "course_chosen"
    public static let preregistrationStarted = "preregistration_started"
    public static let emailGiven = "email_given"
    public static let emailSuggested = "email_suggested"
    public static let emailRefused = "email_refused"
    public static let consentGiven = "consent_given"
    public static let consentRefused = "consent_refused"
    public static let leadSaved = "lead_saved"
    public static let leadFailed = "lead_failed"
    public static let sessionEnded = "session_ended"
    public static let sessionAbandoned = "session_abandoned"
    /// Written by the recorder itself: how many events it had to drop.
    public static let eventsDropped = "events_dropped"
}

/// Why a conversation stopped before its end.
public enum Abandon: String, Sendable {
    /// Idle for longer than the session TTL.
    case expired
    /// The prospect (or the client) ended it: /quit, an `end` request, the chat left.
    case quit
    /// The process stopped with the conversation still live.
    case shutdown
}

/// Derives a turn's events from the session before and after it and the reply (with its trace).
/// Pure: every front gets the same events for the same turn.
public struct EventDeriver: Sendable {
    /// Step id → kind, from the content (the step ids are data).
    let kinds: [String: StepKind]

    public init(content: Content) {
        var k: [String: StepKind] = [:]
        for s in content.steps { k[s.id] = s.kind }
        kinds = k
    }

    public init(kinds: [String: StepKind]) { self.kinds = kinds }

    func kind(_ step: String) -> StepKind? { kinds[step] }

    /// The first turn's events.
    public func started(_ session: Session, reply: Reply) -> [Event] {
        var p = base(session)
        p["source"] = .string(session.source)
        p["assistant"] = .bool(session.assistant)
        if let c = session.courseContext { p["course_context"] = .string(c) }
        var out = [Event(EventName.sessionStarted, p)]
        if let rec = reply.recommendation, kind(session.step) == .recommend {
            out.append(recommendation(session, rec))
        }
        return out
    }

    /// A session that stops before its end (expired, quit, the process stopping). Nothing when the
    /// conversation had already ended.
    public func ended(_ session: Session, reason: Abandon) -> [Event] {
        guard !session.done else { return [] }
        var p = base(session)
        p["reason"] = .string(reason.rawValue)
        p["lead"] = .string(session.lead.rawValue)
        return [Event(EventName.sessionAbandoned, p)]
    }

    /// The events of one turn. `input` (when given) lets an e-mail refusal carry its reason;
    /// `leadError` is the store's code when a save failed in this turn.
    public func events(before: Session, after: Session, reply: Reply, input: Input? = nil,
                       leadError: String? = nil) -> [Event] {
        var out: [Event] = []
        let trace = reply.trace
        func add(_ name: String, _ extra: [String: EventValue] = [:], step: String? = nil) {
            // (`base(after)` with the step given and the extras, made at its size at once.)
            var p = [String: EventValue](minimumCapacity: 2 + extra.count)
            p["language"] = .string(after.language)
            p["step"] = .string(step ?? after.step)
            for (k, v) in extra { p[k] = v }
            out.append(Event(name, p))
        }
        if before.language != after.language {
            add(EventName.languageSwitched, ["from": .string(before.language), "to": .string(after.language)])
        }
        for n in trace.noted {
            var p: [String: EventValue] = ["how": .string(n.how.rawValue)]
            switch n.how {
            case .number, .label, .synonym, .learnt, .llm:
                p["option"] = .string(n.value)
            case .quantity:
                if let v = Int(n.value) { p["quantity"] = .int(v) }
            case .text:
                break // free text or an address: never in an event
            }
            add(EventName.questionAnswered, p, step: n.step)
        }
        if let side = trace.side {
            switch side {
            case "llm": add(EventName.sideQuestion, ["answered_by": .string("llm")])
            case "unknown": add(EventName.sideQuestion, ["answered_by": .string("none")])
            default: add(EventName.sideQuestion, ["answered_by": .string("faq"), "faq_id": .string(side)])
            }
        }
        if let intent = trace.intent {
            add(EventName.intentActedOn, ["intent": .string(intent.rawValue)], step: before.step)
        }
        if let options = trace.clarify {
            add(EventName.clarificationAsked, ["options": .string(options.joined(separator: ","))], step: before.step)
        }
        let emailStep = kind(before.step) == .email
        var refused = false
        if emailStep, after.step == before.step, after.email == nil, after.emailPending == nil, after.emailRebuilt == nil,
           trace.noted.isEmpty, trace.side == nil, trace.intent == nil, !reply.quit,
           before.language == after.language, case let .text(text)? = input {
            refused = true
            let reason: String
            if trace.phone {
                reason = "phone"
            } else if before.emailRebuilt != nil, !text.contains("@") {
                reason = "not_confirmed"
            } else if case let .invalid(problem) = EmailValidator.validate(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                reason = problem.key
            } else {
                reason = "not_understood"
            }
            add(EventName.emailRefused, ["reason": .string(reason)], step: before.step)
        }
        if trace.missed || refused {
            add(EventName.reprompted, ["misses": .int(max(after.misses, 1))], step: before.step)
        }
        if after.emailSuggestion != nil, before.emailSuggestion == nil {
            add(EventName.emailSuggested)
        }
        if after.email != nil, before.email == nil || before.email != after.email {
            add(EventName.emailGiven, [:], step: before.step)
        }
        if kind(after.step) == .courses, before.step != after.step {
            add(EventName.catalogueShown)
        }
        if let c = after.chosenCourse, c != before.chosenCourse {
            add(EventName.courseChosen, ["course": .string(c)])
        }
        if let rec = reply.recommendation, kind(after.step) == .recommend,
           before.step != after.step || before.recommendation != after.recommendation {
            out.append(recommendation(after, rec))
        }
        if after.lead == .collecting, before.lead != .collecting {
            var p: [String: EventValue] = [:]
            if let c = after.chosenCourse ?? after.recommendation?.course ?? after.courseContext { p["course"] = .string(c) }
            add(EventName.preregistrationStarted, p)
        }
        // (The saved lead saved again in the same state, a question kept after signing up, is no
        // new lead and no new consent.)
        let saved = (reply.leadId != nil && before.lead != .saved) || (after.lead == .saved && before.lead != .saved)
        let failed = (leadError != nil && before.lead != .saved) || (after.lead == .failed && before.lead != .failed)
        if saved || failed {
            add(EventName.consentGiven, [:], step: before.step)
        }
        if after.lead == .declined, before.lead != .declined {
            add(EventName.consentRefused, [:], step: before.step)
        }
        if saved {
            var p: [String: EventValue] = [:]
            if let id = reply.leadId { p["lead_id"] = .string(id) }
            if let c = after.chosenCourse ?? after.recommendation?.course ?? after.courseContext { p["course"] = .string(c) }
            if let rec = reply.recommendation { p["quote"] = .bool(rec.quote) }
            add(EventName.leadSaved, p)
        } else if failed {
            add(EventName.leadFailed, ["reason": .string(leadError ?? "store_error")])
        }
        if reply.quit, !before.done {
            var p = base(before)
            p["reason"] = .string(Abandon.quit.rawValue)
            p["lead"] = .string(after.lead.rawValue)
            out.append(Event(EventName.sessionAbandoned, p))
        } else if after.done, !before.done {
            add(EventName.sessionEnded, ["lead": .string(after.lead.rawValue)])
        }
        return out
    }

    /// The unanswered side questions this turn added (their text goes to its own table, never
    /// into an event).
    public static func newQuestions(before: Session, after: Session) -> [String] {
        if after.questions.isEmpty || after.questions == before.questions { return [] } // most turns: no set built
        let known = Set(before.questions)
        return after.questions.filter { !known.contains($0) }
    }

    func base(_ s: Session) -> [String: EventValue] {
        ["language": .string(s.language), "step": .string(s.step)]
    }

    func recommendation(_ s: Session, _ rec: RecommendationView) -> Event {
        var p = base(s)
        p["course"] = .string(rec.course)
        p["quote"] = .bool(rec.quote)
        p["price"] = .int(rec.facts.price)
        p["currency"] = .string(rec.facts.currency)
        if let g = rec.goal { p["goal"] = .string(g) }
        return Event(EventName.recommendationShown, p)
    }
}
