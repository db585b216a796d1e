import Foundation
import MadiCore
import MadiEvents
import MadiStore

/// The funnel's figures, computed from the recorded events and unanswered questions.
struct StatsReport: Codable, Equatable {
    struct Stage: Codable, Equatable {
        var stage: String
        var label: String
        /// Conversations that reached this stage.
        var count: Int
        /// Share of the previous stage's conversations lost before this one (nil for the first).
        var dropOff: Double?
    }

    struct Preregistration: Codable, Equatable {
        var started: Int
        var saved: Int
        var consentRefused: Int
        /// Started, then left without a lead (consent refused, quit, expired).
        var abandoned: Int
        /// Started and still live (not counted in the rate).
        var open: Int
        var abandonmentRate: Double?
        var target: Double
    }

    struct ByCourse: Codable, Equatable {
        var course: String
        var language: String
        var count: Int
    }

    struct StepCount: Codable, Equatable {
        var step: String
        var reprompts: Int
        /// Conversations reprompted there at least once.
        var conversations: Int
    }

    struct Question: Codable, Equatable {
        var text: String
        var count: Int
        var last: String
    }

    var since: String?
    var conversations: Int
    var funnel: [Stage]
    var preregistration: Preregistration
    var recommendations: [ByCourse]
    var leads: [ByCourse]
    var reprompts: [StepCount]
    var sideQuestions: [String: Int]
    var unanswered: [Question]
    var medianTurnsToLead: Double?
    var medianSecondsToLead: Double?
    var eventsDropped: Int

    static let target = 0.10

    static let stages: [(String, String, Set<String>)] = [
        ("started", "Conversations started", [EventName.sessionStarted]),
        ("answered", "Answered a question", [EventName.questionAnswered]),
        ("course_shown", "Saw a course", [EventName.recommendationShown, EventName.catalogueShown]),
        ("preregistration", "Started a pre-registration", [EventName.preregistrationStarted]),
        ("email", "Gave an e-mail address", [EventName.emailGiven]),
        ("consent", "Gave consent", [EventName.consentGiven]),
        ("lead", "Lead saved", [EventName.leadSaved]),
    ]

