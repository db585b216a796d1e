import Testing
@testable import MadiCore
import MadiText

@Suite("Understanding answers without an LLM")
struct UnderstandingTests {
    let u = Shipped.engine.understanding
    let c = Shipped.content

    func choose(_ step: String, _ text: String) -> Understanding.Choice {
        u.choose(step: c.step(step)!, PreparedInput(text))
    }

    /// What is read from the content's per-language lists comes in the languages' order, never in
    /// the hash seed's (a message had read differently from one run to the next): an option's
    /// phrases list its English label and synonyms before its French ones, every time.
    @Test func phrasesComeInTheLanguagesOrder() {
        let usage = c.step("usage")!
        for (option, phrases) in zip(usage.options, Understanding.phrases(of: usage).map(\.phrases)) {
            let expected = (option.label.keys.sorted().compactMap { option.label[$0] }
                + option.synonyms.keys.sorted().flatMap { option.synonyms[$0]! }).map(Phrase.init).filter { !$0.isEmpty }
            #expect(phrases.map(\.folded) == expected.map(\.folded))
        }
        #expect(["b": 2, "a": 1, "c": 3].inKeyOrder == [1, 2, 3])
    }

    @Test(arguments: [
        ("usage", "2", "sometimes"),
        ("usage", "la 2", "sometimes"),
        ("usage", "deux", "sometimes"),
        ("usage", "option two", "sometimes"),
        ("usage", "DE TEMPS EN TEMPS", "sometimes"),
        ("usage", "je debute", "none"),
        ("usage", "tous les jours au boulot", "daily"),
        ("goal", "autmatiser", "automate"),          // typo
        ("goal", "automatisation des taches", "automate"),
        ("goal", "Former mon équipe", "team"),
        ("goal", "train my team", "team"),           // other language
        ("profile", "étudiante", "student"),
        ("profile", "etudiant", "student"),
        ("profile", "developpeur", "developer"),
        ("start_when", "dès que possible", "soon"),
    ])
    func choiceMatching(step: String, text: String, expected: String) {
        #expect(choose(step, text) == .option(expected))
    }

    @Test func outOfRangeNumberAndGibberishAreNotUnderstood() {
        #expect(choose("usage", "9") == .none)
        #expect(choose("usage", "zzz qqq") == .none)
    }

    @Test func equalMatchesAreAmbiguous() {
        // "api" and "code" are synonyms of the same option; "chatgpt" names another: the longer wins,
        // but two options matched equally give an ambiguity, not a guess.
        guard case let .ambiguous(ids) = choose("goal", "comprendre et automatiser") else {
            Issue.record("expected an ambiguity"); return
        }
        #expect(Set(ids) == ["foundations", "automate"])
    }

    @Test func numbersInDigitsAndWords() {
        #expect(u.number(PreparedInput("5 personnes")) == 5)
        #expect(u.number(PreparedInput("cinq")) == 5)
        #expect(u.number(PreparedInput("une équipe de cinq")) == 5)
        #expect(u.number(PreparedInput("vingt-cinq")) == 25)
        #expect(u.number(PreparedInput("twenty five people")) == 25)
        #expect(u.number(PreparedInput("beaucoup")) == nil)
    }

    @Test func commandsInBothLanguagesWithOrWithoutSlash() {
        #expect(u.command(PreparedInput("/retour")) == .back)
        #expect(u.command(PreparedInput("back")) == .back)
        #expect(u.command(PreparedInput("/RECOMMENCER")) == .restart)
        #expect(u.command(PreparedInput("/lang en")) == .language("en"))
        #expect(u.command(PreparedInput("/langue anglais")) == .language("en"))
        #expect(u.command(PreparedInput("en français")) == .language("fr"))
        #expect(u.command(PreparedInput("/formations")) == .courses)
        #expect(u.command(PreparedInput("/quit")) == .quit)
        // Inside a sentence, a command word is not a command.
        #expect(u.command(PreparedInput("je veux revenir aux bases")) == nil)
    }

    @Test func yesAndNo() {
        #expect(u.yesNo(PreparedInput("Oui !")) == true)
        #expect(u.yesNo(PreparedInput("non merci")) == false)
        #expect(u.yesNo(PreparedInput("yes please")) == true)
        #expect(u.yesNo(PreparedInput("peut-être")) == nil)
    }

    @Test func prefillsOnlyExactMatchesAtOtherSteps() {
        let found = u.prefills(PreparedInput("je suis étudiant et je débute"), steps: c.steps.filter { $0.id != "goal" })
        let map = Dictionary(found.map { ($0.step, $0.option) }, uniquingKeysWith: { a, _ in a })
        #expect(map["profile"] == "student")
        #expect(map["usage"] == "none")
        #expect(map["welcome"] == nil) // navigation steps are never prefilled
    }

