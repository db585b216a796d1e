import MadiEmail
import MadiText

/// What a message can mean besides an answer: the general intents every step understands. Their
/// example messages are labelled `intent.<id>` in Dialogues/examples/<lang>.yaml.
public enum Intent: String, Sendable, CaseIterable, Codable {
    case yes, no, decline, human, bot, frustration
    case outOfScope = "out_of_scope"
    case changeMind = "change_mind"
    case unsure, greeting
    /// "attends je me suis trompé", "can we go back?": the previous question again, as `/retour`.
    case back
}

/// How an answer was understood (reported in replies for evaluation and analytics).
public enum Understood: String, Sendable, Codable {
    /// The option's number ("2").
    case number
    /// Its label, as shown (typos allowed).
    case label
    /// One of its synonyms (typos allowed).
    case synonym
    /// The classifier learnt from the examples.
    case learnt
    /// The LLM's reading.
    case llm
    /// A quantity (team size).
    case quantity
    /// A free text or an e-mail address.
    case text
}

/// One answer recorded in a turn.
public struct Noted: Sendable, Equatable, Codable {
    public var step: String
    /// The option id, or the number or text recorded.
    public var value: String
    public var how: Understood
}

/// A message cut into what answers and what asks: "le plus tôt possible. c'est combien ?" is an
/// answer ("le plus tôt possible") and a side question ("c'est combien").
public struct MessageParts: Sendable {
    /// The message without its question sentences (the whole message when it has none).
    public var answer: PreparedInput
    /// The question sentences, if any.
    public var question: PreparedInput?
    /// The question as typed.
    public var questionText: String?
    /// Each question sentence as typed, when there are several ("c finançable cpf ? et y a un
    /// certificat ?").
    public var questions: [String] = []
    /// The whole message is a question.
    public var onlyQuestion: Bool { question != nil && answer.isEmpty }
}

/// The classifier's scores of the messages read in one turn (a turn reads the same text several
/// ways: as an answer, a side question, an intent). Made and used by one turn only.
final class ScoreMemo {
    var table: [String: [Classifier.Score]] = [:]
}

extension Understanding {
    /// Every label's score for the message, from the turn's memo when it has them, keeping the
    /// labels `allowed` accepts (in the same order).
    func scores(_ input: PreparedInput, _ memo: ScoreMemo?, _ allowed: (String) -> Bool) -> [Classifier.Score] {
        let all: [Classifier.Score]
        if let hit = memo?.table[input.folded] {
            all = hit
        } else if input.tokens.count == 1, Self.loneCues.contains(input.tokenStrings[0]) {
            // ("wait." alone: it opens what comes next, it means nothing of its own; its examples
            // are sentences where it opens something else.)
            all = []
        } else {
            all = classifier.scores(input)
            memo?.table[input.folded] = all
        }
        return all.filter { allowed($0.label) }
    }

    static let loneCues: Set<String> = ["wait", "attends", "attend", "actually", "hmm", "hm", "euh", "bah", "enfait"]

    /// The classifier's best label is taken when its nearest example is at least this close
    /// (cosine similarity)…
    public static let acceptScore = 0.3
    /// …it leads the next label by this much…
    public static let acceptMargin = 0.03
    /// …and the labels' centroids agree, unless it is at least this close (measured on the
    /// development set and the examples' cross-validation: docs/UNDERSTANDING.md).
    public static let strongScore = 0.55
    /// A side question is answered from the FAQ when its nearest example is at least this close.
    public static let sideScore = 0.45
    /// A question with a FAQ keyword in it whose examples are not even this close is not taken
    /// as that entry's question.
    public static let weakSideScore = 0.2
    /// Two options both at least this close, too close to choose: Madi asks which one was meant.
    public static let clarifyScore = 0.3

    /// Options the rules find equally named ("en reconversion, j'étais aide-soignante avant") are
    /// settled by the classifier when one of them is at least this close to the message…
    public static let settleScore = 0.5
    /// …and leads every other option of the step by this much.
    public static let settleMargin = 0.2

    /// What the classifier decides among scores: a label, two close labels, or nothing.
    public enum Decision: Equatable, Sendable {
        case label(String)
        case close(String, String)
        case none
    }

    public static func decide(_ scores: [Classifier.Score]) -> Decision {
        guard let top = scores.first, top.score >= acceptScore else { return .none }
        let second = scores.dropFirst().first
        let centroidTop = scores.max { $0.centroid < $1.centroid }?.label
        let margin = top.score - (second?.score ?? 0)
        if margin >= acceptMargin, centroidTop == top.label || top.score >= strongScore { return .label(top.label) }
        if let second, second.score >= clarifyScore, margin < acceptMargin || centroidTop == second.label {
            return .close(top.label, second.label)
        }
        return .none
    }

    /// A clause must be at least this close to a later question's option to answer it early, and
    /// lead every other label by `clauseMargin`: an answer recorded early is never asked, so a
    /// wrong one is costly.
    public static let clauseScore = 0.55
    /// A message this much closer to another question's option than to the current question's
    /// does not answer the current one.
    public static let elsewhereMargin = 0.2
    public static let clauseMargin = 0.1

    /// The message cut at commas, full stops and the clause joiners ("et", "and", "mais", "but").
    func clauses(_ raw: String) -> [String] {
        var clauses: [String] = []
        var current: [Substring] = []
        for word in raw.split(whereSeparator: { $0 == " " }) {
            var w = word
            var ends = false
            while let last = w.last, ",.;!?".contains(last) { w = w.dropLast(); ends = true }
            let folded = TextFold.fold(String(w))
            if clauseJoiners.contains(folded) {
                if !current.isEmpty { clauses.append(current.joined(separator: " ")) }
                current = []
                continue
            }
            if !w.isEmpty { current.append(w) }
            if ends, !current.isEmpty { clauses.append(current.joined(separator: " ")); current = [] }
        }
        if !current.isEmpty { clauses.append(current.joined(separator: " ")) }
        return clauses
    }

    /// Answers to later questions said in their own clause: the message cut at commas, full stops
    /// and "et"/"and"/"mais"/"but", each clause read by the classifier among those questions'
    /// options, the side questions and the intents.
    func clausePrefills(_ raw: String, stepIds: [String], content: Content, memo: ScoreMemo? = nil,
                        skipping answered: [String] = [], current: String? = nil) -> [(step: String, option: String)] {
        let clauses = self.clauses(raw)
        guard clauses.count >= 2 else { return [] }
        var labels: Set<String> = []
        // The current question's options compete too: a clause that reads as its answer answers
        // no later question.
        for id in stepIds + [current].compactMap({ $0 }) { for o in content.step(id)?.options ?? [] { labels.insert(id + "." + o.id) } }
        for e in faqIds { labels.insert("faq." + e) }
        for i in Intent.allCases { labels.insert("intent." + i.rawValue) }
        var out: [(String, String)] = []
        for clause in clauses {
            let input = prepare(clause)
            // The clause that answered the current question answers nothing else ("now n then"
            // is how often, not when).
            if Self.holds(input, answered) { continue }
            // A clause that is a later option's name and nothing else ("je suis dev", "im a dev"):
            // every word that is not a stopword inside the name, no negation, not a yes or a no.
            if let (step, option) = wholeClauseOption(input, stepIds: stepIds), !out.contains(where: { $0.0 == step }) {
                out.append((step, option))
                continue
            }
            guard input.tokenStrings.filter({ !classifier.stopwords.contains($0) }).count >= 2 else { continue }
            let scores = self.scores(input, memo) { labels.contains($0) }
            guard let top = scores.first, top.score >= Self.clauseScore,
                  top.score - (scores.dropFirst().first?.score ?? 0) >= Self.clauseMargin,
                  let dot = top.label.firstIndex(of: "."), !top.label.hasPrefix("faq."), !top.label.hasPrefix("intent.") else { continue }
            let step = String(top.label[..<dot]), option = String(top.label[top.label.index(after: dot)...])
            // ("nothing rn, job hunting", "rien pour l'instant": a "now" said of the prospect's
            // situation is no start.)
            if datedSteps.contains(step), input.tokenStrings.contains(where: Self.situationWords.contains) { continue }
            if stepIds.contains(step), !out.contains(where: { $0.0 == step }) { out.append((step, option)) }
        }
        return out
    }
    /// Words that say what the prospect's situation is now, not when to start.
    static let situationWords: Set<String> = ["nothing", "rien", "unemployed", "jobless", "chomage", "chomeur", "chomeuse", "hunting", "emploi",
                                              "job", "work", "boulot", "taf", "travail", "between", "redundant", "licencie", "licenciee"]

