import MadiText

/// Understanding without an LLM: option numbers, labels and synonyms, commands, yes/no,
/// numbers in digits or words, FAQ keywords and course names. Built once per content.
public final class Understanding: Sendable {
    struct OptionPhrases: Sendable { let id: String; let phrases: [Phrase] }

    let options: [String: [OptionPhrases]]
    let commands: [(CommandName, Phrase)]
    /// The words that begin "/lang en" ("/lang", "langue"...), as scalars.
    let languagePrefixes: [[[UInt32]]]
    /// The choice steps whose answers may be picked up at other steps.
    let prefillSteps: [String]
    /// Per question, its `names` as folded words by their first word.
    let stepNames: [String: [String: [[String]]]]
    /// Per choice step, its `cues` as folded words by their first word.
    let stepCues: [String: [String: [[String]]]]
    /// The steps with `prefill: cued`: answered early only in a sentence holding a cue.
    let cuedSteps: Set<String>
    /// The steps with `personal: true`: about the prospect alone.
    let personalSteps: Set<String>
    /// The steps whose options are starts (`months`).
    let datedSteps: Set<String>
    let languageNames: [(String, Phrase)]
    /// Commands and language names said as the whole input, by folded text (the first wins).
    let wholeCommands: [String: CommandName]
    let wholeLanguageNames: [String: String]
    let yes: [Phrase]
    /// The words of the yes phrases.
    let yesWords: Set<String>
    let no: [Phrase]
    /// The yes and no phrases by their first word: a phrase read word for word can only be said
    /// where its first word is.
    let yesByFirst: [[UInt32]: [Phrase]]
    let noByFirst: [[UInt32]: [Phrase]]
    let numbers: [String: Int]
    let fillers: Set<String>
    let faq: [(Int, [Phrase])]
    /// Per FAQ entry, the words after a keyword that make it ask something else (`not_before`).
    let faqNotBefore: [Set<[UInt32]>]
    /// Per FAQ entry, the words before a keyword that make it ask something else (`not_after`).
    let faqNotAfter: [Set<[UInt32]>]
    /// Per FAQ entry, whether its keywords need a course named (`needs_course`).
    let faqNeedsCourse: [Bool]
    /// The keywords of the entries that need a course named, and of the budget entry, by first word.
    let courseRequestPhrases: [String: [[String]]]
    let budgetPhrases: [String: [[String]]]
    let courses: [(String, [Phrase])]
    let languages: [String]
    /// Every word of the content's phrases: such a word is never read as a typo of another.
    let vocabulary: Set<[UInt32]>
    let negations: Set<[UInt32]>
    /// Yes phrases that hold a negation ("pas de souci", "no problem").
    let negatedYes: [Phrase]
    /// The negations that deny the option named after them ("pas des débutants", "not really a
    /// beginner"): those that are no answer on their own ("non", "never", "jamais" name options).
    let negators: Set<[UInt32]>
    /// An id for each word of the options' phrases, for exact matching on integers.
    let wordIds: [String: Int32]
    /// Per choice step, the exact-match index of its option phrases.
    let exact: [String: ExactIndex]
    /// Learnt from the examples in Dialogues/examples.
    public let classifier: Classifier
    public let quantities: QuantityReader
    /// Words that open a question ("combien", "c est quoi", "how much"), folded, by their first word.
    let questionOpeners: [String: [[String]]]
    let faqIds: [String]
    /// Words that join two clauses ("et", "mais", "and", "but"), folded.
    let clauseJoiners: Set<String>
    /// The side questions' and intents' labels (faq.<id>, intent.<id>).
    let sideLabels: Set<String>
    /// Word beginnings that speak of calls ("appel", "phone") and of e-mail ("mail", "écri").
    let callWords: [String]
    /// The same, as a set, and those of four letters or more (they also begin longer words).
    let callWordSet: Set<String>, callPrefixes: [String]
    let mailWords: [String]
    let spamWords: [String]
    let politeness: Set<String>
    /// `goodbyes`, `correction_cues`, `mixed_words` and `unsure_words`, as folded words by their first word.
    let mixedWords: [String: [[String]]]
    /// `both_words`, by their first word.
    let bothWords: [String: [[String]]]
    /// The words of `relatives` and `people`, folded.
    let othersWords: Set<String>
    /// `vague_words` and the words that say nothing on their own (stopwords, fillers, hedges,
    /// politeness), folded.
    let vagueWords: Set<String>, emptyWords: Set<String>
    let unsureWords: [String: [[String]]]
    let goodbyes: [String: [[String]]]
    let correctionCues: [String: [[String]]]
    /// `for_others`, as folded words by their first word.
    let forOthers: [String: [[String]]]
    /// `note_requests`, as folded words by their first word.
    let noteRequests: [String: [[String]]]
    /// `ordinals` ("premier", "second"), folded → their rank (1...).
    let ordinalRanks: [String: Int]
    /// `rank_words` ("the", "la", "one", "option"): a rank counts next to one ("wait a second" is no pick).
    let rankWords: Set<String>
    /// `choice_words` ("je prends", "plutôt", "take", "instead"), by their first word.
    let choiceWords: [String: [[String]]]
    /// `interest_words`, by their first word.
    let interestWords: [String: [[String]]]
    /// `withdraw_requests`, `address_words` and `change_words`, by their first word.
    let withdrawRequests: [String: [[String]]]
    let addressWords: [String: [[String]]]
    let changeWords: [String: [[String]]]
    let eraseWords: [String]
    let rejoinRequests: [String: [[String]]]
    /// `language_requests`, by language.
    let languageRequests: [(language: String, phrases: [String: [[String]]])]
    /// Each language's `names` ("english", "anglais"; not its code), by language.
    let spokenNames: [(language: String, phrases: [String: [[String]]])]
    /// Each language's stopwords that no other language lists ("the", "you"; "les", "vous"):
    /// what tells the language a message is written in.
    let ownStopwords: [(language: String, words: Set<String>)]
    /// Month names and their unambiguous abbreviations ("janv", "sept", "feb"), folded → 1...12.
    let monthNumbers: [String: Int]
    /// The season words among `monthNumbers`, as the lexicon writes them.
    let seasonNames: [String: String]
    /// `month_lead_ins`, folded (their last word).
    let monthLeadIns: Set<String>
    /// `name_lead_ins`, as folded words.
    let nameLeadIns: Set<[String]>
    /// `self_intros` and `loose_self_intros`, as folded words.
    let selfIntros: Set<[String]>
    let looseSelfIntros: Set<[String]>
    /// The longest word of each of `selfIntros` ("appelle", "name"): a message without any holds none.
    let selfIntroWords: Set<String>
    /// `not_names`, folded.
    let notNames: Set<String>
    /// Per choice step, its options' labels as shown (every language), folded → option id.
    let labelOptions: [String: [String: String]]
    /// Per choice step, the phrases that name exactly one of its options, by folded text.
    let wholeOptions: [String: [String: WholeOption]]
    /// An option named by a whole phrase, and whether the phrase is one of its labels as shown.
    struct WholeOption: Sendable, Equatable { let id: String; let label: Bool }
    /// Per choice step, the words right before an option's phrase that make it someone else's
    /// (`not_after`, one word each).
    let stepBlockers: [String: Set<[UInt32]>]
    /// Per choice step, the words of its options' `prevails` phrases.
    let prevailing: [String: Set<[[UInt32]]>]
    /// Per course, the words right before its name that make it something else (`not_after`,
    /// one word each).
    let courseBlockers: [String: Set<[UInt32]>]
    /// Per course, the words right after its name that make it something else (`not_before`).
    let courseAfterBlockers: [String: Set<[UInt32]>]
    /// Words said for "@" and "." in an address, and words that may open one, folded (`at_words`,
    /// `dot_words`, `address_openers` in lexicon.yaml).
    let atWords: Set<String>
    let dotWords: Set<String>
    /// Words said for "-" and "_" (`dash_words`, `underscore_words`), folded, one to three words.
    let dashWords: Set<String>
    let underscoreWords: Set<String>
    let addressOpeners: Set<[String]>

    /// A choice step's phrases as word ids, and for each word id the phrases that begin with it.
    struct ExactIndex: Sendable {
        /// The step's options and their phrases (as in `options`).
        let list: [OptionPhrases]
        /// [option][phrase] → word ids.
        let phrases: [[[Int32]]]
        /// word id → (option, phrase) beginning with that word, in option then phrase order.
        let byFirstWord: [[(option: Int, phrase: Int)]]
    }

    /// `classifierStore`: where a classifier trained before from the same examples is read from
    /// (and a new one kept), instead of training it again.
    public init(_ content: Content, classifierStore: (any ClassifierStore)? = nil) {
        var options: [String: [OptionPhrases]] = [:]
        for step in content.steps where step.kind == .choice { options[step.id] = Self.phrases(of: step) }
        self.options = options
        commands = content.commands.flatMap { c in c.phrases.inKeyOrder.joined().map { (c.command, Phrase($0)) } }
        var names: [(String, Phrase)] = []
        var yes: [Phrase] = [], no: [Phrase] = [], numbers: [String: Int] = [:], fillers: Set<String> = []
        for (lang, lex) in content.lexicon.sorted(by: { $0.key < $1.key }) {
            names += ([lang] + lex.names).map { (lang, Phrase($0)) }
            yes += lex.yes.map(Phrase.init)
            no += lex.no.map(Phrase.init)
            for (w, n) in lex.numbers { numbers[TextFold.fold(w)] = n }
            for f in lex.fillers { fillers.insert(TextFold.fold(f)) }
        }
        languageNames = names
        languagePrefixes = commands.filter { $0.0 == .language }.map(\.1.tokens)
        prefillSteps = content.steps.filter { $0.kind == .choice && $0.prefill }.map(\.id)
        var cues: [String: [String: [[String]]]] = [:]
        for step in content.steps {
            if let c = step.choice?.cues, !c.isEmpty { cues[step.id] = Self.byFirstWord(Array(c.inKeyOrder.joined())) }
        }
        stepCues = cues
        var stepNameWords: [String: [String: [[String]]]] = [:]
        for step in content.steps where !step.names.isEmpty { stepNameWords[step.id] = Self.byFirstWord(Array(step.names.inKeyOrder.joined())) }
        stepNames = stepNameWords
        cuedSteps = Set(content.steps.filter { $0.choice?.prefillNeedsCue ?? false }.map(\.id))
        personalSteps = Set(content.steps.filter { $0.choice?.personal ?? false }.map(\.id))
        datedSteps = Set(content.steps.filter { $0.options.contains { $0.months != nil } }.map(\.id))
        var whole: [String: CommandName] = [:]
        for (name, phrase) in commands where name != .language && !phrase.isEmpty && whole[phrase.folded] == nil { whole[phrase.folded] = name }
        wholeCommands = whole
        var wholeNames: [String: String] = [:]
        for (lang, phrase) in names where !phrase.isEmpty && wholeNames[phrase.folded] == nil { wholeNames[phrase.folded] = lang }
        wholeLanguageNames = wholeNames
        self.yes = yes
        yesWords = Set(yes.flatMap(\.wordTexts))
        self.no = no
        yesByFirst = Dictionary(grouping: yes.filter { !$0.tokens.isEmpty }, by: { $0.tokens[0] })
        noByFirst = Dictionary(grouping: no.filter { !$0.tokens.isEmpty }, by: { $0.tokens[0] })
        self.numbers = numbers
        self.fillers = fillers
        faq = content.faq.enumerated().map { (i, e) in (i, e.keywords.inKeyOrder.joined().map(Phrase.init).filter { !$0.isEmpty }) }
        faqNeedsCourse = content.faq.map(\.needsCourse)
        faqNotBefore = content.faq.map { Set($0.notBefore.inKeyOrder.joined().flatMap { Phrase($0).words }) }
        faqNotAfter = content.faq.map { Set($0.notAfter.inKeyOrder.joined().flatMap { Phrase($0).words }) }
        courseRequestPhrases = Self.byFirstWord(content.faq.filter(\.needsCourse).flatMap { $0.keywords.inKeyOrder.joined() })
        budgetPhrases = Self.byFirstWord(content.faq.filter { $0.id == "budget" }.flatMap { $0.keywords.inKeyOrder.joined() })
        courses = content.catalogue.courses.map { c in
            (c.id, ([c.name, c.id] + c.synonyms.inKeyOrder.joined()).map(Phrase.init).filter { !$0.isEmpty })
        }
        languages = content.languages
        var vocab: Set<[UInt32]> = []
        for list in options.values { for o in list { for p in o.phrases { vocab.formUnion(p.words) } } }
        for (_, p) in commands { vocab.formUnion(p.words) }
        for (_, p) in names { vocab.formUnion(p.words) }
        for p in yes + no { vocab.formUnion(p.words) }
        for (_, ps) in faq { for p in ps { vocab.formUnion(p.words) } }
        for (_, ps) in courses { for p in ps { vocab.formUnion(p.words) } }
        // The lexicon's words too: a word Madi knows as itself is no typo of another
        // ("finalement" is not "financement").
        for lex in content.lexicon.inKeyOrder {
            for list in [lex.correctionCues, lex.choiceWords, lex.interestWords, lex.noteRequests, lex.forOthers, lex.goodbyes,
                         lex.unsureWords, lex.withdrawRequests, lex.rejoinRequests, lex.mixedWords, lex.vagueWords, lex.fillers, lex.politeness,
                         lex.monthLeadIns] {
                for w in list { vocab.formUnion(Phrase(w).words) }
            }
        }
        vocabulary = vocab
        // Ids for the words of the options' phrases (the only ones matched through ids).
        var ids: [String: Int32] = [:]
        for stepId in options.keys.sorted() {
            for o in options[stepId]! { for p in o.phrases { for w in p.wordTexts where ids[w] == nil { ids[w] = Int32(ids.count) } } }
        }
        wordIds = ids
        var exact: [String: ExactIndex] = [:]
        for (stepId, list) in options {
            let phrases = list.map { o in o.phrases.map { p in p.wordTexts.map { ids[$0]! } } }
            var byFirst = [[(option: Int, phrase: Int)]](repeating: [], count: ids.count)
            for (oi, ps) in phrases.enumerated() {
                for (pi, p) in ps.enumerated() { byFirst[Int(p[0])].append((oi, pi)) }
            }
            exact[stepId] = ExactIndex(list: list, phrases: phrases, byFirstWord: byFirst)
        }
        self.exact = exact
        var neg: Set<[UInt32]> = []
        // Each word of a contraction ("don't": "don", "t", as typed without the apostrophe too), but
        // not each word of a phrase: "plutôt pas" makes "plutôt" no negation ("plutôt débutants").
        for lex in content.lexicon.inKeyOrder {
            for w in lex.negations {
                let words = Phrase(w).words
                if words.count == 1 || w.contains("'") || w.contains("’") { neg.formUnion(words) }
            }
        }
        negations = neg
        negatedYes = yes.filter { $0.words.count > 1 && $0.words.contains(where: neg.contains) }
        var answers: Set<[UInt32]> = []
        for list in options.values { for o in list { for p in o.phrases where p.words.count == 1 { answers.formUnion(p.words) } } }
        for p in yes + no where p.words.count == 1 { answers.formUnion(p.words) }
        negators = neg.subtracting(answers)
        var stop: Set<String> = []
        var openers: [[String]] = []
        for (_, lex) in content.lexicon.sorted(by: { $0.key < $1.key }) {
            stop.formUnion(lex.stopwords.map(TextFold.fold))
            openers += lex.questionOpeners.map { PreparedInput($0).tokenStrings }.filter { !$0.isEmpty }
        }
        classifier = Classifier.make(content.examples, stopwords: stop, store: classifierStore)
        quantities = QuantityReader(lexicon: content.lexicon)
        questionOpeners = Dictionary(grouping: openers, by: { $0[0] })
        faqIds = content.faq.map(\.id)
        clauseJoiners = Set(content.lexicon.inKeyOrder.flatMap(\.clauseJoiners).map(TextFold.fold))
        sideLabels = Set(content.faq.map { "faq." + $0.id } + Intent.allCases.map { "intent." + $0.rawValue })
        // The lexicon's lists, every language's together (in the languages' order).
        let lexicons = content.lexicon.inKeyOrder
        func phrases(_ list: KeyPath<Lexicon, [String]>) -> [String: [[String]]] { Self.byFirstWord(lexicons.flatMap { $0[keyPath: list] }) }
        func words(_ list: KeyPath<Lexicon, [String]>) -> [String] { lexicons.flatMap { $0[keyPath: list] }.map(TextFold.fold) }
        callWords = words(\.callWords)
        callWordSet = Set(callWords)
        callPrefixes = callWords.filter { $0.count >= 4 }
        mailWords = words(\.mailWords)
        spamWords = words(\.spamWords)
        politeness = Set(words(\.politeness))
        unsureWords = phrases(\.unsureWords)
        mixedWords = phrases(\.mixedWords)
        bothWords = phrases(\.bothWords)
        othersWords = Set(words(\.relatives).flatMap { $0.split(separator: " ").map(String.init) } + words(\.people))
        vagueWords = Set(words(\.vagueWords))
        emptyWords = Set(words(\.stopwords) + words(\.fillers) + words(\.hedges) + words(\.politeness))
        goodbyes = phrases(\.goodbyes)
        correctionCues = phrases(\.correctionCues)
        forOthers = phrases(\.forOthers)
        noteRequests = phrases(\.noteRequests)
        // A rank is its number in `numbers` ("première": 1, "seconde": 2), else its place in its list.
        var ranks: [String: Int] = [:]
        for (_, lex) in content.lexicon.sorted(by: { $0.key < $1.key }) {
            for (i, w) in lex.ordinals.enumerated() where ranks[TextFold.fold(w)] == nil {
                ranks[TextFold.fold(w)] = numbers[TextFold.fold(w)] ?? i + 1
            }
        }
        ordinalRanks = ranks
        rankWords = Set(words(\.rankWords))
        choiceWords = phrases(\.choiceWords)
        interestWords = phrases(\.interestWords)
        withdrawRequests = phrases(\.withdrawRequests)
        addressWords = phrases(\.addressWords)
        changeWords = phrases(\.changeWords)
        eraseWords = words(\.eraseWords)
        rejoinRequests = phrases(\.rejoinRequests)
        languageRequests = content.lexicon.keys.sorted().map { ($0, Self.byFirstWord(content.lexicon[$0]!.languageRequests)) }
        spokenNames = content.lexicon.keys.sorted().map { ($0, Self.byFirstWord(content.lexicon[$0]!.names)) }
        let stops = content.lexicon.keys.sorted().map { ($0, Set(content.lexicon[$0]!.stopwords.map(TextFold.fold))) }
        ownStopwords = stops.map { l in
            // (Not the letters of elisions: "d" is French's "d'" and English's "I'd".)
            (l.0, l.1.subtracting(stops.filter { $0.0 != l.0 }.flatMap(\.1)).filter { $0.count > 1 })
        }
        var months: [String: Int] = [:]
        var prefixes: [String: Set<Int>] = [:]
        for lex in content.lexicon.inKeyOrder {
            for (i, name) in lex.months.enumerated() {
                let folded = TextFold.fold(name)
                months[folded] = i + 1
                for n in 3..<max(3, folded.count) { prefixes[String(folded.prefix(n)), default: []].insert(i + 1) }
            }
        }
        // An abbreviation counts when it names one month only ("jui" could be juin or juillet).
        for (p, set) in prefixes where set.count == 1 && months[p] == nil { months[p] = set.first! }
        // Seasons name the month they start from ("au printemps": March), said back as said.
        var seasonNames: [String: String] = [:]
        for lex in content.lexicon.inKeyOrder {
            for (word, m) in lex.seasons.sorted(by: { $0.key < $1.key }) {
                let folded = TextFold.fold(word)
                if months[folded] == nil { months[folded] = m; seasonNames[folded] = word }
            }
        }
        self.seasonNames = seasonNames
        monthNumbers = months
        monthLeadIns = Set(content.lexicon.inKeyOrder.flatMap(\.monthLeadIns).compactMap { PreparedInput($0).tokenStrings.last })
        var labelOptions: [String: [String: String]] = [:]
        for step in content.steps where step.kind == .choice {
            var table: [String: String] = [:]
            for o in step.options { for label in o.label.inKeyOrder { table[Phrase(label).folded] = table[Phrase(label).folded] ?? o.id } }
            labelOptions[step.id] = table
        }
        self.labelOptions = labelOptions
        // Each phrase that names one option of a choice step, said alone (labels in every language,
        // synonyms); a phrase two options share names neither.
        var wholeOptions: [String: [String: WholeOption]] = [:]
        for step in content.steps where step.kind == .choice {
            var table: [String: WholeOption] = [:], shared: Set<String> = []
            for (list, option) in zip(Self.phrases(of: step), step.options) {
                // (The list holds the option's labels first: `phrases(of:)`.)
                let labels = Set(list.phrases.prefix(option.label.count).map(\.folded))
                for p in list.phrases {
                    if let other = table[p.folded], other.id != list.id {
                        shared.insert(p.folded)
                    } else if table[p.folded] == nil || labels.contains(p.folded) {
                        table[p.folded] = WholeOption(id: list.id, label: labels.contains(p.folded))
                    }
                }
            }
            for p in shared { table[p] = nil }
            // (A number in words, "zéro", "deux", is read as a number first, by the rules.)
            for p in table.keys where numbers[p] != nil { table[p] = nil }
            wholeOptions[step.id] = table
        }
        self.wholeOptions = wholeOptions
        func words(_ list: LocalizedList) -> Set<[UInt32]> { Set(list.inKeyOrder.joined().flatMap { Phrase($0).words }) }
        var blockers: [String: Set<[UInt32]>] = [:]
        for step in content.steps {
            if let n = step.choice?.notAfter, !n.isEmpty { blockers[step.id] = words(n) }
        }
        stepBlockers = blockers
        var prevailing: [String: Set<[[UInt32]]>] = [:]
        for step in content.steps {
            let phrases = Set(step.options.flatMap { $0.prevails.inKeyOrder.joined().map { Phrase($0).words } })
            if !phrases.isEmpty { prevailing[step.id] = phrases }
        }
        self.prevailing = prevailing
        courseBlockers = Dictionary(uniqueKeysWithValues: content.catalogue.courses.map { ($0.id, words($0.notAfter)) })
        courseAfterBlockers = Dictionary(uniqueKeysWithValues: content.catalogue.courses.map { ($0.id, words($0.notBefore)) })
        nameLeadIns = Set(content.lexicon.inKeyOrder.flatMap(\.nameLeadIns).map { PreparedInput($0).tokenStrings }.filter { !$0.isEmpty })
        selfIntros = Set(content.lexicon.inKeyOrder.flatMap(\.selfIntros).map { PreparedInput($0).tokenStrings }.filter { !$0.isEmpty })
        looseSelfIntros = Set(content.lexicon.inKeyOrder.flatMap(\.looseSelfIntros).map { PreparedInput($0).tokenStrings }.filter { !$0.isEmpty })
        selfIntroWords = Set(selfIntros.compactMap { $0.max(by: { $0.count < $1.count }) })
        notNames = Set(content.lexicon.inKeyOrder.flatMap(\.notNames).map(TextFold.fold))
        atWords = Set(content.lexicon.inKeyOrder.flatMap(\.atWords).map(TextFold.fold))
        dotWords = Set(content.lexicon.inKeyOrder.flatMap(\.dotWords).map(TextFold.fold))
        dashWords = Set(content.lexicon.inKeyOrder.flatMap(\.dashWords).map(TextFold.fold))
        underscoreWords = Set(content.lexicon.inKeyOrder.flatMap(\.underscoreWords).map(TextFold.fold))
        addressOpeners = Set(content.lexicon.inKeyOrder.flatMap(\.addressOpeners).map(Self.foldedWords).filter { !$0.isEmpty })
    }

    /// The message cut into sentences at ".", "!" and "?", each trimmed, empty ones left out; the
    /// dot of an abbreviation ends none ("st. anne's high school").
    static func sentences(_ raw: String) -> [String] {
        guard raw.contains(where: { $0 == "." }) else { return pieces(raw, cutAt: ".!?") }
        var out: [String] = []
        var current = ""
        for i in raw.indices {
            let ch = raw[i]
            if ch == "!" || ch == "?" || (ch == "." && !endsWithAbbreviation(current) && !dotInLegalForm(current, raw[raw.index(after: i)...])
                                           && !dotInWebAddress(current, raw[raw.index(after: i)...])) {
                let t = current.trimmed()
                if !t.isEmpty { out.append(t) }
                current = ""
            } else {
                current.append(ch)
            }
        }
        let t = current.trimmed()
        if !t.isEmpty { out.append(t) }
        return out
    }

    /// A dot inside a web address ("ledgerly.io", "www.acme.com"): a letter before it, and after
    /// it two letters or more that end the word (or another dot), as a domain's endings do.
    static func dotInWebAddress(_ before: String, _ after: Substring) -> Bool {
        guard let last = before.last, last.isLetter || last.isNumber else { return false }
        let ending = after.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        guard ending.count >= 2, ending.allSatisfy({ $0.isASCII }), ending.first?.isLowercase == true else { return false }
        let next = after.dropFirst(ending.count).first
        return next == nil || next == "." || next == ")" || next == "/" || next == ","
    }

    /// The message cut at any of `separators`, each piece trimmed, empty ones left out.
    /// (`separators` are ASCII: the message is cut on its bytes, which never splits a character.)
    static func pieces(_ raw: String, cutAt separators: StaticString) -> [String] {
        let cuts = UnsafeBufferPointer(start: separators.utf8Start, count: separators.utf8CodeUnitCount)
        return raw.utf8.split(whereSeparator: cuts.contains).compactMap { bytes in
            let piece = String(Substring(bytes)).trimmed()
            return piece.isEmpty ? nil : piece
        }
    }

    /// Whether the message says the prospect does not know ("idk", "jsp", "pas sûr"): `unsure_words`.
    func saysUnsure(_ input: PreparedInput) -> Bool {
        Self.contains(input.tokenStrings, anyOf: unsureWords)
    }

    /// Whether the words at `span` are part of a doubt ("not sure", "je sais pas").
    func saidAsDoubt(_ span: Range<Int>, _ input: PreparedInput) -> Bool {
        Self.phraseSpans(input.tokenStrings, unsureWords).contains { $0.lowerBound <= span.lowerBound && span.upperBound <= $0.upperBound }
    }

    /// Where a "maybe" comes after a doubt said first ("hmm not sure, maybe in a couple months":
    /// the index of "maybe"); nil when the message says no doubt, or no "maybe" after it.
    func maybeAfterDoubt(_ input: PreparedInput) -> Int? {
        let w = input.tokenStrings
        guard let doubt = Self.phraseSpans(w, unsureWords).min(by: { $0.lowerBound < $1.lowerBound }) else { return nil }
        return w.indices.first { $0 >= doubt.upperBound && Self.maybeWords.contains(w[$0]) }
    }