    @Test func aLongQuestionIsCutAfterAWord() {
        let long = String(repeating: "développement ", count: 40) + "fin"
        let cut = TurnBuilder.cutAtWord(long, limit: 400)
        #expect(cut.count <= 401 && cut.hasSuffix("développement…"))
        #expect(TurnBuilder.cutAtWord("c'est où ?", limit: 400) == "c'est où ?")
    }

    @Test func contactsMaskedInTextKeptApart() {
        #expect(Sanitize.withoutContacts("can someone call me? 06 12 34 56 78") == "can someone call me? [phone]")
        #expect(Sanitize.withoutContacts("+33 (0)6.12.34.56.78 ou marie@exemple.fr !") == "[phone] ou [e-mail] !")
        #expect(Sanitize.withoutContacts("c'est 490 € pour 2 jours, 14 h ?") == "c'est 490 € pour 2 jours, 14 h ?")
        #expect(Sanitize.withoutContacts("y a-t-il un parking ?") == "y a-t-il un parking ?")
        #expect(Sanitize.withoutContacts("appelez le 0612345678 ou jo.dupont @ gmail.com") == "appelez le [phone] ou [e-mail]")
        #expect(Sanitize.withoutContacts("call +44 20 7946 0958 please") == "call [phone] please")
        #expect(Sanitize.withoutContacts("la session du 19/01/2027, en 2025-2026, pour 1500-2000 € ?") == "la session du 19/01/2027, en 2025-2026, pour 1500-2000 € ?")
        #expect(Sanitize.withoutContacts("le 12.01.2026 à 10 personnes") == "le 12.01.2026 à 10 personnes")
    }

    /// A tool named as what is to be learnt says nothing of today's use; the "ai" of "j'ai" is
    /// no tool.
    @Test func toolToLearnIsNoUseButJaiIsNoTool() {
        let steps = c.steps.filter { $0.id != "goal" }
        func usage(_ text: String) -> String? {
            u.prefills(PreparedInput(text), steps: steps).first { $0.step == "usage" }?.option
        }
        #expect(usage("je veux me former, j'ai codé un chatbot") == "builder")
        #expect(usage("want everyone to get comfortable with chatgpt") == nil)
        #expect(usage("i use chatgpt every day") == "daily")
    }

