import Foundation
import Yams
import MadiText

/// Reads and validates the content of a Dialogues directory, given as (relative path → text).
/// The same checks run at start-up and in `madi lint`: any diagnostic means the content is
/// not played.
public struct ContentErrors: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

public enum ContentLoader {
    public static let questionnaireFile = "questionnaire.yaml"
    public static let catalogueFile = "catalogue.yaml"
    public static let faqFile = "faq.yaml"
    public static let commandsFile = "commands.yaml"
    public static let lexiconFile = "lexicon.yaml"
    public static func stringsFile(_ lang: String) -> String { "strings/\(lang).yaml" }
    public static func examplesFile(_ lang: String) -> String { "examples/\(lang).yaml" }

    public static func load(files: [String: String]) -> Result<Content, ContentErrors> {
        var diags: [Diagnostic] = []
        // The example files are large and of one plain shape: read directly when they keep to it
        // (a YAML parser for the rest, and for them when they do not).
        var quickExamples: [String: [(label: String, text: String, line: Int)]] = [:]
        for lang in (files.keys.filter { $0.hasPrefix("examples/") }) {
            if let list = ExamplesFile.parse(files[lang]!) { quickExamples[lang] = list }
        }
        // So are the strings files: one `key: "text"` per line.
        var quickStrings: [String: [(key: String, text: String, line: Int)]] = [:]
        for name in (files.keys.filter { $0.hasPrefix("strings/") }) {
            if let list = ExamplesFile.parseFlat(files[name]!) { quickStrings[name] = list }
        }
        let parsed = YAMLReader.composeAll(files.filter { quickExamples[$0.key] == nil && quickStrings[$0.key] == nil })
        func file(_ name: String) -> String? {
            if let text = files[name] { return text }
            diags.append(Diagnostic(file: name, line: nil, message: "file is missing"))
            return nil
        }

        // questionnaire.yaml
        var q = YAMLReader(file: questionnaireFile, parsed: parsed)
        let qRoot = file(questionnaireFile).flatMap { q.compose($0) }
        q.checkKeys(qRoot, allowed: ["languages", "default_language", "start", "steps"], in: "questionnaire")
        let languages = q.strings(q.value(qRoot, "languages"), in: "languages")
        if qRoot != nil, languages.isEmpty { q.error(qRoot, "questionnaire: 'languages' must list at least one language") }
        let defaultLanguage = q.string(qRoot, "default_language", in: "questionnaire", required: qRoot != nil) ?? languages.first ?? "fr"
        if qRoot != nil, !languages.isEmpty, !languages.contains(defaultLanguage) {
            q.error(q.value(qRoot, "default_language"), "default_language '\(defaultLanguage)' is not in languages")
        }
        let start = q.string(qRoot, "start", in: "questionnaire", required: qRoot != nil) ?? ""
        var steps: [Step] = []
        for node in q.sequence(qRoot, "steps", in: "questionnaire", required: qRoot != nil) {
            if let step = parseStep(node, &q) { steps.append(step) }
        }
        diags += q.diagnostics

        // catalogue.yaml
        var c = YAMLReader(file: catalogueFile, parsed: parsed)
        let cRoot = file(catalogueFile).flatMap { c.compose($0) }
        c.checkKeys(cRoot, allowed: ["example_values", "currency", "courses"], in: "catalogue")
        let exampleValues = c.bool(cRoot, "example_values", in: "catalogue", default: false)
        let currency = c.string(cRoot, "currency", in: "catalogue", required: cRoot != nil) ?? "EUR"
        var courses: [Course] = []
        for node in c.sequence(cRoot, "courses", in: "catalogue", required: cRoot != nil) {
            if let course = parseCourse(node, currency: currency, &c) { courses.append(course) }
        }
        courses.sort { $0.order < $1.order }
        diags += c.diagnostics

        // faq.yaml
        var f = YAMLReader(file: faqFile, parsed: parsed)
        var faq: [FAQEntry] = []
        if let fRoot = file(faqFile).flatMap({ f.compose($0) }) {
            guard let seq = fRoot.sequence else {
                f.error(fRoot, "faq must be a list of entries")
                diags += f.diagnostics
                return .failure(ContentErrors(diagnostics: diags))
            }
            for node in seq {
                if let entry = parseFAQ(node, &f) { faq.append(entry) }
            }
        }
        diags += f.diagnostics

        // commands.yaml
        var m = YAMLReader(file: commandsFile, parsed: parsed)
        var commands: [CommandPhrase] = []
        if let mRoot = file(commandsFile).flatMap({ m.compose($0) }) {
            for (name, keyNode, value) in m.pairs(mRoot, "commands") {
                guard let cmd = CommandName(rawValue: name) else {
                    m.error(keyNode, "unknown command '\(name)' (known: \(CommandName.allCases.map(\.rawValue).joined(separator: ", ")))")
                    continue
                }
                let phrases = m.localizedList(value, in: name)
                for lang in languages where (phrases[lang] ?? []).isEmpty {
                    m.error(value, "command '\(name)' has no phrases in '\(lang)'")
                }
                commands.append(CommandPhrase(command: cmd, phrases: phrases))
            }
            for cmd in CommandName.allCases where !commands.contains(where: { $0.command == cmd }) {
                m.error(mRoot, "command '\(cmd.rawValue)' is missing")
            }
        }
        diags += m.diagnostics

        // lexicon.yaml
        var l = YAMLReader(file: lexiconFile, parsed: parsed)
        var lexicon: [String: Lexicon] = [:]
        if let lRoot = file(lexiconFile).flatMap({ l.compose($0) }) {
            for (lang, _, v) in l.pairs(lRoot, "lexicon") {
                l.checkKeys(v, allowed: ["yes", "no", "numbers", "fillers", "months", "names", "negations", "approximations",
                                         "hedges", "range_words", "range_openers", "people", "group_openers", "ordinals",
                                         "stopwords", "question_openers", "call_words", "mail_words", "plus_self", "clause_joiners", "spam_words", "self_only", "politeness",
                                         "name_lead_ins", "self_intros", "loose_self_intros", "not_names", "correction_cues", "goodbyes", "mixed_words", "both_words", "relatives", "vague_words", "unsure_words", "at_words", "dot_words", "dash_words", "underscore_words", "address_openers", "for_others", "month_lead_ins", "note_requests", "rank_words", "choice_words", "interest_words", "withdraw_requests", "address_words", "change_words", "erase_words", "company_words", "rejoin_requests", "language_requests", "seasons"], in: "lexicon.\(lang)")
                func counts(_ key: String) -> [String: Int] {
                    var out: [String: Int] = [:]
                    for (word, _, n) in l.pairs(l.value(v, key), "lexicon.\(lang).\(key)") {
                        if let s = n.scalar?.string, let value = Int(s) { out[word] = value } else { l.error(n, "lexicon.\(lang).\(key).\(word) must be a whole number") }
                    }
                    return out
                }
                let numbers = counts("numbers")
                func list(_ key: String) -> [String] { l.strings(l.value(v, key), in: "lexicon.\(lang).\(key)") }
                var lex = Lexicon(
                    yes: l.strings(l.value(v, "yes"), in: "lexicon.\(lang).yes"),
                    no: l.strings(l.value(v, "no"), in: "lexicon.\(lang).no"),
                    numbers: numbers,
                    fillers: l.strings(l.value(v, "fillers"), in: "lexicon.\(lang).fillers"),
                    months: l.strings(l.value(v, "months"), in: "lexicon.\(lang).months"),
                    names: l.strings(l.value(v, "names"), in: "lexicon.\(lang).names"),
                    negations: l.strings(l.value(v, "negations"), in: "lexicon.\(lang).negations"))
                lex.approximations = counts("approximations")
                lex.seasons = counts("seasons")
                for (word, month) in lex.seasons where !(1...12).contains(month) {
                    l.error(l.value(v, "seasons") ?? v, "lexicon.\(lang).seasons.\(word) must be a month from 1 to 12")
                }
                lex.hedges = list("hedges")
                lex.rangeWords = list("range_words")
                lex.rangeOpeners = list("range_openers")
                lex.people = list("people")
                lex.groupOpeners = list("group_openers")
                lex.ordinals = list("ordinals")
                lex.stopwords = list("stopwords")
                lex.questionOpeners = list("question_openers")
                lex.callWords = list("call_words")
                lex.plusSelf = list("plus_self")
                lex.clauseJoiners = list("clause_joiners")
                lex.mailWords = list("mail_words")
                lex.spamWords = list("spam_words")
                lex.selfOnly = list("self_only")
                lex.politeness = list("politeness")
                lex.nameLeadIns = list("name_lead_ins")
                lex.selfIntros = list("self_intros")
                lex.looseSelfIntros = list("loose_self_intros")
                lex.notNames = list("not_names")
                lex.correctionCues = list("correction_cues")
                lex.forOthers = list("for_others")
                lex.monthLeadIns = list("month_lead_ins")
                lex.noteRequests = list("note_requests")
                lex.rankWords = list("rank_words")
                lex.choiceWords = list("choice_words")
                lex.interestWords = list("interest_words")
                lex.withdrawRequests = list("withdraw_requests")
                lex.addressWords = list("address_words")
                lex.changeWords = list("change_words")
                lex.eraseWords = list("erase_words")
                lex.companyWords = list("company_words")
                lex.rejoinRequests = list("rejoin_requests")
                lex.languageRequests = list("language_requests")
                lex.goodbyes = list("goodbyes")
                lex.mixedWords = list("mixed_words")
                lex.bothWords = list("both_words")
                lex.relatives = list("relatives")
                lex.vagueWords = list("vague_words")
                lex.unsureWords = list("unsure_words")
                lex.atWords = list("at_words")
                lex.dotWords = list("dot_words")
                lex.dashWords = list("dash_words")
                lex.underscoreWords = list("underscore_words")
                lex.addressOpeners = list("address_openers")
                // A word for "@" or "." stands for one word of the message.
                for key in ["at_words", "dot_words"] {
                    for word in list(key) where TextFold.fold(word).isEmpty || TextFold.fold(word).contains(" ") {
                        l.error(l.value(v, key) ?? v, "lexicon.\(lang).\(key): '\(word)' must be one word")
                    }
                }
                for key in ["dash_words", "underscore_words"] {
                    for word in list(key) where TextFold.fold(word).isEmpty || TextFold.fold(word).split(separator: " ").count > 3 {
                        l.error(l.value(v, key) ?? v, "lexicon.\(lang).\(key): '\(word)' must be one to three words")
                    }
                }
                let dashes = Set(lex.dashWords.map(TextFold.fold))
                for word in lex.underscoreWords where dashes.contains(TextFold.fold(word)) {
                    l.error(l.value(v, "underscore_words") ?? v, "lexicon.\(lang): '\(word)' is in both dash_words and underscore_words")
                }
                let signs = Set(lex.atWords.map(TextFold.fold))
                for word in lex.dotWords where signs.contains(TextFold.fold(word)) {
                    l.error(l.value(v, "dot_words") ?? v, "lexicon.\(lang): '\(word)' is in both at_words and dot_words")
                }
                // A phrase looked for among a message's words must keep a word that is no stopword
                // ("a+" folds to "a": every message with an "a" would say goodbye).
                let stops = Set(lex.stopwords.map(TextFold.fold))
                for key in ["goodbyes", "correction_cues", "unsure_words", "mixed_words", "both_words", "for_others", "note_requests", "choice_words", "interest_words", "withdraw_requests", "address_words", "change_words", "rejoin_requests", "language_requests"] {
                    for phrase in list(key) where PreparedInput(phrase).tokenStrings.allSatisfy(stops.contains) {
                        l.error(l.value(v, key) ?? v, "lexicon.\(lang).\(key): '\(phrase)' has no word but stopwords once folded, so it would match almost any message")
                    }
                }
                for word in lex.vagueWords where PreparedInput(word).tokenStrings.count != 1 {
                    l.error(l.value(v, "vague_words") ?? v, "lexicon.\(lang).vague_words: '\(word)' must be one word")
                }
                if lex.yes.isEmpty || lex.no.isEmpty { l.error(v, "lexicon.\(lang): 'yes' and 'no' must not be empty") }
                if lex.months.count != 12 { l.error(l.value(v, "months") ?? v, "lexicon.\(lang).months must list 12 months") }
                lexicon[lang] = lex
            }
            for lang in languages where lexicon[lang] == nil { l.error(lRoot, "no lexicon for language '\(lang)'") }
        }
        diags += l.diagnostics

        // strings/<lang>.yaml
        var table: [String: [String: Strings.Entry]] = [:]
        for lang in languages {
            let name = stringsFile(lang)
            if let quick = quickStrings[name] {
                var entries: [String: Strings.Entry] = [:]
                for (key, text, line) in quick { entries[key] = Strings.Entry(text: text, line: line) }
                table[lang] = entries
                continue
            }
            var s = YAMLReader(file: name, parsed: parsed)
            if let root = file(name).flatMap({ s.compose($0) }) {
                var entries: [String: Strings.Entry] = [:]
                for (key, keyNode, v) in s.pairs(root, "strings") {
                    guard let text = v.scalar?.string else { s.error(v, "'\(key)' must be text"); continue }
                    entries[key] = Strings.Entry(text: text, line: keyNode.mark?.line)
                }
                table[lang] = entries
            }
            diags += s.diagnostics
        }

        // examples/<lang>.yaml: label → example messages (optional per language; lint checks coverage).
        var examples: [Classifier.Example] = []
        for lang in languages {
            let name = examplesFile(lang)
            guard let text = files[name] else { continue }
            if let quick = quickExamples[name] {
                examples += quick.map { Classifier.Example(label: $0.label, text: $0.text, language: lang, line: $0.line) }
                continue
            }
            var e = YAMLReader(file: name, parsed: parsed)
            if let root = e.compose(text) {
                for (label, _, v) in e.pairs(root, "examples") {
                    guard let seq = v.sequence else { e.error(v, "'\(label)' must be a list of example messages"); continue }
                    for item in seq {
                        guard let t = item.scalar?.string, !t.trimmingCharacters(in: .whitespaces).isEmpty else {
                            e.error(item, "'\(label)': every example must be a non-empty text"); continue
                        }
                        examples.append(Classifier.Example(label: label, text: t, language: lang, line: item.mark?.line))
                    }
                }
            }
            diags += e.diagnostics
        }

        let content = Content(
            languages: languages, defaultLanguage: defaultLanguage, start: start, steps: steps,
            catalogue: Catalogue(exampleValues: exampleValues, courses: courses),
            strings: Strings(defaultLanguage: defaultLanguage, table: table), faq: faq,
            commands: commands, lexicon: lexicon, examples: examples)
        // Cross-file checks only make sense once every file parsed.
        if diags.isEmpty { diags += ContentValidator.validate(content) }
        return diags.isEmpty ? .success(content) : .failure(ContentErrors(diagnostics: diags))
    }