    /// Whether the message says its answer is a mix ("hétérogène", "certains… d'autres", "mixed").
    func saysMixed(_ input: PreparedInput) -> Bool {
        Self.contains(input.tokenStrings, anyOf: mixedWords)
    }

    /// Whether the message says it gives two answers at once ("un peu des deux, automatiser…",
    /// "Both. Team and me."): a phrase of `both_words` that ends its sentence or clause, or is
    /// followed by a joiner or "really"; not a count ("les deux gars", "both of us").
    func saysBoth(_ input: PreparedInput) -> Bool {
        guard Self.contains(input.tokenStrings, anyOf: bothWords) else { return false }
        for piece in Self.pieces(input.raw, cutAt: ".,;:!?") {
            let w = PreparedInput(piece).tokenStrings
            for (i, word) in w.enumerated() {
                for p in bothWords[word] ?? [] where i + p.count <= w.count && w[i..<(i + p.count)].elementsEqual(p) {
                    let next = i + p.count
                    // ("les 2 du coup": the joiner of two words after it.)
                    if next == w.count || clauseJoiners.contains(w[next]) || Self.bothFollowers.contains(w[next])
                        || w[next...].starts(with: ["du", "coup"]) { return true }
                }
            }
        }
        return false
    }
    /// Words after "both" that keep it two answers ("both really", "les deux à la fois").
    static let bothFollowers: Set<String> = ["really", "honestly", "actually", "i", "vraiment", "a", "je", "j", "alors", "donc", "then", "lol", "quoi"]

    /// Whether the message says much without saying what: only `vague_words` ("bcp de choses",
    /// "lots of stuff"), with nothing else but words that say nothing on their own.
    func saysOnlyVague(_ input: PreparedInput) -> Bool {
        let w = input.tokenStrings
        return w.contains(where: vagueWords.contains) && w.allSatisfy { vagueWords.contains($0) || emptyWords.contains($0) }
    }

    /// How many times the message says a mix ("half devs half sales": twice).
    func mixCount(_ input: PreparedInput) -> Int {
        input.tokenStrings.indices.filter { i in
            Self.contains(Array(input.tokenStrings[i...].prefix(4)), anyOf: mixedWords) && (mixedWords[input.tokenStrings[i]] != nil)
        }.count
    }

    /// Whether the message thanks or takes leave ("merci bonne soirée", "thanks, bye"): `goodbyes`.
    func saysGoodbye(_ input: PreparedInput) -> Bool {
        Self.contains(input.tokenStrings, anyOf: goodbyes)
    }

    /// A rank said in a short answer ("the first one", "la deuxième"), or with a few words of
    /// hedging ("the first one I guess"): the choice's number.
    public func ordinal(_ input: PreparedInput) -> Int? {
        var w = input.tokenStrings
        // ("the first one I guess", "la deuxième je pense": the rank, with a hedge after it.)
        if w.count > 4, w.count <= 7, !w.contains(where: { ["not", "pas", "no", "non", "never", "jamais", "dont", "don", "doesnt", "isnt", "ne"].contains($0) }) {
            w.removeAll(where: Self.rankHedges.contains)
        }
        guard w.count <= 4 else { return nil }
        let at = w.indices.filter { ordinalRanks[w[$0]] != nil }
        guard at.count == 1, let i = at.first,
              (i > 0 && rankWords.contains(w[i - 1])) || (i + 1 < w.count && rankWords.contains(w[i + 1])) else { return nil }
        return ordinalRanks[w[i]]
    }

    static let rankHedges: Set<String> = ["i", "guess", "think", "suppose", "je", "pense", "crois", "dirais", "probably", "maybe", "peut", "etre",
                                          "please", "pls", "stp", "svp", "lol", "then", "alors", "donc", "du", "coup"]

    /// Whether the message says it chooses ("je prends", "plutôt", "i'll take", "instead"): `choice_words`.
    /// `interest`: an interest counts too ("i am interested by performer").
    func saysChoice(_ input: PreparedInput, interest: Bool = false) -> Bool {
        Self.contains(input.tokenStrings, anyOf: choiceWords) || (interest && Self.contains(input.tokenStrings, anyOf: interestWords))
    }

    /// The month a message names as a start date ("en janvier", "by sept", "mars"): at the start of
    /// a short message, or after one of `month_lead_ins` (so that "i may start" names no month).
    public func month(_ input: PreparedInput) -> Int? {
        monthsSaid(input, afterRefusal: false).first?.month
    }

    /// The months a message names as start dates, with where: after a lead-in ("en janvier", "by
    /// sept", "pour mars"), at the start of a short message ("février idéalement", not "may take
    /// me a while"), a season after "this/next/cet" ("this summer", not "this may be too basic"),
    /// a season put behind as the month it means ("après l'été": September); `afterRefusal`: right after a refusal
    /// too ("non décembre").
    /// Whether month `m` is said as its end: "fin janvier", "fin de janvier", "end of january",
    /// "late january".
    static func saysLateIn(_ w: [String], month m: Int, _ months: [String: Int]) -> Bool {
        w.indices.contains { i in
            guard months[w[i]] == m else { return false }
            var j = i - 1
            while j >= 0, i - j <= 3, ["de", "d", "of", "the"].contains(w[j]) { j -= 1 }
            return j >= 0 && i - j <= 3 && ["fin", "end", "late"].contains(w[j])
        }
    }

    func monthsSaid(_ input: PreparedInput, afterRefusal: Bool) -> [(at: Int, month: Int)] {
        let w = input.tokenStrings
        var found: [(Int, Int)] = []
        var holidays: [Int] = []
        for (i, word) in w.enumerated() {
            // ("après les fêtes", "after the holidays": January.)
            if Self.holidayAndQuarterFirstWords.contains(word),
               let (phrase, m) = Self.holidayStarts.first(where: { p, _ in i + p.count <= w.count && w[i..<(i + p.count)].elementsEqual(p) }),
               // (The "avant noël" of "pas avant noël" was read with its "pas".)
               !(["avant", "before"].contains(word) && i > 0 && Self.refusals.contains(w[i - 1])) {
                found.append((i + phrase.count - 1, m))
                holidays.append(i + phrase.count - 1)
                continue
            }
            // ("premier trimestre", "the first quarter": the quarter from its first month, as "T1".)
            if Self.holidayAndQuarterFirstWords.contains(word),
               let (phrase, m) = Self.quarterPhrases.first(where: { p, _ in i + p.count <= w.count && w[i..<(i + p.count)].elementsEqual(p) }) {
                found.append((i + phrase.count - 1, m))
                continue
            }
            // ("début d'année prochaine", "early next year", "fin d'année": the year's part as its month.)
            if Self.yearWords.contains(word), let j = (max(0, i - 4)..<i).last(where: { Self.yearParts[w[$0]] != nil }),
               w[(j + 1)..<i].allSatisfy(Self.yearConnectors.contains) {
                found.append((j, Self.yearParts[w[j]]!))
                continue
            }
            guard let m = monthNumbers[word] else { continue }
            // ("licencié économique en juin", "got laid off in june", "diplômée en juillet": an event
            // of the past, no start.)
            if w[max(0, i - 4)..<i].contains(where: Self.pastEvents.contains) { continue }
            // ("un gros chantier qui démarre en avril", "a project that kicks off in april": when
            // something else starts, not the course; "la session qui démarre en janvier" is one.)
            if let q = w[max(0, i - 5)..<i].lastIndex(where: { ["qui", "which", "that"].contains($0) }), q > 0,
               !["session", "formation", "cours", "one", "course", "celle", "training", "ca", "that"].contains(w[q - 1]),
               w[(q + 1)..<i].contains(where: { v in ["demarre", "commence", "start", "starts", "begins", "kicks", "lance", "debute", "est", "is", "tombe",
                                                     "lieu", "happens", "falls"].contains(v) }) { continue }
            // ("we have 2 new hires starting in january", "les nouveaux arrivent en janvier": others
            // who start then.)
            if Self.othersStart(w, at: i) { continue }
            // ("April works too", "avril ça marche aussi": a month that would suit as well.)
            if Self.suitsAsWell(w, after: i) { continue }
            let isSeason = seasonNames[word] != nil
            // ("pas pendant l'hiver, on est débordés", "not in summer": a season refused is no start;
            // "pas avant le printemps" is one.)
            if isSeason, !afterRefusal, refusesSeason(PreparedInput(w[max(0, i - 4)...i].joined(separator: " "))) { continue }
            // ("après l'été", "after the summer": the month after it, September; "fin de l'été",
            // "late summer": its last month; "mi-été", "mid summer": its middle one.)
            // ("courant T1", "during Q1": a quarter is wholly meant, from its first month.)
            let during = ["courant", "mi", "mid"].contains
            if isSeason, let j = (max(0, i - 3)..<i).last(where: { Self.pastSeason[w[$0]] != nil }),
               w[(j + 1)..<i].allSatisfy(["l", "de", "d", "du", "la", "le", "the", "of"].contains), let put = Self.pastSeason[w[j]],
               !(during(w[j]) && Self.isQuarter(word)) {
                found.append((i, (m - 1 + put) % 12 + 1))
                continue
            }
            let before = i > 0 ? w[i - 1] : ""
            // ("Q1 next year ideally", "T1 2027": a quarter is no word of its own, said anywhere.)
            let quarter = isSeason && Self.isQuarter(word)
            // ("summer holidays ideally", "summer break": the season's holidays.)
            let holidaysAfter = isSeason && i + 1 < w.count && ["holidays", "holiday", "break", "vacation", "ideally", "idealement"].contains(w[i + 1])
            if quarter || holidaysAfter || (isSeason && ["this", "next", "cet", "cette", "ce", "prochain"].contains(before)) || (i == 0 && w.count <= 3)
                || (i == 0 && w.count <= 5 && w.count > 2 && ["or", "ou"].contains(w[1]) && monthNumbers[w[2]] != nil)
                // ("so may or june", "donc avril ou mai": two months offered after a conclusion, the first.)
                || (!isSeason && i + 2 < w.count && ["or", "ou"].contains(w[i + 1]) && monthNumbers[w[i + 2]] != nil && seasonNames[w[i + 2]] == nil
                    && ["so", "donc", "genre", "like", "maybe", "probably", "probablement", "soit", "either"].contains(before))
                || monthLeadIns.contains(before) || (afterRefusal && Self.refusals.contains(before))
                // ("pas avant le printemps", "before the summer": a lead-in, then the season's article.)
                || (isSeason && ["le", "the"].contains(before) && i >= 2 && monthLeadIns.contains(w[i - 2]))
                || (afterRefusal && Self.monthChangeWords.contains(before))
                || (!isSeason && Self.wishedDate(w, at: i))
                // ("january ideally, december is crazy w clients": a month said as the one wished.)
                || (!isSeason && Self.suitableMonthWord(word) && i + 1 < w.count && ["ideally", "idealement", "preferably", "idealy"].contains(w[i + 1]))
                // ("donc janvier-mars", "jan-feb": the first month of a span of two.)
                || (!isSeason && Self.suitableMonthWord(word) && i + 1 < w.count && monthNumbers[w[i + 1]] != nil && seasonNames[w[i + 1]] == nil
                    && (i == 0 || monthNumbers[w[i - 1]] == nil))
                // ("plutôt janvier, après c'est mort", "rather january": a month said as the one preferred.)
                || (!isSeason && Self.suitableMonthWord(word) && ["plutot", "rather", "preferably", "idealement", "ideally"].contains(before))
                // ("no not january, february", "pas janvier, février": the month said last, right
                // after the one refused.)
                || (!isSeason && Self.suitableMonthWord(word) && i == w.count - 1 && i >= 2 && monthNumbers[w[i - 1]] != nil
                    && seasonNames[w[i - 1]] == nil && Self.refusals.contains(w[i - 2]) && input.raw.utf8.contains(0x2C))
                // ("janvier. c possible que le lundi ?": a month that is a sentence of its own.)
                || (!isSeason && Self.suitableMonthWord(word) && monthAlone(input, at: i))
                // ("pendant les vacances d'été, juillet", "summer break probably, july": a month that
                // ends the message after a comma, a season or holidays said before it, says which.)
                || (!isSeason && Self.suitableMonthWord(word) && i == w.count - 1 && input.raw.utf8.contains(0x2C)
                    && w[..<i].contains(where: { seasonNames[$0] != nil || ["vacances", "conges", "holidays", "holiday", "break", "vacation"].contains($0) }))
                // ("december then i guess", "mars alors": the month that opens a short message, taken.)
                || (i == 0 && !isSeason && Self.suitableMonthWord(word) && w.count <= 5 && w.count > 1 && Self.takingWords.contains(w[1]))
                // ("feb, I said it already", "janvier, comme je disais": the month that opens the message, set apart.)
                // (Only with words that say it was said: "march, I'm away the whole month" refuses it.)
                || (i == 0 && !isSeason && Self.suitableMonthWord(word) && w.count > 1
                    && w.contains(where: { Self.saidWords.contains($0) || ["disais", "already", "deja"].contains($0) })
                    && Self.pieces(input.raw, cutAt: ",;:").first.map { prepare($0).tokens.count == 1 } == true)
                // ("february would be best i guess": a month said to suit.)
                || (!isSeason && Self.suitableMonthWord(word) && Self.saidToSuit(w, after: i))
                // ("dec is crazy for us. feb maybe", "ok february probably": a month said with its
                // doubt right after it, or after a word that only takes in what was said.)
                || (!isSeason && Self.suitableMonthWord(word) && i + 1 < w.count && (Self.maybeWords.contains(w[i + 1]) || w[i + 1] == "prob"))
                || (!isSeason && Self.suitableMonthWord(word) && ["ok", "okay", "hmm", "euh", "bon", "well", "alors", "so"].contains(before))
                // ("december is too soon, january then": the month said after one said not to suit.)
                // (Taken with a word that takes it, or said last: not "december is too early and
                // january is busy for me".)
                || (!isSeason && Self.suitableMonthWord(word)
                    && (i == w.count - 1 || w[(i + 1)..<min(w.count, i + 3)].contains(where: Self.takingWords.contains))
                    && (0..<i).contains { k in monthNumbers[w[k]] != nil && seasonNames[w[k]] == nil && Self.saidNotToSuit(w, after: k) }) {
                // ("busy until end of january", "after january", "jusqu'à fin janvier", "jusqu'en
                // mars": the month after it is the start.)
                let after = !isSeason && Self.saidAfter(w, at: i)
                // ("la session du 8 décembre ne me convient pas", "january doesn't work for me": a
                // month said not to suit is no start.)
                if Self.saidNotToSuit(w, after: i), !Self.preferredMonth(w, at: i) { continue }
                found.append((i, after ? m % 12 + 1 : m))
            }
        }
        // ("plutôt après les fêtes, genre février": a month named after the holidays says which.)
        if let first = holidays.first, found.contains(where: { $0.0 > first && !holidays.contains($0.0) }) {
            found.removeAll { holidays.contains($0.0) }
        }
        return found
    }

    /// Words that say something was said already ("I said", "je l'ai dit", "as mentioned").
    static let saidWords: Set<String> = ["said", "told", "say", "dit", "precise", "repondu", "answered", "mentioned"]

    /// Words after a month that take it ("january then", "janvier alors", "feb instead").
    static let takingWords: Set<String> = ["then", "alors", "plutot", "instead", "rather", "donc", "ok", "works", "fine", "please", "pls",
                                           "stp", "svp", "maybe", "peut"]

    /// Whether the word at `i` is a sentence of its own, or with one word before it ("janvier.",
    /// "en janvier !"), in a message of several sentences.
    func monthAlone(_ input: PreparedInput, at i: Int) -> Bool {
        guard input.raw.utf8.contains(where: { $0 == 0x2E || $0 == 0x21 || $0 == 0x3F || $0 == 0x3B }) else { return false }
        var start = 0
        for piece in Self.pieces(input.raw, cutAt: ".!?;") {
            let n = prepare(piece).tokens.count
            if i >= start, i < start + n { return n <= 2 && i == start + n - 1 }
            start += n
        }
        return false
    }

    /// "je souhaite la session du 2 mars", "I'd prefer the 2 march one": a day and its month
    /// after a word of wish, a session chosen by its date (a date said alone, "le 8 décembre ce
    /// sera compliqué", is no start).
    static func wishedDate(_ w: [String], at i: Int) -> Bool {
        guard i >= 2, let day = Int(w[i - 1]), (1...31).contains(day) else { return false }
        return w[max(0, i - 6)..<(i - 1)].contains(where: wishWords.contains)
    }
    static let wishWords: Set<String> = ["souhaite", "souhaiterais", "voudrais", "veux", "prefere", "preferais", "preferrais", "prefererais",
                                         "prends", "choisis", "want", "prefer", "take", "choose", "like", "rather"]

    /// "FEBRUARY not january": a month said, not itself denied, then another denied right after it.
    static func monthOverDenied(_ said: [(at: Int, month: Int)], _ w: [String]) -> Int? {
        said.indices.dropLast().first(where: { k in
            said[k + 1].at - said[k].at == 2 && monthDenials.contains(w[said[k].at + 1])
                && (said[k].at == 0 || !monthDenials.contains(w[said[k].at - 1]))
        }).map { said[$0].month }
    }
    static let monthDenials: Set<String> = ["not", "pas", "non"]

    /// Whether a start is denied in the few words before the month at `i`, with no month
    /// between: "pas commencer en", "don't want to start in".
    static func startDenied(_ w: [String], before i: Int) -> Bool {
        let window = w[max(0, i - 6)..<i]
        // (The negation governs the verb, a few words before it: not "why not start in february",
        // nor "pas de souci pour commencer en février".)
        guard let verb = window.lastIndex(where: startVerbs.contains),
              window[max(window.startIndex, verb - 4)..<verb].indices.contains(where: { j in
                  startNegations.contains(w[j]) && !(j > 0 && w[j - 1] == "why") && !(j + 1 < w.count && w[j + 1] == "de")
              }) else { return false }
        // ("je ne veux pas commencer avant janvier": the earliest start, not a month refused.)
        return !window[(verb + 1)...].contains(where: ["avant", "before", "until", "till", "apres", "after"].contains)
    }
    static let startVerbs: Set<String> = ["commencer", "demarrer", "debuter", "start", "begin", "starting"]
    static let startNegations: Set<String> = ["pas", "not", "dont", "don", "never", "jamais"]

    /// Whether the words after a month say it does not suit ("décembre ne me convient pas",
    /// "january doesn't work for me", "décembre c'est trop tôt"), within the next few words.
    static func saidNotToSuit(_ w: [String], after i: Int, within: Int = 5) -> Bool {
        let next = w[min(w.count, i + 1)..<min(w.count, i + 1 + within)]
        return notSuiting.contains { phrase in
            next.indices.contains { k in
                k + phrase.count <= next.endIndex && next[k..<(k + phrase.count)].elementsEqual(phrase)
                    // ("mars c'est pas trop tôt ?", "is march not too soon?": asked, not said.)
                    && !(k > next.startIndex && ["pas", "not"].contains(next[k - 1]))
            }
        }
    }
    static let notSuiting: [[String]] = [["convient", "pas"], ["arrange", "pas"], ["trop", "tot"],
                                         ["doesnt", "suit"], ["doesnt", "work"], ["wont", "work"], ["too", "soon"], ["too", "early"],
                                         ["bit", "soon"], ["bit", "early"], ["little", "soon"], ["little", "early"], ["peu", "tot"], ["peu", "juste"],
                                         ["doesn", "t", "suit"], ["doesn", "t", "work"], ["won", "t", "work"],
                                         ["does", "not", "suit"], ["does", "not", "work"], ["is", "no", "good"], ["not", "good", "for"],
                                         // ("january is dead for me", "is not possible", "janvier c'est mort pour moi",
                                         // "c'est pas possible", "c'est exclu": a month said impossible.)
                                         ["is", "dead"], ["s", "dead"], ["dead", "for"], ["not", "possible"], ["impossible"],
                                         ["wont", "be", "possible"], ["won", "t", "be", "possible"], ["out", "of", "the", "question"],
                                         ["not", "an", "option"], ["no", "go"], ["mort"], ["pas", "possible"], ["exclu"], ["hors", "de", "question"]]

    /// "asap ideally but january is dead for me", "pas en janvier", "janvier c'est mort pour moi":
    /// the month after the last month the message refuses or says impossible (counted from
    /// `today`'s month), as "busy until january" is read; nil when none is, or when a month is
    /// said as a start too (`startMonth`), or the refusal is a bound ("not before march").
    public func monthAfterDenied(_ input: PreparedInput, today month: Int) -> Int? {
        let w = input.tokenStrings
        var denied: [Int] = []
        for (i, word) in w.enumerated() {
            guard let m = monthNumbers[word], seasonNames[word] == nil, Self.suitableMonthWord(word) || monthLeadIns.contains(i > 0 ? w[i - 1] : "") else { continue }
            let before = w[max(0, i - 3)..<i]
            if before.contains(where: ["avant", "before", "until", "till", "jusqu", "after", "apres", "why", "pourquoi"].contains) { return nil }
            // ("not january", "pas en janvier", "sauf en janvier"; not "not sure, january maybe".)
            let refused = (i > 0 && (Self.monthNegations.contains(w[i - 1]) || w[i - 1] == "no"))
                || (i > 1 && monthLeadIns.contains(w[i - 1]) && Self.monthNegations.contains(w[i - 2]))
            // ("december is too early and january is busy for me": another month said, not denied,
            // leaves the start open.)
            // ("dec 8 is in 2 days lol, too soon": in a short message, said of its only month
            // further on.)
            // (Not a month said to be preferred, nor one whose time after is what does not suit:
            // "plutot janvier, apres au printemps c mort".)
            let preferred = Self.preferredMonth(w, at: i)
            let laterInShort = w.count <= 14 && w.indices.filter({ monthNumbers[w[$0]] != nil }).count == 1
                && Self.saidNotToSuit(w, after: i, within: w.count)
            guard refused || (!preferred && (Self.saidNotToSuit(w, after: i) || laterInShort)) || Self.startDenied(w, before: i) else { return nil }
            denied.append(m)
        }
        guard let last = denied.max(by: { ($0 - month + 12) % 12 < ($1 - month + 12) % 12 }) else { return nil }
        return last % 12 + 1
    }

    /// Whether the month at `i` is when others start ("2 new hires starting in january", "les
    /// nouveaux arrivent en janvier").
    static func othersStart(_ w: [String], at i: Int) -> Bool {
        guard let v = w[max(0, i - 3)..<i].lastIndex(where: { ["starting", "start", "starts", "arrive", "arrivent", "commencent", "join", "joining", "joins"].contains($0) }),
              v > 0 else { return false }
        return ["hires", "hire", "guys", "people", "staff", "employees", "recrues", "nouveaux", "nouvelles", "embauches", "stagiaires", "interns",
                "they", "ils", "elles", "trainees", "apprentis", "alternants"].contains(w[v - 1])
    }

    /// A month said as the one preferred ("plutôt janvier", "rather january"), or followed by what
    /// comes after it ("janvier, après c'est mort"): what does not suit after it is not said of it.
    static func preferredMonth(_ w: [String], at i: Int) -> Bool {
        (i > 0 && ["plutot", "rather", "idealement", "ideally", "preferably"].contains(w[i - 1]))
            || w[(i + 1)...].prefix(3).contains(where: ["apres", "after", "ensuite", "then", "sinon", "otherwise"].contains)
    }

    /// "no no, FEBRUARY not january" read anywhere in the message (the months are looked for only
    /// in a message that holds a denial).
    public func monthOverDenied(_ input: PreparedInput) -> Int? {
        guard input.tokenStrings.contains(where: Self.monthDenials.contains) else { return nil }
        return Self.monthOverDenied(monthsSaid(input, afterRefusal: true), input.tokenStrings)
    }

    /// Words that refuse the month said after them even with a lead-in between ("not in dec").
    static let monthNegations: Set<String> = ["not", "pas", "sauf", "except"]
    static let untilWords: Set<String> = ["until", "till", "til", "jusqu", "after", "apres", "through"]

    /// Whether the month at `i` is said as the one until or after which something lasts ("busy
    /// until end of january", "jusqu'en mars", "après mars"): the start is the month after it.
    /// (Only "end of", "fin de", "en" between: "après les partiels en janvier" starts in January.)
    static func saidAfter(_ w: [String], at i: Int) -> Bool {
        w[max(0, i - 4)..<i].lastIndex(where: untilWords.contains).map { j in
            w[(j + 1)..<i].allSatisfy(["end", "of", "fin", "de", "la", "a", "the", "d", "en", "in"].contains)
        } == true
    }

    /// "no, not january, not february", "pas janvier ni février": months only refused, none wanted;
    /// the month after the last of them (counted from `today`'s month) is when a start would
    /// suit. Nil when a month is said without a refusal, or the message says more than that.
    public func monthAfterRefused(_ input: PreparedInput, today month: Int) -> Int? {
        let w = input.tokenStrings
        guard w.count <= 12, w.contains(where: Self.refusals.contains) else { return nil }
        var refused: [Int] = [], chained = false, lastMonth = -1
        for (i, word) in w.enumerated() {
            if let m = monthNumbers[word], seasonNames[word] == nil {
                // (The words since the month before: "not january, february" refuses only January.)
                // (Not in a span of months, "pas janvier-février": said without a comma, both.)
                let before = w[max(0, i - 2, input.raw.utf8.contains(0x2C) ? lastMonth + 1 : 0)..<i]
                lastMonth = i
                guard before.contains(where: Self.refusals.contains) || (chained && before.contains(where: Self.refusalChains.contains)) else { return nil }
                refused.append(m)
                chained = true
            } else if !(Self.refusals.contains(word) || Self.refusalChains.contains(word) || monthLeadIns.contains(word)
                        || emptyWords.contains(word) || ["nope", "nah", "nan"].contains(word)) {
                return nil
            }
        }
        // (The months counted from now: "not december, not january" in November is February.)
        guard let last = refused.max(by: { ($0 - month + 12) % 12 < ($1 - month + 12) % 12 }) else { return nil }
        return last % 12 + 1
    }
    static let refusalChains: Set<String> = ["ni", "nor", "or", "ou", "et", "and", "neither", "plus"]

    /// A season the message names ("au printemps"), as the lexicon writes it.
    /// Whether a season is said as refused ("pas pendant l'hiver, on est débordés", "not in the
    /// summer"), not as a bound ("pas avant le printemps").
    func refusesSeason(_ input: PreparedInput) -> Bool {
        let w = input.tokenStrings
        return w.indices.contains { i in
            // (The refusal right before the season, its lead-in and article between: not "je ne suis
            // pas pressée, disons au printemps".)
            guard seasonNames[w[i]] != nil, !Self.isQuarter(w[i]), let r = w[max(0, i - 4)..<i].lastIndex(where: Self.refusals.contains) else { return false }
            return w[(r + 1)..<i].allSatisfy(["pendant", "durant", "en", "au", "l", "le", "la", "the", "in", "during", "cet", "cette", "this", "a", "ce"].contains)
        }
    }