    /// Later questions' options named in a sentence with one of that question's cues ("on veut
    /// démarrer asap", "every day, i run a small company"): their synonyms, however short, said
    /// exactly, in a sentence without a negation. Sentences are cut at punctuation only, so that a
    /// phrase with a joiner in it ("now and then") stays whole, and no option is taken from a word
    /// of another question's longer phrase ("starting to use it now and then" says how often).
    func cuedOptions(_ raw: String, stepIds: [String], skipping answered: [String] = []) -> [(step: String, option: String)] {
        var out: [(step: String, option: String)] = []
        for sentence in Self.pieces(raw, cutAt: ",.;!?\n") {
            let input = prepare(sentence)
            guard !input.tokens.contains(where: negations.contains), !Self.holds(input, answered) else { continue }
            for id in stepIds where !out.contains(where: { $0.step == id }) {
                guard let cues = stepCues[id], case let said = Self.phraseSpans(input.tokenStrings, cues), !said.isEmpty else { continue }
                let found = bestOption(id, input, fuzzy: false)
                guard case let .option(option) = found.choice, let span = found.span else { continue }
                // Right after its cue, one word between at most ("je suis un dev", "i run a small
                // company"; not "je suis nulle en tech").
                guard said.contains(where: { span.lowerBound >= $0.lowerBound && span.lowerBound <= $0.upperBound + 1 }) else { continue }
                let longer = options.keys.contains { other in
                    guard other != id, let s = bestOption(other, input, fuzzy: false).span else { return false }
                    return s.overlaps(span) && s.count > span.count
                }
                if !longer { out.append((id, option)) }
            }
        }
        return out
    }

    /// Where each of the phrases is found among the words.
    static func phraseSpans(_ w: [String], _ phrases: [String: [[String]]]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        for (i, word) in w.enumerated() {
            for p in phrases[word] ?? [] where i + p.count <= w.count && w[i..<(i + p.count)].elementsEqual(p) { spans.append(i..<(i + p.count)) }
        }
        return spans
    }

    /// The question among `stepIds` that the message names by one of its `names` ("change my job
    /// answer", "le nombre de personnes"); the one named last when several are.
    func namedStep(_ input: PreparedInput, among stepIds: [String]) -> String? {
        var best: (id: String, at: Int)?
        for id in stepIds {
            guard let names = stepNames[id], let at = Self.phraseSpans(input.tokenStrings, names).map(\.lowerBound).max() else { continue }
            if best == nil || at > best!.at { best = (id, at) }
        }
        return best?.id
    }

    /// Whether the input holds one of the step's cues anywhere.
    func hasCue(_ stepId: String, _ input: PreparedInput) -> Bool {
        guard let cues = stepCues[stepId] else { return false }
        return !Self.phraseSpans(input.tokenStrings, cues).isEmpty
    }

    /// Whether one of the step's cues comes right before `span`, one word between at most ("je
    /// suis directeur", "i run a small agency").
    func cued(_ stepId: String, _ span: Range<Int>, _ input: PreparedInput) -> Bool {
        guard let cues = stepCues[stepId] else { return false }
        return Self.phraseSpans(input.tokenStrings, cues).contains { span.lowerBound >= $0.upperBound && span.lowerBound <= $0.upperBound + 1 }
    }

    static func holds(_ input: PreparedInput, _ run: [String]) -> Bool {
        holds(input.tokenStrings, run)
    }

    /// Whether the words hold `run`, word after word.
    static func holds(_ w: [String], _ run: [String]) -> Bool {
        guard !run.isEmpty, w.count >= run.count else { return false }
        return (0...(w.count - run.count)).contains { w[$0..<($0 + run.count)].elementsEqual(run) }
    }

    /// The later question's option a clause names exactly, all of its words that count.
    func wholeClauseOption(_ input: PreparedInput, stepIds: [String]) -> (String, String)? {
        let content = input.tokenStrings.indices.filter { !classifier.stopwords.contains(input.tokenStrings[$0]) }
        // A lone word is not enough: "now and then" cut at "and" leaves "now".
        guard input.tokens.count >= 2, let first = content.first, let last = content.last, last - first < 4,
              !input.tokens.contains(where: negations.contains), yesNo(input) == nil else { return nil }
        for id in stepIds {
            let m = bestOption(id, input, fuzzy: false)
            guard case let .option(option) = m.choice, let span = m.span,
                  span.lowerBound <= first, span.upperBound > last,
                  input.tokens[span].reduce(0, { $0 + $1.count }) >= 3 else { continue }
            return (id, option)
        }
        return nil
    }

    /// Whether the text ends with a word that is written with a dot after it ("St", "Dr", "Inc").
    /// (Only words written before a name: "Ltd." or "Inc." end one, and may end the sentence.)
    static func endsWithAbbreviation(_ text: String) -> Bool {
        guard text.last.map({ $0.isLetter }) == true else { return false }
        let tail = text.suffix(4)
        let word = tail.split(separator: " ", omittingEmptySubsequences: false).last ?? tail[...]
        return word.count <= 3 && abbreviations.contains(word.lowercased())
    }
    static let abbreviations: Set<String> = ["st", "ste", "sté", "dr", "mr", "mrs", "ms", "mt", "bd", "av"]
    /// Whether the dot after `text` stands inside "Pvt. Ltd" ("Sunrise Pvt. Ltd., Pune"): `rest`
    /// is what follows the dot.
    /// (Three letters on each side are looked at, not the whole text.)
    static func dotInLegalForm(_ text: String, _ rest: Substring) -> Bool {
        text.suffix(3).lowercased() == "pvt" && rest.drop(while: { $0 == " " }).prefix(3).lowercased() == "ltd"
    }

    /// The last comma of the text that is not inside brackets.
    static func lastCommaOutsideBrackets(_ text: String) -> String.Index? {
        var depth = 0
        var found: String.Index?
        for i in text.indices {
            switch text[i] {
            case "(", "[": depth += 1
            case ")", "]": depth = max(0, depth - 1)
            case "," where depth == 0: found = i
            default: break
            }
        }
        return found
    }

    /// "you did not say whether", "tu n'as pas dit si": words that ask again without a question mark.
    static func asksIndirectly(_ w: [String]) -> Bool {
        // (Said to Madi: not "hard to say whether their level is beginner", "I'd rather not answer".)
        w.contains(where: ["you", "u", "tu", "vous", "m"].contains) && [["say", "whether"], ["said", "whether"], ["pas", "dit", "si"], ["not", "say", "if"],
         ["didn", "t", "say", "if"], ["didnt", "say", "if"], ["pas", "precise", "si"], ["pas", "repondu"], ["not", "answer"], ["didn", "t", "answer"],
         ["didnt", "answer"]].contains { Understanding.holds(w, $0) }
    }