    // MARK: - Parsers

    static let stepKeys: Set<String> = ["id", "kind", "prompt", "options", "next", "yes", "no", "min", "max", "field",
                                        "aspiration", "prefill", "navigation", "quote_when", "consent_version", "decline", "cues", "not_after", "names", "personal"]
    static let optionKeys: Set<String> = ["id", "label", "synonyms", "weights", "cap", "next", "reason", "months", "prevails"]

    static func parseStep(_ node: Node, _ r: inout YAMLReader) -> Step? {
        guard node.mapping != nil else { r.error(node, "every step must be a mapping"); return nil }
        guard let id = r.string(node, "id", in: "step") else { return nil }
        let what = "step '\(id)'"
        r.checkKeys(node, allowed: stepKeys, in: what)
        guard let kindText = r.string(node, "kind", in: what) else { return nil }
        guard let kind = StepKind(rawValue: kindText) else {
            r.error(r.value(node, "kind"), "\(what): unknown kind '\(kindText)' (known: \(StepKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            return nil
        }
        let needsPrompt = kind != .courses
        let prompt = r.string(node, "prompt", in: what, required: needsPrompt) ?? ""
        var options: [AnswerOption] = []
        if kind == .choice {
            let nodes = r.sequence(node, "options", in: what)
            if nodes.isEmpty, r.value(node, "options") != nil { r.error(node, "\(what): a choice needs at least one option") }
            for o in nodes { if let opt = parseOption(o, step: id, &r) { options.append(opt) } }
        } else if r.value(node, "options") != nil {
            r.error(r.value(node, "options"), "\(what): only a choice step has options")
        }
        var quoteWhen: Condition?
        if let qw = r.value(node, "quote_when") { quoteWhen = parseCondition(qw, in: "\(what).quote_when", &r) }
        let next = parseNext(r.value(node, "next"), in: "\(what).next", &r)
        let yes = parseNext(r.value(node, "yes"), in: "\(what).yes", &r)
        let no = parseNext(r.value(node, "no"), in: "\(what).no", &r)
        var keys = StepKeys(options: options, quoteWhen: quoteWhen)
        keys.min = r.int(node, "min", in: what, required: false)
        keys.max = r.int(node, "max", in: what, required: false)
        let field = r.string(node, "field", in: what, required: false)
        keys.aspiration = r.bool(node, "aspiration", in: what, default: false)
        keys.navigation = r.bool(node, "navigation", in: what, default: false)
        if r.value(node, "prefill")?.scalar?.string == "cued" {
            keys.prefill = true
            keys.prefillNeedsCue = true
            if r.value(node, "cues") == nil { r.error(r.value(node, "prefill"), "\(what): 'prefill: cued' needs 'cues'") }
        } else {
            keys.prefill = r.bool(node, "prefill", in: what, default: kind == .choice && r.value(node, "navigation") == nil)
        }
        keys.consentVersion = r.string(node, "consent_version", in: what, required: kind == .consent)
        if let personal = r.value(node, "personal") {
            if kind == .choice { keys.personal = r.bool(node, "personal", in: what, default: false) } else { r.error(personal, "\(what): only a choice step is personal") }
        }
        if let notAfter = r.value(node, "not_after") {
            if kind == .choice { keys.notAfter = r.localizedList(notAfter, in: "\(what).not_after") } else { r.error(notAfter, "\(what): only a choice step has not_after") }
        }
        if let cues = r.value(node, "cues") {
            if kind == .choice { keys.cues = r.localizedList(cues, in: "\(what).cues") } else { r.error(cues, "\(what): only a choice step has cues") }
        }
        var names: LocalizedList = [:]
        if let n = r.value(node, "names") {
            if [.choice, .number, .text].contains(kind) { names = r.localizedList(n, in: "\(what).names") } else { r.error(n, "\(what): only a question has names") }
        }
        return Step(id: id, prompt: prompt, detail: StepDetail(kind, keys), next: next, yes: yes, no: no,
                    decline: parseNext(r.value(node, "decline"), in: "\(what).decline", &r), field: field,
                    names: names, line: node.mark?.line)
    }

    static func parseOption(_ node: Node, step: String, _ r: inout YAMLReader) -> AnswerOption? {
        guard node.mapping != nil else { r.error(node, "step '\(step)': every option must be a mapping"); return nil }
        guard let id = r.string(node, "id", in: "step '\(step)' option") else { return nil }
        let what = "step '\(step)' option '\(id)'"
        r.checkKeys(node, allowed: optionKeys, in: what)
        var weights: [String: Int] = [:]
        for (course, _, v) in r.pairs(r.value(node, "weights"), "\(what).weights") {
            if let s = v.scalar?.string, let n = Int(s) { weights[course] = n } else { r.error(v, "\(what).weights.\(course) must be a whole number") }
        }
        // Phrases that prevail are synonyms too.
        let prevails = r.localizedList(r.value(node, "prevails"), in: "\(what).prevails")
        var synonyms = r.localizedList(r.value(node, "synonyms"), in: "\(what).synonyms")
        for (lang, list) in prevails { synonyms[lang, default: []] += list }
        return AnswerOption(
            id: id,
            label: r.localized(r.value(node, "label"), in: "\(what).label"),
            synonyms: synonyms,
            weights: weights,
            cap: r.string(node, "cap", in: what, required: false),
            next: parseNext(r.value(node, "next"), in: "\(what).next", &r),
            reason: r.localized(r.value(node, "reason"), in: "\(what).reason"),
            months: r.int(node, "months", in: what, required: false),
            prevails: prevails,
            line: node.mark?.line)
    }

    /// `next: step` or a list of `{when: {step: option | [options]}, goto: step}` ending with a
    /// rule without `when`.
    static func parseNext(_ node: Node?, in what: String, _ r: inout YAMLReader) -> Next? {
        guard let node else { return nil }
        if let s = node.scalar?.string {
            return Next(rules: [Transition(when: [:], goto: s, line: node.mark?.line)])
        }
        guard let seq = node.sequence else { r.error(node, "\(what) must be a step id or a list of rules"); return nil }
        var rules: [Transition] = []
        for item in seq {
            r.checkKeys(item, allowed: ["when", "goto"], in: what)
            guard let goto = r.string(item, "goto", in: what) else { continue }
            let when = r.value(item, "when").map { parseCondition($0, in: "\(what).when", &r) } ?? [:]
            rules.append(Transition(when: when, goto: goto, line: item.mark?.line))
        }
        if let last = rules.last, !last.when.isEmpty {
            r.error(line: last.line, "\(what): the last rule must have no 'when' (the default way out)")
        }
        return Next(rules: rules)
    }

    static func parseCondition(_ node: Node, in what: String, _ r: inout YAMLReader) -> Condition {
        var cond: Condition = [:]
        for (step, _, v) in r.pairs(node, what) { cond[step] = r.strings(v, in: "\(what).\(step)") }
        return cond
    }

    static let courseKeys: Set<String> = ["id", "name", "order", "level", "price", "currency", "duration", "formats",
                                          "sessions", "prerequisites", "outcomes", "summary", "synonyms", "not_after", "not_before"]

    static func parseCourse(_ node: Node, currency: String, _ r: inout YAMLReader) -> Course? {
        guard let id = r.string(node, "id", in: "course") else { return nil }
        let what = "course '\(id)'"
        r.checkKeys(node, allowed: courseKeys, in: what)
        let sessions = r.strings(r.value(node, "sessions"), in: "\(what).sessions")
        for (i, d) in sessions.enumerated() {
            if Day(iso: d) == nil { r.error(r.value(node, "sessions"), "\(what).sessions: '\(d)' is not a date (YYYY-MM-DD)") }
            if i > 0, d <= sessions[i - 1] { r.error(r.value(node, "sessions"), "\(what).sessions must be in ascending order") }
        }
        return Course(
            id: id,
            name: r.string(node, "name", in: what) ?? id,
            order: r.int(node, "order", in: what) ?? 0,
            level: r.localized(r.value(node, "level"), in: "\(what).level"),
            price: r.int(node, "price", in: what) ?? 0,
            currency: r.string(node, "currency", in: what, required: false) ?? currency,
            duration: r.localized(r.value(node, "duration"), in: "\(what).duration"),
            formats: r.strings(r.value(node, "formats"), in: "\(what).formats"),
            sessions: sessions,
            sessionDays: sessions.compactMap(Day.init(iso:)),
            prerequisites: r.localized(r.value(node, "prerequisites"), in: "\(what).prerequisites"),
            outcomes: r.localizedList(r.value(node, "outcomes"), in: "\(what).outcomes"),
            summary: r.localized(r.value(node, "summary"), in: "\(what).summary"),
            synonyms: r.localizedList(r.value(node, "synonyms"), in: "\(what).synonyms"),
            notAfter: r.localizedList(r.value(node, "not_after"), in: "\(what).not_after"),
            notBefore: r.localizedList(r.value(node, "not_before"), in: "\(what).not_before"),
            line: node.mark?.line)
    }

    static func parseFAQ(_ node: Node, _ r: inout YAMLReader) -> FAQEntry? {
        guard let id = r.string(node, "id", in: "faq entry") else { return nil }
        let what = "faq '\(id)'"
        r.checkKeys(node, allowed: ["id", "keywords", "not_before", "not_after", "scope", "answer", "answer_last", "keep", "needs_course"], in: what)
        let scopeText = r.string(node, "scope", in: what, required: false) ?? "none"
        guard let scope = FAQScope(rawValue: scopeText) else {
            r.error(r.value(node, "scope"), "\(what): unknown scope '\(scopeText)' (known: course, pair, none)")
            return nil
        }
        guard let answer = r.string(node, "answer", in: what) else { return nil }
        return FAQEntry(
            id: id, keywords: r.localizedList(r.value(node, "keywords"), in: "\(what).keywords"), scope: scope,
            answer: answer, answerLast: r.string(node, "answer_last", in: what, required: false),
            keep: r.bool(node, "keep", in: what, default: false),
            needsCourse: r.bool(node, "needs_course", in: what, default: false),
            notBefore: r.localizedList(r.value(node, "not_before"), in: "\(what).not_before"),
            notAfter: r.localizedList(r.value(node, "not_after"), in: "\(what).not_after"), line: node.mark?.line)
    }
}

/// The example files' plain shape, read without a YAML parser: `label:` at the start of a line,
/// then `  - "message"` lines (double-quoted, with \" and \\ as the only escapes), blank lines
/// and `#` comments. Anything else gives nil, and the file goes through the YAML parser (which also
/// gives the error messages).
enum ExamplesFile {
    /// Read on the UTF-8 bytes (read as Characters, the 3,500 lines took 10–15 ms of each start).
    static func parse(_ text: String) -> [(label: String, text: String, line: Int)]? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> [(label: String, text: String, line: Int)]? {
        var out: [(label: String, text: String, line: Int)] = []
        out.reserveCapacity(bytes.count / 40)
        var label: String?
        var labels: Set<String> = []
        let whole = lines(bytes) { line, lineNumber in
            var indent = 0
            while indent < line.count, line[indent] == 0x20 { indent += 1 }
            if indent == line.count || line[indent] == 0x23 { return true } // blank, or a # comment
            if indent == 0 { // a label
                guard line.count > 1, line[line.count - 1] == 0x3A,
                      let name = key(UnsafeBufferPointer(rebasing: line[0..<(line.count - 1)])),
                      labels.insert(name).inserted else { return false } // a duplicate key: let the parser say it
                label = name
                return true
            }
            let body = UnsafeBufferPointer(rebasing: line[indent...])
            guard let current = label, body.count >= 3, body[0] == 0x2D, body[1] == 0x20, body[2] == 0x22,
                  let value = quoted(UnsafeBufferPointer(rebasing: body[3...])) else { return false }
            out.append((current, value, lineNumber))
            return true
        }
        return whole ? out : nil
    }