    public func season(_ input: PreparedInput) -> String? {
        input.tokenStrings.lazy.compactMap { self.seasonNames[$0] }.first
    }

    /// The month a message moves the start to once it was answered ("non décembre ça va être
    /// chaud… plutôt février", "not before march"): the last month named as a start date
    /// (`monthsSaid`) that is not refused ("pas en décembre", "not december"), a preferred one
    /// ("plutôt février") over one named before.
    public func startMonth(_ input: PreparedInput) -> Int? {
        let w = input.tokenStrings
        // ("idealement au printemps, mars avril, pas avant car on a les audits en fevrier": the
        // months after "car", "because", are the reason's, when the start was said before it.)
        // (The reason ends where "donc", "so", "plutôt" go on: "pas en janvier car on a les audits,
        // donc plutôt en mars".)
        if let r = w.firstIndex(where: Self.reasonWords.contains), r >= 1, r + 1 < w.count, monthNumbers[w[r + 1]] == nil,
           w[..<r].contains(where: { monthNumbers[$0] != nil || seasonNames[$0] != nil }),
           case let end = w[(r + 1)...].firstIndex(where: Self.reasonEnds.contains) ?? w.count,
           w[(r + 1)..<end].contains(where: { monthNumbers[$0] != nil }) {
            return startMonth(PreparedInput((w[..<r] + w[end...]).joined(separator: " ")))
        }
        // ("dec 8 is literally tomorrow?? and u just said jan 19": a month Madi said, quoted back,
        // is no start.)
        // (Said by "you", not "comme je vous ai dit, mars", "like i told you, i said march".)
        if w.contains(where: Self.quotingWords.contains), let k = w.indices.first(where: { k in
            Self.quotingWords.contains(w[k]) && k >= 1 && k + 1 < w.count
                && (Self.secondPerson.contains(w[k - 1]) || (k >= 2 && ["just", "as", "avez", "ve", "already", "deja"].contains(w[k - 1]) && Self.secondPerson.contains(w[k - 2])))
                && !w[max(0, k - 4)..<k].contains(where: { $0 == "je" || $0 == "i" || $0 == "j" })
                && w[(k + 1)..<min(w.count, k + 4)].contains(where: { monthNumbers[$0] != nil })
        }) {
            var kept = w
            for i in (k + 1)..<min(w.count, k + 4) where monthNumbers[w[i]] != nil { kept[i] = "" }
            return startMonth(PreparedInput(kept.filter { !$0.isEmpty }.joined(separator: " ")))
        }
        var found: Int?
        var foundAt: Int?
        var foundEarliest = false
        var said = monthsSaid(input, afterRefusal: true)
        // ("idéalement avant l'été, genre avril mai", "ideally before summer, like april or may": a
        // month said as a bound gives way to one said within it.)
        let bounds = said.filter { Self.saidAsBound(w, at: $0.at) }
        if !bounds.isEmpty, bounds.count < said.count { said.removeAll { m in bounds.contains { $0.at == m.at } } }
        // ("jai mes partiels en janvier donc apres", "my exams are in january, after that im free":
        // a month followed by an "after" is the event's; the start is the month after it, or the
        // month said after the "after" ("l'AG c en mars, donc la formation ce serait apres, avril mai").)
        // (Not "after the audit", "apres au printemps c mort": an "after" that names what it is
        // after; nor a month already moved, "jusqu'en mars".)
        if !said.isEmpty, let k = w.lastIndex(where: Self.afterWords.contains), k > 0, w[k - 1] != "d",
           k + 1 == w.count || Self.afterThat.contains(w[k + 1]) || said.contains(where: { $0.at > k }),
           case let event = { (m: (at: Int, month: Int)) in m.at < k && k - m.at <= 7 && self.monthNumbers[w[m.at]] == m.month },
           said.contains(where: event) {
            if said.contains(where: { $0.at > k }) {
                // ("not before march prob, we're slammed until after the holidays": a month said as
                // the earliest start stays, whatever is said to come after.)
                said.removeAll { m in
                    m.at < k && !(w[max(0, m.at - 2)..<m.at].contains(where: Self.refusals.contains)
                        && w[max(0, m.at - 2)..<m.at].contains(where: { ["avant", "before", "until", "till"].contains($0) }))
                }
            } else {
                said = said.map { event($0) ? ($0.at, $0.month % 12 + 1) : $0 }
            }
        }
        // ("please tell them march would be even better": with a word of preference, anywhere.)
        if said.isEmpty, w.contains(where: Self.startWords.contains) {
            // ("sounds good actually, April works too": a month that would suit as well moves nothing.)
            said = w.enumerated().compactMap { i, word in
                seasonNames[word] == nil && word.count >= 4 && !Self.suitsAsWell(w, after: i) && !Self.othersStart(w, at: i)
                    // ("i got laid off in sept, … no idea where to start": an event of the past.)
                    && !w[max(0, i - 4)..<i].contains(where: Self.pastEvents.contains)
                    // ("asap ideally but january is dead for me": a month said impossible is no start.)
                    && !Self.saidNotToSuit(w, after: i)
                    ? monthNumbers[word].map { (i, $0) } : nil
            }
        }
        // ("mon stage commence en fevrier donc avant ce serait mieux", "my internship starts in
        // february, so before that": a month followed by a "before" is the event's; the start is
        // the month before it.)
        if said.count == 1, let k = w.lastIndex(where: { $0 == "avant" || $0 == "before" }), k > said[0].at, k - said[0].at <= 7,
           k + 1 == w.count || Self.afterThat.contains(w[k + 1]) || ["serait", "would", "ideally", "idealement", "mieux", "better"].contains(w[k + 1]),
           monthNumbers[w[said[0].at]] == said[0].month, ["donc", "so", "alors", "then", "du"].contains(w[k - 1]) || (k >= 2 && w[k - 2] == "du" && w[k - 1] == "coup") {
            said = [(said[0].at, (said[0].month + 10) % 12 + 1)]
        }
        // ("no!! not asap. march or april": a short sentence of its own that opens on a month,
        // after a refusal.)
        if said.isEmpty, w.contains(where: Self.refusals.contains), let m = clauseOpeningMonth(input.raw) { return m }
        for (i, m) in said {
            // (The words since the month before: in "not january, february", the "not" is January's.)
            let previous = w[..<i].lastIndex(where: { monthNumbers[$0] != nil && seasonNames[$0] == nil }).map { $0 + 1 } ?? 0
            let before = w[max(0, i - 2, input.raw.utf8.contains(0x2C) ? previous : 0)..<i]
            // ("non, en décembre" answers no and says December; "not in dec", "pas en décembre"
            // refuse it.)
            // ("in Q1 so realistically not before Q2": the earliest start said, over any before it.)
            let earliest = before.contains(where: Self.refusals.contains) && before.contains(where: { ["avant", "before"].contains($0) })
            let refused = before.contains(where: Self.refusals.contains) && !earliest
                && (!before.contains(where: monthLeadIns.contains) || before.contains(where: Self.monthNegations.contains))
                // ("je ne souhaite pas commencer en décembre", "I don't want to start in december":
                // a start denied a few words before.)
                || Self.startDenied(w, before: i)
            // ("summer break probably, july": a month named after its season says which.)
            // ("au printemps, genre mars avril": the first month of a span that ends the message.)
            let narrows = foundAt.map { seasonNames[w[$0]] != nil && seasonNames[w[i]] == nil && monthNumbers[w[i]] != nil
                && w[(i + 1)...].allSatisfy { monthNumbers[$0] != nil && seasonNames[$0] == nil || ["ou", "or", "et", "and", "a", "to"].contains($0) } } ?? false
            // ("jan 12 is too early, feb would be better": the month said to suit, over one said before.)
            let suits = found != nil && Self.saidToSuit(w, after: i)
            // ("not before my conference in feb, so maybe march?": the month concluded after the earliest.)
            let concluded = foundEarliest && foundAt.map { f in f < i && w[f..<i].contains(where: { ["so", "donc", "alors"].contains($0) }) } == true
                && w[max(0, i - 3)..<i].contains(where: { ["so", "donc", "alors", "maybe", "probably", "prob", "surement", "plutot", "peut", "genre", "like"].contains($0) })
            if !refused, found == nil || earliest || narrows || suits || concluded || before.contains(where: Self.preferences.contains) {
                // (The earliest said before the month, "not before my conference in feb", counts too.)
                found = m; foundAt = i
                foundEarliest = earliest || zip(w[..<i], w[..<i].dropFirst()).contains { a, b in Self.refusals.contains(a) && ["avant", "before"].contains(b) }
            }
        }
        // ("no no, FEBRUARY not january": one month, then another denied right after it.)
        if found == nil, let m = Self.monthOverDenied(said, w) { return m }
        return found
    }

    /// Words that put the start after what was said before them ("donc après", "after that").
    static let afterWords: Set<String> = ["apres", "after", "afterwards", "ensuite"]
    /// What may follow such an "after" and name nothing it is after ("after that", "après ça ira").
    static let afterThat: Set<String> = ["that", "this", "ca", "cela", "c", "ce", "je", "j", "i", "im", "on", "we", "it", "its", "ok", "bon", "is", "est",
                                         "then", "alors", "du", "coup", "tout", "ideally", "idealement", "plutot", "rather"]

    /// Whether the month at `i` is said as a bound ("avant l'été", "before summer", "d'ici mars",
    /// "by march"), not as the earliest start ("pas avant mars", "not before march").
    static func saidAsBound(_ w: [String], at i: Int) -> Bool {
        var j = i - 1
        while j >= 0, ["l", "la", "le", "les", "the"].contains(w[j]) { j -= 1 }
        guard j >= 0, ["avant", "before", "ici", "by"].contains(w[j]) else { return false }
        return j == 0 || !refusals.contains(w[j - 1])
    }

    /// The month that opens a sentence of at most four words ("march or april", "janvier
    /// idéalement"), in a message of several sentences.
    func clauseOpeningMonth(_ raw: String) -> Int? {
        for piece in Self.pieces(raw, cutAt: ".;!?\n") {
            let words = PreparedInput(piece).tokenStrings
            if let first = words.first, words.count <= 4, first.count >= 4 || words.count == 1, let m = monthNumbers[first] { return m }
        }
        return nil
    }

    /// "les deux", "both", "a mix", "3" (the third answer shown): both levels of a team said as a mix.
    func picksBoth(_ input: PreparedInput) -> Bool {
        if bareNumber(input) == 3 { return true }
        // ("les 2 du coup", "des 2": the lexicon's words for both, digits too.)
        return saysMixed(input) || input.tokenStrings.contains(where: Self.bothWords.contains) || saysBoth(input)
    }
    static let bothWords: Set<String> = ["deux", "both", "mix", "mixed", "melange", "melanges", "mixte", "tous", "all", "moitie", "half"]

    /// Whether the message is nothing but sounds and words that take in what was said ("hein ?",
    /// "huh? what", "hmm ok").
    func onlyInterjections(_ input: PreparedInput) -> Bool {
        !input.tokens.isEmpty && input.tokenStrings.allSatisfy { Self.interjections.contains($0) || Self.acknowledgements.contains($0) }
    }
    /// The message without its sounds, acknowledgements and doubts ("hmm maybe spring": "spring").
    func withoutHedging(_ input: PreparedInput) -> PreparedInput {
        prepare(input.tokenStrings.filter { !Self.interjections.contains($0) && !Self.acknowledgements.contains($0) && !Self.maybeWords.contains($0) }
            .joined(separator: " "))
    }
    static let interjections: Set<String> = ["hein", "quoi", "hmm", "hmmm", "hm", "huh", "eh", "euh", "heu", "pardon", "sorry", "what", "wat",
                                             "ah", "oh", "comment", "uh", "um", "umm", "bah", "ben", "hey", "mmh", "hum", "wait"]

    /// Words that only take in what was said ("ok", "d'accord", "hmm"), before a question.
    static let acknowledgements: Set<String> = ["ok", "okay", "oki", "okk", "k", "d", "accord", "dac", "dacc", "bon", "alors", "ah", "hmm", "hm", "mmh", "euh", "alright", "right", "fine", "so", "well", "got", "it", "i", "see", "je", "vois", "merci", "thanks", "thx", "cool"]

    /// Whether a message says a start, a preference or a refusal of another month ("plutôt
    /// février", "c'est pour mars, pas décembre", "I'd rather start in the spring"): what moves a
    /// start already answered (not "je serai en vacances en janvier").
    public func movesStart(_ input: PreparedInput) -> Bool {
        let w = input.tokenStrings
        if w.contains(where: Self.startWords.contains) { return true }
        for (i, word) in w.enumerated() where monthNumbers[word] != nil {
            if i > 0, ["pour", "for", "from", "des", "avant", "before", "after", "apres"].contains(w[i - 1]) { return true }
            // ("we'd want it in january", "on voudrait en janvier": in a month, said with a wish;
            // not after a "but", "asap, but in march i have exams".)
            if i > 0, ["in", "en"].contains(w[i - 1]), w[..<i].contains(where: Self.monthWishWords.contains) { return true }
            // ("january might work", "février ça irait mieux": a month said to suit.)
            if Self.suitableMonthWord(word), Self.saidToSuit(w, after: i) { return true }
            if w[max(0, i - 2)..<i].contains(where: Self.refusals.contains) { return true }
        }
        return false
    }
    static let monthWishWords: Set<String> = ["want", "wants", "wanted", "like", "prefer", "plan", "planning", "hoping", "hope",
                                         "veux", "veut", "voulons", "voudrais", "voudrait", "voudrions", "aimerais", "aimerait", "aimerions",
                                         "souhaite", "souhaitons", "souhaiterais", "souhaiterait", "prefere", "preferons", "prevoit", "prevoyons"]
    /// Words that say a month suits, after it ("january might work", "mars ça m'irait").
    static let suitWords: Set<String> = ["works", "suit", "suits", "irait", "marche", "marcherait", "conviendrait", "convient",
                                         "better", "best", "ideal", "idealement", "mieux", "parfait", "perfect"]
    /// Whether the three words after `i` say it suits ("might work", "would be best", "ça
    /// m'irait"; not "january work is crazy").
    static func saidToSuit(_ w: [String], after i: Int) -> Bool {
        let next = (i + 1)..<min(w.count, i + 4)
        // ("April works too", "avril ça marche aussi": another month that would suit as well, no
        // start chosen.)
        if suitsAsWell(w, after: i) { return false }
        return next.contains { j in
            suitWords.contains(w[j]) || (w[j] == "work" && j > 0 && ["might", "would", "could", "will", "should", "can"].contains(w[j - 1]))
                // ("mars ça me va", "mars nous irait": a month that suits someone.)
                || (w[j] == "va" && ["me", "nous", "m"].contains(w[j - 1]) && !(j >= 2 && w[j - 2] == "ne")
                    && !(j + 1 < w.count && ["pas", "plus", "jamais"].contains(w[j + 1]) && !(j + 2 < w.count && ["avant", "apres"].contains(w[j + 2]))))
                // ("feb is fine", "février c'est bon": fine said of the month itself.)
                || (j == i + 2 && fineWords.contains(w[j]) && ["is", "s", "works", "est"].contains(w[i + 1]))
                || (j == i + 3 && fineWords.contains(w[j]) && w[i + 1] == "c" && w[i + 2] == "est")
        }
    }
    static let fineWords: Set<String> = ["fine", "ok", "okay", "good", "bon", "parfait"]
    /// Words that say a month would suit as well as another ("too", "aussi").
    static let asWell: Set<String> = ["too", "also", "aussi", "egalement"]
    /// "April works too", "avril ça marche aussi", "march would also be fine": the month at `i`
    /// said to suit as well as another (a word of suiting beside the "too"; not "March. Also, is
    /// it online?", nor "is march not too soon?").
    static func suitsAsWell(_ w: [String], after i: Int) -> Bool {
        let next = w[(i + 1)..<min(w.count, i + 5)]
        return next.contains(where: asWell.contains)
            && next.contains(where: ["works", "work", "marche", "va", "irait", "fine", "ok", "okay", "good", "possible", "bon", "convient"].contains)
    }
    /// A month's word that `saidToSuit` may follow: four letters or more, or a short form that is
    /// no other word ("feb", "janv"; not "may", nor "mai", often "mais" mistyped).
    static func suitableMonthWord(_ word: String) -> Bool { word.count >= 4 || (word.count == 3 && !["may", "mai"].contains(word)) }
    /// Words of doubt ("peut-être", "maybe", "probably").
    static let maybeWords: Set<String> = ["peut", "maybe", "perhaps", "probably", "probablement", "surement", "possibly", "possiblement", "ish", "ptet", "ptetre"]

    /// Words of change right before a month ("finalement avril", "actually march").
    static let monthChangeWords: Set<String> = ["finalement", "actually", "plutot", "rather", "instead", "fait", "said", "dit"]
    static let startWords: Set<String> = ["mieux", "better", "finalement", "actually", "plutot", "rather", "instead", "prefere", "prefer", "preferable", "commencer", "demarrer", "debuter",
                                          "start", "begin", "starting", "commence", "demarre", "idealement", "ideally", "said", "dit"]

    /// Parts of a year said before "année"/"year", as the month they mean, and the words that may
    /// come between ("début de l'année prochaine", "the beginning of next year").
    static let yearParts: [String: Int] = ["debut": 1, "early": 1, "beginning": 1, "mi": 6, "mid": 6, "milieu": 6, "middle": 6,
                                           "fin": 12, "end": 12, "late": 12]
    static let yearWords: Set<String> = ["annee", "year"]

    /// Whether an unknown word comes right before `address` with only a space between ("marie
    /// dubois76@gmail.com", "ok put me down anyway. zoe martin@gmail.com"): that word may be the
    /// address's first part (not "voici", "ok", "merci", "is").
    func gluedWordBefore(_ address: String, in raw: String) -> Bool {
        guard raw.utf8.contains(0x20) else { return false }
        let parts = raw.split(separator: " ", omittingEmptySubsequences: true)
        guard let k = parts.firstIndex(where: { $0.lowercased() == address.lowercased() }), k >= 1,
              case let before = parts[k - 1],
              before.count >= 2, before.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" || $0 == "." }),
              before.last != "." else { return false }
        let word = PreparedInput(String(before))
        guard word.tokens.count == 1 else { return false }
        // (A word of the examples, "perfect", "parfait", says something; a name does not.)
        return !vocabulary.contains(word.tokens[0]) && !classifier.knows(word: word.tokenStrings[0])
            && !addressOpeners.contains(word.tokenStrings) && yesNo(word) == nil
            && !fillers.contains(word.tokenStrings[0]) && !politeness.contains(word.tokenStrings[0])
    }

    /// Whether the message puts the start no sooner than a date ("pas avant septembre", "not
    /// before march", "not until spring").
    func saysNotBefore(_ input: PreparedInput) -> Bool {
        let w = input.tokenStrings
        return zip(w, w.dropFirst()).contains { a, b in
            ["pas", "not", "no"].contains(a) && ["avant", "before", "until", "till", "sooner", "earlier"].contains(b)
        }
            // ("on ne saura pas commencer avant février", "we can't start before march": the verb
            // between the negation and "before".)
            // (Right after the verb: not "je veux pas commencer trop tard, avant mars", nor "never mind,
            // start before april".)
            || w.indices.contains { i in
                ["pas", "not", "cant", "cannot", "wont", "couldnt", "never", "jamais"].contains(w[i]) && !(i + 1 < w.count && w[i + 1] == "mind")
                    && w[(i + 1)..<min(w.count, i + 5)].indices.contains { v in
                        ["commencer", "demarrer", "debuter", "start", "begin", "starting"].contains(w[v])
                            && v + 1 < w.count && ["avant", "before"].contains(w[v + 1])
                    }
            }
            // ("des chantiers jusqu'en mars", "busy until march", "après mars": the month after it
            // is the earliest start.)
            || w.indices.contains { i in monthNumbers[w[i]] != nil && seasonNames[w[i]] == nil && Self.saidAfter(w, at: i) }
            // ("i can only start after the school holidays in april", "je ne peux commencer qu'en
            // avril": the start said to be the only one possible.)
            || zip(w, w.dropFirst()).contains { a, b in
                (a == "only" && ["start", "begin", "starting", "do", "make"].contains(b))
                    || (["commencer", "demarrer", "debuter"].contains(a) && ["qu", "que", "qua"].contains(b))
            }
    }

    /// "j'ai pas dit non", "i never said no": a refusal denied.
    func deniesSayingNo(_ input: PreparedInput) -> Bool {
        let w = input.tokenStrings
        return w.indices.dropFirst().contains { i in
            guard ["dit", "said", "say"].contains(w[i - 1]), w[max(0, i - 4)..<(i - 1)].contains(where: { ["pas", "jamais", "not", "never", "didn", "didnt", "t"].contains($0) })
            else { return false }
            // ("je n'ai pas dit que ça ne m'intéressait pas", "i never said i wasn't interested".)
            return ["non", "no"].contains(w[i]) || w[i..<min(w.count, i + 7)].contains { $0.hasPrefix("interess") || $0.hasPrefix("interest") }
        }
    }

    /// Whether the message asks where something takes place ("c'est où ?", "where is it held",
    /// "dans quelle ville").
    /// ("ou" folded is also "or": "où" as typed, or "ou" closing the question, "c'est ou ?".)
    func asksWhere(_ input: PreparedInput) -> Bool {
        let w = input.tokenStrings
        // ("c ou la formation", "c pres de rennes ?", "is it near me")
        return input.raw.lowercased().contains("où") || w.last == "ou" || w.contains { Self.whereWords.contains($0) }
            || zip(w, w.dropFirst()).contains { ($0 == "c" && $1 == "ou") || (["pres", "loin", "near", "close"].contains($0) && ["de", "to", "me", "from"].contains($1)) }
            // ("is it in london?", "vous êtes à lyon ?", "c a lyon vos formations ?": a place asked about.)
            || [["is", "it", "in"], ["are", "you", "in"], ["based", "in"], ["held", "in"], ["vous", "etes", "a"], ["se", "passe", "a"], ["c", "a"],
                ["c", "est", "a"], ["which", "city"], ["what", "city"]].contains { run in
                guard let r = QuantityReader.span(of: run, in: w)?.lowerBound else { return false }
                return r + run.count < w.count && !Self.notPlaces.contains(w[r + run.count]) && monthNumbers[w[r + run.count]] == nil
            }
    }
    static let notPlaces: Set<String> = ["distance", "person", "english", "french", "anglais", "francais", "ligne", "online", "presentiel", "moi",
                                         "toi", "vous", "nous", "the", "a", "an", "my", "your", "quelle", "quel", "partir", "peu", "mon", "ma"]
    static let whereWords: Set<String> = ["where", "wheres", "lieu", "ville", "adresse", "address", "location", "venue", "city", "locaux", "premises", "near"]