    /// Cuts a message into its question sentences and the rest. `prepared`, the message already
    /// prepared, spares preparing it again when it is one sentence.
    public func split(_ raw: String, prepared: PreparedInput? = nil) -> MessageParts {
        if let prepared, !raw.utf8.contains(where: { Self.sentenceEnds.contains($0) || $0 == 0x2C }) {
            // One sentence, and no full-width or ideographic mark (their bytes are not ASCII).
            if raw.utf8.allSatisfy({ $0 < 0x80 }) || !raw.contains(where: { $0 == "？" || $0 == "。" }) {
                let text = raw.trimmed()
                if text.isEmpty { return MessageParts(answer: prepare(""), question: nil, questionText: nil) }
                guard opensQuestion(prepared) else { return MessageParts(answer: prepared, question: nil, questionText: nil) }
                let asked = splitAtJoiner(text)
                return MessageParts(answer: prepare(""), question: prepared, questionText: text, questions: asked.count > 1 ? asked : [])
            }
        }
        var sentences: [(text: String, question: Bool)] = []
        var current = ""
        for i in raw.indices {
            let ch = raw[i]
            if ch == "?" || ch == "？" {
                sentences.append((current, true)); current = ""
            } else if ch == ".", Self.endsWithAbbreviation(current) || Self.dotInLegalForm(current, raw[raw.index(after: i)...])
                        || Self.dotInWebAddress(current, raw[raw.index(after: i)...]) {
                // ("st. anne's high school, in leeds": the dot of an abbreviation ends no sentence.)
                current.append(ch)
            } else if ch == "." || ch == "!" || ch == ";" || ch == "\n" || ch == "。" {
                sentences.append((current, false)); current = ""
            } else {
                current.append(ch)
            }
        }
        sentences.append((current, false))
        var answer: [String] = []
        var question: [String] = []
        // (A count said with a question mark, kept to go on with the sentence after it: "maybe 5? 6 max".)
        var carried: String?
        for (text, marked) in sentences {
            var trimmed = text.trimmed()
            if trimmed.isEmpty { continue }
            if let c = carried {
                carried = nil
                trimmed = c + ", " + trimmed
            }
            // ("une quinzaine ? peut-être moins", "half the office, so like 20?": a count said with a
            // question mark, and hedges only, is a count, asked nothing.)
            // (Not after a clause that asks: "is there a minimum group size, like 5 people?".)
            if marked, tentativeCount(trimmed) || Self.lastCommaOutsideBrackets(trimmed).map({
                tentativeCount(String(trimmed[trimmed.index(after: $0)...])) && !opensQuestion(prepare(String(trimmed[..<$0])))
                    && faqEntry(prepare(String(trimmed[..<$0]))) == nil
            }) == true {
                carried = trimmed; continue
            }
            // "je veux automatiser mon boulot, c'est combien ?": the question is the clause after the
            // comma; without a question mark, when that clause opens like a question ("just looking
            // rn, how much is it").
            // (Not a comma in brackets: "reports like that (GA, meta ads -> slides)?" is one question.)
            // ("Bonjour, je me demande combien coûtent vos formations, combien de temps elles
            // durent ?": a question asked from "je me demande" on, its clauses each a question.)
            if marked, let at = Self.indirectQuestionStart(trimmed) {
                let head = String(trimmed[..<at]).trimmed()
                if !head.isEmpty { answer.append(head) }
                question.append(String(trimmed[at...]))
                continue
            }
            // ("Starter — does it cover what's safe to paste?", "Performer - is it full days?": a
            // course, a dash, then a question.)
            if marked, let dash = trimmed.range(of: " — ") ?? trimmed.range(of: " – ") ?? trimmed.range(of: " - ") {
                let head = String(trimmed[..<dash.lowerBound]).trimmed(), tail = String(trimmed[dash.upperBound...]).trimmed()
                // (Only a course said alone before it: not "Group discount - do you offer one?",
                // "2 days max - is that possible?", "Sure - what's the price before I agree?".)
                let said = prepare(head)
                if !tail.isEmpty, said.tokens.count <= 3, mentionedCourses(said).count == 1, !opensQuestion(said), opensQuestion(PreparedInput(tail)) {
                    answer.append(head); question.append(tail); continue
                }
            }
            if let comma = Self.lastCommaOutsideBrackets(trimmed) {
                let tail = String(trimmed[trimmed.index(after: comma)...]).trimmed()
                let head = String(trimmed[..<comma]).trimmed()
                let tailAsks = !tail.isEmpty && opensQuestion(PreparedInput(tail))
                // "Et sur place, c'est où ?": a head that opens with a joiner goes on a question.
                let joined = head.split(separator: " ").first.map { clauseJoiners.contains(TextFold.fold(String($0))) } ?? false
                // ("is remote like live video during the day, or can i do it in the evenings?": a
                // question between two things is one question.)
                // (Its own letters: "où a lieu la formation ?" asks where.)
                // (Nor, without a question mark, an alternative said: "Plus tard, ou je me renseigne
                // pour l'instant", an option's label typed as shown, is no question.)
                let alternative = tail.split(separator: " ").first.map { ["or", "ou"].contains(String($0).lowercased()) } == true
                // ("dans le master y a du RAG, des agents, de l'eval ?": the last of a list of things,
                // each after its article, is no question of its own.)
                let listed = marked && !tailAsks && Self.listsItems(head, tail)
                // ("ca depend si c finançable par le cpf, c le cas ?", "it covers rag, right?": a tail
                // that only asks back about the clause before makes that clause the question.)
                // (Only a clause that holds a side question's words: "zero experience, is that ok?" answers, then asks.)
                if marked, !head.isEmpty, Self.asksBack.contains(PreparedInput(tail).tokenStrings.joined(separator: " ")), faqEntry(prepare(head)) != nil {
                    question.append(trimmed); continue
                }
                if !tail.isEmpty, !head.isEmpty, !(marked && joined), !alternative, !listed,
                   marked ? (tailAsks || !opensQuestion(PreparedInput(head))) : (tailAsks && !opensQuestion(PreparedInput(head))) {
                    answer.append(head); question.append(tail); continue
                }
            }
            // ("asap mais est-ce que ça m'engage a quelque chose ?", "march but do you do evenings?":
            // a short answer, then "but" and a question.)
            if marked, let (head, tail) = answerThenJoinedQuestion(trimmed) {
                answer.append(head); question.append(tail); continue
            }
            // ("…come to us? and is there a certificate": a question after its joiner too.)
            // ("You did not say whether VAT is included.", "tu n'as pas dit si c'est finançable": a
            // question asked again without its mark, about what a side question answers.)
            if marked || opensQuestion(PreparedInput(trimmed)) || opensQuestion(PreparedInput(withoutJoiner(trimmed)))
                || (Self.asksIndirectly(PreparedInput(trimmed).tokenStrings) && faqEntry(prepare(trimmed)) != nil) {
                question.append(trimmed)
            } else {
                answer.append(trimmed)
            }
        }
        if let c = carried { answer.append(c) }
        let q = question.joined(separator: " ")
        let asked = question.flatMap(splitAtJoiner)
        // Sentences stay apart in the raw text (". "), so that a clause never spans two of them
        // ("slt! jsuis dev et…": "jsuis dev" is a clause, not "slt jsuis dev").
        return MessageParts(answer: prepare(answer.joined(separator: ". ")),
                            question: question.isEmpty ? nil : prepare(q), questionText: question.isEmpty ? nil : q,
                            questions: asked.count > 1 ? asked : [])
    }

