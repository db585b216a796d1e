/// Checks across files: references, reachability, ways out, duplicates, translations and
/// template placeholders. Every problem names its file and line.
public enum ContentValidator {
    /// Keys the engine and the chat front themselves say; every language must have each of them.
    public static let engineKeys: [String] = [
        "ack.prefilled", "format.quote", "llm.no_answer", "back.nothing", "back.ok", "catalogue.example_note", "command.unknown", "consent.reprompt",
        "course.facts", "courses.card", "courses.intro", "courses.prompt", "courses.recommended", "date.none",
        "email.reprompt", "email.suggest", "end.hint", "faq.back", "format.date", "format.or", "format.price",
        "format.thousands", "help.text", "input.too_long", "ladder.goal", "ladder.here", "language.switched", "language.unknown",
        "option.cancel", "option.consent_no", "option.consent_yes", "option.course", "option.guide", "option.interested",
        "option.keep_mine", "option.no", "option.no_thanks", "option.quote", "option.resume", "option.retry",
        "option.see_courses", "option.use_suggestion", "option.yes", "quit.bye", "recommend.ask", "recommend.ask_quote",
        "recommend.ladder", "recommend.team_title", "recommend.title", "recommend.why", "reprompt.ambiguous", "reprompt.vague", "consent.unsure", "recommend.unsure", "format.question_mark",
        "reprompt.list", "reprompt.number", "reprompt.short", "reprompt.text", "reprompt.unknown_option",
        "reprompt.yes_no", "restart.ok", "save.failed", "save.incomplete", "save.pending",
        "noted.team_size", "noted.team_goal_size", "format.and", "format.list_separator", "format.date_first", "quantity.exact", "quantity.one",
        "quantity.about", "quantity.range", "option.none_of_these", "consent.email_only", "consent.no_spam", "ack.corrected", "intent.unsure_number", "email.phone", "faq.unknown",
        "reopen.ok", "course.facts_team", "ladder.here_team", "email.not_address", "email.not_yet", "intent.frustration_again",
        "email.confirm", "email.retype", "option.confirm_email", "option.retype_email",
        "option.withdraw_yes", "option.withdraw_no", "ack.mixed_team", "ack.mixed_majority", "email.copy_kept", "reprompt.mixed", "option.mixed_levels", "ack.both", "reprompt.both", "option.both", "email.phone_kept", "consent.call_noted", "erase.nothing", "ack.later.what",
    ] + emailKeys + Intent.allCases.filter { $0 != .back }.map { "intent." + $0.rawValue } // back says back.ok, as /retour

    public static let emailKeys: [String] = [
        "empty", "line_break", "display_name", "display_name_hint", "unsafe", "no_at", "multiple_at", "empty_local",
        "quoted", "comment", "local_dots", "local_character", "local_too_long", "empty_domain", "ip_literal",
        "domain_no_dot", "no_tld", "domain_dots", "domain_character", "domain_hyphen", "label_too_long", "domain_too_long",
        "numeric_tld", "special_use", "bad_punycode", "too_long",
    ].map { "email.invalid." + $0 }

    /// Placeholders a sentence may use.
    public static let placeholders: Set<String> = {
        let course = ["name", "names", "summary", "price", "duration", "level", "next_date", "later", "formats", "prerequisites", "outcomes", "days", "hours_per_day"]
        return Set(course + course.map { "other_" + $0 } + [
            "next_name", "next_summary", "order", "facts", "reasons", "ladder", "team_size", "email", "suggestion",
            "course", "command", "languages", "choices", "answer", "min", "max", "amount", "symbol", "day", "month",
            "year", "address", "char", "domain", "option", "team", "team_total", "low", "high", "n", "focus", "date", "dates",
            "split", "count", "courses", "parts", "total", "question",
        ])
    }()

    public static let knownFields: Set<String> = ["team_size", "company", "first_name"]