    /// A company's name said in a sentence of its own that opens with a lead-in and goes on with a
    /// capital ("we're Acme Ltd, based in Leeds", "Nous sommes Nexa Conseil SAS", "company is
    /// Brightloop"); nil otherwise ("we're 8", "on est débutants").
    func namedCompany(_ raw: String) -> String? {
        // ("send a proposal. mark.okafor@ledgerline.io  company is Ledgerline": an address, its
        // dots no stops, ends a clause.)
        let raw = raw.split(separator: " ").map { $0.contains("@") ? "," : String($0) }.joined(separator: " ")
        // ("Bonjour, nous sommes Vernier Plasturgie, une quinzaine…": a clause after a comma may
        // open with the lead-in too.)
        let clauses = Self.pieces(raw, cutAt: ".!?;").flatMap { piece -> [String] in
            let words = piece.split(separator: " ")
            return words.indices.filter { $0 == 0 || words[$0 - 1].hasSuffix(",") }.map { words[$0...].joined(separator: " ") }
        }
        for piece in clauses {
            var words = piece.split(separator: " ").map(String.init)
            // ("non l'entreprise c'est Lumitech": a word that corrects before the lead-in.)
            while let first = words.first, words.count > 2, ["non", "no", "nan", "nope", "oups", "oops", "sorry", "pardon", "ah", "oh", "et", "and"].contains(first.lowercased()) {
                words.removeFirst()
            }
            guard words.count >= 2 else { continue }
            var said: [String] = []
            for (i, w) in words.prefix(6).enumerated() where i + 1 < words.count {
                said += PreparedInput(w).tokenStrings
                guard Self.companyLeadIns.contains(said.joined(separator: " ")) else { continue }
                // ("On est l'agence Pixelune": the words that say what it is, before its name.)
                var start = i + 1
                // ("On est à Lyon": a place, no name.)
                if ["à", "en", "au", "in", "near", "pres", "près"].contains(words[start].lowercased()) { break }
                while start < words.count - 1, PreparedInput(words[start]).tokenStrings.allSatisfy({ Self.companyKinds.contains($0) || Self.companyVerbs.contains($0) }) { start += 1 }
                // ("Société Lumitech, mail j.roux@…": the name ends at its comma.)
                let rest = words[start...].joined(separator: " ").split(separator: ",", maxSplits: 1).first.map(String.init) ?? ""
                guard let first = rest.first, first.isUppercase else { break }
                let name = companyName(rest, hadAddress: false)
                // ("We are IST, sessions should not be at 3am": a time zone, no name.)
                if PreparedInput(name).tokenStrings.allSatisfy(Self.timeZones.contains) { break }
                return name.isEmpty ? nil : name
            }
        }
        return nil
    }
    static let timeZones: Set<String> = ["ist", "cet", "cest", "gmt", "utc", "est", "edt", "pst", "pdt", "cst", "cdt", "mst", "mdt", "bst", "aest",
                                         "aedt", "eet", "eest", "wet", "jst", "sgt", "hkt", "nzst", "nzdt", "wat", "eat", "cat"]
    /// Articles and nouns said before a company's name ("l'agence", "la société", "the firm").
    static let companyKinds: Set<String> = ["l", "la", "le", "les", "the", "a", "an", "agence", "societe", "entreprise", "cabinet", "groupe",
                                            "association", "asso", "startup", "boite", "agency", "company", "firm", "group", "studio"]
    /// A company's name said in brackets right after the kind of firm it is: "une agence immo
    /// (agence lemaire immobilier)", "a logistics company (Trantek)". At most five words, with no
    /// digit, address or question in them.
    static func companyInBrackets(_ raw: String) -> String? {
        guard let open = raw.firstIndex(of: "("), let close = raw[open...].firstIndex(of: ")") else { return nil }
        let name = raw[raw.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
        let before = PreparedInput(String(raw[..<open])).tokenStrings.suffix(3)
        guard !name.isEmpty, name.split(separator: " ").count <= 5, !name.contains(where: { $0.isNumber || $0 == "@" || $0 == "?" || $0 == "," }),
              before.contains(where: firmWords.contains),
              // ("on est 5 dans la boite (moi compris)": an aside, no name.)
              !PreparedInput(name).tokenStrings.contains(where: bracketAsides.contains) else { return nil }
        return name
    }
    static let bracketAsides: Set<String> = ["moi", "me", "myself", "compris", "comprise", "inclus", "incluse", "included", "including", "je", "i",
                                             "we", "nous", "on", "lol", "mdr", "environ", "about", "approx", "etc", "enfin", "sort", "kind", "genre",
                                             "petite", "petit", "small", "big", "grosse", "grande", "large"]
    static let firmWords: Set<String> = ["company", "firm", "agency", "business", "startup", "shop", "store", "boite", "entreprise", "societe",
                                         "agence", "cabinet", "structure", "association", "asso", "boutique", "pme", "immo", "ltd", "sarl", "sas"]

    /// A company or institution named in passing, by the kind of place it is and a capital
    /// ("prof au collège Jean Moulin a Nantes", "cabinet Lefèvre & Associés", "the University of
    /// Leeds", "nurse manager at St Mary's Hospital", "data scientist junior chez Qonto"); nil
    /// when no such words are there.
    func companyInPassing(_ raw: String, _ input: PreparedInput) -> String? {
        // (The words that can say one first: most messages hold none.)
        guard input.tokenStrings.contains(where: { Self.placeKinds.contains($0) || Self.placeEndings.contains($0) || $0 == "chez" }) else { return nil }
        for piece in Self.pieces(raw, cutAt: ".!?;") {
            let strip: Set<Character> = [",", ":", "(", ")", "\""]
            let words = piece.split(separator: " ").map { w -> String in
                var w = Substring(w)
                while let f = w.first, strip.contains(f) { w = w.dropFirst() }
                while let l = w.last, strip.contains(l) { w = w.dropLast() }
                return String(w)
            }.filter { !$0.isEmpty }
            // (A pronoun or a day is no name word: "I work in a school, I want…".)
            func capital(_ w: String) -> Bool { w.first?.isUppercase == true && !Self.notNameWords.contains(TextFold.fold(w)) }
            // The words of a name: capitals, and the small words between them.
            func run(from i: Int) -> [String] {
                var out: [String] = []
                var j = i
                while j < words.count {
                    let w = words[j]
                    if capital(w) || w == "&" || (Self.nameJoiners.contains(w.lowercased()) && j + 1 < words.count && capital(words[j + 1]) && !out.isEmpty) {
                        out.append(w)
                    } else { break }
                    // (A name ends at its comma.)
                    if piece.contains(w + ",") { break }
                    j += 1
                }
                return out
            }
            for (i, w) in words.enumerated() {
                let kind = TextFold.fold(w)
                // "collège Jean Moulin", "University of Leeds": the kind, then the name.
                if Self.placeKinds.contains(kind), i + 1 < words.count, !piece.contains(w + ","),
                   case let next = words[i + 1].lowercased() == "of" && i + 2 < words.count ? i + 2 : i + 1, capital(words[next]) {
                    let name = [w] + Array(words[(i + 1)..<next]) + run(from: next)
                    return name.joined(separator: " ")
                }
                // "chez Qonto": a capital after "chez".
                if kind == "chez", i + 1 < words.count, capital(words[i + 1]) {
                    let name = run(from: i + 1)
                    if !name.isEmpty { return name.joined(separator: " ") }
                }
                // "St Mary's Hospital", "Brightwave Ltd": capitals, then the kind that ends the name.
                if Self.placeEndings.contains(kind), capital(w), i > 0, capital(words[i - 1]) {
                    var k = i - 1
                    while k > 0, capital(words[k - 1]) || words[k - 1] == "&" { k -= 1 }
                    return words[k...i].joined(separator: " ")
                }
            }
        }
        return nil
    }
    static let placeKinds: Set<String> = ["cabinet", "societe", "agence", "garage", "boulangerie", "quincaillerie", "pharmacie", "lycee", "college",
                                          "ecole", "hopital", "clinique", "mairie", "restaurant", "hotel", "salon", "studio", "etude", "universite",
                                          "university", "school", "hospital", "clinic"]
    static let placeEndings: Set<String> = ["hospital", "ltd", "limited", "inc", "llc", "labs", "school", "university", "college", "group", "agency", "sas", "sarl"]
    static let nameJoiners: Set<String> = ["de", "du", "des", "la", "le", "of", "the", "and", "et", "d", "l"]
    static let notNameWords: Set<String> = ["i", "i'm", "i'd", "i've", "i'll", "im", "je", "monday", "tuesday", "wednesday", "thursday", "friday",
                                            "saturday", "sunday", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"]

    /// Words between a lead-in and the name ("l'entreprise c'est Lumitech", "the company is called X").
    static let companyVerbs: Set<String> = ["c", "est", "is", "s", "appelle", "called", "named"]
    /// The lead-ins that say a company's name (with a capital after them: "on est 8" names none).
    static let companyLeadIns: Set<String> = [
        "we re", "we are", "nous sommes", "the company is", "my company is", "our company is", "company is", "company name is", "company name", "nom de l entreprise", "nom de la societe",
        "it s called", "it is called", "we re called", "we are called", "i work at", "i work for", "je travaille chez", "je travaille pour",
        "je suis chez", "notre societe", "notre entreprise", "ma societe", "mon entreprise", "la societe", "l entreprise", "c est pour le groupe",
        "c est la societe", "c est l entreprise", "il s agit de la societe", "il s agit de l entreprise", "on est", "on est chez",
        "we work at", "l entreprise c est", "la societe c est", "the company s", "company s",
        "shop is called", "the shop is called", "my shop is called", "our shop is called", "store is called",
        "the business is called", "my business is called", "our business is called", "business is called", "the company is called",
        "la boutique s appelle", "ma boutique s appelle", "l entreprise s appelle", "la societe s appelle", "ma boite s appelle",
        "la boite s appelle", "la boite c est", "ma boite c est", "notre boite c est", "ma societe c est", "notre societe c est",
        "mon entreprise c est", "notre entreprise c est",
        // ("la compagnie c'est Renovations Tremblay & fils".)
        "la compagnie c est", "ma compagnie c est", "notre compagnie c est", "la compagnie s appelle", "ma compagnie s appelle",
        "la structure c est", "notre structure c est", "l asso c est", "notre asso c est", "l association c est",
        // ("ok yeah send a proposal. agency is called Brightloop Studio".)
        "agency is called", "the agency is called", "my agency is called", "our agency is called", "firm is called", "the firm is called",
        "our firm is called", "studio is called", "the studio is called", "school is called", "the school is called", "the charity is called",
        "l agence s appelle", "mon agence s appelle", "notre agence s appelle", "l asso s appelle", "notre asso s appelle", "l ecole s appelle",
    ]

    /// Whether the message holds, word for word, a keyword of an entry that needs a course named
    /// ("tell me about", "c'est quoi le"): looked up by first word, before any fuzzy reading.
    func asksAboutCourse(_ input: PreparedInput) -> Bool {
        Self.contains(input.tokenStrings, anyOf: courseRequestPhrases)
    }

    /// "how many more questions", "encore combien de questions", "c'est encore long ?": how many
    /// questions are left, asked during the questions.
    public func asksQuestionsLeft(_ input: PreparedInput) -> Bool {
        Self.contains(input.tokenStrings, anyOf: Self.questionsLeftPhrases)
            // ("il y a combien de questions à l'examen final ?": the course's test, not this chat.)
            && !input.tokenStrings.contains(where: ["examen", "exam", "test", "quiz", "qcm", "certification", "evaluation", "final"].contains)
    }
    static let questionsLeftPhrases: [String: [[String]]] = byFirstWord([
        "how many more questions", "how many questions left", "how long is this quiz", "are we done yet", "still many questions",
        "many more questions", "encore combien de questions", "combien de questions", "c est encore long", "reste combien de questions",
        "encore beaucoup de questions",
    ])

    /// Whether the message holds, word for word, one of the budget entry's keywords ("too expensive").
    func saysBudget(_ input: PreparedInput) -> Bool {
        // ("intermediate level sounds way too much for me": too hard, not too dear.)
        Self.contains(input.tokenStrings, anyOf: budgetPhrases) && !input.tokenStrings.contains(where: Self.levelWords.contains)
    }
    static let levelWords: Set<String> = ["level", "niveau", "intermediate", "intermediaire", "advanced", "avance", "hard", "difficult", "difficile",
                                          "technical", "technique", "complicated", "complique", "tech", "techy"]

    /// Whether the message names next year ("sometime next year", "l'année prochaine", "l'an prochain").
    func saysNextYear(_ input: PreparedInput) -> Bool {
        let w = input.tokenStrings
        return zip(w, w.dropFirst()).contains { a, b in
            (a == "next" && b == "year") || (["annee", "an"].contains(a) && ["prochaine", "prochain"].contains(b))
        }
    }

    /// Whether the message names a part of a year ("début d'année prochaine", "early next year"):
    /// a month, before any option that "next year" names.
    func saysYearPart(_ input: PreparedInput) -> Bool {
        let w = input.tokenStrings
        return w.indices.contains { i in
            Self.yearWords.contains(w[i]) && (max(0, i - 4)..<i).contains { j in
                Self.yearParts[w[j]] != nil && w[(j + 1)..<i].allSatisfy(Self.yearConnectors.contains)
            }
        }
    }
    /// Words that open a reason ("car", "because"): a month after them is not the start's.
    static let reasonWords: Set<String> = ["car", "parce", "pcq", "because", "cuz", "coz", "cause", "bc"]
    static let reasonEnds: Set<String> = ["donc", "so", "alors", "plutot", "rather", "mais", "but", "then", "du"]
    /// Words that quote what someone said ("u just said jan 19"), and the words of "you".
    static let quotingWords: Set<String> = ["said", "say", "dit", "wrote", "mentioned", "ecrit"]
    static let secondPerson: Set<String> = ["u", "you", "tu", "vous", "t"]

    /// A quarter named ("2e trimestre", "Q2", "the second quarter"): more precise than the
    /// option whose words hold "quarter" or "trimestre".
    func saysQuarter(_ input: PreparedInput) -> Bool {
        let w = input.tokenStrings
        return w.contains { Self.isQuarter($0) && $0.last.map { "1234".contains($0) } == true }
            || Self.quarterPhrases.contains { QuantityReader.span(of: $0.0, in: w) != nil }
    }
    static let yearConnectors: Set<String> = ["d", "de", "l", "la", "of", "the", "next", "this", "cette", "prochaine"]

    /// Words that put a season's start behind ("après l'été", "after the summer", "fin de l'été"),
    /// with how many months.
    /// Phrases that put the start after the year-end holidays: January.
    static let holidayStarts: [([String], Int)] = [
        (["apres", "les", "fetes"], 1), (["apres", "noel"], 1), (["apres", "le", "nouvel", "an"], 1), (["apres", "les", "vacances", "de", "noel"], 1),
        (["after", "the", "holidays"], 1), (["after", "christmas"], 1), (["after", "xmas"], 1), (["after", "new", "year"], 1),
        (["after", "new", "years"], 1), (["after", "the", "new", "year"], 1), (["after", "the", "christmas", "break"], 1),
        // ("pas avant noël", "not before christmas": after it; "avant noël", "before xmas": December.)
        (["pas", "avant", "noel"], 1), (["pas", "avant", "les", "fetes"], 1), (["not", "before", "christmas"], 1), (["not", "before", "xmas"], 1),
        (["not", "before", "the", "holidays"], 1), (["avant", "noel"], 12), (["avant", "les", "fetes"], 12), (["before", "christmas"], 12),
        (["before", "xmas"], 12), (["before", "the", "holidays"], 12),
        // ("after easter", "après Pâques", "après les vacances de février": the month after.)
        (["after", "easter"], 4), (["apres", "paques"], 4), (["apres", "les", "vacances", "de", "paques"], 5), (["after", "the", "easter", "holidays"], 5),
        (["apres", "les", "vacances", "de", "fevrier"], 3), (["apres", "les", "vacances", "d", "hiver"], 3), (["after", "half", "term"], 3),
        // ("après les vacances d'été", "après les grandes vacances": September.)
        (["apres", "les", "vacances", "d", "ete"], 9), (["apres", "les", "grandes", "vacances"], 9), (["after", "the", "summer", "break"], 9),
        // ("d'ici Pâques", "before easter": by the end of March.)
        (["d", "ici", "paques"], 3), (["avant", "paques"], 3), (["before", "easter"], 3), (["by", "easter"], 3),
        // ("after chinese new year", "après le nouvel an chinois": February; "after ramadan": March.)
        (["after", "chinese", "new", "year"], 2), (["after", "the", "chinese", "new", "year"], 2), (["after", "cny"], 2), (["after", "lunar", "new", "year"], 2),
        (["apres", "le", "nouvel", "an", "chinois"], 2), (["after", "ramadan"], 3), (["apres", "le", "ramadan"], 3), (["apres", "ramadan"], 3),
    ]
    /// The first words of `holidayStarts` and `quarterPhrases` (a word that opens neither is
    /// passed over with one look-up).
    static let holidayAndQuarterFirstWords = Set((holidayStarts + quarterPhrases).compactMap(\.0.first))
    static let quarterPhrases: [([String], Int)] = [
        (["premier", "trimestre"], 1), (["1er", "trimestre"], 1), (["deuxieme", "trimestre"], 4), (["second", "trimestre"], 4),
        (["2e", "trimestre"], 4), (["troisieme", "trimestre"], 7), (["3e", "trimestre"], 7), (["quatrieme", "trimestre"], 10),
        (["4e", "trimestre"], 10),
        (["first", "quarter"], 1), (["second", "quarter"], 4), (["third", "quarter"], 7), (["fourth", "quarter"], 10),
    ]
    /// "t1", "q3": a quarter, as the lexicon's seasons write them (folded).
    static func isQuarter(_ word: String) -> Bool { word.utf8.count == 2 && (word.hasPrefix("q") || word.hasPrefix("t")) }
    static let pastSeason: [String: Int] = ["apres": 3, "after": 3, "fin": 2, "end": 2, "late": 2, "courant": 1, "mi": 1, "mid": 1]

    /// Words that refuse the month after them ("pas décembre"); a lead-in with them ("pas avant
    /// mars", "not before march") names the month.
    static let refusals: Set<String> = ["pas", "non", "not", "no", "sauf", "except"]
    /// Words that prefer the month after them over one named before ("plutôt février").
    static let preferences: Set<String> = ["plutot", "rather", "instead", "prefer", "prefere", "more"]

    /// Whether the message says the prospect has not agreed to sign up ("j'ai pas dit que je
    /// m'inscrivais", "i didn't say i was in").
    /// ("attends, j'ai changé d'avis", "wait i changed my mind", said alone: the same.)
    func deniesSigningUp(_ input: PreparedInput) -> Bool {
        let text = " " + input.folded + " "
        return Self.notSaidYes.contains { text.contains(" " + $0 + " ") }
            || changesMindOnly(input)
    }
    /// "wait i changed my mind", "en fait j'ai changé d'avis": a short message of a mind changed, nothing else said.
    func changesMindOnly(_ input: PreparedInput) -> Bool {
        guard input.tokens.count <= 7 else { return false }
        let text = " " + input.folded + " "
        return Self.changedMind.contains { text.contains(" " + $0 + " ") }
    }
    static let changedMind = ["change d avis", "changed my mind", "change my mind", "changer d avis", "changee d avis"]
    static let notSaidYes = ["pas dit", "rien dit", "jamais dit", "pas encore dit", "didn t say", "didnt say", "did not say",
                             "never said", "haven t said", "havent said", "have not said", "not signing up", "not sign up", "pas m inscrire",
                             "pas encore inscrit", "pas encore inscrite", "not in yet", "dont want a proposal", "don t want a proposal",
                             "do not want a proposal", "veux pas de proposition", "veux pas de devis", "want no proposal"]

    /// Whether the message asks to pass something on to the team ("vous pouvez noter que…"): `note_requests`.
    func asksToNote(_ input: PreparedInput) -> Bool {
        Self.contains(input.tokenStrings, anyOf: noteRequests)
    }

    /// Whether the message takes the consent back ("ne me contactez plus", "delete my data"):
    /// `withdraw_requests`.
    func asksToWithdraw(_ input: PreparedInput) -> Bool {
        Self.contains(input.tokenStrings, anyOf: withdrawRequests)
    }

    /// Whether the message gives the consent again after withdrawing ("keep my registration",
    /// "vous pouvez me recontacter"): `rejoin_requests`, not negated.
    func asksToRejoin(_ input: PreparedInput) -> Bool {
        Self.contains(input.tokenStrings, anyOf: rejoinRequests, unless: { i in i > 0 && negators.contains(input.tokens[i - 1]) })
    }

    /// The language a message is plainly written in: at least two of one language's own
    /// stopwords and none of another's ("I run a small agency and want my team trained").
    func writtenIn(_ input: PreparedInput) -> String? {
        guard input.tokens.count >= 3 else { return nil }
        let counts = ownStopwords.map { l in (l.language, input.tokenStrings.filter(l.words.contains).count) }
        let used = counts.filter { $0.1 > 0 }.sorted { $0.1 > $1.1 }
        if used.count == 1, used[0].1 >= 2 { return used[0].0 }
        // ("Hello, I am cadre de santé, how you say, nurse manager… in my équipe there is about 10
        // nurses": a few words of the other language in a message plainly written in one.)
        if used.count == 2, used[0].1 >= 5, used[0].1 >= 4 * used[1].1 { return used[0].0 }
        return nil
    }

    /// The language a message of up to 16 words asks for ("do you speak english?", "on peut
    /// continuer en français ?", "sorry, my French is rusty, can we do this in English?"), if any.
    func requestedLanguage(_ input: PreparedInput) -> String? {
        guard input.tokens.count <= 16 else {
            // ("hey u speak english? i got a small shop, wanna use ai for insta posts n stuff": the
            // request in a sentence of its own, at the start of a longer message.)
            guard input.raw.utf8.contains(where: { $0 == 0x3F || $0 == 0x2E || $0 == 0x21 }),
                  let first = Self.markedPieces(input.raw, cutAt: ".?!").first else { return nil }
            let opening = prepare(first.text + (first.asked ? " ?" : ""))
            guard opening.tokens.count <= 16, opening.tokens.count < input.tokens.count else { return nil }
            return requestedLanguage(opening)
        }
        // ("Le formateur peut parler anglais ?", "can your trainers speak French?": the course's
        // language asked, not the conversation's.)
        guard !input.tokenStrings.contains(where: Self.courseLanguageWords.contains) else { return nil }
        // ("is it in english?", "is that in french?": the course asked about, not the conversation.)
        guard !zip(input.tokenStrings, input.tokenStrings.dropFirst()).contains(where: { $0 == "is" && ["it", "this", "that", "everything"].contains($1) })
        else { return nil }
        if let lang = languageRequests.first(where: { Self.contains(input.tokenStrings, anyOf: $0.phrases) })?.language { return lang }
        // ("uh english? i run a little online shop", "do u have english?": a language asked for by
        // its name in a short question.)
        return Self.markedPieces(input.raw, cutAt: ".,;!?").lazy.filter(\.asked).compactMap { self.languageAsked($0.text) }.first
    }

    /// The language a short question asks for by its name ("do u have english?", "uh english?",
    /// "anglais ?"): at most six words that name one language, and are not plainly written in
    /// another ("c'est en anglais ?" asks about something else).
    func languageAsked(_ sentence: String) -> String? {
        let input = prepare(sentence)
        guard (1...6).contains(input.tokens.count) else { return nil }
        let named = spokenNames.filter { Self.contains(input.tokenStrings, anyOf: $0.phrases) }
        guard named.count == 1, let lang = named.first?.language else { return nil }
        if let written = writtenIn(input), written != lang { return nil }
        return lang
    }

    /// The pieces of a text cut at `separators`, each with whether a question mark closes it
    /// ("uh english? i run a shop": "uh english", asked, then "i run a shop").
    static func markedPieces(_ raw: String, cutAt separators: StaticString) -> [(text: String, asked: Bool)] {
        let cuts = UnsafeBufferPointer(start: separators.utf8Start, count: separators.utf8CodeUnitCount)
        var pieces: [(text: String, asked: Bool)] = []
        var start = raw.utf8.startIndex
        for i in raw.utf8.indices where cuts.contains(raw.utf8[i]) {
            let piece = String(Substring(raw.utf8[start..<i])).trimmed()
            if !piece.isEmpty { pieces.append((piece, raw.utf8[i] == 0x3F)) }
            start = raw.utf8.index(after: i)
        }
        let last = String(Substring(raw.utf8[start...])).trimmed()
        if !last.isEmpty { pieces.append((last, false)) }
        return pieces
    }

    static let courseLanguageWords: Set<String> = ["formateur", "formateurs", "formatrice", "formation", "formations", "session", "sessions", "cours",
                                                   "trainer", "trainers", "course", "courses", "training", "taught", "teacher", "instructor"]

    /// Whether the message names the address ("which email did you take?").
    func namesAddress(_ input: PreparedInput) -> Bool {
        Self.contains(input.tokenStrings, anyOf: addressWords)
    }

    /// Whether the message asks for data to be erased ("supprimez mes infos", "delete my data").
    func asksToErase(_ input: PreparedInput) -> Bool {
        input.tokenStrings.contains { w in eraseWords.contains { w.hasPrefix($0) } }
    }

    /// Whether the message asks to change the address ("je me suis trompé d'adresse", "can you
    /// change my email"): a word of `address_words` with one of `change_words`.
    func asksToChangeAddress(_ input: PreparedInput) -> Bool {
        Self.contains(input.tokenStrings, anyOf: addressWords) && Self.contains(input.tokenStrings, anyOf: changeWords)
    }

    /// Whether the message speaks of a phone call ("ring me", "m'appeler", "par téléphone"):
    /// `call_words` as word beginnings, a short one only as the whole word ("tel", not "tellement").
    func asksForCall(_ input: PreparedInput) -> Bool {
        let w = input.tokenStrings
        return w.indices.contains { i in
            let word = w[i]
            // ("je m'appelle Julie", "the company is called Acme": a name, no call.)
            guard isCallWord(word), word != "called", !word.hasPrefix("mappelle"), !word.hasPrefix("sappelle") else { return false }
            // ("je préfère qu'on m'appelle", "que quelqu'un m'appelle": a call, said by whoever calls.)
            return !(word.hasPrefix("appelle") && i > 0 && ["m", "s", "t"].contains(w[i - 1]) && !(i > 1 && ["on", "un"].contains(w[i - 2])))
        }
    }

    /// A word for a call: one of `call_words`, or a word that starts with one of four letters or
    /// more ("appelez", "phoned").
    func isCallWord(_ w: String) -> Bool { callWordSet.contains(w) || callPrefixes.contains { w.utf8.starts(with: $0.utf8) } }

    /// Whether one sentence of the message refuses a call ("Ok. Non merci, ne m'appelez pas."),
    /// read sentence by sentence so that a negation in another ("pas de mail. appelez moi") does not.
    func refusesCallInASentence(_ raw: String) -> Bool {
        Self.pieces(raw, cutAt: ".!;?").contains { p in let q = prepare(p); return asksForCall(q) && deniesCall(q) }
    }

    /// Whether a call is refused rather than asked for ("jveux pas qu'on m'appelle", "pas de tel",
    /// "don't call me"): a negation at most four words before the word for a call.
    func deniesCall(_ input: PreparedInput) -> Bool {
        let w = input.tokenStrings
        return w.indices.contains { i in
            isCallWord(w[i]) && w[max(0, i - 4)..<i].indices.contains { negations.contains(input.tokens[$0]) }
        }
    }

    /// Whether the message compares prices ("whats the cheapest one", "la moins chère ?"): every
    /// course's price is the answer, not the one in view.
    static func comparesPrices(_ input: PreparedInput) -> Bool {
        contains(input.tokenStrings, anyOf: priceComparisons)
    }
    static let priceComparisons = byFirstWord(["cheapest", "cheaper", "least expensive", "most affordable", "moins cher", "moins chère",
                                                "moins chere", "plus abordable", "moins coûteuse", "moins couteuse"])

    /// Whether the message says the course is not for the prospect alone ("c pas pr moi"): `for_others`.
    func saysForOthers(_ input: PreparedInput) -> Bool {
        Self.contains(input.tokenStrings, anyOf: forOthers)
    }

    /// Whether the message says it corrects something ("en fait", "actually", "je me suis trompé").
    func saysCorrection(_ input: PreparedInput) -> Bool {
        let w = input.tokenStrings
        return Self.contains(w, anyOf: correctionCues, unless: { i in
            i > 0 && (negators.contains(input.tokens[i - 1])
                // ("would starter actually cover automating reports?": a word of a question, no change.)
                || (w[i] == "actually" && (Self.auxiliaries.contains(w[i - 1])
                    || (w[i - 1] == "s" && i >= 2 && Self.questionWords.contains(w[i - 2]))))
                // ("jveux pas qu'on m'appelle tous les jours hein": a "hein" that closes is no change.)
                || w[i] == "hein")
        })
    }

    /// Words after which "actually" asks rather than corrects ("does it actually work?").
    /// ("what's actually in it": after a question word and its "'s" too; "it's actually 8" corrects.)
    static let auxiliaries: Set<String> = ["would", "will", "does", "do", "did", "is", "are", "can", "could", "should", "might", "starter", "performer", "master",
                                           "what", "whats", "how", "which", "where", "who"]
    static let questionWords: Set<String> = ["what", "how", "which", "where", "who"]

    /// Whether the words hold one of the phrases (as folded words), looked up by their first word.
    /// (`unless`: a place where a phrase does not count, "can't wait".)
    static func contains(_ w: [String], anyOf phrases: [String: [[String]]], unless: (Int) -> Bool = { _ in false }) -> Bool {
        for (i, word) in w.enumerated() {
            guard let candidates = phrases[word], !unless(i) else { continue }
            if candidates.contains(where: { p in i + p.count <= w.count && w[i..<(i + p.count)].elementsEqual(p) }) { return true }
        }
        return false
    }

    /// The positions of the words that belong to one of `phrases` ("va pour" in "va pour le starter").
    static func covered(_ w: [String], by phrases: [String: [[String]]]) -> Set<Int> {
        var out: Set<Int> = []
        for (i, word) in w.enumerated() {
            for p in phrases[word] ?? [] where i + p.count <= w.count && w[i..<(i + p.count)].elementsEqual(p) {
                out.formUnion(i..<(i + p.count))
            }
        }
        return out
    }

    /// Phrases as folded words, by their first word.
    static func byFirstWord(_ phrases: [String]) -> [String: [[String]]] {
        Dictionary(grouping: phrases.map { PreparedInput($0).tokenStrings }.filter { !$0.isEmpty }, by: { $0[0] })
    }

    /// A company's name said in a sentence, its words kept as typed: without the words that
    /// open it ("Il s'agit de la société Durand SAS", "my company is Acme": `name_lead_ins`), nor a
    /// last clause about the e-mail ("techno plus, mon mail c'est", the address taken apart).
    /// Words that say how a name is spelled ("one word, capital P", "en un mot, sans espace").
    static let spellingWords: Set<String> = ["word", "words", "mot", "mots", "capital", "capitals", "caps", "majuscule", "majuscules", "minuscule",
                                             "minuscules", "lowercase", "uppercase", "space", "spaces", "espace", "espaces", "attache", "spelled", "spelt",
                                             "orthographe", "hyphen", "tiret", "accent", "accents"]
    func companyName(_ raw: String, hadAddress: Bool) -> String {
        companyNameRead(raw, hadAddress: hadAddress)
    }
    static let abbreviatedForms: Set<String> = ["inc", "ltd", "corp", "cie", "bros"]
    /// Legal forms that end a name: what follows ("Vertex SAS, Paris 11", "BTP Rocher sarl on
    /// est a Clermont") says where it is or goes on with a sentence.
    static let endingForms: Set<String> = legalForms.union(abbreviatedForms).union(["limited", "gmbh"])
    /// A polite opening or closing said with the name ("Bonjour, …. Bien cordialement.").
    static let courtesyWords: Set<String> = ["bonjour", "bonsoir", "hello", "hi", "salut", "hey", "madame", "monsieur", "good", "morning",
                                             "afternoon", "bien", "cordialement", "regards", "best", "kind", "merci", "thanks", "thank", "you",
                                             "sincerely", "cheers", "bonne", "journee", "a", "vous", "meilleures", "salutations", "sinceres",
                                             "cordiales", "sincere", "warm", "warmest", "respectueusement", "amicalement", "bisous", "best", "wishes"]
    /// Words that take back what was just typed for what follows ("sorry", "non pardon").
    static let retypeOpeners: [[String]] = [["sorry"], ["pardon"], ["non", "pardon"], ["oups"], ["oops"], ["i", "mean"], ["je", "veux", "dire"],
                                            ["correction"], ["non", "plutot"], ["no", "sorry"], ["non", "sorry"]]

    /// What is left of a message without a greeting before it and a closing after it, each set
    /// apart by punctuation and said in words of courtesy only.
    static func withoutCourtesy(_ raw: String) -> String {
        var text = Substring(raw)
        let marks: Set<Character> = [",", ".", "!"]
        func courteous(_ s: Substring) -> Bool {
            let w = PreparedInput(String(s)).tokenStrings
            return (1...4).contains(w.count) && w.allSatisfy(courtesyWords.contains)
        }
        if let mark = text.firstIndex(where: marks.contains), mark > text.startIndex, courteous(text[..<mark]) {
            text = text[text.index(after: mark)...].drop(while: { $0 == " " || marks.contains($0) })
        }
        var end = text
        while let l = end.last, marks.contains(l) || l == " " { end = end.dropLast() }
        if let mark = end.lastIndex(where: marks.contains), courteous(end[end.index(after: mark)...]) {
            text = end[...mark]
        }
        return String(text).trimmed()
    }
    /// The name typed again after words that take the first one back, in a later part of the
    /// message set apart by a comma or a point.
    static func retyped(_ raw: String) -> String? {
        let marks: Set<Character> = [",", "."]
        var starts: [String.Index] = []
        var i = raw.startIndex
        while i < raw.endIndex {
            if marks.contains(raw[i]) { starts.append(raw.index(after: i)) }
            i = raw.index(after: i)
        }
        // ("Techno Sollutions sorry Techno Solutions Pty Ltd": the words that take it back, with
        // no comma before them.)
        var unmarked: Set<String.Index> = []
        // (In lower case only: "Transports Pardon et Fils", "Sorry Not Sorry Bakery" are names.)
        for word in raw.split(separator: " ") where word.startIndex > raw.startIndex && ["sorry", "pardon", "oups", "oops"].contains(String(word.filter(\.isLetter))) {
            if raw[..<word.startIndex].last(where: { $0 != " " }).map({ !marks.contains($0) }) == true { unmarked.insert(word.startIndex) }
        }
        starts = (starts + unmarked).sorted()
        let first = PreparedInput(String(raw[..<(starts.first.map { unmarked.contains($0) ? $0 : raw.index(before: $0) } ?? raw.endIndex)])).tokenStrings
        for start in starts.reversed() where start < raw.endIndex {
            let part = raw[start...]
            let w = PreparedInput(String(part)).tokenStrings
            guard let opener = retypeOpeners.first(where: { w.starts(with: $0) && w.count > $0.count }) else { continue }
            // The words after the opener, as typed.
            var rest = part.drop(while: { $0 == " " || marks.contains($0) })
            for _ in opener {
                rest = rest.drop(while: { $0 != " " }).drop(while: { $0 == " " || marks.contains($0) })
            }
            let again = PreparedInput(String(rest)).tokenStrings
            // (A name again: in capitals, or a word of the first one retyped; "Acme, sorry for the
            // delay" retypes nothing.)
            // (Not "sorry I'm on my phone": the capital of "I" names nothing.)
            let capitals = rest.split(separator: " ").contains { w in w.first?.isUppercase == true && !["I", "I'm", "I’m", "Im", "I'll", "I'd"].contains(String(w)) }
                && !unmarked.contains(start) // (with no comma, a word of the name retyped: "Big oops Games" retypes nothing)
            guard !rest.isEmpty, !["i", "im", "je", "j"].contains(again.first ?? ""), capitals || again.contains(where: { a in
                a.count >= 4 && first.contains { $0.count >= 4 && $0.prefix(4) == a.prefix(4) } }) else { continue }
            return String(rest).trimmed()
        }
        return nil
    }
    /// A clause that opens with words that name an organisation ("il s'agit de", "mon entreprise").
    func opensWithLeadIn(_ clause: String) -> Bool {
        let w = PreparedInput(clause).tokenStrings
        return w.count >= 2 && (1...min(6, w.count - 1)).contains { n in
            nameLeadIns.contains(Array(w.prefix(n))) && !Self.weakLeadIns.contains(Array(w.prefix(n)))
        }
    }

    func companyNameRead(_ raw: String, hadAddress: Bool) -> String {
        // ("Ledgerly (ledgerly.io)", "Acme (www.acme.com)": its web address in brackets is no part
        // of the name, nor are its dots the ends of sentences.)
        if let open = raw.firstIndex(of: "("), open > raw.startIndex, let close = raw[open...].firstIndex(of: ")"),
           case let inside = raw[raw.index(after: open)..<close].trimmingCharacters(in: .whitespaces), !inside.contains(" "),
           let dot = inside.lastIndex(of: "."), inside[inside.index(after: dot)...].count >= 2, inside[inside.index(after: dot)...].allSatisfy(\.isLetter) {
            let without = (String(raw[..<open]).trimmed() + " " + String(raw[raw.index(after: close)...]).trimmed()).trimmed()
            if !without.isEmpty { return companyNameRead(without, hadAddress: hadAddress) }
        }
        // ("Bonjour, je suis secrétaire de mairie, … Bien cordialement.": a greeting before it and
        // a closing after it are no part of what names it.)
        let courteous = Self.withoutCourtesy(raw)
        if courteous != raw, !courteous.isEmpty { return companyNameRead(courteous, hadAddress: hadAddress) }
        // ("Anne-Catherine Dewinter, Immo Dewinter": the prospect's name, then the company's that
        // holds it.)
        if case let parts = raw.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }), parts.count == 2,
           case let person = parts[0].split(separator: " "), (2...3).contains(person.count),
           person.allSatisfy({ $0.first?.isUppercase == true && $0.contains(where: \.isLowercase) }),
           !person.contains(where: { Self.companyKindNouns.contains(TextFold.fold(String($0))) || Self.endingForms.contains(TextFold.fold(String($0))) }),
           let surname = person.last, surname.count >= 3, parts[1].split(separator: " ").count >= 2,
           parts[1].split(separator: " ").contains(where: { $0 == surname }), parts[1].first?.isUppercase == true {
            return companyNameRead(parts[1], hadAddress: hadAddress)
        }
        // ("Brightpath Consluting, sorry Brightpath Consulting", "c'est Arkéa Services. non pardon
        // Arkéo Services": the name typed again after the words that take the first one back.)
        if let retyped = Self.retyped(raw) { return companyNameRead(retyped, hadAddress: hadAddress) }
        // ("Arkéo Services, avec un o", "Zeta, with a z": how it is spelled, after a comma.)
        if let comma = raw.lastIndex(of: ","), comma > raw.startIndex,
           case let tail = PreparedInput(String(raw[raw.index(after: comma)...])).tokenStrings, (2...4).contains(tail.count),
           ["avec", "with", "sans", "without"].contains(tail[0]), tail.dropFirst().contains(where: { $0.count == 1 && $0 != "a" }) || tail.contains(where: Self.spellingWords.contains) {
            return companyNameRead(String(raw[..<comma]).trimmed(), hadAddress: hadAddress)
        }
        // ("je suis secrétaire de mairie, il s'agit de la Mairie de Villeurbanne", "je suis à mon
        // compte, mon entreprise s'appelle Atelier Lumière": the clause that opens with words that
        // name it, the ones before it naming nothing in capitals.)
        let clauses = raw.split(separator: ",").map { String($0).trimmed() }
        // (The first clause says who the prospect is, "je suis…", "I'm…": not "dupont sarl, c'est pour le service Compta".)
        if clauses.count >= 2, ["je", "j", "i", "im", "we", "nous", "on", "jsuis"].contains(PreparedInput(clauses[0]).tokenStrings.first ?? ""),
           !clauses.contains(where: { Self.holdsCapitalizedName($0) && !opensWithLeadIn($0) }),
           let named = clauses.dropFirst().last(where: { opensWithLeadIn($0) && PreparedInput($0).tokens.count >= 3 && $0.contains(where: \.isUppercase) }),
           clauses.firstIndex(of: named).map({ !clauses[..<$0].contains(where: opensWithLeadIn) }) ?? false {
            return companyNameRead(String(raw[raw.range(of: named)!.lowerBound...]), hadAddress: hadAddress)
        }
        // ("Pixelfabrik (one word, capital P). my email is …": how the name is spelled, in
        // brackets, is no part of it.)
        if let open = raw.firstIndex(of: "("), let close = raw[open...].firstIndex(of: ")"),
           PreparedInput(String(raw[raw.index(after: open)..<close])).tokenStrings.contains(where: Self.spellingWords.contains) {
            let without = (String(raw[..<open]).trimmed() + " " + String(raw[raw.index(after: close)...]).trimmed()).trimmed()
            if !without.isEmpty { return companyName(without, hadAddress: hadAddress) }
        }
        // "je vous l'ai dit au début, Transports Berlioz", "i already told u, brightwave
        // logistics": the name comes after the clause that says it was said.
        // ("Je vous l'ai dit au début : Vernier Plasturgie": set apart by a colon as well.)
        let parts = raw.split(maxSplits: 1, omittingEmptySubsequences: true, whereSeparator: { $0 == "," || $0 == ":" })
        // ("BrightPatch.. sorry typo, BrightPath": the name after the words that take a typo back.)
        if parts.count >= 2, saysCorrection(PreparedInput(String(parts[0])))
            || PreparedInput(String(parts[0])).tokenStrings.suffix(2).contains(where: Self.typoWords.contains) {
            return companyName(String(parts[1]).trimmed(), hadAddress: hadAddress)
        }
        // ("c'est une asso : Les Petits Débrouillards", "it's a charity: Hope Kitchen": what it
        // is, then a colon and the name.)
        if let colon = raw.firstIndex(of: ":"), case let before = PreparedInput(String(raw[..<colon])).tokenStrings,
           (2...5).contains(before.count) && before.contains(where: Self.companyKindNouns.contains)
            // ("on est une SARL à Lyon : Plomberie Rhône Services": its legal form and where it is.)
            || (2...7).contains(before.count) && before.contains(where: Self.legalForms.contains),
           case let after = String(raw[raw.index(after: colon)...]).trimmed(), !after.isEmpty, Self.holdsCapitalizedName(after) {
            return companyName(after, hadAddress: hadAddress)
        }
        // "ok cool thats more like it. company is Crumb & Co": the sentence that names it.
        let sentences = Self.sentences(raw)
        // ("Nimbly. we're fully remote btw so it'd have to be online": a lead-in before a long
        // sentence is no name; the short first sentence is.)
        // ("why do u need that? its just a restaurant. fine, Chez Bastien, in Annecy": the
        // sentence with a name in capitals, after one that only says what it is.)
        if sentences.count >= 2, let capped = sentences.dropFirst().last(where: { Self.holdsCapitalizedName($0) }),
           !Self.holdsCapitalizedName(sentences[0]) {
            return companyName(capped, hadAddress: hadAddress)
        }
        // (Not after a lead-in that says as much of anything, "c un peu court": "c'est", "c", "on est".)
        if sentences.count >= 2, let named = sentences.dropFirst().last(where: { sentence in
            let w = PreparedInput(sentence).tokenStrings
            return w.count >= 2 && (1...min(6, w.count - 1)).contains { n in
                nameLeadIns.contains(Array(w.prefix(n))) && w.count - n <= 4 && !Self.weakLeadIns.contains(Array(w.prefix(n)))
            }
        }) {
            return companyName(named, hadAddress: hadAddress)
        }
        // ("its Lycée Victor Hugo in Lyon. but u didnt answer, is there funding or not": the first
        // sentence opens with a lead-in and names it in capitals, the others hold none.)
        if sentences.count >= 2, Self.holdsCapitalizedName(sentences[0]), !sentences.dropFirst().contains(where: Self.holdsCapitalizedName),
           case let w = PreparedInput(sentences[0]).tokenStrings, (1...min(6, w.count - 1)).contains(where: { nameLeadIns.contains(Array(w.prefix($0))) }) {
            return companyName(sentences[0], hadAddress: hadAddress)
        }
        if sentences.count >= 2, PreparedInput(sentences[0]).tokenStrings.count <= 4 {
            return companyName(sentences[0], hadAddress: hadAddress)
        }
        var words = raw.split(separator: " ").map(String.init)
        // ("bon c'est Solvéo": the word that only takes in what was said, before the lead-in.)
        while words.count > 2, let first = PreparedInput(words[0]).tokenStrings.first, Self.nameOpeners.contains(first),
              PreparedInput(words[0]).tokenStrings.count == 1 {
            words.removeFirst()
        }
        // ("Batiplus je viens de le dire", "Crumb & Co like i said": the name before the clause.)
        if let k = words.indices.dropFirst().first(where: { ["je", "j", "i"].contains(PreparedInput(words[$0]).tokenStrings.first ?? "") }) {
            let cut = k > 1 && ["comme", "like", "as"].contains(TextFold.fold(words[k - 1])) ? k - 1 : k
            // (A short clause only: a longer one is a sentence, asked again.)
            if cut >= 1, words.count - k <= 5 { words = Array(words[..<cut]) }
        }
        let folded = words.map { PreparedInput($0).tokenStrings }
        func joiner(_ i: Int) -> Bool { folded[i].count == 1 && clauseJoiners.contains(folded[i][0]) }
        // The last clause speaks of the e-mail: cut at the comma or joiner before it.
        if hadAddress, let k = folded.indices.dropFirst().first(where: { i in folded[i].contains { w in mailWords.contains { w.hasPrefix($0) } } }),
           let cut = (1...k).reversed().first(where: { i in words[i - 1].hasSuffix(",") || (i < k && joiner(i)) }) {
            words = Array(words[..<cut])
        }
        guard !words.isEmpty else { return raw }
        // The longest lead-in that ends at a word, when something is left after it.
        var said: [String] = [], start = 0
        for (i, w) in folded.prefix(words.count - 1).enumerated() {
            said += w
            if nameLeadIns.contains(said) { start = i + 1 }
            if said.count > 6 { break }
        }
        // ("c'est l'asso des Jardins du Lac": the "des" that joins the lead-in to the name.)
        // (Only after a word of what it is, before a capital: "c'est Du Pareil au Même", "chez De
        // Dietrich" are names, "une asso de quartier" no name.)
        if start > 0, start + 1 < words.count, folded[start].count == 1, ["de", "des", "du"].contains(folded[start][0]),
           folded[start - 1].contains(where: Self.companyKindNouns.contains), words[start + 1].first?.isUppercase == true { start += 1 }
        let edges: Set<Character> = [".", ",", ";", ":", "!", " "]
        var name = Substring(words[start...].joined(separator: " "))
        while let f = name.first, edges.contains(f) { name = name.dropFirst() }
        while let l = name.last, edges.contains(l) { name = name.dropLast() }
        // "Solvéo, on vend des solutions de stockage": what it does, said after a comma.
        if let comma = name.firstIndex(of: ","), comma > name.startIndex, name[..<comma].split(separator: " ").count <= 4,
           let next = name[name.index(after: comma)...].split(separator: " ").first,
           // ("Green Hands Community Garden, we're a registered charity": "we're" is "we".)
           case let opener = TextFold.fold(String(next.prefix { $0 != "'" && $0 != "’" })),
           // ("the bean corner, its a cafe in lyon", "Au Pain Doré, c'est une boulangerie": what it is.)
           Self.subjects.contains(opener) || ["its", "it", "c", "cest", "ce", "thats", "that"].contains(opener)
            // ("TechNova, a small SaaS startup in Berlin", "Kiwi Digital, une petite agence web": what it is.)
            || (Self.kindOpeners.contains(opener) && PreparedInput(String(name[name.index(after: comma)...])).tokenStrings.contains(where: Self.companyKindNouns.contains))
            // ("Helix Bio, the startup", "Blue Ox Farm, family farm in Iowa": what it is, in lower case.)
            // (Not after a person's name: "John Smith, family farm in Iowa", "Jean Dupont, ferme des Lilas".)
            || ((opener == "the" || (next.first?.isLowercase == true
                    && PreparedInput(String(name[..<comma])).tokenStrings.contains(where: Self.companyKindNouns.contains)))
                && name[..<comma].contains(where: \.isUppercase)
                && PreparedInput(String(name[name.index(after: comma)...])).tokenStrings.prefix(3).contains(where: Self.companyKindNouns.contains)) {
            name = name[..<comma]
        }
        // "Distrimax (siège à Lyon)": a closing aside in brackets is not part of the name.
        if let open = name.firstIndex(of: "("), open > name.startIndex, name.last == ")" {
            name = name[..<open]
            while let l = name.last, edges.contains(l) { name = name.dropLast() }
        }
        // "…et Associés, à Tours", "Brightline Studio, based in Leeds": where it is, not its name.
        if let comma = name.lastIndex(of: ","), comma > name.startIndex {
            let clause = name[name.index(after: comma)...].split(separator: " ").map { TextFold.fold(String($0)) }
            if (1...5).contains(clause.count), Self.placeOpeners.contains(where: { clause.starts(with: $0) && clause.count > $0.count }) {
                name = name[..<comma]
            }
        }
        // ("lycée victor hugo in poitiers", "Au Pain Doré a villeurbanne": a town typed in lower
        // case after "in" or "à", no comma, is where it is.)
        if case let parts = name.split(separator: " "), parts.count >= 4,
           ["a", "in", "at"].contains(TextFold.fold(String(parts[parts.count - 2]))),
           case let town = parts[parts.count - 1], town.count >= 3, town.allSatisfy({ $0.isLowercase || $0 == "-" }) {
            name = name[..<parts[parts.count - 2].startIndex]
            while let l = name.last, edges.contains(l) { name = name.dropLast() }
        }
        // ("Kebab Istanbul Grill in Lyon": a town in capitals after "in" or "à", ending a name
        // of two words or more, is where it is.)
        if case let parts = name.split(separator: " "), parts.count >= 4,
           ["a", "in", "at"].contains(TextFold.fold(String(parts[parts.count - 2]))),
           !["made", "fabrique", "born", "ne", "nee"].contains(TextFold.fold(String(parts[parts.count - 3]))),
           case let town = parts[parts.count - 1], town.count >= 3, town.first?.isUppercase == true, town.dropFirst().allSatisfy({ $0.isLowercase || $0 == "-" }),
           !parts.dropLast(2).contains(where: { w in w.allSatisfy { $0.isLowercase } && !Self.smallNameWords.contains(TextFold.fold(String(w))) }) {
            name = name[..<parts[parts.count - 2].startIndex]
            while let l = name.last, edges.contains(l) { name = name.dropLast() }
        }
        // (A legal form ends the name: "Vertex SAS, Paris 11", "BTP Rocher sarl on est a Clermont".)
        if case let parts = name.split(separator: " "), parts.count >= 3,
           let k = parts.indices.dropFirst().first(where: { i in
               let f = TextFold.fold(String(parts[i].filter { $0 != "," && $0 != "." }))
               return Self.endingForms.contains(f) && (f.count > 2 || parts[i].allSatisfy { !$0.isLowercase })
           }), k < parts.count - 1,
           // (Before a comma or words that open a clause or a place: not "Warner Bros Discovery",
           // "Fabre & Cie Immobilier".)
           parts[k].hasSuffix(",") || ["on", "we", "nous", "je", "j", "i", "based", "in", "a", "at", "near", "pres", "situee", "situe", "basee", "base", "out", "from"].contains(TextFold.fold(String(parts[k + 1]))),
           // ("Dupont SA, enfin non pas encore, on est en création": what follows takes it back.)
           case let after = PreparedInput(String(name[parts[k].endIndex...])), !after.tokens.contains(where: negations.contains), !saysCorrection(after) {
            name = name[..<parts[k].endIndex]
            while let l = name.last, edges.contains(l) { name = name.dropLast() }
        }
        // ("Dupont & Co btw": a closing word of the chat is not part of the name.)
        while let space = name.lastIndex(of: " "), Self.chatEndings.contains(TextFold.fold(String(name[name.index(after: space)...]))) {
            name = name[..<space]
            while let l = name.last, edges.contains(l) { name = name.dropLast() }
        }
        if let named = Self.afterWhatItIs(name) { name = named }
        // ("at Helix Bio", "chez Technova", "c pour la Ville de Quimper": a word typed in lower case
        // that says where the prospect works, before a name in capitals ("Chez Bastien" is a name).)
        if let space = name.firstIndex(of: " "), ["at", "chez", "pour", "for", "with", "avec"].contains(String(name[..<space])) {
            // (An article between is left to what follows: "pour la Ville de Quimper", "pour la Poste".)
            let after = name[name.index(after: space)...].drop(while: { $0 == " " })
            let article = after.firstIndex(of: " ").map { String(after[..<$0]) }.map { ["la", "le", "the", "l"].contains($0) } ?? false
            let named = article ? after.drop(while: { $0 != " " }).dropFirst() : after
            if named.first?.isUppercase == true { name = after }
        }
        // ("c'est l'École Jules Ferry", "la Mairie de Saint-Malo": an article typed in lower case
        // before the kind of place, written as a name, is not part of it.)
        for article in ["la ", "le ", "l'", "l’", "the "] where name.hasPrefix(article) {
            let after = name.dropFirst(article.count)
            // ("le CHR de la Citadelle", "la SNCF": before an acronym too.)
            if after.first?.isUppercase == true, let word = after.split(separator: " ").first,
               Self.companyKindNouns.contains(TextFold.fold(String(word))) || (article.hasSuffix(" ") && word.count >= 2 && word.allSatisfy({ $0.isUppercase })) { name = after }
            // ("la mairie de Villeurbanne", "l'école Jules Ferry": the kind of place in lower case,
            // a name in capitals after it; the kind written as the name's first word.)
            else if after.first?.isLowercase == true, case let words = after.split(separator: " "), words.count >= 2,
                    Self.companyKindNouns.contains(TextFold.fold(String(words[0]))), words.dropFirst().contains(where: { $0.first?.isUppercase == true }) {
                name = Substring(after.prefix(1).uppercased() + after.dropFirst())
            }
            // ("the Riverside Community Choir": "the" in lower case before a name of two words or
            // more in capitals; "The Body Shop", typed so, keeps it.)
            else if article == "the ", case let words = after.split(separator: " "), words.count >= 2,
                    words.allSatisfy({ $0.first?.isUppercase == true || Self.smallNameWords.contains(TextFold.fold(String($0))) }),
                    words.first?.first?.isUppercase == true {
                name = after
            }
            break
        }
        return name.isEmpty ? raw : String(name)
    }