    /// Whether the text is a count and words that hedge it only ("so like 20", "une quinzaine",
    /// "8-10 maybe").
    func tentativeCount(_ text: String) -> Bool {
        let input = prepare(text)
        let found = quantities.all(input)
        guard found.count == 1, let span = found.first?.span else { return false }
        return input.tokenStrings.indices.allSatisfy { span.contains($0) || Self.countHedges.contains(input.tokenStrings[$0]) }
    }
    static let countHedges: Set<String> = ["so", "like", "about", "around", "roughly", "maybe", "perhaps", "approx", "approximately", "ish", "genre",
                                           "environ", "peut", "etre", "ptet", "a", "peu", "pres", "quoi", "donc", "alors", "um", "uh", "euh", "hmm",
                                           "people", "personnes", "ppl", "ok", "then", "du", "coup", "bah", "ben", "well", "hm"]

    /// A sentence that opens with a few words that ask nothing, then "mais"/"but" and a clause
    /// that opens like a question: the two apart.
    func answerThenJoinedQuestion(_ sentence: String) -> (String, String)? {
        let words = sentence.split(separator: " ")
        guard words.count >= 4 else { return nil }
        for k in 1..<min(words.count - 2, 6) where ["mais", "but"].contains(TextFold.fold(String(words[k]))) {
            let head = words[..<k].joined(separator: " "), tail = words[(k + 1)...].joined(separator: " ")
            // ("ça m'intéresse mais si je m'inscris est-ce que je dois payer tout de suite ?": the
            // question after its condition.)
            let after = words[(k + 1)...]
            let conditional = ["si", "if"].contains(TextFold.fold(String(after.first ?? ""))) && (2..<min(after.count, 7)).contains { j in
                opensQuestion(PreparedInput(after.dropFirst(j).joined(separator: " ")))
            }
            // (Not a yes, a no or an "ok" alone before it: "ok but what is this exactly?" asks.)
            let said = PreparedInput(head)
            guard opensQuestion(PreparedInput(tail)) || conditional, !opensQuestion(said),
                  !(said.tokens.count <= 2 && (yesNo(said) != nil || said.tokenStrings.allSatisfy(Self.acknowledgements.contains))) else { return nil }
            return (head, tail)
        }
        return nil
    }

    /// Short questions that ask back about what was just said ("c le cas ?", "right?", "ou pas ?").
    static let asksBack: Set<String> = ["c le cas", "c est le cas", "est ce le cas", "c vrai", "c est vrai", "ou pas", "oui ou non", "non", "hein",
                                        "right", "is it", "is that right", "is that true", "or not", "yes or no", "isn t it", "isnt it", "correct",
                                        "ca marche", "ca passe", "c possible", "c est possible", "does that work", "would that work", "will that work",
                                        "is that ok", "is that possible", "toi", "vous", "you", "d apres toi", "d apres vous", "selon toi", "selon vous", "in your opinion"]

    /// Whether `tail`, said after the last comma of `head`, is the last of a list of things: it and
    /// the piece before it, a few words each, open with an article ("du RAG, des agents, de
    /// l'eval"), or are a word or two each after a longer clause that opens the list ("does master
    /// have rag, agents, evals").
    static func listsItems(_ head: String, _ tail: String) -> Bool {
        let pieces = head.split(separator: ",").map { PreparedInput(String($0)).tokenStrings }
        guard let a = pieces.last, case let b = PreparedInput(tail).tokenStrings, (1...4).contains(b.count), (1...4).contains(a.count) else { return false }
        if listArticles.contains(a[0]), listArticles.contains(b[0]) { return true }
        return pieces.count >= 2 && a.count <= 2 && b.count <= 2 && pieces[0].count >= 3
    }
    static let listArticles: Set<String> = ["du", "de", "des", "d", "la", "le", "les", "l", "un", "une", "the", "some", "any"]

    /// Where a question said indirectly starts ("je me demande…", "I was wondering…"), when it
    /// asks several things (a comma after it).
    static func indirectQuestionStart(_ sentence: String) -> String.Index? {
        let lower = sentence.lowercased().replacingOccurrences(of: "’", with: "'")
        guard lower.count == sentence.count else { return nil } // (indices shared with the sentence)
        for opener in indirectOpeners {
            guard let r = lower.range(of: opener), lower[r.upperBound...].contains(",") else { continue }
            return sentence.index(sentence.startIndex, offsetBy: lower.distance(from: lower.startIndex, to: r.lowerBound))
        }
        return nil
    }
    static let indirectOpeners = ["je me demande", "j'aimerais savoir", "je voudrais savoir", "je souhaiterais savoir", "j'aurais voulu savoir",
                                  "i wonder", "i was wondering", "i'd like to know", "i would like to know", "i want to know", "i wanted to know"]

    /// The sentence without a first word that joins it to the one before ("and is there…").
    /// ("and again whats ur refund policy", "and also…": a word of addition after the joiner goes too.)
    func withoutJoiner(_ sentence: String) -> String {
        guard let space = sentence.firstIndex(of: " "), clauseJoiners.contains(TextFold.fold(String(sentence[..<space]))) else { return sentence }
        var rest = sentence[sentence.index(after: space)...]
        while let next = rest.firstIndex(of: " "), Self.againWords.contains(TextFold.fold(String(rest[..<next]))) {
            rest = rest[rest.index(after: next)...]
        }
        return String(rest)
    }
    static let againWords: Set<String> = ["again", "also", "encore", "aussi"]

    /// A question sentence that asks two things joined by "et"/"and" ("ça dure combien et ça coûte
    /// combien", "how long is it and is there a cert"): its two halves, when the first holds a side
    /// question's keyword and the second too or opens like a question; else the sentence. (Each
    /// half is then read on its own; the same answer twice is said once.)
    func splitAtJoiner(_ sentence: String) -> [String] {
        let words = sentence.split(separator: " ")
        guard words.count >= 4 else { return [sentence] }
        for i in 1..<(words.count - 1) where clauseJoiners.contains(TextFold.fold(String(words[i]))) {
            let head = words[..<i].joined(separator: " "), tail = words[(i + 1)...].joined(separator: " ")
            let second = prepare(tail)
            if faqEntry(prepare(head)) != nil, faqEntry(second) != nil || opensQuestion(second) {
                return [head.trimmed()] + splitAtJoiner(tail.trimmed())
            }
        }
        return [sentence]
    }

    /// The bytes that end a sentence: ? . ! ; and a new line.
    static let sentenceEnds: Set<UInt8> = [0x3F, 0x2E, 0x21, 0x3B, 0x0A]

    /// Words of acknowledgement that may open a question ("ok so how much…"), skipped by
    /// `opensQuestion(_:afterLeadIns:)`.
    static let leadIns: Set<String> = ["ok", "okay", "so"]

    /// A sentence that starts like a question ("combien…", "c'est quoi…", "how…", "is it…").

    func opensQuestion(_ input: PreparedInput, afterLeadIns: Bool = false) -> Bool {
        var w = input.tokenStrings[...]
        // ("ok so how much for ~13 ppl roughly", with `afterLeadIns`: an acknowledgement before
        // the question opens nothing.)
        while afterLeadIns, w.count > 2, let first = w.first, Self.leadIns.contains(first) { w = w.dropFirst() }
        // ("pourquoi pas", "why not": a yes.)
        guard let first = w.first, let openers = questionOpeners[first] else { return false }
        // ("what i really want is to automate my reports": what is wanted, said, no question.)
        if first == "what", w.count > 3, ["i", "we"].contains(w[w.startIndex + 1]),
           w.dropFirst(2).prefix(2).contains(where: ["want", "need", "wanna", "like", "mean", "do"].contains),
           w.contains(where: ["is", "its", "s"].contains) { return false }
        // ("…, which is usually mid-February.": a clause that says more of what came before, not
        // asked.)
        if first == "which", w.count >= 3, ["is", "was", "will", "would", "means", "should"].contains(w[w.startIndex + 1]),
           ["usually", "normally", "generally", "typically", "always", "often", "around", "probably"].contains(w[w.startIndex + 2]),
           !input.raw.contains("?") { return false }
        return openers.contains { w.starts(with: $0) } && !isWholeYes(input)
    }