    /// The word-id index must find exactly what the phrase-by-phrase scan finds: the same options,
    /// scores and spans, with or without a minimum length, on inputs made of the content's own
    /// phrases (several at once, in both orders, with masked words and unknown words between).
    @Test func indexedExactMatchingAgreesWithTheScan() {
        let allPhrases = u.options.values.flatMap { $0.flatMap { $0.phrases.map(\.text) } }.sorted()
        var inputs: [String] = allPhrases
        for (i, a) in allPhrases.enumerated() {
            let b = allPhrases[(i * 7 + 3) % allPhrases.count], c = allPhrases[(i * 13 + 5) % allPhrases.count]
            inputs += ["\(a) et \(b)", "zorglub \(b) \(a) blip", "\(a) \(a)", "\(c), \(a) puis \(b)"]
        }
        var compared = 0
        for (stepId, list) in u.options {
            let index = u.exact[stepId]!
            for text in inputs {
                for input in [u.prepare(text), PreparedInput(text), u.prepare(text).masking(0..<1)] {
                    for minChars in [0, 5] {
                        let indexed = u.exactMatches(list, index, u.ids(input), minChars: minChars)
                        let scanned = u.scanMatches(list, input, fuzzy: false, minChars: minChars)
                        #expect(indexed.map { "\($0.id) \($0.score) \($0.span)" } == scanned.map { "\($0.id) \($0.score) \($0.span)" },
                                "step \(stepId), input '\(text)', minChars \(minChars)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 5_000)
    }

    /// A masked input is the input prepared from its words with the masked ones blanked.
    @Test func maskingBlanksWordsTokensAndIds() {
        for text in ["je veux automatiser mon travail", "Élodie, étudiante en 3e année", "oui", "a b c d e f"] {
            let input = u.prepare(text)
            for range in [0..<1, 1..<3, 0..<input.tokenStrings.count, 2..<9] {
                let m = input.masking(range)
                var words = input.tokenStrings
                for i in range where i < words.count { words[i] = "\u{0}" }
                #expect(m.tokenStrings == words)
                #expect(m.tokens == words.map { $0.unicodeScalars.map(\.value) })
                #expect(m.folded == words.joined(separator: " "))
                #expect(m.ids == input.ids.map { ids in ids.indices.map { range.contains($0) ? -1 : ids[$0] } })
                #expect(m.raw == input.raw)
            }
        }
    }

    @Test func faqAndCourseMentions() {
        let i = u.faqEntry(PreparedInput("combien ça coûte ?"))
        #expect(i.map { c.faq[$0].id } == "price")
        #expect(u.faqEntry(PreparedInput("how long does it last")).map { c.faq[$0].id } == "duration")
        #expect(u.mentionedCourses(PreparedInput("différence entre master et startr")) == ["master", "starter"])
    }

    /// The byte-level cleanliness checks are shortcuts: they must say "unchanged" exactly when the
    /// cleaning leaves the text unchanged, for text mixing every kind of character they look at.
    @Test func cleanChecksAgreeWithTheCleaning() {
        let alphabet: [String] = ["a", "é", " ", "  ", "\n", "\t", "\u{1B}[31m", "\u{7}", "\u{A0}", "\u{85}", "\u{200B}", "\u{202E}",
                                  "\u{2066}", "\u{FEFF}", "\u{3000}", "\u{2028}", "€", "🙂", "\u{0}", "\u{7F}", "\u{9B}"]
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        var unchanged = 0
        let edges = (0...10).flatMap { k in
            let pad = String(repeating: " ", count: k)
            return [pad + "a", "a\n" + pad + "b", "a\n" + pad, pad + "\n" + pad]
        }
        for i in 0..<20_000 {
            let text = i < edges.count ? edges[i] : (0..<next(12)).map { _ in alphabet[next(alphabet.count)] }.joined()
            #expect(Sanitize.isCleanLine(text) == (Sanitize.cleanLine(text) == text), "line: \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(Sanitize.isCleanText(text) == (Sanitize.cleanText(text) == text), "text: \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if Sanitize.cleanText(text) == text { unchanged += 1 }
        }
        #expect(unchanged > 500) // both answers were exercised
    }

    /// Strings are cut at their placeholders when loaded; filling the cut form must give what
    /// filling the text gives, for every shipped sentence and for odd braces.
    @Test func parsedTemplatesFillLikeTheText() {
        // Filling the text in one scan, brace by brace: what the cut form must reproduce.
        func reference(_ template: String, _ params: [String: String]) -> String {
            let u = template.utf8
            guard u.contains(where: { $0 == 0x7B || $0 == 0x7D }) else { return template }
            var out = ""
            out.reserveCapacity(u.count + 32)
            var i = u.startIndex
            var runStart = i
            // Copies runs of plain text at once; braces are ASCII, so byte positions are safe.
            func flush(_ upTo: String.Index) { if runStart < upTo { out += template[runStart..<upTo] } }
            while i < u.endIndex {
                let b = u[i]
                if b == 0x7B || b == 0x7D {
                    let after = u.index(after: i)
                    if after < u.endIndex, u[after] == b {
                        flush(i)
                        out += b == 0x7B ? "{" : "}"
                        i = u.index(after: after)
                        runStart = i
                        continue
                    }
                    if b == 0x7B, let close = u[after...].firstIndex(of: 0x7D) {
                        flush(i)
                        let name = String(template[after..<close])
                        out += params[name] ?? "{\(name)}"
                        i = u.index(after: close)
                        runStart = i
                        continue
                    }
                }
                i = u.index(after: i)
            }
            flush(u.endIndex)
            return out
        }
        var templates = ["{{x}}", "a}b", "{unclosed", "}{", "{a}{b}", "{{{a}}}", "", "{", "}", "x{a}y{missing}z", "{{}}"]
        for lang in c.strings.table.values { templates += lang.values.map(\.text) }
        var params: [String: String] = ["a": "A", "b": "{b}"]
        for name in templates.flatMap(Template.placeholders) { params[name] = "<\(name)>" }
        for t in templates {
            #expect(Template.fill(t, params) == reference(t, params), "\(t)")
            #expect(Template.fill(t, [:]) == reference(t, [:]), "\(t)")
        }
        #expect(templates.count > 100)
    }

    @Test func sanitizeRemovesControlAndEscapeSequences() {
        #expect(Sanitize.line("a\u{1B}[31mred\u{1B}[0m b") == "ared b")
        #expect(Sanitize.line("x\u{1B}]0;title\u{07}y") == "xy")
        #expect(Sanitize.line("bad\u{0}\u{7}\u{202E}name\n\tnext") == "badname next")
    }
}

@Suite("Prepared input")
struct PreparedInputTests {
    @Test(arguments: ["Hello, World!", "  a--b  ", "l'équipe d'Ève", "ÉCOLE", "x\u{0}y", "tab\there", "2 personnes", "", "---", "œuvre  à  faire"])
    func preparedWordsAreTheFoldedWords(_ s: String) {
        let input = PreparedInput(s)
        let words = TextFold.fold(s).split(separator: " ").map(String.init)
        #expect(input.tokenStrings == words)
        #expect(input.tokens == words.map { $0.unicodeScalars.map(\.value) })
        #expect(input.folded == words.joined(separator: " "))
    }
}