    /// The name said after the words that say what the organisation is: "a startup called
    /// brightleaf", "my own shop, Daisy's Flowers", "pour notre asso, Jardins Partagés du 11e".
    /// (A few words that open with "my", "notre", "a"… and name a kind of organisation; a name
    /// that itself opens with an article, "The Bean Corner, Lyon", is left whole.)
    static func afterWhatItIs(_ name: Substring) -> Substring? {
        let words = name.split(separator: " ")
        // ("la boite s'appelle Nexalia"; "Called Northwind Traders", what a lead-in "the company
        // is" leaves of "the company is called…": the word that says a name comes next.)
        if let k = words.firstIndex(where: { isCalledWord(String($0)) }), k < words.count - 1, k <= 4,
           case let head = words[..<k].map({ TextFold.fold(String($0)) }),
           // ("Called to Serve Ministries": a name that opens with the word, in capitals, is whole.)
           k == 0 ? words[0].first?.isLowercase == true : head.contains(where: companyKindNouns.contains),
           !withholds(words[(k + 1)...].joined(separator: " ")) {
            return name[words[k + 1].startIndex...]
        }
        // ("lycée pro, le Lycée Victor Hugo": what it is in lower case, then its name in capitals;
        // an article typed in lower case before the name is not part of it.)
        // (The name opens with the article: "agence web, Lyon" says where it is.)
        if let comma = name.firstIndex(of: ","), case let headText = name[..<comma], !headText.contains(where: \.isUppercase),
           case let head = PreparedInput(String(headText)).tokenStrings, (1...3).contains(head.count), head.contains(where: companyKindNouns.contains),
           case let tail = name[name.index(after: comma)...].drop(while: { $0 == " " }), tail.split(separator: " ").count <= 6,
           let space = tail.firstIndex(of: " "), ["le", "la", "the"].contains(String(tail[..<space])),
           tail[tail.index(after: space)...].first?.isUppercase == true, !withholds(String(tail)) {
            return tail[tail.index(after: space)...]
        }
        guard let comma = name.firstIndex(of: ","), case let head = PreparedInput(String(name[..<comma])).tokenStrings,
              (2...5).contains(head.count), case let tail = name[name.index(after: comma)...].drop(while: { $0 == " " }),
              !tail.isEmpty, tail.split(separator: " ").count <= 6 else { return nil }
        var w = head[...]
        if w.first == "pour" || w.first == "for" { w = w.dropFirst() }
        guard let opener = w.first, kindOpeners.contains(opener), w.dropFirst().contains(where: companyKindNouns.contains),
              !withholds(String(tail)) else { return nil }
        return tail
    }
    /// Lead-ins that open any sentence as well as a name.
    static let weakLeadIns: Set<[String]> = [["c"], ["c", "est"], ["cest"], ["on", "est"], ["nous", "sommes"], ["c", "la"], ["c", "le"], ["c", "l"],
                                             ["c", "est", "la"], ["c", "est", "le"], ["its"], ["it", "s"], ["we", "re"], ["we", "are"], ["it", "is"]]
    static let calledWords: Set<String> = ["called", "named", "appelee", "appele", "nommee", "nomme"]
    /// "called", "appelée", "s'appelle": a word after which a name comes.
    static func isCalledWord(_ word: String) -> Bool {
        let w = TextFold.fold(word)
        return calledWords.contains(w) || w == "s appelle"
    }
    /// Words that take a typo back ("sorry typo", "oups").
    static let typoWords: Set<String> = ["typo", "oops", "oups", "faute", "frappe"]
    /// Words that say a name is kept back or not known yet ("not saying", "idk yet").
    static let withheldWords: Set<String> = ["not", "pas", "idk", "jsp", "yet", "encore", "secret", "confidentiel", "confidential", "saying"]
    static func withholds(_ text: String) -> Bool { PreparedInput(text).tokenStrings.contains(where: withheldWords.contains) }
    static let kindOpeners: Set<String> = ["my", "our", "a", "an", "notre", "mon", "ma", "nos", "un", "une"]
    static let companyKindNouns: Set<String> = [
        "shop", "store", "business", "company", "firm", "startup", "agency", "school", "college", "hospital", "clinic", "practice", "charity",
        "nonprofit", "ngo", "association", "restaurant", "cafe", "bakery", "studio", "office", "organisation", "organization", "team",
        "asso", "boutique", "magasin", "entreprise", "societe", "boite", "agence", "ecole", "lycee", "clinique",
        "cabinet", "equipe", "structure", "commerce", "boulangerie", "mairie", "hopital", "ehpad", "collectivite", "fondation", "foundation",
        "university", "universite", "esn", "ssii", "farm", "ferme", "pme", "tpe", "ville", "cooperative", "coop", "exploitation"]