    /// The learnt decision on a message among the labels `allowed` accepts.
    func learnt(_ input: PreparedInput, memo: ScoreMemo? = nil, allowed: (String) -> Bool) -> Decision {
        Self.decide(scores(input, memo, allowed))
    }

    /// The labels a message may mean at a step: its options, the side questions, the intents.
    func labels(forStep stepId: String, options: [String]) -> Set<String> {
        var set = sideLabels
        for o in options { set.insert(stepId + "." + o) }
        return set
    }

    /// The side question or general intent a message asks, learnt from the examples.
    func learntSide(_ input: PreparedInput, asked: Bool = true, bar given: Double? = nil, memo: ScoreMemo? = nil) -> String? {
        let scores = self.scores(input, memo) { $0.hasPrefix("faq.") || $0.hasPrefix("intent.") }
        // A wrong answer to a side question is worse than "I'll ask the team": a higher bar, and
        // higher still for a message that does not ask anything.
        let bar = given ?? (asked ? Self.sideScore : Self.strongScore)
        guard case let .label(l) = Self.decide(scores), (scores.first?.score ?? 0) >= bar else { return nil }
        return l
    }

    /// An intent said as the whole message ("t'es nul", "je veux parler à quelqu'un").
    public func intent(_ input: PreparedInput) -> Intent? { intent(input, memo: nil) }

    func intent(_ input: PreparedInput, memo: ScoreMemo?) -> Intent? {
        let scores = self.scores(input, memo) { $0.hasPrefix("intent.") || $0.hasPrefix("faq.") }
        guard case let .label(l) = Self.decide(scores), l.hasPrefix("intent."), (scores.first?.score ?? 0) >= Self.sideScore else {
            // ("i dont know", "dunno lol": a doubt of the lexicon's, `unsure_words`, said alone or
            // with one word more.)
            if let span = Self.phraseSpans(input.tokenStrings, unsureWords).first, span.count >= input.tokens.count - 1 { return .unsure }
            return nil
        }
        let intent = Intent(rawValue: String(l.dropFirst("intent.".count)))
        // ("ok ça m'intéresse": a yes in words is never read as a decline, nor a no as a yes.)
        if let intent, [.decline, .no].contains(intent), yesNo(input) == true, !no.contains(where: { Fuzzy.score($0, in: input, fuzzy: false) != nil }),
           !input.tokens.contains(where: negations.contains) { return nil }
        if intent == .yes, yesNo(input) == false { return nil }
        // ("jveux pas qu'on m'appelle": no call asked for.)
        if intent == .human, deniesCall(input) { return nil }
        // ("mouais" alone: a doubt that sounds like a yes.)
        if intent == .yes, yesNo(input) == nil, input.tokens.count <= 2, saysUnsure(input) { return .unsure }
        return intent
    }

    /// Intents that only get a reply and the question again: nothing is recorded or ended.
    static let replyOnly: Set<Intent> = [.human, .bot, .frustration, .outOfScope, .unsure]
    static let questionScore = 0.35

    /// An intent that only gets a reply, read with a lower bar than `intent` (misreading one
    /// costs a sentence, not an answer): the nearest intent or FAQ label is that intent, at
    /// least `acceptScore` close, and ahead of anything else but another such intent.
    /// A question needs `questionScore`: a question is more likely a real one Madi cannot answer.
    func replyIntent(_ input: PreparedInput, memo: ScoreMemo?, bar: Double = acceptScore) -> Intent? {
        let scores = self.scores(input, memo) { $0.hasPrefix("intent.") || $0.hasPrefix("faq.") }
        func replyOnly(_ s: Classifier.Score?) -> Intent? {
            guard let s, s.label.hasPrefix("intent."), let i = Intent(rawValue: String(s.label.dropFirst("intent.".count))),
                  Self.replyOnly.contains(i) else { return nil }
            return i
        }
        guard let top = scores.first, top.score >= bar, let intent = replyOnly(top), intent != .human || !deniesCall(input) else { return nil }
        if let second = scores.dropFirst().first, top.score - second.score < Self.acceptMargin, replyOnly(second) == nil { return nil }
        return intent
    }

    /// The nearest intent or FAQ label, however far: a hint, not a reading ("no email, I'd rather
    /// speak to a person" leans to a person rather than a refusal).
    func leaning(_ input: PreparedInput, memo: ScoreMemo?) -> String? {
        scores(input, memo) { $0.hasPrefix("intent.") || $0.hasPrefix("faq.") }.first.flatMap { $0.score >= Self.acceptScore ? $0.label : nil }
    }

