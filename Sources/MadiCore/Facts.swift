/// Course facts as Madi says them in one language: price, duration, level, next session, formats.
/// (Package-wide: the LLM prompts describe the catalogue with them.)
package struct Facts {
    let content: Content
    let language: String
    let today: Day

    package init(content: Content, language: String, today: Day) {
        self.content = content
        self.language = language
        self.today = today
    }

    func t(_ key: String, _ params: [String: String] = [:]) -> String { content.strings.text(key, language, params) }

    func price(_ amount: Int, _ currency: String) -> String {
        let digits = String(amount)
        var grouped = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { grouped += t("format.thousands") }
            grouped.append(ch)
        }
        let symbol = ["EUR": "€", "USD": "$", "GBP": "£", "CHF": "CHF"][currency] ?? currency
        return t("format.price", ["amount": grouped, "symbol": symbol])
    }

    func date(_ day: Day) -> String {
        let months = content.lexicon[language]?.months ?? content.lexicon[content.defaultLanguage]?.months ?? []
        let month = day.month <= months.count ? months[day.month - 1] : String(day.month)
        return t(day.day == 1 ? "format.date_first" : "format.date", ["day": String(day.day), "month": month, "year": String(day.year)])
    }

    func nextSession(_ course: Course) -> Day? {
        course.sessionDays.first { $0 >= today }
    }

    /// The sessions after the next one, said as a list (", puis le 23 février 2027 et le 13 avril
    /// 2027"), or nothing.
    func laterSessions(_ course: Course) -> String {
        laterText(course.sessionDays.filter { $0 >= today }.dropFirst().map(date))
    }

    func laterText(_ dates: [String]) -> String {
        guard let last = dates.last else { return "" }
        let texts = dates.map { t("format.session_on", ["date": $0]) }
        let list = texts.count == 1 ? texts[0] : texts.dropLast().joined(separator: t("format.list_separator")) + t("format.and") + t("format.session_on", ["date": last])
        return t("format.later_sessions", ["dates": list])
    }

    func formats(_ course: Course) -> String {
        let names = course.formats.map { t("format." + $0) }
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + t("format.or") + names.last!
    }

    func loc(_ l: Localized) -> String { l[language] ?? l[content.defaultLanguage] ?? "" }

    /// The course's days and hours per day, read from its duration as written ("2 days (14
    /// hours)": 2 days of 7 hours), when it gives whole days of at least a full day's hours.
    func dayLength(_ course: Course) -> (days: Int, hours: Int)? {
        let numbers = loc(course.duration).split(whereSeparator: { !$0.isASCII || !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count == 2, numbers[0] > 0, numbers[1] % numbers[0] == 0, numbers[1] / numbers[0] >= Self.fullDayHours else { return nil }
        return (numbers[0], numbers[1] / numbers[0])
    }
    /// The hours of a full day of training.
    static let fullDayHours = 7

    package func courseParams(_ course: Course) -> [String: String] {
        var p = [
            "name": course.name,
            "summary": loc(course.summary),
            "price": price(course.price, course.currency),
            "duration": loc(course.duration),
            "level": loc(course.level),
            "next_date": nextSession(course).map(date) ?? t("date.none"),
            "later": laterSessions(course),
            "formats": formats(course),
            "prerequisites": loc(course.prerequisites),
            "outcomes": (course.outcomes[language] ?? course.outcomes[content.defaultLanguage] ?? []).joined(separator: ", "),
        ]
        if let (days, hours) = dayLength(course) {
            p["days"] = String(days)
            p["hours_per_day"] = String(hours)
        }
        return p
    }

    func facts(_ id: String) -> CourseFacts {
        guard let c = content.catalogue.course(id) else {
            return CourseFacts(course: id, name: id, price: 0, currency: "", priceText: "", duration: "", level: "",
                               nextSession: nil, nextSessionText: "", formats: [])
        }
        let next = nextSession(c)
        return CourseFacts(
            course: c.id, name: c.name, price: c.price, currency: c.currency, priceText: price(c.price, c.currency),
            duration: loc(c.duration), level: loc(c.level), nextSession: next?.iso,
            nextSessionText: next.map(date) ?? t("date.none"), formats: c.formats)
    }

    /// "Starter (you start here) → Performer → Master (your goal)".
    func ladder(here: String, goal: String?, team: Bool = false) -> String {
        content.catalogue.courses.map { c in
            if c.id == here { return t(team ? "ladder.here_team" : "ladder.here", ["name": c.name]) }
            if c.id == goal { return t("ladder.goal", ["name": c.name]) }
            return c.name
        }.joined(separator: " → ")
    }
}

/// Answers a FAQ entry from the catalogue, without any LLM.
struct FAQAnswerer {
    let content: Content
    let language: String
    let today: Day
    /// The day each course's sessions are shown from (the month the prospect said they would
    /// start), else `today`.
    var sessionsFrom: ((Course) -> Day)? = nil
    /// A course's parameters on a day, when they are kept ready (the engine's tables); else they
    /// are said from the catalogue (`Facts.courseParams`), the same.
    var tables: ((Course, Day) -> [String: String])? = nil

    func params(_ facts: Facts, _ course: Course) -> [String: String] {
        tables?(course, facts.today) ?? facts.courseParams(course)
    }

    /// `team`: how many people the prospect trains, when known: an answer with a `.team` form
    /// ("faq.price.team") says the total for them.
    func answer(_ entry: FAQEntry, mentioned: [String], focus: String?, team: Int? = nil) -> String {
        let facts = Facts(content: content, language: language, today: today)
        let catalogue = content.catalogue
        switch entry.scope {
        case .none:
            return facts.t(entry.answer)
        case .course:
            let ids = mentioned.isEmpty ? (focus.map { [$0] } ?? catalogue.courses.map(\.id)) : mentioned
            let key = team.map { _ in entry.answer + ".team" }.flatMap { content.strings.has($0, language) ? $0 : nil } ?? entry.answer
            // Several courses saying the same ("Starter et Performer se suivent sur place ou à
            // distance"), when the answer has a form for several (`.many`, with {names}).
            let many = entry.answer + ".many"
            // (A line said once after the courses' lines, when the answer has one: `.footer`.)
            let footer = content.strings.has(key + ".footer", language) ? [facts.t(key + ".footer")] : []
            if key == entry.answer, ids.count > 1, content.strings.has(many, language) {
                return ([grouped(ids.compactMap(catalogue.course), one: entry.answer, many: many) { c in
                    sessionsFrom.map { Facts(content: content, language: language, today: $0(c)) } ?? facts
                }] + footer).joined(separator: "\n")
            }
            return (ids.compactMap(catalogue.course).map { c in
                let facts = sessionsFrom.map { Facts(content: content, language: language, today: $0(c)) } ?? facts
                var p = params(facts, c)
                // ("is that full days?": a `.per_day` answer, "full days of {hours_per_day} hours",
                // for a course whose duration gives whole full days; else the answer without it.)
                if key.hasSuffix(".per_day"), p["hours_per_day"] == nil {
                    return facts.t(String(key.dropLast(".per_day".count)), p)
                }
                if let team, key != entry.answer {
                    p["team"] = String(team)
                    p["team_total"] = facts.price(c.price * team, c.currency)
                    return facts.t(key, p)
                }
                if let next = catalogue.next(after: c.id) {
                    p["next_name"] = next.name
                    p["next_summary"] = facts.loc(next.summary)
                    return facts.t(entry.answer, p)
                }
                return facts.t(entry.answerLast ?? entry.answer, p)
            } + footer).joined(separator: "\n")
        case .pair:
            var ids = mentioned
            // ("c quoi la diff entre vos formations ?": none named, none in focus, all of them.)
            if ids.isEmpty, focus == nil, catalogue.courses.count > 2,
               content.strings.has(entry.answer + ".all", language), content.strings.has(entry.answer + ".all.course", language) {
                let lines = catalogue.courses.map { facts.t(entry.answer + ".all.course", params(facts, $0)) }
                return facts.t(entry.answer + ".all", ["courses": lines.joined(separator: " ")])
            }
            if ids.isEmpty, let focus { ids = [focus] }
            // One course named with another in focus ("c quoi la diff avec performer ?" while Starter
            // is recommended): those two.
            if ids.count == 1, let focus, focus != ids[0] { ids.append(focus) }
            if ids.count == 1 {
                let other = catalogue.next(after: ids[0])?.id
                    ?? catalogue.courses.dropLast().last?.id
                if let other { ids.append(other) }
            }
            if ids.count < 2 { ids = catalogue.courses.prefix(2).map(\.id) }
            guard let a = catalogue.course(ids[0]), let b = catalogue.course(ids[1]) else { return facts.t(entry.answer) }
            let (low, high) = catalogue.rank(a.id) <= catalogue.rank(b.id) ? (a, b) : (b, a)
            var p = params(facts, low)
            for (k, v) in params(facts, high) { p["other_" + k] = v }
            // The course recommended (or chosen) is one of the two: say which one fits, not where to start.
            if let focus, focus == low.id || focus == high.id, let c = catalogue.course(focus),
               content.strings.has(entry.answer + ".focus", language) {
                p["focus"] = c.name
                return facts.t(entry.answer + ".focus", p)
            }
            return facts.t(entry.answer, p)
        }
    }
}

extension FAQAnswerer {
    /// One line per group of courses whose answer reads the same but for the name, in the
    /// catalogue's order: `many` names the group ({names}), `one` a course alone.
    func grouped(_ courses: [Course], one: String, many: String, facts: (Course) -> Facts) -> String {
        var groups: [(text: String, courses: [Course])] = []
        for c in courses {
            var p = params(facts(c), c)
            p["name"] = "\u{1}"
            let text = facts(c).t(one, p)
            if let i = groups.firstIndex(where: { $0.text == text }) { groups[i].courses.append(c) } else { groups.append((text, [c])) }
        }
        return groups.map { g in
            let f = facts(g.courses[0])
            var p = params(f, g.courses[0])
            guard g.courses.count > 1 else { return f.t(one, p) }
            let names = g.courses.map(\.name)
            p["names"] = names.dropLast().joined(separator: f.t("format.list_separator")) + f.t("format.and") + names.last!
            return f.t(many, p)
        }.joined(separator: "\n")
    }
}