    public static func validate(_ c: Content) -> [Diagnostic] {
        var d: [Diagnostic] = []
        let q = ContentLoader.questionnaireFile
        func err(_ file: String, _ line: Int?, _ m: String) { d.append(Diagnostic(file: file, line: line, message: m)) }

        // Duplicate ids.
        var stepLines: [String: Int?] = [:]
        for s in c.steps {
            if let first = stepLines[s.id] {
                err(q, s.line, "duplicate step id '\(s.id)' (first at line \(first.map(String.init) ?? "?"))")
            } else { stepLines[s.id] = s.line }
            var optionIds: Set<String> = []
            for o in s.options where !optionIds.insert(o.id).inserted {
                err(q, o.line, "step '\(s.id)': duplicate option id '\(o.id)'")
            }
        }
        var courseIds: Set<String> = []
        for course in c.catalogue.courses where !courseIds.insert(course.id).inserted {
            err(ContentLoader.catalogueFile, course.line, "duplicate course id '\(course.id)'")
        }
        var faqIds: Set<String> = []
        for e in c.faq where !faqIds.insert(e.id).inserted {
            err(ContentLoader.faqFile, e.line, "duplicate faq id '\(e.id)'")
        }
        if c.catalogue.courses.isEmpty { err(ContentLoader.catalogueFile, nil, "the catalogue has no course") }
        if c.step(c.start) == nil { err(q, nil, "start step '\(c.start)' does not exist") }

        // References.
        func checkCourse(_ id: String, _ line: Int?, _ what: String) {
            if c.catalogue.course(id) == nil { err(q, line, "\(what): unknown course '\(id)'") }
        }
        func checkCondition(_ cond: Condition, _ line: Int?, _ what: String) {
            for (stepId, options) in cond {
                guard let step = c.step(stepId) else { err(q, line, "\(what): unknown step '\(stepId)' in condition"); continue }
                for o in options where step.option(o) == nil {
                    err(q, line, "\(what): step '\(stepId)' has no option '\(o)'")
                }
            }
        }
        func checkNext(_ next: Next?, _ what: String) {
            for rule in next?.rules ?? [] {
                if c.step(rule.goto) == nil { err(q, rule.line, "\(what): unknown step '\(rule.goto)'") }
                checkCondition(rule.when, rule.line, what)
            }
        }
        for s in c.steps {
            let what = "step '\(s.id)'"
            checkNext(s.next, "\(what).next")
            checkNext(s.yes, "\(what).yes")
            checkNext(s.no, "\(what).no")
            if let qw = s.recommend?.quoteWhen { checkCondition(qw, s.line, "\(what).quote_when") }
            if let f = s.field, !knownFields.contains(f) {
                err(q, s.line, "\(what): unknown field '\(f)' (known: \(knownFields.sorted().joined(separator: ", ")))")
            }
            if s.kind == .number, let lo = s.min, let hi = s.max, lo > hi { err(q, s.line, "\(what): min is above max") }
            for o in s.options {
                let ow = "\(what) option '\(o.id)'"
                checkNext(o.next, "\(ow).next")
                for course in o.weights.keys.sorted() { checkCourse(course, o.line, "\(ow).weights") }
                if let cap = o.cap { checkCourse(cap, o.line, "\(ow).cap") }
                for lang in c.languages {
                    if (o.label[lang] ?? "").isEmpty { err(q, o.line, "\(ow): no label in '\(lang)'") }
                    if (o.synonyms[lang] ?? []).isEmpty { err(q, o.line, "\(ow): no synonyms in '\(lang)'") }
                }
                for lang in o.label.keys.sorted() where !c.languages.contains(lang) {
                    err(q, o.line, "\(ow): label in unknown language '\(lang)'")
                }
            }
        }

        // Ways out.
        for s in c.steps {
            for (line, message) in s.kind.behaviour.waysOutProblems(s) { err(q, line, message) }
        }
        if c.steps.filter({ $0.kind == .courses }).count > 1 { err(q, nil, "more than one courses step") }

        // Reachability: from the start, and from the catalogue (always reachable by command).
        var reached: Set<String> = []
        var todo = [c.start] + c.steps.filter { $0.kind == .courses }.map(\.id)
        while let id = todo.popLast() {
            guard reached.insert(id).inserted, let s = c.step(id) else { continue }
            var targets = (s.next?.targets ?? []) + (s.yes?.targets ?? []) + (s.no?.targets ?? [])
            for o in s.options { targets += o.next?.targets ?? [] }
            todo += targets
        }
        for s in c.steps where !reached.contains(s.id) { err(q, s.line, "step '\(s.id)' is unreachable") }

        // Catalogue, per language.
        let cat = ContentLoader.catalogueFile
        for course in c.catalogue.courses {
            let what = "course '\(course.id)'"
            for lang in c.languages {
                for (field, value) in [("level", course.level), ("duration", course.duration),
                                       ("prerequisites", course.prerequisites), ("summary", course.summary)]
                    where (value[lang] ?? "").isEmpty {
                    err(cat, course.line, "\(what): no \(field) in '\(lang)'")
                }
                if (course.outcomes[lang] ?? []).isEmpty { err(cat, course.line, "\(what): no outcomes in '\(lang)'") }
            }
            if course.formats.isEmpty { err(cat, course.line, "\(what): no formats") }
            if course.price <= 0 { err(cat, course.line, "\(what): price must be above zero") }
        }

        // FAQ.
        for e in c.faq {
            for lang in c.languages where (e.keywords[lang] ?? []).isEmpty {
                err(ContentLoader.faqFile, e.line, "faq '\(e.id)': no keywords in '\(lang)'")
            }
        }

        // Examples: every label names something that exists, and every option, FAQ entry and
        // intent has examples in every language.
        var labels: [(String, String)] = [] // label, what
        for s in c.steps { labels += s.kind.behaviour.exampleLabels(s, c).map { ($0.label, $0.what) } }
        labels += c.faq.map { ("faq." + $0.id, "faq '\($0.id)'") }
        labels += Intent.allCases.map { ("intent." + $0.rawValue, "intent '\($0.rawValue)'") }
        let known = Set(labels.map(\.0))
        var counts: [String: [String: Int]] = [:]
        for e in c.examples {
            if !known.contains(e.label) {
                err(ContentLoader.examplesFile(e.language), e.line, "unknown label '\(e.label)' (a step option as step.option, faq.<id> or intent.<id>)")
            }
            counts[e.label, default: [:]][e.language, default: 0] += 1
        }
        if !c.examples.isEmpty {
            for (label, what) in labels {
                for lang in c.languages where (counts[label]?[lang] ?? 0) == 0 {
                    err(ContentLoader.examplesFile(lang), nil, "no examples for \(what) (label '\(label)')")
                }
            }
        }

        // Strings: every key the engine or the content uses, in every language; no key in one
        // language only; known placeholders.
        var keys: [(String, String, Int?)] = engineKeys.map { ($0, "engine", nil) }
        for s in c.steps where !s.prompt.isEmpty { keys.append((s.prompt, "step '\(s.id)'", s.line)) }
        for e in c.faq {
            keys.append((e.answer, "faq '\(e.id)'", e.line))
            if let last = e.answerLast { keys.append((last, "faq '\(e.id)'", e.line)) }
        }
        for f in Set(c.catalogue.courses.flatMap(\.formats)).sorted() { keys.append(("format." + f, "catalogue formats", nil)) }
        let allKeys = Set(c.strings.table.values.flatMap(\.keys))
        for lang in c.languages {
            let file = ContentLoader.stringsFile(lang)
            for (key, user, line) in keys where !c.strings.has(key, lang) {
                let at = line.map { " (line \($0) of \(q))" } ?? ""
                err(file, nil, "missing key '\(key)', used by \(user)\(at)")
            }
            let used = Set(keys.map(\.0))
            for key in allKeys.subtracting(used).sorted() where !c.strings.has(key, lang) {
                err(file, nil, "missing translation of '\(key)'")
            }
            for (key, entry) in (c.strings.table[lang] ?? [:]).sorted(by: { $0.key < $1.key }) {
                for p in entry.template.placeholders where !placeholders.contains(p) {
                    err(file, entry.line, "'\(key)': unknown placeholder {\(p)}")
                }
            }
        }
        return d
    }
}