    /// The address in a chat message ("c'est jb.martin@free.fr", "nico_b@hotmail.fr merci",
    /// "d.nguyen@proton.me."), and what else the message says. Full-width forms typed with an input
    /// method ("marie．dupont＠gmail。com") become ASCII first; the validator then judges the address.
    /// Whether a word is the end of a domain: letters, digits or hyphens, a dot, and a top-level
    /// domain of two to six letters ("realty.com", "co.uk").
    static func isDomainEnd(_ word: Substring) -> Bool {
        let labels = word.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let tld = labels.last, (2...6).contains(tld.count), tld.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return labels.allSatisfy { !$0.isEmpty && $0.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" } }
    }

    public static func address(in raw: String) -> (address: String?, rest: String?) {
        // No "@" in ASCII or full width (EF BC A0): no address.
        guard raw.hasAtSign else { return (nil, nil) }
        let typed: String
        if raw.utf8.allSatisfy({ $0 < 0x80 }) {
            typed = raw // nothing full width in ASCII
        } else {
            var text = String.UnicodeScalarView()
            for c in raw.unicodeScalars {
                switch c.value {
                case 0xFF01...0xFF5E: text.append(Unicode.Scalar(c.value - 0xFEE0)!) // full-width ASCII
                case 0x3002, 0xFF61: text.append(".") // ideographic full stops
                default: text.append(c)
                }
            }
            typed = String(text)
        }
        // "Name <a@b.fr>" is left whole: the validator explains it.
        guard typed.utf8.contains(0x40), !typed.utf8.contains(0x3C) else { return (nil, nil) }
        let message = commaBeforeEnding(typed)
        // (An address typed alone, the usual answer, is one word: no split to make.)
        let separated = message.utf8.contains { $0 == 0x20 || $0 == 0x09 || $0 == 0x2C || $0 == 0x3B }
        let words = separated ? message.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == ";" }) : [message[...]]
        var withAt = words.filter { $0.utf8.contains(0x40) }
        // ("send it to sam.jones@acme.com instead, sam@ is just an alias": one address whole, the
        // other words with an "@" only naming one.)
        if withAt.count > 1 {
            withAt = withAt.filter { word in
                let parts = trimmed(word, of: addressEdges).split(separator: "@", omittingEmptySubsequences: false)
                return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            }
        }
        guard withAt.count == 1, let word = withAt.first else { return (nil, nil) }
        var address = trimmed(Substring(word), of: addressEdges)
        guard !address.isEmpty else { return (nil, nil) }
        var taken = word.startIndex..<word.endIndex
        // ("darlene.w@lonestarhomes realty.com wont get spammed right?": a space typed inside the
        // domain, its end the next word; the address is said back at consent.)
        if word.last != ".", let at = address.lastIndex(of: "@"), !address[at...].contains("."), address.index(after: at) < address.endIndex,
           let k = words.firstIndex(where: { $0.startIndex == word.startIndex }), k + 1 < words.count,
           message[word.endIndex..<words[k + 1].startIndex].allSatisfy({ $0 == " " }), case let tail = trimmed(words[k + 1], of: addressEdges),
           Self.isDomainEnd(tail),
           // (Not a dot left out before an ending: "john@bigpond net.au", "priya@yahoo co.in".)
           !["com", "net", "org", "co", "gov", "edu", "ac", "info", "biz"].contains(tail.split(separator: ".").first.map { $0.lowercased() } ?? "") {
            address += tail
            taken = word.startIndex..<words[k + 1].endIndex
        }
        var rest = message
        rest.removeSubrange(taken) // the words are slices of `message`
        let restTrimmed = rest.trimmed()
        let cleaned = restTrimmed.drop { ".,;:!".contains($0) || $0 == " " }
        return (String(address), cleaned.isEmpty ? nil : String(cleaned))
    }

    /// "gerard.dupont49@wanadoo,fr": a comma typed for the dot before a common ending of a
    /// domain that has no dot, made the dot.
    static func commaBeforeEnding(_ message: String) -> String {
        guard message.utf8.contains(0x2C), let at = message.firstIndex(of: "@"), let comma = message[at...].firstIndex(of: ","),
              case let domain = message[message.index(after: at)..<comma], !domain.isEmpty, !domain.contains("."),
              domain.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return message }
        let after = message[message.index(after: comma)...]
        let ending = after.prefix { $0.isLetter }
        guard domainEndings.contains(ending.lowercased()), ending.endIndex == after.endIndex || !after[ending.endIndex].isLetter
        else { return message }
        var fixed = message
        fixed.replaceSubrange(comma...comma, with: ".")
        return fixed
    }
    static let domainEndings: Set<String> = ["fr", "com", "org", "net", "be", "ch", "ca", "de", "io", "eu", "uk", "es", "it", "nl", "lu", "co", "me", "info", "edu", "gov"]

    /// Punctuation that may stand around an address in a sentence ("(jb@free.fr)", "d.n@proton.me.").
    static let addressEdges: Set<Character> = [".", ",", ";", ":", "!", "?", "(", ")", "[", "]", "\"", "'", "«", "»", "“", "”"]

    /// The word without the characters of `edges` at either end.
    static func trimmed(_ word: Substring, of edges: Set<Character>) -> Substring {
        var w = word
        while let f = w.first, edges.contains(f) { w = w.dropFirst() }
        while let l = w.last, edges.contains(l) { w = w.dropLast() }
        return w
    }

    /// Whether the text holds two "@" or more: two addresses need them (most messages hold none).
    static func holdsTwoAtSigns(_ raw: String) -> Bool {
        var seen = 0
        for byte in raw.utf8 where byte == 0x40 {
            seen += 1
            if seen == 2 { return true }
        }
        return false
    }

    /// The first of two or more valid addresses in a message, cleaned of the punctuation around it.
    public static func firstOfSeveralAddresses(_ raw: String) -> String? {
        guard holdsTwoAtSigns(raw) else { return nil }
        let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == ";" || $0 == "\n" })
            .map { trimmed($0, of: addressEdges.union(["<", ">"])) }
            .filter { $0.utf8.contains(0x40) }
        guard words.count >= 2 else { return nil }
        let valid = words.filter { if case .valid = EmailValidator.validate(String($0)) { return true } else { return false } }
        guard valid.count >= 2 else { return nil }
        // ("bob@hotmial.com bob@gmail.com": the same name typed twice, the first without a typo in
        // a known provider's domain; "raj@aon.com, … sofia.ruiz@gmail.com" are two people's.)
        let locals = Set(valid.map { $0.split(separator: "@").first.map { $0.lowercased() } ?? "" })
        guard locals.count == 1 else { return String(valid[0]) }
        return String(valid.first(where: { w in
            if case let .valid(a) = EmailValidator.validate(String(w)) { return EmailSuggester.providerSuggestion(a.normalized) == nil } else { return false }
        }) ?? valid[0])
    }

    /// "email raj@paylane.io, pls cc my eng manager sofia@paylane.io": the valid addresses after
    /// the first of several, and the message without any of them (nil when nothing is left).
    public static func severalAddresses(_ raw: String) -> (others: [String], rest: String?)? {
        guard let chosen = firstOfSeveralAddresses(raw) else { return nil }
        var others: [String] = [], first = true
        var kept: [Substring] = []
        for word in raw.split(separator: " ", omittingEmptySubsequences: true) {
            let address = trimmed(word, of: addressEdges.union(["<", ">", ",", ";"]))
            if address.utf8.contains(0x40), case .valid = EmailValidator.validate(String(address)) {
                if !first || String(address) != chosen { others.append(String(address)) } else { first = false }
                continue
            }
            kept.append(word)
        }
        let rest = kept.joined(separator: " ").trimmed()
        return (others, rest.isEmpty ? nil : rest)
    }

    /// "c.dupont@mrn.fr ... ah non pardon, c'est dupond avec un d : c.dupond@mrn.fr": two valid
    /// addresses with a word of correction between them; the last one is meant. Nil otherwise.
    public static func correctedOfSeveralAddresses(_ raw: String) -> String? {
        guard holdsTwoAtSigns(raw) else { return nil }
        let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == ";" || $0 == "\n" })
            .map { trimmed($0, of: addressEdges.union(["<", ">", ":"])) }
        let at = words.indices.filter { i in
            guard words[i].utf8.contains(0x40), case .valid = EmailValidator.validate(String(words[i])) else { return false }
            return true
        }
        guard at.count >= 2, let last = at.last, case let before = at[at.count - 2], last > before + 1 else { return nil }
        let between = PreparedInput(words[(before + 1)..<last].joined(separator: " ")).tokenStrings
        // (Not an address set aside, "non pas marie.dupond@…", nor one for a copy, "my boss wants
        // to be in copy too: boss@…", "no need to cc jo@…".)
        guard !between.contains(where: notCorrecting.contains) else { return nil }
        return between.contains(where: correctionWords.contains) ? String(words[last]) : nil
    }
    static let notCorrecting: Set<String> = ["pas", "not", "need", "cc", "copie", "copy", "aussi", "too", "also", "boss", "chef", "collegue",
                                             "colleague", "manager", "et", "and"]

    /// Words that take back what was just typed.
    static let correctionWords: Set<String> = ["non", "no", "nope", "pardon", "sorry", "oops", "oups", "dsl", "desole", "desolee", "plutot",
                                                "actually", "mean", "correction", "erreur", "typo", "mistake", "wrong", "rather", "trompe", "trompee",
                                                // ("work one is j.smith@… but better use my personal jsmith88@…": the one preferred.)
                                                "better", "prefer", "prefere", "preferably", "instead", "use", "utilise", "utilisez", "prenez"]

    /// Yes or no said in other words ("ok pas de souci", "nan pas de mails svp", "rather not"),
    /// where a yes or a no is the answer: the intents yes (or a change of mind) and no (or decline)
    /// against each other and the side questions, at an answer's bar.
    ///
    /// `explicit` (consent): a yes must be plain, close to its examples with nothing of a no near.
    func learntYesNo(_ input: PreparedInput, explicit: Bool = false, memo: ScoreMemo? = nil) -> Bool? {
        let scores = self.scores(input, memo) { $0.hasPrefix("intent.") || $0.hasPrefix("faq.") }
        func side(_ label: String) -> Bool? {
            switch label {
            case "intent.yes", "intent.change_mind": return true
            case "intent.no", "intent.decline": return false
            default: return nil
            }
        }
        guard let top = scores.first, top.score >= Self.acceptScore, let answer = side(top.label) else { return nil }
        let other = scores.dropFirst().first { side($0.label) != answer }
        guard top.score - (other?.score ?? 0) >= Self.acceptMargin else { return nil }
        if explicit, answer {
            let no = scores.first { side($0.label) == false }?.score ?? 0
            guard top.score >= Self.strongScore, no < Self.clarifyScore else { return nil }
            // ("mmh", "hmm": a murmur near an example of a change of mind is no consent.)
            guard input.tokenStrings.contains(where: { !Self.interjections.contains($0) }) else { return nil }
        }
        return answer
    }

    /// An attempt at an address without its "@" ("lucas at gmail", "lucas.martin gmail.com"): a word
    /// with a dot inside, or a word for "@" ("at", "arobase": `at_words`): the validator says what
    /// is missing.
    public func triesAnAddress(_ raw: String) -> Bool {
        for word in raw.split(whereSeparator: { $0 == " " }) {
            let w = word.lowercased()
            if atWords.contains(TextFold.fold(w)) { return true }
            let inner = w.dropFirst().dropLast()
            if inner.contains("."), w.last != ".", w.first != "." { return true }
        }
        return false
    }

    /// An address said in words or typed with spaces, rebuilt: "sophie point leroy arobase orange
    /// point fr", "it's jean dot dupont at gmail dot com", "jean.dupont at gmail.com", "sophie.leroy
    /// @ orange.fr". The words for "@" and "." (`at_words`, `dot_words` in lexicon.yaml) become the
    /// signs and the spaces around a sign are dropped; an opening "c'est" or "my email is"
    /// (`address_openers`) and a closing "merci" (`politeness`) are left out. What remains must be
    /// one word with one "@" that the validator accepts. Nil when nothing had to be rebuilt, or
    /// when the message is something else ("at the moment no", "je suis dispo à 14h point final").
    /// The address is given as rebuilt; the validator normalizes it.
    static let addressAcks: Set<String> = ["ok", "okay", "oui", "yes", "yeah", "yep", "sure", "so", "alors", "bon", "ben", "ah", "oh", "well", "voila", "daccord",
                                           "ugh", "fine", "alright", "hmm", "euh", "pff", "bref"]

    public func rebuiltAddress(_ raw: String) -> String? {
        // ("p.girard(at)free.fr", "jean[at]gmail[dot]com": the signs written in brackets.)
        let unbracketed = Self.bracketedSigns(raw)
        let raw = unbracketed ?? raw
        // (One word: nothing to join, so nothing rebuilt.)
        guard raw.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }) else { return nil }
        var words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        // ("ok its jane.doe at outlook dot com": an acknowledgement before the opening.)
        while words.count > 2, Self.addressAcks.contains(TextFold.fold(words[0])) { words.removeFirst() }
        // The opening: the longest one made of whole words, with something after it.
        var opening: [String] = [], drop = 0
        for (i, word) in words.prefix(8).enumerated() where i < words.count - 1 {
            opening += Self.foldedWords(word)
            if addressOpeners.contains(opening) { drop = i + 1 }
        }
        words.removeFirst(drop)
        // Punctuation alone at either end (": jean…", "… com !"), and a closing "merci".
        func isPunctuation(_ w: String) -> Bool { TextFold.fold(w).isEmpty && !w.hasAtSign }
        while let first = words.first, isPunctuation(first) { words.removeFirst() }
        while let last = words.last, words.count > 1, isPunctuation(last) || politeness.contains(TextFold.fold(last)) {
            words.removeLast()
        }
        guard !words.isEmpty else { return nil }
        var rebuilt = false
        var pieces: [String] = []
        var i = 0
        // ("pierre tiret lefevre", "priya tiret bas n": a dash or an underscore said in up to
        // three words, the longest first.)
        signs: while i < words.count {
            for length in stride(from: min(3, words.count - i), through: 1, by: -1) {
                let folded = words[i..<(i + length)].map(TextFold.fold).joined(separator: " ")
                let sign = underscoreWords.contains(folded) ? "_" : dashWords.contains(folded) ? "-"
                    : length > 1 ? nil : atWords.contains(folded) ? "@" : dotWords.contains(folded) ? "." : nil
                if let sign {
                    pieces.append(sign)
                    rebuilt = true
                    i += length
                    continue signs
                }
            }
            pieces.append(words[i])
            i += 1
        }
        func isSign(_ c: Character?) -> Bool { c == "@" || c == "." || c == "＠" || c == "_" || c == "-" }
        var text = pieces[0]
        for piece in pieces.dropFirst() {
            if isSign(text.last) || isSign(piece.first) {
                text += piece
                rebuilt = true
            } else {
                text += " " + piece
            }
        }
        guard rebuilt, !text.contains(" ") else { return nil }
        let found = Self.address(in: text)
        guard let address = found.address, found.rest == nil, case .valid = EmailValidator.validate(address) else { return nil }
        return address
    }

    /// The text with "(at)", "[at]", "{at}" written as " @ " and "(dot)", "[dot]", "{dot}" as " . ",
    /// in any case; nil when it holds none.
    static func bracketedSigns(_ raw: String) -> String? {
        let bytes = Array(raw.utf8)
        var out: [UInt8] = []
        var i = 0, found = false
        let pairs: [(open: UInt8, close: UInt8)] = [(0x28, 0x29), (0x5B, 0x5D), (0x7B, 0x7D)]
        func lower(_ b: UInt8) -> UInt8 { (0x41...0x5A).contains(b) ? b + 32 : b }
        while i < bytes.count {
            if let pair = pairs.first(where: { $0.open == bytes[i] }),
               let (end, sign) = [(Array("at".utf8), UInt8(ascii: "@")), (Array("dot".utf8), UInt8(ascii: "."))].lazy.compactMap({ word, sign -> (Int, UInt8)? in
                   let end = i + 1 + word.count
                   return end < bytes.count && bytes[end] == pair.close && zip(bytes[(i + 1)..<end], word).allSatisfy({ lower($0) == $1 }) ? (end, sign) : nil
               }).first {
                out += [0x20, sign, 0x20]
                i = end + 1
                found = true
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        return found ? String(decoding: out, as: UTF8.self) : nil
    }

    /// "je m'appelle Julie Martin", "hi, I'm Tom, we run a bakery": the prospect's name said in the
    /// message (each word with a capital), and the message without the words that say it. After
    /// `self_intros` the words up to a comma, a joiner or a word of the lexicon are the name (two at
    /// most); after `loose_self_intros` ("je suis", "i'm") only a word written with a capital that
    /// Madi does not know ("I'm Interested" says something; "I'm Tom" is a name).
    func selfIntro(_ raw: String) -> (name: String, rest: String)? {
        selfIntro(raw, PreparedInput(raw))
    }

    /// `selfIntro(raw)`, with the message already read: its words are looked at only when it holds
    /// one of the intros (most messages hold none).
    func selfIntro(_ raw: String, _ input: PreparedInput) -> (name: String, rest: String)? {
        // (After a loose intro, a name is a word with a capital that is not the first one: "je
        // suis étudiant", "I'm new to it" are not looked at further.)
        guard input.tokenStrings.contains(where: selfIntroWords.contains) && selfIntros.contains(where: { Self.holds(input, $0) })
            || ((Self.capitalAfterFirstWord(raw) || input.tokenStrings.contains("btw")) && looseSelfIntros.contains(where: { Self.holds(input, $0) }))
        else { return nil }
        let words = raw.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 2, words.count <= 40 else { return nil }
        let folded = words.map { PreparedInput(String($0)).tokenStrings }
        let edges: Set<Character> = [",", ".", "!", "?", ";", ":", ")", "("]
        func bare(_ w: Substring) -> Substring { Self.trimmed(w, of: edges) }
        func endsClause(_ w: Substring) -> Bool { w.last.map(edges.contains) ?? false }
        func stops(_ i: Int) -> Bool {
            // ("Jean-Pierre": a name of two words joined, one word.)
            guard folded[i].count == 1 || (folded[i].count == 2 && words[i].contains("-") && isNameWord(words[i])) else { return true }
            let f = folded[i][0]
            return clauseJoiners.contains(f) || Self.subjects.contains(f) || Self.nameStops.contains(f)
                || emptyWords.contains(f)
        }
        func isNameWord(_ w: Substring) -> Bool {
            let b = bare(w)
            return b.count >= 2 && b.count <= 30 && b.allSatisfy { $0.isLetter || $0 == "-" || $0 == "'" || $0 == "’" }
        }
        for i in words.indices {
            var said: [String] = []
            for j in i..<min(words.count - 1, i + 4) {
                said += folded[j]
                // (The intro's last word may end the clause: "je m'appelle, euh," is no name.)
                if endsClause(words[j]) && j > i { break }
                let loose = looseSelfIntros.contains(said)
                guard loose || selfIntros.contains(said) else { continue }
                var name: [Substring] = []
                var k = j + 1
                // (After a loose intro, each word with a capital and unknown to Madi: "I'm Priya Nair".)
                // (One word Madi does not know and no nationality.)
                func unknownWord(_ w: Substring) -> Bool {
                    let word = PreparedInput(String(w))
                    return word.tokens.count == 1 && !vocabulary.contains(word.tokens[0]) && !classifier.knows(word: word.tokenStrings[0])
                        && !notNames.contains(word.tokenStrings[0])
                }
                func looksLikeName(_ w: Substring) -> Bool {
                    // ("je suis RH", "I'm CTO": a title in capitals, no name.)
                    w.first?.isUppercase == true && w.dropFirst().contains(where: \.isLowercase) && unknownWord(w)
                }
                // ("im amira btw": a word Madi does not know, before "btw", is a name too.)
                func beforeBtw(_ k: Int) -> Bool {
                    k + 1 < words.count && ["btw", "here"].contains(bare(words[k + 1]).lowercased()) && unknownWord(bare(words[k]))
                }
                while k < words.count, name.count < 2, isNameWord(words[k]), !stops(k), !loose || looksLikeName(bare(words[k])) || beforeBtw(k) {
                    name.append(bare(words[k]))
                    k += 1
                    if endsClause(words[k - 1]) { break }
                }
                guard !name.isEmpty else { continue }
                if loose, !(k == words.count || endsClause(words[k - 1]) || stops(k)) { continue }
                let capitalised = name.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
                var rest = (words[..<i] + words[k...]).joined(separator: " ")
                while let f = rest.first, edges.contains(f) || f == " " { rest.removeFirst() }
                while let l = rest.last, l == "," || l == " " { rest.removeLast() }
                return (capitalised, rest)
            }
        }
        return nil
    }

    /// A first and last name said alone ("(Karim Benali)", "- Claire Lefèvre, DRH", "… au 04 74 12
    /// 56 89. Claire Renaud."): two or three words with a capital, one of them at least a word Madi
    /// does not know, that open the text (at most two words after them) or close it after the end
    /// of a sentence; the first name.
    func fullNameAlone(_ text: String) -> String? {
        let edges: Set<Character> = [",", ".", "!", "?", ";", ":", ")", "(", "-", "—", "–", "\"", "'"]
        let raw = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let words = raw.map { Self.trimmed($0, of: edges) }
        func capitalised(_ w: Substring) -> Bool {
            w.count >= 2 && w.first?.isUppercase == true && w.dropFirst().allSatisfy { $0.isLowercase || $0 == "-" }
                && !notNames.contains(PreparedInput(String(w)).tokenStrings.first ?? "")
        }
        func unknown(_ w: Substring) -> Bool {
            let word = PreparedInput(String(w))
            return !word.tokens.isEmpty && !word.tokens.contains(where: vocabulary.contains) && !classifier.knows(word: word.tokenStrings[0])
        }
        func name(_ run: ArraySlice<Substring>) -> String? {
            // (Not a company: "Acme Corp", "Durand SAS".)
            run.count >= 2 && run.count <= 3 && run.allSatisfy(capitalised) && run.contains(where: unknown)
                && !run.contains(where: { Self.companySuffixes.contains($0.lowercased()) }) ? String(run.first!) : nil
        }
        let nonEmpty = words.filter { !$0.isEmpty }
        // Opening the text.
        var k = 0
        while k < nonEmpty.count, k < 3, capitalised(nonEmpty[k]) { k += 1 }
        if k >= 2, nonEmpty.count - k <= 2, let first = name(nonEmpty[..<k]) { return first }
        // Closing it, after the end of a sentence.
        for n in [3, 2] where raw.count > n {
            let before = raw[raw.count - n - 1]
            guard let mark = before.last, ".!".contains(mark) || before.allSatisfy({ "-—–".contains($0) }) else { continue }
            if let first = name(words[(words.count - n)...]) { return first }
        }
        return nil
    }

    static let companySuffixes: Set<String> = ["corp", "inc", "ltd", "sas", "sarl", "gmbh", "sa", "llc", "co", "group", "groupe", "company", "consulting", "conseil"]

    /// Whether a word after the first starts with a capital, "I" and its forms aside.
    /// (On the bytes, ASCII capitals only: most messages are read to their end without a find.)
    static func capitalAfterFirstWord(_ raw: String) -> Bool {
        var previous: UInt8 = 0x41, i = 0
        let bytes = Array(raw.utf8)
        for (k, b) in bytes.enumerated() {
            defer { previous = b }
            guard previous == 0x20, (0x41...0x5A).contains(b) else { continue }
            i = k + 1
            // ("I", "I'm", "I’d": the pronoun.)
            if b == 0x49, i == bytes.count || bytes[i] == 0x20 || bytes[i] == 0x27 || bytes[i] == 0xE2 { continue }
            return true
        }
        return false
    }

    /// Words that end a name said after `self_intros` ("je m'appelle Julie de chez Acme").
    static let nameStops: Set<String> = ["btw", "lol", "here", "de", "du", "d", "des", "chez", "from", "at", "of", "with", "avec", "pour", "for", "et", "and",
                                          "mais", "but", "ici", "here", "la", "le", "les", "the", "a", "an", "un", "une", "mon", "ma", "my", "our", "notre"]

    /// The folded words of a phrase ("c'est" → ["c", "est"]).
    static func foldedWords(_ phrase: String) -> [String] {
        TextFold.fold(phrase).split(separator: " ").map(String.init)
    }

    /// A phone number given instead of an e-mail address: mostly digits, eight or more, no "@".
    /// A run of 8 to 15 digits with only spaces, dots, dashes or brackets between them, an
    /// optional "+" first ("06 12 34 56 78", "+49 151 2345 6789", "555-201-3344"); not a date,
    /// "19/01/2027".
    public static func looksLikePhone(_ raw: String) -> Bool {
        guard !raw.hasAtSign else { return false }
        var digits = 0
        for b in raw.utf8 {
            if (0x30...0x39).contains(b) {
                digits += 1
                if digits >= 8 { return true }
            } else if b == 0x20 || b == 0x2E || b == 0x2D || b == 0x28 || b == 0x29 || b == 0x2B {
                continue
            } else {
                digits = 0
            }
        }
        return false
    }
}

extension StringProtocol {
    /// An "@", in ASCII or full width (U+FF20, typed with an input method), found on the bytes.
    var hasAtSign: Bool {
        // (One pass: "@", or the full-width one, EF BC A0.)
        var previous: (UInt8, UInt8) = (0, 0)
        for b in utf8 {
            if b == 0x40 || (b == 0xA0 && previous == (0xEF, 0xBC)) { return true }
            previous = (previous.1, b)
        }
        return false
    }
}