    /// A name typed all in lower case, capitalised as a name is written ("cabinet dupont et
    /// associés" → "Cabinet Dupont et Associés", "greenfield high school" → "Greenfield High
    /// School"); when other words have capitals, only its first word, when that word is all in
    /// lower case ("lycée Jean Moulin"; "eBay France", "iRobot" as typed).
    public static func capitalizedName(_ name: String) -> String {
        let words = name.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        // (Words that keep a name back, "our company, not saying", are no name to write so.)
        guard let first = words.first, !first.isEmpty, first.allSatisfy({ !$0.isUppercase }),
              !withholds(name) else { return name }
        func capital(_ w: String, inside: Bool = false) -> String {
            // ("l'atelier" → "L'Atelier", "d'azur" → "d'Azur" inside a name.)
            if let apostrophe = w.firstIndex(where: { $0 == "'" || $0 == "’" }), w.distance(from: w.startIndex, to: apostrophe) == 1 {
                let after = w.index(after: apostrophe)
                let elision = inside ? String(w[..<after]) : w.prefix(1).uppercased() + w[w.index(after: w.startIndex)..<after]
                return elision + w[after...].prefix(1).uppercased() + w[after...].dropFirst()
            }
            // ("saint-gobain" → "Saint-Gobain".)
            return w.split(separator: "-", omittingEmptySubsequences: false).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
        }
        let rest = words.dropFirst()
        if rest.contains(where: { $0.contains(where: \.isUppercase) }) {
            // Only the first word was typed in lower case.
            guard first.first?.isLetter == true else { return name }
            return ([capital(first)] + rest).joined(separator: " ")
        }
        var out: [String] = []
        for (i, w) in words.enumerated() {
            let folded = TextFold.fold(w)
            if legalForms.contains(folded) { out.append(w.uppercased()); continue }
            // (A word with a digit or no letter, "11e", "&", stays; small words inside stay small.)
            if w.contains(where: \.isNumber) || !w.contains(where: \.isLetter) || (i > 0 && smallNameWords.contains(folded)) { out.append(w); continue }
            out.append(capital(w, inside: i > 0))
        }
        return out.joined(separator: " ")
    }
    static let legalForms: Set<String> = ["sa", "sas", "sasu", "sarl", "eurl", "sci", "scop", "llc", "llp", "plc", "gmbh", "ag", "bv", "nv"]
    static let smallNameWords: Set<String> = ["de", "du", "des", "la", "le", "les", "et", "en", "a", "au", "aux", "sur", "sous", "pour",
                                              "of", "and", "the", "for", "in", "at", "on", "by"]
    /// A word in capitals after the sentence's first ("fine, Chez Bastien"): a name typed as one.
    static func holdsCapitalizedName(_ sentence: String) -> Bool {
        sentence.split(separator: " ").dropFirst().contains { w in w.first?.isUppercase == true && w.count >= 2 && w.contains(where: \.isLowercase) }
    }
    static let chatEndings: Set<String> = ["btw", "lol", "mdr", "merci", "thanks", "thx", "svp", "stp", "please", "pls", "plz", "hein"]

    /// Words that only take in what was said, before a company's name ("bon c'est Solvéo").
    static let nameOpeners: Set<String> = ["ok", "okay", "bon", "alors", "ben", "bah", "euh", "hmm", "well", "so", "ah", "oh", "alright", "donc", "fine",
                                           "sure"]

    /// Words that open where a company is ("à Tours", "based in Leeds"), after its name and a comma.
    static let placeOpeners: [[String]] = [["a"], ["in"], ["based", "in"], ["basee", "a"], ["base", "a"], ["situee", "a"], ["situe", "a"], ["pres", "de"], ["near"]]

    // MARK: Commands