    init(events: [Event], questions: [StoredQuestion], since: String?, limit: Int = 20) {
        self.since = since
        var bySession: [String: [Event]] = [:]
        var order: [String] = []
        var dropped = 0
        for e in events {
            if e.name == EventName.eventsDropped { dropped += e["count"]?.int ?? 0; continue }
            let s = e["session_id"]?.string ?? ""
            if bySession[s] == nil { order.append(s) }
            bySession[s, default: []].append(e)
        }
        eventsDropped = dropped
        // A conversation counts when its start is in the window (its later events go with it).
        let sessions = order.filter { s in bySession[s]!.contains { $0.name == EventName.sessionStarted } }
        conversations = sessions.count
        func reached(_ names: Set<String>) -> Set<String> {
            Set(sessions.filter { s in bySession[s]!.contains { names.contains($0.name) } })
        }
        var stages: [Stage] = []
        var previous: Int?
        var cumulative = Set(sessions)
        for (id, label, names) in Self.stages {
            // Each stage counts those that also reached every earlier one (a funnel never widens).
            cumulative = cumulative.intersection(reached(names))
            let n = cumulative.count
            stages.append(Stage(stage: id, label: label, count: n,
                                dropOff: previous.map { $0 == 0 ? 0 : 1 - Double(n) / Double($0) }))
            previous = n
        }
        funnel = stages

        let started = reached([EventName.preregistrationStarted])
        let saved = started.intersection(reached([EventName.leadSaved]))
        let refused = started.subtracting(saved).intersection(reached([EventName.consentRefused]))
        let over = reached([EventName.sessionEnded, EventName.sessionAbandoned])
        let open = started.subtracting(saved).subtracting(over)
        let abandoned = started.count - saved.count - open.count
        let decided = started.count - open.count
        preregistration = Preregistration(started: started.count, saved: saved.count, consentRefused: refused.count,
                                          abandoned: abandoned, open: open.count,
                                          abandonmentRate: decided > 0 ? Double(abandoned) / Double(decided) : nil,
                                          target: Self.target)

        func byCourse(_ name: String) -> [ByCourse] {
            var counts: [String: Int] = [:]
            for s in sessions {
                for e in bySession[s]! where e.name == name {
                    counts["\(e["course"]?.string ?? "-")\u{0}\(e["language"]?.string ?? "-")", default: 0] += 1
                }
            }
            return counts.map { k, v in
                let p = k.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
                return ByCourse(course: p[0], language: p[1], count: v)
            }.sorted { ($0.count, $1.course, $1.language) > ($1.count, $0.course, $0.language) }
        }
        recommendations = byCourse(EventName.recommendationShown)
        leads = byCourse(EventName.leadSaved)

        var reprompts: [String: (Int, Set<String>)] = [:]
        var side: [String: Int] = [:]
        var turns: [Double] = []
        var seconds: [Double] = []
        for s in sessions {
            let list = bySession[s]!
            for e in list {
                if e.name == EventName.reprompted {
                    let step = e["step"]?.string ?? "-"
                    var r = reprompts[step] ?? (0, [])
                    r.0 += 1
                    r.1.insert(s)
                    reprompts[step] = r
                } else if e.name == EventName.sideQuestion {
                    side[e["answered_by"]?.string ?? "-", default: 0] += 1
                }
            }
            if let lead = list.first(where: { $0.name == EventName.leadSaved }) {
                turns.append(Double(lead["turn"]?.int ?? 0))
                if let a = list.first(where: { $0.name == EventName.sessionStarted })?["timestamp"]?.string.flatMap(LeadStore.parseTimestamp),
                   let b = lead["timestamp"]?.string.flatMap(LeadStore.parseTimestamp) {
                    seconds.append(b.timeIntervalSince(a))
                }
            }
        }
        self.reprompts = reprompts.map { StepCount(step: $0.key, reprompts: $0.value.0, conversations: $0.value.1.count) }
            .sorted { ($0.reprompts, $1.step) > ($1.reprompts, $0.step) }
        sideQuestions = side
        medianTurnsToLead = Self.median(turns)
        medianSecondsToLead = Self.median(seconds)

        // Unanswered questions, the same question in any case or spacing counted together.
        var grouped: [String: (count: Int, forms: [String: Int], last: String)] = [:]
        for q in questions {
            let key = Self.questionKey(q.text)
            guard !key.isEmpty else { continue }
            var g = grouped[key] ?? (0, [:], "")
            g.count += 1
            g.forms[q.text, default: 0] += 1
            g.last = max(g.last, q.at)
            grouped[key] = g
        }
        unanswered = grouped.values.map { g in
            let form = g.forms.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
            return Question(text: form, count: g.count, last: g.last)
        }.sorted { ($0.count, $1.text) > ($1.count, $0.text) }.prefix(limit).map { $0 }
    }

    static func questionKey(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let words = folded.split { !$0.isLetter && !$0.isNumber }
        return words.joined(separator: " ")
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}

// MARK: - Rendering

extension StatsReport {
    static func percent(_ v: Double?) -> String {
        guard let v else { return "-" }
        return String(format: "%.1f%%", v * 100)
    }

    static func duration(_ s: Double?) -> String {
        guard let s else { return "-" }
        if s < 90 { return String(format: "%.0f s", s) }
        if s < 5400 { return String(format: "%.1f min", s / 60) }
        return String(format: "%.1f h", s / 3600)
    }