    /// A file of `key: "text"` lines (the strings), read the same way; nil when it has any other
    /// shape, so that the YAML parser reads it and reports what is wrong.
    static func parseFlat(_ text: String) -> [(key: String, text: String, line: Int)]? {
        var text = text
        return text.withUTF8 { bytes -> [(key: String, text: String, line: Int)]? in
            var out: [(key: String, text: String, line: Int)] = []
            var keys: Set<String> = []
            let whole = lines(bytes) { line, lineNumber in
                if line.isEmpty || line[0] == 0x23 { return true } // blank, or a # comment
                guard let colon = line.firstIndex(of: 0x3A), colon + 3 < line.count, line[colon + 1] == 0x20, line[colon + 2] == 0x22,
                      let value = quoted(UnsafeBufferPointer(rebasing: line[(colon + 3)...]), strings: true),
                      let name = key(UnsafeBufferPointer(rebasing: line[0..<colon])), keys.insert(name).inserted else { return false }
                out.append((name, value, lineNumber))
                return true
            }
            return whole ? out : nil
        }
    }

    /// Calls `body` with each line (without its end) and its number, while it returns true;
    /// whether every line was read.
    static func lines(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) -> Bool {
        var lineNumber = 0
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            lineNumber += 1
            var stop = end
            if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
            guard body(UnsafeBufferPointer(rebasing: bytes[start..<stop]), lineNumber) else { return false }
            start = end + 1
        }
        return true
    }