    /// The clause without a closing "please" ("go back please", "retour stp"): `politeness` in
    /// `lexicon.yaml`.
    func dropPoliteness(_ clause: String) -> String {
        var words = clause.split(separator: " ")
        while let last = words.last, politeness.contains(TextFold.fold(String(last))) { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// A command said as the whole input ("/back", "retour", "/lang en", "english").
    public func command(_ input: PreparedInput) -> Command? {
        // ("ugh can we start over", "bon on recommence": a sigh before the command.)
        if input.tokens.count >= 3, Self.sighs.contains(input.tokenStrings[0]), wholeCommands[input.folded] == nil,
           case let rest = PreparedInput(input.tokenStrings.dropFirst().joined(separator: " ")), let name = wholeCommands[rest.folded],
           [.restart, .back].contains(name) {
            return name == .restart ? .restart : .back
        }
        if let name = wholeCommands[input.folded] {
            switch name {
            case .back: return .back
            case .restart: return .restart
            case .courses: return .courses
            case .help: return .help
            case .quit: return .quit
            case .language: break
            }
        }
        // "/lang en", "/langue anglais": a language phrase followed by a language.
        for prefix in languagePrefixes {
            let n = prefix.count
            guard input.tokens.count > n, input.tokens[0..<n].elementsEqual(prefix) else { continue }
            let rest = PreparedInput(raw: input.raw, words: Array(input.tokenStrings.dropFirst(n)), ids: nil)
            if let lang = languageName(rest) { return .language(lang) }
        }
        if let lang = languageName(input) { return .language(lang) }
        return nil
    }

    /// A language named by the whole input ("en", "english", "en anglais").
    public func languageName(_ input: PreparedInput) -> String? {
        wholeLanguageNames[input.folded]
    }

    /// The word after "/lang" when it names no known language (for a helpful error).
    public func isLanguageCommand(_ input: PreparedInput) -> Bool {
        commands.contains { $0.0 == .language && input.tokens.first == $0.1.tokens.first }
    }

    // MARK: Answers

    public enum Choice: Equatable, Sendable {
        case option(String)
        case ambiguous([String])
        case none

        var isOption: Bool { if case .option = self { true } else { false } }
        var optionId: String? { if case let .option(id) = self { id } else { nil } }
    }


    /// Which option of a choice step the input means.
    public func choose(step: Step, _ input: PreparedInput) -> Choice {
        match(step: step, input).choice
    }

    /// The option the input means, and the input tokens that said it (so that they are not read
    /// again for another question). Exact words first; typos only when nothing matches exactly.
    ///
    /// A step the index does not hold (a yes/no, consent, recommendation or catalogue step seen as
    /// a choice) is matched on its options' labels and synonyms: `phrases` when the caller keeps
    /// them, else made from the step.
    public func match(step: Step, _ input: PreparedInput) -> (choice: Choice, span: Range<Int>?) {
        match(step: step, input, phrases: nil)
    }

    func match(step: Step, _ input: PreparedInput, phrases: [OptionPhrases]?) -> (choice: Choice, span: Range<Int>?) {
        if let n = bareNumber(input) {
            let ok = !step.options.isEmpty && (1...step.options.count).contains(n)
            return (ok ? .option(step.options[n - 1].id) : .none, nil)
        }
        guard exact[step.id] != nil else {
            let list = phrases ?? Self.phrases(of: step)
            let found = pick(list, scanMatches(list, input, fuzzy: false, minChars: 0), input)
            if found.choice != .none { return found }
            return pick(list, scanMatches(list, input, fuzzy: true, minChars: 0), input)
        }
        let exact = bestOption(step.id, input, fuzzy: false)
        if exact.choice != .none { return exact }
        return bestOption(step.id, input, fuzzy: true)
    }

    /// The option of a choice step whose label as shown the whole input is, in any language.
    func labelOption(_ stepId: String, _ input: PreparedInput) -> String? {
        labelOptions[stepId]?[input.folded]
    }

    /// The option of a choice step that the whole input names: its number in digits, or one of
    /// its labels or synonyms said alone, exactly (no other option shares the phrase).
    func wholeOption(_ step: Step, _ input: PreparedInput) -> String? {
        wholeAnswer(step, input)?.id
    }

    /// The same, with how it was said (its number, a label, a synonym), as `TurnBuilder.how` says it.
    func wholeAnswer(_ step: Step, _ input: PreparedInput) -> (id: String, how: Understood)? {
        if let first = input.folded.utf8.first, (0x30...0x39).contains(first), input.tokens.count == 1, let n = Int(input.folded) {
            return (1...max(1, step.options.count)).contains(n) && !step.options.isEmpty ? (step.options[n - 1].id, .number) : nil
        }
        return wholeOptions[step.id]?[input.folded].map { ($0.id, $0.label ? .label : .synonym) }
    }

    /// Whether the input is the option's label as shown, in any language (not a synonym).
    func isLabel(_ id: String, of step: Step, _ input: PreparedInput) -> Bool {
        guard let o = step.option(id) else { return false }
        // The step's phrases list each option's labels first (`phrases(of:)`).
        // (The content validator requires a label in each language; one of punctuation only would
        // be dropped from the list, and the answer reported as a synonym.)
        if let list = options[step.id], let phrases = list.first(where: { $0.id == id }) {
            return phrases.phrases.prefix(o.label.count).contains { $0.folded == input.folded }
        }
        return o.label.inKeyOrder.contains { Phrase($0).folded == input.folded }
    }

    /// A step's options as the phrases that name them (labels in every language, synonyms).
    static func phrases(of step: Step) -> [OptionPhrases] {
        step.options.map { o in
            var texts = Array(o.label.inKeyOrder)
            for list in o.synonyms.inKeyOrder { texts += list }
            return OptionPhrases(id: o.id, phrases: texts.map(Phrase.init).filter { !$0.isEmpty })
        }
    }

    /// The option whose phrase matches best (longest, fewest typos). When another option is
    /// named exactly by other words of the input ("comprendre et automatiser"), it is ambiguous.
    func bestOption(_ stepId: String, _ input: PreparedInput, fuzzy: Bool, minChars: Int = 0) -> (choice: Choice, span: Range<Int>?) {
        guard let index = exact[stepId] else { return (.none, nil) } // one look-up for the step
        let list = index.list
        var matches: [(id: String, score: Int, span: Range<Int>)]
        if !fuzzy {
            matches = exactMatches(list, index, ids(input), minChars: minChars)
        } else {
            matches = scanMatches(list, input, fuzzy: fuzzy, minChars: minChars)
        }
        // "my manager might pay for it": someone else's job, not the prospect's.
        // ("we're 4 agents at the agency", "nos 12 agents": people counted, not AI agents.)
        if matches.count >= 2, case let w = input.tokenStrings {
            matches.removeAll { m in
                m.span.count == 1 && m.span.lowerBound > 0 && ["agents", "assistants", "assistantes"].contains(w[m.span.lowerBound])
                    && (Int(w[m.span.lowerBound - 1]) != nil || quantities.numbers[w[m.span.lowerBound - 1]] != nil)
            }
        }
        if let blockers = stepBlockers[stepId] {
            matches.removeAll { $0.span.lowerBound > 0 && blockers.contains(input.tokens[$0.span.lowerBound - 1]) }
        }
        // ("je me renseigne pour mon fils", "just looking for my boss": asking for someone, no
        // time said.)
        if !matches.isEmpty, case let w = input.tokenStrings, w.contains(where: { $0 == "pour" || $0 == "for" }) {
            matches.removeAll { m in
                let end = m.span.upperBound
                return Self.onBehalfVerbs.contains(w[end - 1]) && end + 1 < w.count && (w[end] == "pour" || w[end] == "for")
                    && Self.someonesWords.contains(w[end + 1])
            }
        }
        return pick(list, matches, input, prevailing: prevailing[stepId] ?? [])
    }

    static let skipWords: Set<String> = ["skip", "skipping", "sauter", "saute", "zapper", "zappe", "beyond", "past", "dela"]
    /// A word of `skipWords` in the three words before `at`, not itself denied ("sans sauter les
    /// bases", "without skipping the basics", "don't skip the basics").
    static func skippedBefore(_ at: Int, _ w: [String]) -> Bool {
        guard let k = w[max(0, at - 3)..<at].lastIndex(where: skipWords.contains) else { return false }
        return !w[max(0, k - 2)..<k].contains(where: ["sans", "without", "pas", "not", "dont", "t", "ne", "never", "jamais"].contains)
    }
    static let onBehalfVerbs: Set<String> = ["renseigne", "renseigner", "informe", "informer", "regarde", "looking", "asking", "renseignons"]
    static let someonesWords: Set<String> = ["mon", "ma", "mes", "my", "notre", "nos", "our", "son", "sa", "ses", "his", "her", "un", "une", "a", "an", "a", "leur", "their"]

    /// The best of the matches; ambiguous on a tie, or when another option is named exactly by
    /// other words of the input.
    func pick(_ list: [OptionPhrases], _ matches: [(id: String, score: Int, span: Range<Int>)], _ input: PreparedInput,
              prevailing: Set<[[UInt32]]> = []) -> (choice: Choice, span: Range<Int>?) {
        // An option named only to be denied ("pas des débutants", "not really a beginner") is not
        // chosen; nor is a negative phrase that denies the option named after it ("not really" in
        // "not really a beginner").
        // (A negative phrase that denies the option named after it, "pas vraiment" in "pas vraiment
        // tous les jours", is not one of its own: its negation denies that option.)
        let own = ownNegations(matches.map(\.span), list, input)
        // ("no idea what i'm doing": the "no" of a phrase that says the prospect does not know is
        // no answer; the phrase itself may be one, "aucune idée".)
        let unsure = Self.phraseSpans(input.tokenStrings, unsureWords)
        // (Whether the message holds a negation, looked for once and only when needed.)
        var negationSaid: Bool?
        func negated() -> Bool {
            if negationSaid == nil { negationSaid = input.tokens.contains(where: negators.contains) }
            return negationSaid!
        }
        var matches = matches.filter { m in
            !denied(m.span, input, saying: own) && !deniesNext(m.span, list, input)
                && !(m.span.lowerBound > 0 && negated() && deniedBefore(m, list, input, own))
                && !unsure.contains { $0.count > m.span.count && $0.contains(m.span.lowerBound) && $0.contains(m.span.upperBound - 1) }
        }
        // "not sure yet, maybe in a couple of months", "je sais pas encore, peut-être dans deux
        // mois": a doubt said first, then a "maybe" and an answer: the answer ("pas sûr" is one
        // of its own; "I don't know, I need to ask my boss next week" says no start).
        let doubt = { (m: (id: String, score: Int, span: Range<Int>)) in unsure.contains { $0.contains(m.span.lowerBound) } }
        if !unsure.isEmpty, let end = matches.filter(doubt).map(\.span.upperBound).max(),
           case let w = input.tokenStrings,
           matches.contains(where: { m in !doubt(m) && m.span.lowerBound >= end && w[end..<m.span.lowerBound].contains(where: Self.maybeWords.contains) }) {
            matches.removeAll(where: doubt)
        }
        // ("so I'd skip the basics", "on peut sauter les bases", "beyond the basics": an option
        // named to be passed over.)
        if case let w = input.tokenStrings, w.contains(where: Self.skipWords.contains) {
            matches.removeAll { m in Self.skippedBefore(m.span.lowerBound, w) }
        }
        // "débutants, sauf deux ou trois…", "en reconversion, j'étais aide-soignante avant": an
        // option named after an exception, or said of the past, gives way to one named otherwise.
        let aside = matches.filter { Self.saidAside($0.span, input.tokenStrings) }
        if !aside.isEmpty, aside.count < matches.count { matches.removeAll { m in aside.contains { $0.span == m.span } } }
        // "mostly understand it i guess, like what it even is and if its useful for paperwork",
        // "surtout comprendre, et voir si ça peut servir pour la paperasse": an option said as the
        // main one prevails over the others named beside it.
        // (A few words between: "mainly to learn the basics"; no other option named between. Not
        // with another said as well: "mostly the paperwork… but also maybe train our volunteers?"
        // names two.)
        if !input.tokenStrings.contains(where: Self.additions.contains) {
            let main = matches.compactMap { m in
                Self.mainDistance(m.span, input.tokenStrings, within: matches.filter { $0.id != m.id }.map(\.span)).map { (m.id, $0) }
            }
            if let nearest = main.map(\.1).min(), case let ids = Set(main.filter { $0.1 == nearest }.map(\.0)), ids.count == 1,
               let id = ids.first, matches.contains(where: { $0.id != id }) {
                matches.removeAll { $0.id != id }
            }
        }
        // "jamais vraiment, un peu peur", "a bit scared of it tbh": "a bit" said of a feeling is no
        // frequency of use.
        if matches.count >= 2, case let w = input.tokenStrings {
            let feeling = matches.filter { m in
                m.span.upperBound < w.count && Self.feelingWords.contains(w[m.span.upperBound])
                    && w[m.span].allSatisfy(["un", "peu", "a", "bit", "little", "tad"].contains)
            }
            if !feeling.isEmpty, feeling.count < matches.count { matches.removeAll { m in feeling.contains { $0.span == m.span } } }
        }
        // "prof d'anglais en collège", "i teach at a uni": the school where one teaches is no
        // studying there.
        // (Also when the teacher's word is too short to be read beside it: "jsuis prof de techno dans
        // un college", read for a later question, says no student.)
        if !matches.isEmpty, case let w = input.tokenStrings, w.contains(where: Self.teacherWords.contains) {
            let places = matches.filter { m in w[m.span].allSatisfy(Self.schoolPlaces.contains) }
            if !places.isEmpty { matches.removeAll { m in places.contains { $0.span == m.span } } }
        }
        // "je suis infirmière et je pense à me reconvertir": a phrase that prevails over the others.
        // (Not when denied: "i've never built anything with their apis" says no building at all.)
        if !prevailing.isEmpty {
            // (Any negation a few words before counts, one that answers the question too: "never".)
            let deniedPrevailing = matches.filter { m in
                prevailing.contains(Array(input.tokens[m.span]))
                    && input.tokens[max(0, m.span.lowerBound - 5)..<m.span.lowerBound].contains(where: negations.contains)
            }
            if !deniedPrevailing.isEmpty, deniedPrevailing.count < matches.count {
                // (The negation that denies it is no answer either: the "never" of "never built".)
                matches.removeAll { m in
                    deniedPrevailing.contains { d in
                        d.span == m.span || (m.span.upperBound <= d.span.lowerBound && d.span.lowerBound - m.span.lowerBound <= 5
                                             && input.tokens[m.span].allSatisfy(negations.contains))
                    }
                }
            }
            if let winner = matches.first(where: { prevailing.contains(Array(input.tokens[$0.span])) }) {
                matches.removeAll { $0.id != winner.id && !prevailing.contains(Array(input.tokens[$0.span])) }
            }
        }
        guard let top = matches.max(by: { $0.score < $1.score }) else { return (.none, nil) }
        let tied = matches.filter { $0.score == top.score }
        // Whether another phrase of option `id` is said exactly, away from the top match's words.
        func namedElsewhere(_ id: String) -> Bool {
            list.first { $0.id == id }?.phrases.contains { p in
                p.chars >= 5 && (Fuzzy.match(p, in: input, fuzzy: false).map { !$0.tokens.overlaps(top.span) } ?? false)
            } ?? false
        }
        // ("whenever, no rush": a phrase of two options, one of them said again in other words.)
        if tied.count > 1, tied.allSatisfy({ $0.span == top.span }) {
            let backed = tied.filter { namedElsewhere($0.id) }
            if backed.count == 1 { return (.option(backed[0].id), top.span) }
        }
        if tied.count > 1 { return (.ambiguous(tied.map(\.id)), top.span) }
        let others = matches.filter { m in m.id != top.id && !m.span.overlaps(top.span) && namedElsewhere(m.id) }
        if others.isEmpty { return (.option(top.id), top.span) }
        return (.ambiguous([top.id] + others.map(\.id)), top.span)
    }

    static let feelingWords: Set<String> = ["peur", "perdu", "perdue", "inquiet", "inquiete", "mefiant", "mefiante", "sceptique", "stresse",
                                            "stressee", "intimide", "intimidee", "scared", "afraid", "nervous", "worried", "lost", "skeptical",
                                            "sceptical", "wary", "intimidated", "overwhelmed"]
    static let teacherWords: Set<String> = ["prof", "profs", "professeur", "professeure", "enseignant", "enseignante", "instit",
                                            "instituteur", "institutrice", "enseigne", "teacher", "teach", "lecturer", "tutor", "professor"]
    static let schoolPlaces: Set<String> = ["college", "lycee", "ecole", "school", "university", "uni", "fac", "faculte", "primaire", "maternelle"]

    /// Whether the words at `span` come after an exception ("sauf", "except", "à part") or are said
    /// of the past ("j'étais…", "I used to…", "… until March", "… avant").
    static func saidAside(_ span: Range<Int>, _ w: [String]) -> Bool {
        let before = w[max(0, span.lowerBound - 4)..<span.lowerBound]
        if before.contains(where: exceptions.contains) { return true }
        if let i = before.lastIndex(of: "part"), i > 0, w[i - 1] == "a" { return true }
        // ("cto, technical, though i manage the dev team", "technique, même si je gère l'équipe": a
        // concession, said in passing.)
        if before.contains(where: concessions.contains) { return true }
        if let i = before.lastIndex(where: { $0 == "if" || $0 == "si" || $0 == "que" }), i > 0,
           ["even", "meme", "bien"].contains(w[i - 1]), w[i] != "que" || w[i - 1] == "bien" { return true }
        // ("used to be a bank manager": five words back.)
        if w[max(0, span.lowerBound - 5)..<span.lowerBound].contains(where: pastMarkers.contains) { return true }
        let after = w[span.upperBound..<min(w.count, span.upperBound + 2)]
        if let i = after.firstIndex(where: pastAfter.contains), !(w[i] == "avant" && i + 1 < w.count && w[i + 1] == "tout") { return true }
        return false
    }
    /// How far the words at `span` are from a word that says they are the main answer: after
    /// "mostly", "mainly", "surtout", "principalement", with three words between at most and none
    /// of `others` (the spans of other options: "mainly to learn the basics" is 2), or right
    /// before one of them ("les devis surtout" is 0); nil when they are not said so.
    static func mainDistance(_ span: Range<Int>, _ w: [String], within others: [Range<Int>]) -> Int? {
        if span.upperBound < w.count, mainWords.contains(w[span.upperBound]) { return 0 }
        // ("data analyst at an insurance company, so employee": the conclusion that ends the message.)
        if span.lowerBound >= 1, span.upperBound == w.count, conclusions.contains(w[span.lowerBound - 1]) { return 0 }
        guard let k = w[max(0, span.lowerBound - 4)..<span.lowerBound].lastIndex(where: mainWords.contains),
              !others.contains(where: { $0.lowerBound > k && $0.lowerBound < span.lowerBound }) else { return nil }
        return span.lowerBound - k - 1
    }
    /// Words that add another answer to the one said ("but also", "mais aussi").
    static let additions: Set<String> = ["also", "aussi", "egalement"]
    static let conclusions: Set<String> = ["so", "donc", "bref", "basically", "i.e", "ie"]
    static let mainWords: Set<String> = ["mostly", "mainly", "primarily", "chiefly", "essentially", "surtout", "principalement", "essentiellement",
                                         "majoritairement"]

    static let exceptions: Set<String> = ["sauf", "hormis", "excepte", "except", "apart", "besides"]
    static let concessions: Set<String> = ["though", "tho", "although", "albeit", "quoique"]
    static let pastMarkers: Set<String> = ["etais", "etait", "was", "used", "ancien", "ancienne", "anciennement", "formerly", "ex", "retired"]
    /// ("professeur retraitée": the job is the past one.)
    static let pastAfter: Set<String> = ["avant", "auparavant", "until", "till", "jusqu", "retraite", "retraitee", "retraites", "retraitees"]

    /// The options of a step the input names only to deny them ("pas tout de suite", "not my
    /// team"): the classifier's reading of the message must not take them either.
    /// (And those named only as someone else's, "mon patron veut…": `not_after`.)
    func deniedOptions(_ stepId: String, _ input: PreparedInput) -> Set<String> {
        guard let index = exact[stepId] else { return [] }
        let blockers = stepBlockers[stepId] ?? []
        let negated = input.tokens.contains(where: negators.contains)
        let w = input.tokenStrings
        let asides = w.contains { Self.exceptions.contains($0) || Self.pastMarkers.contains($0) || Self.pastAfter.contains($0) || $0 == "part"
            || Self.concessions.contains($0) || $0 == "if" || $0 == "si" || $0 == "que" }
        let skips = w.contains(where: Self.skipWords.contains)
        guard negated || !blockers.isEmpty || asides || skips else { return [] }
        let matches = exactMatches(index.list, index, ids(input), minChars: 0)
        let own = ownNegations(matches.map(\.span), index.list, input)
        var out = Set(matches.filter { m in
            (negated && (denied(m.span, input, saying: own) || deniedBefore(m, index.list, input, own)))
                || (m.span.lowerBound > 0 && blockers.contains(input.tokens[m.span.lowerBound - 1]))
                || (skips && Self.skippedBefore(m.span.lowerBound, w))
        }.map(\.id))
        // (Options said aside, "j'étais freelance avant", beside one said otherwise.)
        if asides {
            let aside = Set(matches.filter { Self.saidAside($0.span, w) }.map(\.id))
            if matches.contains(where: { !aside.contains($0.id) }) { out.formUnion(aside) }
        }
        return out
    }

    /// "not just learn basics": a word of the same option right before the phrase, and denied,
    /// denies the phrase with it.
    func deniedBefore(_ m: (id: String, score: Int, span: Range<Int>), _ list: [OptionPhrases], _ input: PreparedInput, _ own: [Range<Int>]) -> Bool {
        let i = m.span.lowerBound - 1
        guard i >= 0, let o = list.first(where: { $0.id == m.id }),
              o.phrases.contains(where: { $0.tokens == [input.tokens[i]] }) else { return false }
        return denied(i..<(i + 1), input, saying: own)
    }

    /// The words of the clauses whose subject is someone else ("mes petits-enfants utilisent
    /// ChatGPT tout le temps et moi je n'y comprends rien": the first clause): a possessive then,
    /// within two words, one of `relatives` or `people`. Clauses end at punctuation and joiners.
    func othersSpans(_ input: PreparedInput) -> [Range<Int>] {
        let w = input.tokenStrings
        // "just me + 1 apprentice", "moi et 2 salariés": people counted are the prospect's people,
        // not the prospect (the count and the word after it).
        // ("emails to the rota manager", "des mails au directeur": a role someone else has, after
        // a word that points at them; not "I'm the manager".)
        let counted = countedPeopleSpans(w) + Self.rolesOfOthers(w)
        guard w.contains(where: Self.possessives.contains) else { return counted }
        // Where clauses start: after a joiner, and where a piece of the raw text between
        // punctuation starts (its words counted in order).
        var starts: Set<Int> = [0]
        var at = 0
        for piece in Self.pieces(input.raw, cutAt: ".,;:!?") {
            starts.insert(at)
            at += PreparedInput(piece).tokens.count
        }
        guard at == w.count else { return [] }
        for (i, word) in w.enumerated() where clauseJoiners.contains(word) { starts.insert(i + 1) }
        let ordered = starts.filter { $0 < w.count }.sorted()
        var out: [Range<Int>] = []
        for (k, start) in ordered.enumerated() {
            let end = k + 1 < ordered.count ? ordered[k + 1] : w.count
            guard Self.possessives.contains(w[start]),
                  w[(start + 1)..<min(end, start + 3)].contains(where: othersWords.contains) else { continue }
            out.append(start..<end)
        }
        return out + counted.filter { c in !out.contains { $0.overlaps(c) } }
    }
    /// Where a count of people is said ("1 apprentice", "2 salariés", "trois apprentis"): a number
    /// in digits, or in words from two up ("un", "one" also open "je suis un dev"), and the word
    /// after it when it names people or a role; not a count the prospect is part of ("on est 2
    /// associés").
    func countedPeopleSpans(_ w: [String]) -> [Range<Int>] {
        guard w.count >= 2 else { return [] }
        var out: [Range<Int>] = []
        for i in 0..<(w.count - 1) {
            let n = w[i].allSatisfy(\.isNumber) ? Int(w[i]) : numbers[w[i]].flatMap { $0 >= 2 ? $0 : nil }
            guard n != nil, quantities.people.contains(w[i + 1]) || Self.countedRoles.contains(w[i + 1]) else { continue }
            // ("on est 2 associés", "we're 2 cofounders": the prospect is one of them.)
            if i > 0, ["est", "sommes", "serons", "sera", "re", "are", "were"].contains(w[i - 1]) { continue }
            out.append(i..<(i + 2))
        }
        return out
    }
    /// Roles said after a count that the lexicon's people do not list in the singular.
    static let countedRoles: Set<String> = ["apprentice", "apprenti", "apprentie", "intern", "stagiaire", "alternant", "alternante", "employee", "employe",
                                            "salarie", "salariee", "dev", "developer", "developpeur", "developpeuse", "assistant", "assistante"]
    /// The message without its clauses about someone else, when it has some (and something else).
    func withoutOthers(_ input: PreparedInput) -> PreparedInput? {
        let spans = othersSpans(input)
        guard !spans.isEmpty else { return nil }
        var kept: [Substring] = []
        var at = 0
        for word in input.raw.split(separator: " ") {
            let n = PreparedInput(String(word)).tokens.count
            if !spans.contains(where: { $0.contains(at) }) || n == 0 { kept.append(word) }
            at += n
        }
        let own = prepare(kept.joined(separator: " "))
        return own.isEmpty ? nil : own
    }
    static let possessives: Set<String> = ["mes", "mon", "ma", "nos", "notre", "leurs", "leur", "ses", "son", "sa", "my", "our", "their", "his", "her"]

    /// Roles pointed at as someone else's ("to the rota manager", "au directeur", "pour la responsable").
    static func rolesOfOthers(_ w: [String]) -> [Range<Int>] {
        w.indices.compactMap { i -> Range<Int>? in
            guard roleWords.contains(w[i]) else { return nil }
            let before = w[max(0, i - 3)..<i]
            // ("à mon patron", "a la directrice": the French "à" folded, only before a word that
            // points; "i'm a manager" is the prospect.)
            guard let p = before.lastIndex(where: pointingWords.contains),
                  (p + 1 == i && w[p] != "a") || ["the", "le", "la", "l", "my", "mon", "ma", "our", "notre"].contains(w[p + 1]) else { return nil }
            return p..<(i + 1)
        }
    }
    static let roleWords: Set<String> = ["manager", "managers", "boss", "director", "directeur", "directrice", "chef", "patron", "patronne",
                                         "responsable", "supervisor", "ceo", "manageur", "manageuse"]
    static let pointingWords: Set<String> = ["to", "for", "with", "from", "au", "aux", "a", "pour", "avec", "du", "de"]

    /// Words that open a clause as its subject ("je", "on", "i", "we"), folded: a negation does not
    /// reach past them.
    static let subjects: Set<String> = ["je", "j", "on", "nous", "il", "ils", "elle", "elles", "i", "we", "they", "he", "she", "jsuis", "chuis", "jsui", "im"]

    /// Where the message says one of the step's phrases that hold a negation themselves ("pas
    /// pressé", "not sure"): their negation denies nothing else.
    func negatingPhrases(_ stepId: String, _ input: PreparedInput) -> [Range<Int>] {
        guard let index = exact[stepId], input.tokens.contains(where: negators.contains) else { return [] }
        return ownNegations(exactMatches(index.list, index, ids(input), minChars: 0).map(\.span), index.list, input)
    }

    /// The spans whose negation is their own ("pas pressé", "not daily"): not those that deny the
    /// option named right after them ("pas vraiment" in "pas vraiment tous les jours").
    func ownNegations(_ spans: [Range<Int>], _ list: [OptionPhrases], _ input: PreparedInput) -> [Range<Int>] {
        negating(spans, input).filter { !deniesNext($0, list, input) }
    }

    /// The spans whose own words hold a negation.
    func negating(_ spans: [Range<Int>], _ input: PreparedInput) -> [Range<Int>] {
        spans.filter { input.tokens[$0].contains(where: negators.contains) }
    }

    /// Whether the words at `span` hold a negation and are followed, past stopwords, by a word
    /// that begins one of the step's phrases: they deny it rather than answer ("not really a
    /// beginner", "pas vraiment débutant").
    func deniesNext(_ span: Range<Int>, _ list: [OptionPhrases], _ input: PreparedInput) -> Bool {
        guard input.tokens[span].contains(where: negators.contains) else { return false }
        if span.upperBound < input.tokens.count, Self.subjects.contains(input.tokenStrings[span.upperBound]) { return false }
        var i = span.upperBound
        while i < input.tokens.count, classifier.stopwords.contains(input.tokenStrings[i]) { i += 1 }
        guard i < input.tokens.count, i - span.upperBound <= 2 else { return false }
        // (The whole phrase said there: "not daily, just when i'm stuck" denies no "just starting".)
        let said = input.tokens[i...]
        return list.contains { o in o.phrases.contains { $0.tokens.first == said.first && said.starts(with: $0.tokens) } }
    }

    /// Whether the words at `span` follow a negation that denies them: one of `negators` right
    /// before, or with at most one other word and stopwords between ("pas des débutants
    /// complets", "not really a beginner", "ils ne sont pas débutants").
    func denied(_ span: Range<Int>, _ input: PreparedInput, saying phrases: [Range<Int>] = []) -> Bool {
        // ("pas pressé, je me renseigne": a clause that opens with its subject is not denied by
        // the one before.)
        if Self.subjects.contains(input.tokenStrings[span.lowerBound]) { return false }
        // ("je ne suis pas pressée": the "ne" is the first half of the phrase's own "pas".)
        if Self.negationsOpeningPhrase.contains(input.tokenStrings[span.lowerBound]) { return false }
        // ("l'automatisation de mon travail ça ne me concerne plus", "automating doesn't apply to me
        // anymore": denied by the words right after it.)
        if Self.deniedAfter(input.tokenStrings, span.upperBound) { return true }
        var i = span.lowerBound - 1, others = 0, intent = false
        while i >= 0, span.lowerBound - i <= (intent ? 5 : 3) {
            // ("pas pressé je me renseigne": the "pas" of an answer's own phrase denies nothing after it.)
            // ("not really, tried it once": a negation in the clause before denies nothing after its comma.)
            if negators.contains(input.tokens[i]), !phrases.contains(where: { $0.contains(i) }) {
                return !Self.clauseBreak(input, between: i, and: span.lowerBound)
            }
            // ("je ne cherche pas à former une équipe", "not looking to train a team": a verb of
            // wanting denied denies what it wants; "je sais pas, je veux former mon équipe" does not,
            // its subject opens another clause.)
            if Self.subjects.contains(input.tokenStrings[i]) { return false }
            if Self.intentVerbs.contains(input.tokenStrings[i]) {
                intent = true
            } else if !classifier.stopwords.contains(input.tokenStrings[i]) {
                others += 1
                if others > 1 { return false }
            }
            i -= 1
        }
        return false
    }

    /// Whether a comma or a full stop comes after word `i` and before word `j` of the message.
    static func clauseBreak(_ input: PreparedInput, between i: Int, and j: Int) -> Bool {
        guard input.raw.utf8.contains(where: { $0 == 0x2C || $0 == 0x2E || $0 == 0x3B || $0 == 0x21 }) else { return false }
        var words = 0
        for piece in pieces(input.raw, cutAt: ",.;!").dropLast() {
            words += PreparedInput(piece).tokens.count
            if words > i && words <= j { return true }
            if words > j { return false }
        }
        return false
    }

    /// Whether the words from `at` say that what comes before concerns the prospect no more:
    /// "ne me concerne plus", "me concerne pas", "doesn't apply to me", "doesn't concern me".
    static func deniedAfter(_ w: [String], _ at: Int) -> Bool {
        let after = w[at..<min(w.count, at + 6)]
        guard let k = after.firstIndex(where: { $0 == "concerne" || $0 == "concernent" || $0 == "apply" || $0 == "applies" || $0 == "concern" }) else { return false }
        // ("ne me concerne plus", "me concerne pas": the negation right around the verb.)
        if w[k].hasPrefix("concerne") {
            return w[max(at, k - 3)..<k].contains { $0 == "ne" || $0 == "n" } && w[(k + 1)..<min(w.count, k + 2)].contains { $0 == "pas" || $0 == "plus" }
                || w[(k + 1)..<min(w.count, k + 2)].contains { $0 == "pas" }
        }
        // ("doesn't apply to me", "doesn't concern me": said of the prospect.)
        return w[max(at, k - 2)..<k].contains { ["doesn", "doesnt", "dont", "t"].contains($0) }
            && w[(k + 1)..<min(w.count, k + 3)].contains { $0 == "me" || $0 == "anymore" }
    }

    static let intentVerbs: Set<String> = ["cherche", "cherchons", "veux", "voulons", "voudrais", "souhaite", "souhaitons", "compte", "comptons", "former", "train",
                                           "looking", "want", "wanna", "need", "trying", "planning", "going",
                                           // ("i've never built anything with their apis", "je n'ai jamais rien construit avec les api")
                                           "built", "construit", "anything", "rien"]

    static let negationsOpeningPhrase: Set<String> = ["pas", "not", "no", "never", "jamais", "aucune", "aucun"]

    /// For each option, its best phrase, phrase by phrase (the only way with typos).
    func scanMatches(_ list: [OptionPhrases], _ input: PreparedInput, fuzzy: Bool, minChars: Int) -> [(id: String, score: Int, span: Range<Int>)] {
        var matches: [(id: String, score: Int, span: Range<Int>)] = []
        for o in list {
            var best: (Int, Range<Int>)?
            for p in o.phrases where p.chars >= minChars {
                if let m = Fuzzy.match(p, in: input, fuzzy: fuzzy, vocabulary: vocabulary), best == nil || m.score > best!.0 { best = (m.score, m.tokens) }
            }
            if let best { matches.append((o.id, best.0, best.1)) }
        }
        return matches
    }

    /// The input's words as vocabulary ids.
    func ids(_ input: PreparedInput) -> [Int32] {
        input.ids ?? input.tokenStrings.map { wordIds[$0] ?? -1 }
    }

    /// An input prepared with its word ids, for the matching of a turn.
    public func prepare(_ raw: String) -> PreparedInput {
        var input = PreparedInput(raw)
        // ("consultante en automatisation no-code": a word, not a "no".)
        if raw.utf8.contains(0x2D), input.tokenStrings.contains(where: { $0 == "no" || $0 == "non" || $0 == "low" }) {
            var words: [String] = []
            var i = 0
            let w = input.tokenStrings
            let lower = raw.lowercased()
            while i < w.count {
                if i + 1 < w.count, Self.compounds.contains(w[i] + "-" + w[i + 1]), lower.contains(w[i] + "-" + w[i + 1]) {
                    words.append(w[i] + w[i + 1])
                    i += 2
                } else {
                    words.append(w[i])
                    i += 1
                }
            }
            if words.count < w.count { input = PreparedInput(raw: raw, words: words, ids: nil) }
        }
        input.ids = input.tokenStrings.map { wordIds[$0] ?? -1 }
        input.known = input.tokens.map(vocabulary.contains)
        return input
    }

    /// Words written with a hyphen whose first half would read as a "no" on its own.
    static let compounds: Set<String> = ["no-code", "low-code", "non-stop", "non-profit", "no-brainer", "no-show"]

    /// Exact matches through the index: for each option, its best phrase (longest; the first
    /// phrase, then the first place, on a tie), as the phrase-by-phrase scan finds it.
    func exactMatches(_ list: [OptionPhrases], _ index: ExactIndex, _ ids: [Int32], minChars: Int) -> [(id: String, score: Int, span: Range<Int>)] {
        // option → (score, phrase, start)
        var best = [(score: Int, phrase: Int, start: Int)?](repeating: nil, count: list.count)
        for (start, word) in ids.enumerated() where word >= 0 {
            for (o, p) in index.byFirstWord[Int(word)] {
                let phrase = index.phrases[o][p]
                guard start + phrase.count <= ids.count, list[o].phrases[p].chars >= minChars else { continue }
                var ok = true
                for j in 1..<phrase.count where ids[start + j] != phrase[j] { ok = false; break }
                guard ok else { continue }
                let score = list[o].phrases[p].chars * 2
                if let b = best[o], b.score > score || (b.score == score && (b.phrase < p || (b.phrase == p && b.start <= start))) { continue }
                best[o] = (score, p, start)
            }
        }
        var out: [(id: String, score: Int, span: Range<Int>)] = []
        for (o, b) in best.enumerated() {
            if let b { out.append((list[o].id, b.score, b.start..<(b.start + index.phrases[o][b.phrase].count))) }
        }
        return out
    }

    /// Options of other steps that the input names exactly and unambiguously.
    public func prefills(_ input: PreparedInput, steps: [Step]) -> [(step: String, option: String)] {
        prefills(input, stepIds: steps.filter { $0.kind == .choice && $0.prefill }.map(\.id))
    }

    /// Sighs and fillers that may open a command ("ugh can we start over").
    static let sighs: Set<String> = ["ugh", "urgh", "pff", "pfff", "bon", "bref", "ok", "okay", "alors", "hmm", "euh", "bah", "ah", "oh"]

    /// Past participles of what happened to the prospect: a month said after them is no start.
    static let pastEvents: Set<String> = ["licencie", "licenciee", "vire", "viree", "embauche", "embauchee", "diplome", "diplomee", "recrute",
                                          "recrutee", "demissionne", "fired", "laid", "hired", "graduated", "redundant", "quit", "depuis"]

    /// Auxiliaries and verbs that put a clause in the past: a time said in it is no start date.
    static let pastClause: Set<String> = ["ai", "avons", "avez", "ont", "etait", "etais", "etions", "eu", "was", "were", "had", "lost", "did", "been"]

    /// The shortest phrase (in letters) that may answer another question than the one asked.
    static let prefillMinChars = 7

    /// Whether a wish opens the words before `span` ("i wanna build stuff w llms, like rag apps",
    /// "jveux apprendre a faire des app avec l'ia, genre des chatbots avec l'api d'openai"): up
    /// to sixteen words back, not past a word that turns to what is done today ("mais",
    /// "already").
    static func wishedBefore(_ span: Range<Int>, _ w: [String]) -> Bool {
        var i = span.lowerBound - 1
        while i >= max(0, span.lowerBound - 16), !todayTurns.contains(w[i]) {
            if wishVerbs.contains(w[i]) || ["wanna", "learn", "apprendre"].contains(w[i]) { return true }
            i -= 1
        }
        return false
    }
    static let todayTurns: Set<String> = ["mais", "but", "deja", "already", "currently", "actuellement", "aujourd", "today"]

    /// The same for step ids (prefill choice steps).
    func prefills(_ input: PreparedInput, stepIds: [String]) -> [(step: String, option: String)] {
        var out: [(String, String)] = []
        for id in stepIds {
            let found = bestOption(id, input, fuzzy: false, minChars: Self.prefillMinChars)
            // A question with `prefill: cued` takes, without its cue, phrases of several words only
            // ("just browsing for now"), never one word ("c'est souvent du vent").
            if cuedSteps.contains(id), (found.span?.count ?? 0) < 2 { continue }
            // Nor a phrase that says the prospect does not know ("je ne sais pas trop, je pars de
            // zéro" says nothing of when to start).
            if cuedSteps.contains(id), let span = found.span, Self.contains(Array(input.tokenStrings[span]), anyOf: unsureWords) { continue }
            // Without its cue: nor a phrase said after a wish ("i wanna build stuff w llms, like rag
            // apps": what is wanted, not done today), nor a frequency said of something else than AI
            // ("takes me hours every week").
            if cuedSteps.contains(id), let span = found.span, case let w = input.tokenStrings,
               Self.phraseSpans(w, stepCues[id] ?? [:]).isEmpty,
               Self.wishedBefore(span, w)
                || (w[span].contains(where: Self.frequencyUnits.contains) && !w.contains(where: { Self.toolWords.contains($0) || Self.useVerbs.contains($0) })) { continue }
            // Nor a time something has lasted ("been using the openai api for a few months", "je
            // m'en sers depuis quelques mois", "a few months ago").
            if datedSteps.contains(id), let span = found.span, case let w = input.tokenStrings,
               w[max(0, span.lowerBound - 2)..<span.lowerBound].contains(where: ["for", "depuis", "pendant", "since", "past", "last", "derniers"].contains)
                || (span.upperBound < w.count && ["ago", "derniers", "passes"].contains(w[span.upperBound])) { continue }
            // Nor a time said of the past ("j'ai perdu 2 clients cette année", "we had layoffs this
            // year"); a use said so is one ("je n'ai jamais vraiment utilisé l'IA").
            if cuedSteps.contains(id), datedSteps.contains(id), let span = found.span,
               input.tokenStrings[max(0, span.lowerBound - 5)..<span.lowerBound].contains(where: Self.pastClause.contains) { continue }
            // Nor a use said of others ("the kids talk about chatgpt all the time", "mon fils
            // l'utilise tous les jours"): not the prospect's.
            if cuedSteps.contains(id), let span = found.span, case let w = input.tokenStrings,
               let k = w[max(0, span.lowerBound - 6)..<span.lowerBound].lastIndex(where: Self.otherPeople.contains),
               !w[k..<span.lowerBound].contains(where: Self.firstPerson.contains) { continue }
            // Nor a use of AI said as a wish for others ("je voudrais qu'ils utilisent l'IA", "i
            // want them to use AI"): what they do now is not said.
            if let span = found.span, input.tokenStrings[span].contains(where: Self.useVerbs.contains),
               Self.saidAsWish(input.tokenStrings, before: span.lowerBound) { continue }
            // Nor a tool or its use named as what is to be learnt ("get comfortable with chatgpt",
            // "apprenne à utiliser chatgpt"): what is used today is not said.
            if let span = found.span, case let w = input.tokenStrings,
               span.contains(where: { Self.useVerbs.contains(w[$0]) || Self.isTool(w, at: $0) }), let k = (max(0, span.lowerBound - 4)..<span.upperBound).first(where: { Self.learningWords.contains(w[$0]) }),
               // ("ils savent utiliser chatgpt", "je ne sais pas utiliser chatgpt": said of today.)
               w[k] != "utiliser" || !w[max(0, k - 3)..<k].contains(where: ["sais", "sait", "savent", "savons", "savez"].contains),
               // ("déjà à l'aise avec chatgpt", "already comfortable with it": said of today.)
               !w[max(0, k - 3)..<k].contains(where: { $0 == "deja" || $0 == "already" }) { continue }
            // ("ancienne institutrice, je voudrais…": an option named only as the past is no answer;
            // another one named, not of the past, is.)
            switch found.choice {
            case let .option(option):
                if let span = found.span, Self.saidAside(span, input.tokenStrings) {
                    // (The other option named, with the one said of the past masked.)
                    let other = bestOption(id, input.masking(span), fuzzy: false, minChars: Self.prefillMinChars)
                    // (Its own words not said of the past: "ancienne institutrice, à la retraite" is retired.)
                    if case let .option(o) = other.choice, o != option, let at = other.span,
                       at.lowerBound >= span.upperBound ? !input.tokenStrings[span.upperBound..<at.lowerBound].contains(where: Self.pastMarkers.contains)
                           && !input.tokenStrings[at].contains(where: Self.pastMarkers.contains)
                           : !Self.saidAside(at, input.tokenStrings) {
                        out.append((id, o))
                    }
                } else {
                    out.append((id, option))
                }
            default: break
            }
        }
        return out
    }

    /// People close to the prospect whose use of AI is not theirs.
    static let otherPeople: Set<String> = ["kids", "children", "enfants", "gosses", "husband", "wife", "mari", "femme", "son", "daughter", "fils",
                                           "friends", "amis", "potes", "parents", "grandchildren", "students", "eleves", "pupils"]
    static let firstPerson: Set<String> = ["i", "je", "j", "me", "moi", "my", "mon", "ma", "im", "we", "us", "on", "nous", "our", "notre"]

    /// Units a frequency is said in ("every week", "2 fois par mois").
    static let frequencyUnits: Set<String> = ["week", "weeks", "month", "months", "day", "days", "semaine", "semaines", "mois", "jour", "jours",
                                              "fois", "times", "weekly", "daily", "hebdomadaire"]

    /// AI tools by name, and the words for them.
    static let toolWords: Set<String> = ["chatgpt", "copilot", "gemini", "claude", "mistral", "gpt", "ia", "ai", "outils", "tools", "llm", "llms"]

    /// Whether the word at `i` names a tool: "ai" after "j" is the verb of "j'ai", not AI.
    static func isTool(_ w: [String], at i: Int) -> Bool {
        toolWords.contains(w[i]) && !(w[i] == "ai" && i > 0 && w[i - 1] == "j")
    }
    /// Words that make what follows something to learn: "comfortable with", "apprendre à".
    /// ("utiliser", the infinitive, is a wish too, "à utiliser chatgpt"; "savent utiliser" is not.)
    static let learningWords: Set<String> = ["comfortable", "learn", "learning", "apprendre", "apprenne", "apprennent", "maitriser", "master",
                                             "familiar", "familiariser", "aise", "discover", "decouvrir", "initier", "sensibiliser", "former", "train",
                                             "utiliser"]

    /// Whether the words before `lo` wish something of someone: "je veux que mes managers…",
    /// "je voudrais qu'ils…", "i want them to…", "i'd like my team to…".
    static func saidAsWish(_ w: [String], before lo: Int) -> Bool {
        let window = max(0, lo - 5)..<lo
        if let k = window.last(where: { w[$0] == "que" || w[$0] == "qu" }),
           w[max(0, k - 3)..<k].contains(where: wishVerbs.contains) { return true }
        if lo > 0, w[lo - 1] == "to", w[max(0, lo - 5)..<(lo - 1)].contains(where: wishVerbs.contains),
           w[max(0, lo - 5)..<(lo - 1)].contains(where: { ["them", "my", "our", "the", "everyone", "staff", "team"].contains($0) }) { return true }
        return false
    }
    /// Verbs of using AI: what is said with them after a wish is no use today.
    static let useVerbs: Set<String> = ["utilisent", "utilise", "utiliser", "utilisera", "servent", "use", "uses", "using"]
    static let wishVerbs: Set<String> = ["veux", "voudrais", "voudrait", "aimerais", "aimerait", "souhaite", "souhaiterais", "voulons", "voudrions",
                                         "want", "wanted", "like", "need", "wish", "love"]

    /// The option of one of `stepIds` named by the word after a count of people ("12 devs", "6-7
    /// développeurs", "15 engineers"), exactly: the people counted are what that question asks.
    func countedOption(_ input: PreparedInput, after span: Range<Int>, stepIds: [String]) -> (step: String, option: String)? {
        let w = input.tokenStrings
        var j = span.upperBound
        if j < w.count, ["de", "d", "of"].contains(w[j]) { j += 1 }
        guard j < w.count, quantities.people.contains(w[j]) else { return nil }
        let noun = prepare(w[j])
        for id in stepIds {
            if case let .option(option) = bestOption(id, noun, fuzzy: false).choice { return (id, option) }
        }
        return nil
    }

    /// A number given as the whole answer ("2", "la 2", "deux", "option two").
    public func bareNumber(_ input: PreparedInput) -> Int? {
        let words = input.tokenStrings.filter { !fillers.contains($0) }
        // ("the second one": a rank with its words, "one" no number of its own.)
        // (Only the rank and its words: not "not the first one", "the first two".)
        guard words.count == 1 else {
            return words.count <= 3 && words.allSatisfy({ ordinalRanks[$0] != nil || rankWords.contains($0) }) ? ordinal(input) : nil
        }
        return Int(words[0]) ?? numbers[words[0]]
    }

    /// "jsp trop... la 2 je pense ? mais les visuels c'est ptet plus créer non ?", "well its for
    /// the dispatchers so go with 1 i guess": the one piece of a longer message (cut at
    /// punctuation, and after "so", "donc", "alors") that is an option's number said with filler
    /// words; nil when none is, or another piece holds a number too.
    public func pieceNumber(_ raw: String) -> Int? {
        var found: Int?
        for piece in Self.pieces(raw, cutAt: ".!?;,") {
            let w = prepare(piece).tokenStrings
            guard w.contains(where: { Int($0) != nil || numbers[$0] != nil }) else { continue }
            if found != nil { return nil }
            let tail = w.lastIndex(where: Self.numberPieceOpeners.contains).map { Array(w[($0 + 1)...]) } ?? w
            guard let n = bareNumber(PreparedInput(tail.joined(separator: " "))) else { return nil }
            found = n
        }
        return found
    }
    static let numberPieceOpeners: Set<String> = ["so", "donc", "alors"]

    /// A number anywhere in the input: digits first, else number words ("cinq", "twenty five").
    public func number(_ input: PreparedInput) -> Int? {
        let words = input.tokenStrings
        if let digits = words.first(where: { Int($0) != nil }) { return Int(digits) }
        var best: Int?
        var run = 0, inRun = false
        for w in words {
            if let n = numbers[w] {
                run = inRun ? run + n : n
                inRun = true
                best = max(best ?? run, run)
            } else {
                inRun = false
            }
        }
        return best
    }

    static let yesNoLetters: [String: Bool] = ["y": true, "n": false]

    /// Yes, no, or neither. The whole input as a phrase wins over a phrase inside it.
    static let yesWords: Set<String> = ["yes", "ye", "yeah", "yep", "oui", "ouais", "ouai"]
    static let noWords: Set<String> = ["no", "nah", "nope", "non", "nan", "not", "pas"]
    static func offersBoth(_ w: [String]) -> Bool {
        w.count >= 3 && (0..<(w.count - 2)).contains { i in
            ["or", "ou"].contains(w[i + 1])
                && ((yesWords.contains(w[i]) && noWords.contains(w[i + 2])) || (noWords.contains(w[i]) && yesWords.contains(w[i + 2])))
        }
    }

    /// Where "im in" / "i m in" opens a place ("im in sg", "i'm in london"), not a yes: the index of
    /// its first word; nil otherwise.
    static func locatedAt(_ w: [String]) -> Int? {
        for i in w.indices {
            let run: Int
            if w[i] == "im", i + 1 < w.count, w[i + 1] == "in" { run = 2 } else if w[i] == "i", i + 2 < w.count, w[i + 1] == "m", w[i + 2] == "in" { run = 3 } else { continue }
            guard i + run < w.count, case let next = w[i + run], !Self.afterImIn.contains(next) else { continue }
            return i
        }
        return nil
    }
    static let afterImIn: Set<String> = ["too", "then", "for", "on", "lol", "haha", "yes", "yeah", "sure", "ok", "okay", "let", "lets", "count", "tbh",
                                         "definitely", "totally", "deffo", "def", "100", "the", "starter", "performer", "master"]

    /// Whether "im in" / "i'm in" is followed by a place: a word in capitals ("London") or a
    /// short name of one ("sg", "uk"); not "im in thanks", "i'm in as well".
    static func saysWhereAt(_ raw: String) -> Bool {
        let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.trimmingCharacters(in: .punctuationCharacters) }
        for i in words.indices.dropLast() where words[i + 1].lowercased() == "in" {
            let who = words[i].lowercased().replacingOccurrences(of: "’", with: "'")
            guard who == "im" || who == "i'm", i + 2 < words.count, case let next = words[i + 2], !next.isEmpty else { continue }
            if placeWords.contains(next.lowercased()) || (next.first?.isUppercase == true && next != "I" && next.lowercased() != "i'm") { return true }
        }
        return false
    }
    static let placeWords: Set<String> = ["sg", "uk", "us", "usa", "nyc", "sf", "la", "kl", "hk", "nz", "au", "ca", "eu", "tx", "ny", "london", "paris",
                                          "singapore", "dubai", "lagos", "india", "canada", "australia", "germany", "france", "spain", "europe",
                                          "asia", "africa", "texas", "montreal", "quebec", "belgium", "switzerland"]

    public func yesNo(_ input: PreparedInput) -> Bool? {
        // "y", "n" typed alone, as at a terminal's prompts (alone only: "y a pas d'urgence").
        if input.tokenStrings.count == 1, let letter = Self.yesNoLetters[input.tokenStrings[0]] { return letter }
        // ("fine tuning?", "fine-tune models": the technique, no "fine".)
        if let i = input.tokenStrings.firstIndex(of: "fine"), i + 1 < input.tokens.count, input.tokenStrings[i + 1].hasPrefix("tun") {
            var rest = input.tokenStrings
            rest.removeSubrange(i...(i + 1))
            return rest.isEmpty ? nil : yesNo(PreparedInput(rest.joined(separator: " ")))
        }
        // ("im in sg tho", "i'm in london": where the prospect is, no "I'm in".)
        // (The words first, the raw text only when they hold "im in": most messages hold none.)
        if let i = Self.locatedAt(input.tokenStrings), Self.saysWhereAt(input.raw) {
            var rest = input.tokenStrings
            rest.removeSubrange(i..<min(rest.count, i + (rest[i] == "im" ? 3 : 4)))
            return rest.isEmpty ? nil : yesNo(PreparedInput(rest.joined(separator: " ")))
        }
        if let first = input.tokens.first {
            if yesByFirst[first]?.contains(where: { Fuzzy.isWhole($0, input) }) == true { return true }
            if noByFirst[first]?.contains(where: { Fuzzy.isWhole($0, input) }) == true { return false }
        }
        // "so student discount ye or nah", "c'est possible oui ou non ?": the two offered, a question.
        if Self.offersBoth(input.tokenStrings) { return nil }
        // "mon patron doit être d'accord ?": someone's agreement to come, no yes; the rest is read.
        let w = input.tokenStrings
        if w.contains("accord"), let i = w.indices.dropFirst().dropLast().first(where: { w[$0] == "d" && w[$0 + 1] == "accord"
            && ["etre", "soit", "sera", "serait", "soient", "seront", "seraient"].contains(w[$0 - 1]) }) {
            let rest = w[..<(i - 1)] + w[(i + 2)...]
            return rest.isEmpty ? nil : yesNo(PreparedInput(rest.joined(separator: " ")))
        }
        // "pas de souci", "no problem", "pourquoi pas": a yes phrase that holds a negation. Its
        // words negate nothing; the rest is read on its own ("yes no problem", "sure, no worries",
        // "no problem but no, not now").
        let covered = negatedYesSpans(input)
        if !covered.isEmpty {
            let rest = input.tokenStrings.indices.filter { !covered.contains($0) }.map { input.tokenStrings[$0] }
            let restInput = PreparedInput(rest.joined(separator: " "))
            if let said = yesNo(restInput) { return said }
            return restInput.tokens.contains(where: negations.contains) ? nil : true
        }
        // ("certains voudraient carrément créer des agents": an adverb of agreement inside a
        // sentence qualifies its verb; it says yes only opening or closing the message.)
        // ("that's exactly what we need", "c'est exactement ça": after "is", still a yes.)
        if w.count >= 3, let i = w.indices.dropFirst().dropLast().first(where: { Self.adverbYes.contains(w[$0]) }),
           !["s", "is", "est", "thats", "cest"].contains(w[i - 1]) {
            return yesNo(PreparedInput((w[..<i] + w[(i + 1)...]).joined(separator: " ")))
        }
        let y = Self.exactScore(yesByFirst, input), n = Self.exactScore(noByFirst, input)
        // "carrément pas", "sure, not now": a yes with a negation is not a yes; "non merci, ça
        // m'intéresse pas": with a no as well, it is a no.
        // ("pas d'accord", "not ok with that", "pas du tout d'accord": the negation just before the yes
        // denies it, a no.)
        // ("ni oui ni non": neither.)
        if y > 0, n > 0, w.filter({ $0 == "ni" }).count >= 2 { return nil }
        if y > 0, input.tokens.contains(where: negations.contains) { return n > 0 || deniesYes(input) ? false : nil }
        if y > n { return true }
        if n > y { return false }
        return nil
    }

    /// A yes phrase with a negation just before it, or a word of degree between ("je suis pas
    /// d'accord", "pas du tout d'accord", "i'm not ok with it", "i don't agree"). Not "pas sûr",
    /// "not sure" (a doubt), nor "je sais pas, ok" (the negation is the knowing's).
    func deniesYes(_ input: PreparedInput) -> Bool { !deniedYesSpans(input).isEmpty }

    func deniedYesSpans(_ input: PreparedInput) -> [Range<Int>] {
        // (Within a clause: "carrément pas, enfin si" denies no "enfin si".)
        guard input.raw.contains(where: { ",.;!?…".contains($0) }) else { return deniedYesSpans(inClause: input) }
        var out: [Range<Int>] = [], offset = 0
        for piece in Self.pieces(input.raw, cutAt: ",.;!?…") {
            let p = prepare(piece)
            out += deniedYesSpans(inClause: p).map { ($0.lowerBound + offset)..<($0.upperBound + offset) }
            offset += p.tokens.count
        }
        return out
    }

    func deniedYesSpans(inClause input: PreparedInput) -> [Range<Int>] {
        let w = input.tokenStrings
        var denied: [Range<Int>] = []
        for p in yes {
            guard let span = Fuzzy.match(p, in: input, fuzzy: false)?.tokens, span.lowerBound > 0,
                  !["sur", "sure", "certain", "certaine", "certainly"].contains(w[span.lowerBound]),
                  // ("si ça m'engage à rien, oui c'est ok": "oui", "yes" are no word a negation denies.)
                  !Self.interjectionYes.contains(w[span.lowerBound]) else { continue }
            var i = span.lowerBound - 1
            while i > 0, Self.degreeWords.contains(w[i]) { i -= 1 }
            guard negations.contains(input.tokens[i]), !["rien", "nothing", "no", "non"].contains(w[i]),
                  i == 0 || !Self.knowingVerbs.contains(w[i - 1]) else { continue }
            denied.append(span)
        }
        return denied
    }
    static let degreeWords: Set<String> = ["du", "tout", "vraiment", "trop", "tres", "totalement", "really", "totally", "at", "all", "very", "entirely", "completely", "quite"]
    static let interjectionYes: Set<String> = ["oui", "ouais", "yes", "yeah", "yep", "si"]
    static let knowingVerbs: Set<String> = ["sais", "sait", "savais", "vois", "comprends", "jsp", "know", "knw", "inquiete", "inquietez", "inquiet",
                                            "worry", "bother", "doute"]

    /// The best score of the phrases read word for word in the input (0 when none is said): only
    /// those whose first word it holds are tried.
    static func exactScore(_ byFirst: [[UInt32]: [Phrase]], _ input: PreparedInput) -> Int {
        var best = 0, tried: Set<[UInt32]> = []
        for t in input.tokens where tried.insert(t).inserted {
            for p in byFirst[t] ?? [] { if let s = Fuzzy.score(p, in: input, fuzzy: false), s > best { best = s } }
        }
        return best
    }

    /// Yes words that are adverbs too ("carrément", "absolutely").
    static let adverbYes: Set<String> = ["carrement", "absolument", "totalement", "completement", "clairement", "exactement",
                                         "absolutely", "definitely", "totally", "certainly", "exactly", "clearly"]

    /// "et si je dis non ?", "what if I say no", "if i decline": a no in a clause of
    /// condition ("si"/"if" and the prospect, just before it) is a question about refusing, not
    /// a refusal.
    public func saysHypotheticalNo(_ input: PreparedInput) -> Bool {
        let w = input.tokenStrings
        guard w.contains(where: { $0 == "si" || $0 == "if" }) else { return false } // (most messages stop here)
        for p in no {
            guard let span = Fuzzy.match(p, in: input, fuzzy: false)?.tokens else { continue }
            let before = w[max(0, span.lowerBound - 4)..<span.lowerBound]
            if let at = before.lastIndex(where: { $0 == "si" || $0 == "if" }), at + 1 < span.lowerBound,
               ["je", "j", "i", "on", "we"].contains(w[at + 1]) { return true }
        }
        return false
    }

    /// A no said beside a yes that no negation touches ("no no, go ahead", "non non c'est bon",
    /// "no thanks, i'm fine"): at consent, which one is meant is asked rather than guessed.
    public func saysYesAndNo(_ input: PreparedInput) -> Bool {
        // (A yes and a no apart take two words at least.)
        guard input.tokens.count >= 2 else { return false }
        let covered = negatedYesSpans(input)
        let outside = { (r: Range<Int>) in !r.contains(where: covered.contains) }
        let denied = deniedYesSpans(input)
        let yesSpans = yes.compactMap { Fuzzy.match($0, in: input, fuzzy: false)?.tokens }.filter { !denied.contains($0) }
        let noSpans = no.compactMap { Fuzzy.match($0, in: input, fuzzy: false)?.tokens }.filter(outside)
        guard !noSpans.isEmpty, yesSpans.contains(where: { y in !noSpans.contains { $0.overlaps(y) } }) else { return false }
        // ("non merci, ça m'intéresse pas": the yes is negated itself, a no.)
        let noWords = Set(no.filter { $0.words.count == 1 }.map { $0.words[0] })
        return input.tokens.indices.allSatisfy { i in
            !negations.contains(input.tokens[i]) || covered.contains(i) || noWords.contains(input.tokens[i])
                || noSpans.contains { $0.contains(i) }
        }
    }

    /// "non, enfin si, oui", "no, sorry... actually wait, yes": a yes and a no, the one said last
    /// after a word that corrects (`correction_cues`) the other: the one said last. Nil otherwise.
    public func correctedYesNo(_ input: PreparedInput) -> Bool? {
        // (One said after the other takes two words at least.)
        guard input.tokens.count >= 2 else { return nil }
        let covered = negatedYesSpans(input)
        let said = yes.compactMap { Fuzzy.match($0, in: input, fuzzy: false)?.tokens }.map { (at: $0, yes: true) }
            + no.compactMap { Fuzzy.match($0, in: input, fuzzy: false)?.tokens }
                .filter { !$0.contains(where: covered.contains) }.map { (at: $0, yes: false) }
        guard let last = said.max(by: { $0.at.lowerBound < $1.at.lowerBound }),
              let before = said.filter({ $0.yes != last.yes }).map(\.at.upperBound).min(), before <= last.at.lowerBound,
              // Nothing said after it takes it back ("yes, actually no wait, not now").
              !said.contains(where: { $0.yes != last.yes && $0.at.upperBound > last.at.lowerBound }) else { return nil }
        let words = input.tokenStrings
        let cue = (before...last.at.lowerBound).contains { i in
            i < words.count && (correctionCues[words[i]] ?? []).contains { p in i + p.count <= words.count && words[i..<(i + p.count)].elementsEqual(p) }
        }
        return cue ? last.yes : nil
    }

    /// The places of the yes phrases that hold a negation ("no problem", "pas de souci").
    func negatedYesSpans(_ input: PreparedInput) -> Set<Int> {
        var covered = Set<Int>()
        for p in negatedYes where p.words.count <= input.tokens.count {
            for i in 0...(input.tokens.count - p.words.count) where input.tokens[i..<(i + p.words.count)].elementsEqual(p.words) {
                covered.formUnion(i..<(i + p.words.count))
            }
        }
        return covered
    }

    /// "je préfère pas être appelée", "no phone calls please": calls refused, nothing said of e-mail.
    /// ("ok mais par mail seulement pas de tel", "by email only": e-mail said as the only way, the
    /// same; "par mail seulement" alone too.)
    public func refusesCallsOnly(_ input: PreparedInput) -> Bool {
        let words = input.tokenStrings
        let mail = words.indices.filter { i in mailWords.contains { words[i].hasPrefix($0) } }
        // ("no, don't email me, just call me instead": the mail refused, its "just" the call's; a
        // negation before the mail word and after any call word refuses it.)
        let lastCall = { (i: Int) in words[..<i].lastIndex(where: self.isCallWord).map { $0 + 1 } ?? 0 }
        let mailOnly = !mail.isEmpty && mail.allSatisfy { i in
            words[max(0, i - 2)...min(words.count - 1, i + 2)].contains(where: Self.onlyWords.contains)
                && !input.tokens[max(0, i - 3, lastCall(i))..<i].contains(where: negations.contains)
        }
        if mailOnly, !words.contains(where: { $0 == "pas" || $0 == "not" || $0 == "no" || $0 == "dont" } ) || words.contains(where: isCallWord) { return true }
        guard words.contains(where: { w in callWords.contains { w.hasPrefix($0) } }),
              input.tokens.contains(where: negations.contains) else { return false }
        // ("oui par mail d'accord, mais pas de telephone": the mail said without a negation near
        // it, and one before the call word; not "call me instead, my email doesn't work".)
        if mail.isEmpty { return true }
        let negatedCall = words.indices.contains { i in isCallWord(words[i]) && input.tokens[max(0, i - 3)..<i].contains(where: negations.contains) }
        // ("oui par mail, mais pas de téléphone": the negation two words on is the call's.)
        return negatedCall && mail.allSatisfy { i in !input.tokens[max(0, i - 3)..<min(words.count, i + 2)].contains(where: negations.contains) }
    }

    static let onlyWords: Set<String> = ["seulement", "uniquement", "only", "just", "que", "exclusivement"]

    /// A yes word or phrase anywhere in the message ("yes but no calls pls").
    public func saysYesWord(_ input: PreparedInput) -> Bool {
        yes.contains { Fuzzy.score($0, in: input, fuzzy: false) != nil }
    }

    /// E-mail said as the way to be reached: "mail uniquement", "par mail c'est mieux", "email
    /// is fine" (not "pas de mail").
    public func saysMailAsTheWay(_ input: PreparedInput) -> Bool {
        let words = input.tokenStrings
        let mail = words.indices.filter { i in mailWords.contains { words[i].hasPrefix($0) } }
        guard !mail.isEmpty else { return false }
        return mail.allSatisfy { i in words[max(0, i - 2)...min(words.count - 1, i + 2)].contains(where: Self.onlyWords.contains) }
            || mail.allSatisfy { i in !input.tokens[max(0, i - 3)..<i].contains(where: negations.contains) }
    }

    /// At consent: "oui mais pas de spam", "ok but no spam": a yes whose negation is about
    /// unwanted mail, not about being written to.
    public func yesButNoSpam(_ input: PreparedInput) -> Bool {
        let words = input.tokenStrings
        // ("d'accord mais pas plus d'un mail hein", "ok but no more than one email": a limit on how
        // many, said of the mail.)
        guard limitsMail(input) || words.contains(where: { w in spamWords.contains { w.hasPrefix($0) } }) else { return false }
        // ("only if its the syllabus and no spam", "seulement si pas de pub": a yes on a condition.)
        return saysYesWord(input) || Self.contains(words, anyOf: Self.conditions)
    }

    /// "pas plus d'un mail", "no more than one email a week": a limit on how many mails.
    public func limitsMail(_ input: PreparedInput) -> Bool {
        let words = input.tokenStrings
        return Self.contains(words, anyOf: Self.mailLimits) && words.contains(where: { w in mailWords.contains { w.hasPrefix($0) } })
    }

    /// Words that limit how many mails ("pas plus d'un", "no more than").
    static let mailLimits: [String: [[String]]] = byFirstWord(["pas plus d", "pas plus de", "no more than", "not more than", "at most"])

    /// Words that make what follows the condition of a yes.
    static let conditions: [String: [[String]]] = byFirstWord(["only if", "as long as", "provided", "providing", "seulement si",
                                                               "tant que", "a condition", "si c est", "que si", "only for", "only about", "du moment que", "du moment qu", "so long as",
                                                               "just for", "just about", "seulement pour", "uniquement pour", "que pour", "juste pour"])

    /// At consent: "dont email me please", "pas de mail", "ne m'écrivez pas": e-mail refused,
    /// without a yes.
    public func refusesMail(_ input: PreparedInput) -> Bool {
        let words = input.tokenStrings
        guard let mail = words.firstIndex(where: { w in mailWords.contains { w.hasPrefix($0) } }) else { return false }
        if let call = words.firstIndex(where: { w in callWords.contains { w.hasPrefix($0) } }) {
            // "pas de mail ni de téléphone", "no email and no phone": both refused, each with its
            // own negation (or "ni", "nor"), said after the other word ("pas de téléphone, mail
            // uniquement" refuses calls only: `refusesCallsOnly`).
            func negated(_ i: Int, after other: Int) -> Bool {
                (max(0, i - 3, other < i ? other + 1 : 0)..<i).contains { negations.contains(input.tokens[$0]) || Self.neitherWords.contains(words[$0]) }
            }
            guard negated(mail, after: call), negated(call, after: mail) else { return false }
        } else if !input.tokens.contains(where: negations.contains) {
            return false
        }
        return !yes.contains { Fuzzy.score($0, in: input, fuzzy: false) != nil }
    }

    static let neitherWords: Set<String> = ["ni", "nor", "neither"]

    /// A yes or a no word anywhere in the message.
    func saysYesOrNo(_ input: PreparedInput) -> Bool {
        (yes + no).contains { Fuzzy.score($0, in: input, fuzzy: false) != nil }
    }

    /// The whole message is a yes phrase ("oui", "yes", "ok"): nothing else to read in it.
    func isWholeYes(_ input: PreparedInput) -> Bool {
        yes.contains { Fuzzy.isWhole($0, input) }
    }

    /// A yes said alone but for filling words ("then ok", "ok so"; not "before I agree").
    func isPlainYes(_ input: PreparedInput) -> Bool {
        if isWholeYes(input) { return true }
        // ("oui ok", "yes sure", "oui d'accord": yes phrases only, one after the other.)
        let w = input.tokenStrings
        if w.allSatisfy(yesWords.contains), yesPhrases(w) { return true }
        return isWholeYesWithoutFillers(input)
    }

    /// Whether the words are yes phrases only, one after the other ("oui ok", "yes sure").
    func yesPhrases(_ w: [String]) -> Bool {
        var i = 0
        while i < w.count, let p = yes.filter({ p in i + p.wordTexts.count <= w.count && w[i..<(i + p.wordTexts.count)].elementsEqual(p.wordTexts) })
                                      .max(by: { $0.wordTexts.count < $1.wordTexts.count }) {
            i += p.wordTexts.count
        }
        return !w.isEmpty && i == w.count
    }

    /// A whole yes once its fillers are left out ("euh oui", "bref oui c'est ok").
    func isWholeYesWithoutFillers(_ input: PreparedInput) -> Bool {
        let kept = input.tokenStrings.filter { w in !fillers.contains(w) || yes.contains { $0.wordTexts == [w] } }
        return kept.count < input.tokenStrings.count && !kept.isEmpty
            && (isWholeYes(PreparedInput(kept.joined(separator: " "))) || yesPhrases(kept))
    }

    /// A no of two words or more said in the message ("no thanks", "non merci", "never mind"),
    /// outside a yes that holds a negation ("no problem").
    func saysNoThanks(_ input: PreparedInput) -> Bool {
        let covered = negatedYesSpans(input)
        return no.contains { p in
            guard p.words.count >= 2, let span = Fuzzy.match(p, in: input, fuzzy: false)?.tokens else { return false }
            return !span.contains(where: covered.contains)
        }
    }

    public func isNo(_ input: PreparedInput) -> Bool {
        no.contains { Fuzzy.isWhole($0, input) }
    }

    // MARK: Side questions

    /// The FAQ entry whose keywords match best, if any.
    public func faqEntry(_ input: PreparedInput) -> Int? {
        var best = 0, found: Int?
        var courseOnly: Int?
        for (i, _) in faq {
            guard let s = faqMatch(i, input)?.score else { continue }
            if faqNeedsCourse[i] { courseOnly = courseOnly ?? i; continue }
            if s > best { best = s; found = i }
        }
        if found == nil, let courseOnly, !mentionedCourses(input).isEmpty { return courseOnly }
        return found
    }

    /// "any discount for nonprofits?": entry `i`'s keyword said for someone its `not_before` or
    /// `not_after` words name, a question the entry does not answer.
    func faqBlocked(_ i: Int, _ input: PreparedInput) -> Bool {
        faqMatch(i, input) == nil && faqMatch(i, input, blocking: false) != nil
    }

    /// How well FAQ entry `i`'s best keyword matches the input, and how many words it has; nil
    /// when none matches.
    func faqMatch(_ i: Int, _ input: PreparedInput, blocking: Bool = true) -> (score: Int, words: Int)? {
        var best: (score: Int, words: Int)?
        let blockers = blocking ? faqNotBefore[i] : [], before = blocking ? faqNotAfter[i] : []
        for p in faq[i].1 {
            // Typos only in longer keywords: "côté" is not "coûte".
            guard let m = Fuzzy.match(p, in: input, fuzzy: p.chars >= 7, vocabulary: vocabulary), m.score > (best?.score ?? 0) else { continue }
            // ("combien de participants max ?": a count of people, no price.)
            if !blockers.isEmpty {
                var j = m.tokens.upperBound
                // ("after my exams", "après l'été": a word that only leads to the next is passed.)
                if j < input.tokens.count, ["de", "d", "of", "for", "pour", "les", "des", "the", "l", "la", "le", "my", "mes", "mon", "ma", "our", "nos"].contains(input.tokenStrings[j]) { j += 1 }
                if j < input.tokens.count, blockers.contains(input.tokens[j]) { continue }
            }
            if m.tokens.lowerBound > 0, before.contains(input.tokens[m.tokens.lowerBound - 1]) { continue }
            best = (m.score, p.tokens.count)
        }
        return best
    }

    /// Courses named in the input, in the order they appear.
    public func mentionedCourses(_ input: PreparedInput) -> [String] {
        var seen: Set<String> = []
        return courseMentions(input).compactMap { seen.insert($0.id).inserted ? $0.id : nil }
    }

    /// Every place a course is named, in the order of the words ("starter, wait no, performer":
    /// starter at 0, performer at 3).
    public func courseMentions(_ input: PreparedInput) -> [(at: Int, id: String)] {
        var found: [(at: Int, id: String)] = []
        let known = input.tokens.map(vocabulary.contains) // looked up once, not once per phrase
        for (id, phrases) in courses {
            var starts: Set<Int> = []
            for p in phrases {
                for start in 0..<max(0, input.tokens.count - p.tokens.count + 1) where !starts.contains(start) {
                    let match = p.tokens.indices.allSatisfy {
                        Fuzzy.tokenMatch(input.tokens[start + $0], p.tokens[$0], fuzzy: true, known: known[start + $0]) != nil
                    }
                    // "étudiant en master marketing": a degree, not the course.
                    // ("intéressé par master": "par" after a word of interest says the course, not "par avance".)
                    if match, start > 0, courseBlockers[id]?.contains(input.tokens[start - 1]) == true,
                       !(start > 1 && input.tokenStrings[start - 1] == "par" && input.tokenStrings[start - 2].hasPrefix("interess")) { continue }
                    // ("master of marketing", "master de droit": a degree, by the word after it.)
                    let end = start + p.tokens.count
                    if match, end < input.tokens.count, courseAfterBlockers[id]?.contains(input.tokens[end]) == true { continue }
                    if match { starts.insert(start) }
                }
            }
            found += starts.map { (at: $0, id: id) }
        }
        return found.sorted { $0.at < $1.at }
    }
}