    func table() -> String {
        var out: [String] = []
        out.append("Madi funnel" + (since.map { " since \($0)" } ?? "") + ": \(conversations) conversation(s)")
        if eventsDropped > 0 { out.append("(\(eventsDropped) event(s) could not be recorded: figures may be low)") }
        out.append("")
        out.append(Self.pad(["stage", "conversations", "drop-off"], [42, 14, 9]))
        for s in funnel {
            out.append(Self.pad([s.label, String(s.count), Self.percent(s.dropOff)], [42, 14, 9]))
        }
        out.append("")
        let p = preregistration
        let verdict = p.abandonmentRate.map { $0 < p.target ? "within" : "above" } ?? "no data for"
        out.append("Pre-registration: \(p.started) started, \(p.saved) saved, \(p.consentRefused) refused consent, \(p.abandoned) abandoned, \(p.open) still open")
        out.append("Abandonment: \(Self.percent(p.abandonmentRate)) (\(verdict) the \(Self.percent(p.target)) target)")
        out.append("Median to a lead: \(medianTurnsToLead.map { String(format: "%.1f", $0) } ?? "-") turns, \(Self.duration(medianSecondsToLead))")
        out.append("")
        out.append("Recommendations by course and language:")
        out += recommendations.isEmpty ? ["  none"] : recommendations.map { "  \(Self.pad([$0.course, $0.language, String($0.count)], [12, 6, 6]))" }
        out.append("Leads by course and language:")
        out += leads.isEmpty ? ["  none"] : leads.map { "  \(Self.pad([$0.course, $0.language, String($0.count)], [12, 6, 6]))" }
        out.append("")
        out.append("Most reprompted steps:")
        out += reprompts.isEmpty ? ["  none"] : reprompts.prefix(10).map { "  \(Self.pad([$0.step, "\($0.reprompts) reprompt(s)", "in \($0.conversations) conversation(s)"], [14, 16, 22]))" }
        out.append("")
        let side = ["faq", "llm", "none"].map { "\($0): \(sideQuestions[$0] ?? 0)" }.joined(separator: ", ")
        out.append("Side questions answered by \(side)")
        out.append("Questions Madi could not answer (most frequent first):")
        out += unanswered.isEmpty ? ["  none"] : unanswered.map { "  \(String(format: "%4d", $0.count))  \(Sanitize.line($0.text))" }
        return out.joined(separator: "\n") + "\n"
    }

    static func pad(_ cells: [String], _ widths: [Int]) -> String {
        zip(cells, widths).map { c, w in c.count >= w ? c + " " : c + String(repeating: " ", count: w - c.count) }
            .joined().trimmingCharacters(in: .whitespaces)
    }

    func json() throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        e.keyEncodingStrategy = .convertToSnakeCase
        return String(decoding: try e.encode(self), as: UTF8.self) + "\n"
    }

    /// One row per figure: section, key, language, value (RFC 4180, formula-safe cells).
    func csv() -> String {
        var rows: [[String]] = [["section", "key", "language", "value"]]
        rows.append(["conversations", "", "", String(conversations)])
        for s in funnel {
            rows.append(["funnel", s.stage, "", String(s.count)])
            rows.append(["funnel_drop_off", s.stage, "", s.dropOff.map { String(format: "%.4f", $0) } ?? ""])
        }
        let p = preregistration
        for (k, v) in [("started", p.started), ("saved", p.saved), ("consent_refused", p.consentRefused),
                       ("abandoned", p.abandoned), ("open", p.open)] {
            rows.append(["preregistration", k, "", String(v)])
        }
        rows.append(["preregistration", "abandonment_rate", "", p.abandonmentRate.map { String(format: "%.4f", $0) } ?? ""])
        rows.append(["preregistration", "target", "", String(format: "%.2f", p.target)])
        for r in recommendations { rows.append(["recommendations", r.course, r.language, String(r.count)]) }
        for r in leads { rows.append(["leads", r.course, r.language, String(r.count)]) }
        for r in reprompts { rows.append(["reprompts", r.step, "", String(r.reprompts)]) }
        for (k, v) in sideQuestions.sorted(by: { $0.key < $1.key }) { rows.append(["side_questions", k, "", String(v)]) }
        for q in unanswered { rows.append(["unanswered", Sanitize.line(q.text), "", String(q.count)]) }
        rows.append(["timing", "median_turns_to_lead", "", medianTurnsToLead.map { String(format: "%.1f", $0) } ?? ""])
        rows.append(["timing", "median_seconds_to_lead", "", medianSecondsToLead.map { String(format: "%.0f", $0) } ?? ""])
        rows.append(["events", "dropped", "", String(eventsDropped)])
        return rows.map { $0.map(Self.csvCell).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func csvCell(_ s: String) -> String {
        var v = s
        if let f = v.first, "=+-@".contains(f), Double(v) == nil { v = "'" + v }
        if v.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            return "\"" + v.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return v
    }
}