    /// A key as the plain shapes allow it: letters, digits, `_`, `.` and `-`.
    static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard !bytes.isEmpty else { return nil }
        // (ASCII keys, the usual ones, are checked on their bytes.)
        if bytes.allSatisfy({ $0 < 0x80 }) {
            let ok = bytes.allSatisfy { b in
                (0x61...0x7A).contains(b) || (0x41...0x5A).contains(b) || (0x30...0x39).contains(b) || b == 0x5F || b == 0x2E || b == 0x2D
            }
            return ok ? String(decoding: bytes, as: UTF8.self) : nil
        }
        let name = String(decoding: bytes, as: UTF8.self)
        return name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }) ? name : nil
    }

    /// The rest of `"text"` after its opening quote, and nothing after it but spaces.
    /// `strings`: `\n` is a new line too, and a text of spaces is kept (the strings have both:
    /// cards on two lines, a thousands separator).
    static func quoted(_ s: UnsafeBufferPointer<UInt8>, strings: Bool = false) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == 0x5C { // \" and \\ only, and \n when asked
                i += 1
                guard i < s.count else { return nil }
                if strings, s[i] == 0x6E { out.append(0x0A); i += 1; continue }
                guard s[i] == 0x22 || s[i] == 0x5C else { return nil }
                out.append(s[i])
            } else if c == 0x22 {
                guard s[(i + 1)...].allSatisfy({ $0 == 0x20 }) else { return nil }
                let value = String(decoding: out, as: UTF8.self)
                // (A visible ASCII byte settles it; only a text without one is read as characters.)
                guard strings || out.contains(where: { $0 > 0x20 && $0 < 0x7F })
                    || (out.contains(where: { $0 != 0x20 && $0 != 0x09 }) && value.contains(where: { !$0.isWhitespace })) else { return nil }
                return value
            } else {
                out.append(c)
            }
            i += 1
        }
        return nil
    }
}
