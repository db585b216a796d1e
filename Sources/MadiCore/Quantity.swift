import MadiText

/// A number of people as a prospect gives it: "5", "cinq", "une dizaine", "a dozen", "20-25",
/// "entre 10 et 15", "about 30".
public struct Quantity: Codable, Sendable, Equatable {
    public var low: Int
    public var high: Int
    /// Said as an approximation ("une dizaine", "about ten", "~10").
    public var approximate: Bool
    /// The approximation word as said ("dizaine", "dozen"), to say it back.
    public var word: String?

    public init(low: Int, high: Int? = nil, approximate: Bool = false, word: String? = nil) {
        self.low = low
        self.high = high ?? low
        self.approximate = approximate
        self.word = word
    }

    /// What a quote is sized on: the top of a range.
    public var value: Int { high }
    public var isRange: Bool { high != low }
}

/// Finds quantities in a prepared input, from the lexicon's number words, approximation words
/// ("dizaine": 10), hedges ("environ", "about") and range words ("à", "to", "entre", "between").
public struct QuantityReader: Sendable {
    let numbers: [String: Int]
    /// Words that multiply what comes before them ("cent" in "deux cent", "vingt" in "quatre vingt").
    let multipliers: Set<String>
    let approximations: [String: Int]
    let hedges: Set<String>
    let rangeWords: Set<String>
    let rangeOpeners: Set<String>
    let people: Set<String>
    /// Words before a count of people: "on est 8", "we are 8", "équipe de 8", "team of 8".
    let groupOpeners: [[String]]
    /// Ordinals and "un/one" are numbers but not counts of people on their own.
    let weakNumbers: Set<String>
    /// "deux collègues et moi", "me plus two": the prospect counts too.
    let plusSelf: [[String]]
    /// `selfIncluded`, `selfWith` and `plus_self` together (`countsWithSelf`).
    let withSelf: [[String]]
    /// "juste moi", "only me": a team of one.
    let selfOnly: [[String]]
    /// The first words of `plusSelf` and `selfOnly`: a message with none says no size without a count.
    let selfFirstWords: Set<String>
    /// The group openers said in the first person plural ("on est", "we are"): their count
    /// includes the prospect.
    let inclusiveOpeners: [[String]]
    /// Words for a company ("boîte", "entreprise", "company"): "une boîte de 200" is its size.
    let companyWords: Set<String>
    /// Every word a quantity can start with but digits: number words, approximations (and their
    /// plurals), hedges, range openers and the articles before an approximation. Other words are
    /// passed over with one look-up.
    let starters: Set<String>

    public init(lexicon: [String: Lexicon]) {
        var numbers: [String: Int] = [:], approx: [String: Int] = [:]
        var hedges: Set<String> = [], range: Set<String> = [], openers: Set<String> = [], people: Set<String> = []
        var groups: [[String]] = [], weak: Set<String> = [], plus: [[String]] = [], alone: [[String]] = []
        var companies: Set<String> = []
        for (_, lex) in lexicon.sorted(by: { $0.key < $1.key }) {
            for (w, n) in lex.numbers { numbers[TextFold.fold(w)] = n }
            for (w, n) in lex.approximations { approx[TextFold.fold(w)] = n }
            hedges.formUnion(lex.hedges.map(TextFold.fold))
            range.formUnion(lex.rangeWords.map(TextFold.fold))
            openers.formUnion(lex.rangeOpeners.map(TextFold.fold))
            people.formUnion(lex.people.map(TextFold.fold))
            groups += lex.groupOpeners.map { PreparedInput($0).tokenStrings }
            weak.formUnion(lex.ordinals.map(TextFold.fold))
            plus += lex.plusSelf.map { PreparedInput($0).tokenStrings }.filter { !$0.isEmpty }
            alone += lex.selfOnly.map { PreparedInput($0).tokenStrings }.filter { !$0.isEmpty }
            companies.formUnion(lex.companyWords.map(TextFold.fold))
        }
        companyWords = companies
        plusSelf = plus
        selfFirstWords = Set((plus + alone).compactMap(\.first))
        withSelf = Self.selfIncluded + Self.selfWith + plus
        selfOnly = alone
        self.numbers = numbers
        approximations = approx
        self.hedges = hedges
        rangeWords = range
        rangeOpeners = openers
        self.people = people
        groupOpeners = groups
        inclusiveOpeners = groups.filter { ["on", "nous", "we", "were"].contains($0.first ?? "") }
        weakNumbers = weak
        starters = Set(numbers.keys).union(approx.keys).union(approx.keys.map { $0 + "s" }).union(hedges).union(range).union(openers).union(["half", "demi", "several", "quelques", "plusieurs"])
            .union(["un", "une", "a", "an", "petite", "bonne", "good"])
        multipliers = Set(numbers.filter { $0.value == 100 || $0.value == 1000 }.keys).union(["vingt", "vingts"].filter { numbers[$0] != nil })
    }

    /// A found quantity and the words it covers.
    public struct Found: Sendable, Equatable {
        public var quantity: Quantity
        public var span: Range<Int>
        /// Said with a people noun or a group opener ("8 personnes", "on est 8", "my 8 people").
        public var aboutPeople: Bool
    }

    /// An approximation word, singular or plural ("douzaine", "douzaines").
    private func approximation(_ word: String) -> Int? {
        approximations[word] ?? (word.hasSuffix("s") ? approximations[String(word.dropLast())] : nil)
    }

    /// A word's number: digits, or a number word that says one on its own ("septante"; not "un").
    func value(of word: String) -> Int? {
        if let n = Int(word) { return n }
        return weakNumbers.contains(word) ? nil : numbers[word]
    }

    /// A number token: digits ("12", "10k" is not one) or a run of number words ("vingt cinq").
    private func number(at i: Int, _ w: [String]) -> (value: Int, end: Int, weak: Bool)? {
        if let n = Int(w[i]), w[i].count <= 6 { return (n, i + 1, false) }
        // "60ish"
        if w[i].hasSuffix("ish"), let n = Int(w[i].dropLast(3)), w[i].count <= 9 { return (n, i + 1, false) }
        guard let first = numbers[w[i]] else { return nil }
        if weakNumbers.contains(w[i]) { return (first, i + 1, true) }
        var total = 0, current = first, j = i + 1
        while j < w.count, let n = numbers[w[j]], !weakNumbers.contains(w[j]) {
            if multipliers.contains(w[j]), current < n {
                current = max(current, 1) * n // "deux cent", "quatre vingt"; not "cent vingt"
            } else if current == 0 || (current % 100 == 0 && n < 100) || (current % 10 == 0 && n < 10)
                        || ((current % 100 == 60 || current % 100 == 80) && n < 20) {
                current += n // "vingt cinq", "cent dix", "soixante douze"; not "twelve: eight …"
            } else {
                break
            }
            j += 1
        }
        total += current
        let weak = (w[i] == "un" || w[i] == "une" || w[i] == "one" || w[i] == "a") && j == i + 1
        return (total, j, weak)
    }

    /// Every quantity in the input, left to right.
    public func all(_ input: PreparedInput) -> [Found] {
        let w = input.tokenStrings
        var out: [Found] = []
        var i = 0
        while i < w.count {
            if w[i].utf8.first.map({ $0 < 0x30 || $0 > 0x39 }) ?? true, !starters.contains(w[i]) { i += 1; continue }
            let start = i
            var hedged = false
            var opener = false
            if hedges.contains(w[i]) { hedged = true; i += 1 }
            else if rangeOpeners.contains(w[i]) { opener = true; i += 1 }
            guard i < w.count else { break }
            // "une dizaine", "a dozen", "dizaine": an approximation word, maybe after un/une/a.
            var k = i
            if k + 1 < w.count, ["un", "une", "a", "an", "petite", "bonne"].contains(w[k]), approximation(w[k + 1]) != nil { k += 1 }
            if k + 1 < w.count, ["petite", "bonne", "good"].contains(w[k]), approximation(w[k + 1]) != nil { k += 1 }
            // "half a dozen", "une demi-douzaine": half of one.
            var half = false
            if k + 1 < w.count, ["un", "une", "a"].contains(w[k]), w[k + 1] == "demi" { k += 1 }
            if k + 2 < w.count, w[k] == "half", w[k + 1] == "a", approximation(w[k + 2]) != nil { half = true; k += 2 }
            else if k + 1 < w.count, w[k] == "half" || w[k] == "demi", approximation(w[k + 1]) != nil { half = true; k += 1 }
            // ("a few dozen", "several dozen", "quelques dizaines": about thirty.)
            let few = k + 2 < w.count && w[k] == "a" && w[k + 1] == "few" ? k + 1 : k
            if few + 1 < w.count, ["few", "several", "quelques", "plusieurs"].contains(w[few]), let m = approximation(w[few + 1]), (10...12).contains(m) {
                var end = few + 2
                if end < w.count, hedges.contains(w[end]) { end += 1 }
                // ("a few dozen" is said back as about thirty, "quelques dizaines" as about thirty.)
                out.append(Found(quantity: Quantity(low: 30, approximate: true), span: start..<end, aboutPeople: aboutPeople(w, start, end)))
                i = end
                continue
            }
            if var n = approximation(w[k]) {
                var end = k + 1
                var word: String? = half ? nil : w[k]
                if half { n /= 2 }
                // "a couple hundred"
                if end < w.count, multipliers.contains(w[end]), let m = numbers[w[end]] { n *= m; end += 1 }
                // "a couple dozen", "a few dozen": a count of another approximation.
                else if end < w.count, n < 10, let m = approximation(w[end]) { n *= m; end += 1; word = nil }
                // "a dozen or so", "une dizaine environ"
                if end < w.count, hedges.contains(w[end]) { end += 1 }
                let q = Quantity(low: n, approximate: true, word: word)
                out.append(Found(quantity: q, span: start..<end, aboutPeople: aboutPeople(w, start, end)))
                i = end
                continue
            }
            guard let first = number(at: i, w) else { i = start + 1; continue }
            var end = first.end
            var q = Quantity(low: first.value, approximate: hedged || w[i].hasSuffix("ish"))
            // "two dozen", "deux douzaines": a count of approximations.
            if end < w.count, let n = approximation(w[end]), !first.weak {
                q = Quantity(low: first.value * n, approximate: true)
                end += 1
                out.append(Found(quantity: q, span: start..<end, aboutPeople: aboutPeople(w, start, end)))
                i = end
                continue
            }
            // Ranges: "20 25" (from "20-25"), "20 à 25", "10 ou 15", "entre 10 et 15".
            var j = end
            if j < w.count, rangeWords.contains(w[j]) || (opener && (w[j] == "et" || w[j] == "and")) { j += 1 }
            // (Not two numbers in two sentences: "4. 8 people in finance", an option then a count.)
            // (Nor an ordinal, or "one", then a number with nothing between: "the finance team
            // first, 6 people" is 6.)
            if j < w.count, !weakNumbers.contains(w[i]), let second = number(at: j, w), !second.weak, second.value > first.value,
               j > end || (!first.weak && Int(w[j]) != nil && !input.raw.contains(w[j - 1] + ". " + w[j])) {
                q = Quantity(low: first.value, high: second.value, approximate: hedged)
                end = second.end
            } else if first.weak {
                // "une" alone is an article, not a count, unless people follow ("une personne").
                guard end < w.count, people.contains(w[end]) else { i = start + 1; continue }
            }
            if end < w.count, hedges.contains(w[end]), w[end] != "a" { q.approximate = true; end += 1 }
            // "2 équipes de 6", "two teams of 8": groups times their size.
            if !q.isRange, let opener = groupOpeners.first(where: { o in
                o.count == 2 && end + 2 < w.count && (w[end] == o[0] + "s" || w[end] == o[0]) && w[end + 1] == o[1]
            }), let size = number(at: end + opener.count, w), !size.weak {
                q = Quantity(low: q.low * size.value, approximate: q.approximate)
                end = size.end
            }
            // "deux fois six", "2 x 6", "two times four": a product.
            // (Not "2 fois par semaine", "3 times a week": a count of times.)
            // ("6 x 2 jours", "4 x 2 days": a count of days, no product.)
            else if !q.isRange, end + 1 < w.count, ["fois", "times", "x"].contains(w[end]), let size = number(at: end + 1, w), !size.weak,
                    size.end >= w.count || !Self.timeUnits.contains(w[size.end]) {
                q = Quantity(low: q.low * size.value, approximate: q.approximate)
                end = size.end
            }
            out.append(Found(quantity: q, span: start..<end, aboutPeople: aboutPeople(w, start, end)))
            i = end
        }
        return out
    }

    /// People follow ("8 personnes", "une dizaine de salariés", "8 people") or a group opener comes
    /// before ("on est 8", "équipe de 5", "my 8").
    func aboutPeople(_ w: [String], _ start: Int, _ end: Int) -> Bool {
        var j = end
        // "around 12 of them", "une dizaine d'entre eux": a count of the people just spoken of,
        // when the message or its clause ends there ("2 of them use chatgpt" counts others).
        for them in Self.ofThem where j + them.count <= w.count && w[j..<(j + them.count)].elementsEqual(them) {
            if j + them.count == w.count || Self.afterThem.contains(w[j + them.count]) { return true }
        }
        // "une quinzaine à former", "about 15 to train", "15 to be trained": people to train,
        // counted without a word for them.
        if j + 1 < w.count, ["a", "to"].contains(w[j]), ["former", "train", "upskill"].contains(w[j + 1]) { return true }
        if j + 2 < w.count, w[j] == "to", w[j + 1] == "be", w[j + 2] == "trained" { return true }
        if j < w.count, ["de", "d", "of"].contains(w[j]) { j += 1 }
        // an adjective or two between: "8 jeunes salariés", "5 new employees"
        // (Not past another number: in "4. 8 people", the people are the 8.)
        for k in j..<min(w.count, j + 3) {
            if people.contains(w[k]) { return true }
            if Int(w[k]) != nil { break }
        }
        // "for my team, a dozen or so", "pour mon équipe, une douzaine": a count said right after
        // the team (its article between), that ends its clause, counts it.
        let before = start >= 1 && Self.articles.contains(w[start - 1]) ? start - 2 : start - 1
        if before >= 0, Self.teamNouns.contains(w[before]) || people.contains(w[before]), Self.endsClause(w, from: end) { return true }
        // The opener may end where the count starts or inside its first words ("équipe de 12":
        // the count read is "de 12", from "de 10 à 15").
        for at in start...min(start + 2, end) {
            for opener in groupOpeners where opener.count <= at {
                if w[(at - opener.count)..<at].elementsEqual(opener) { return true }
            }
        }
        return false
    }

    static let ofThem: [[String]] = [["of", "them"], ["d", "entre", "eux"], ["d", "entre", "elles"]]
    static let articles: Set<String> = ["a", "an", "un", "une"]
    static let teamNouns: Set<String> = ["team", "teams", "equipe", "equipes", "staff", "department", "departement", "service"]
    /// Whether nothing but words that hedge a count comes from `j` to the end of the clause ("…, a
    /// dozen or so", "…, une douzaine environ", "…, about 12. we…").
    static func endsClause(_ w: [String], from j: Int) -> Bool {
        var k = j
        while k < w.count, countHedges.contains(w[k]) { k += 1 }
        return k == w.count || clauseOpeners.contains(w[k])
    }
    static let countHedges: Set<String> = ["or", "ou", "un", "so", "ish", "environ", "roughly", "approximately", "approx", "give", "take", "max", "maximum",
                                           "a", "peu", "pres", "plus", "moins", "maybe", "perhaps", "peut", "etre", "people", "personnes", "pers", "ppl",
                                           "in", "total", "au", "en", "tout"]
    static let clauseOpeners: Set<String> = ["and", "but", "so", "we", "i", "they", "who", "most", "all", "et", "mais", "donc", "on", "je", "ils",
                                             "elles", "qui", "la", "tous", "toutes", "nous"]
    /// Words that open the next clause after "of them" ("…7 of them, none are techy").
    static let afterThem: Set<String> = ["none", "most", "some", "and", "but", "so", "they", "we", "i",
                                         "aucun", "aucune", "tous", "toutes", "la", "et", "mais", "donc", "ils", "elles", "on", "je", "qui"]

    /// "a 40-person fintech", "a 60 people agency", "une fintech de 40 personnes": a count of
    /// people said of something that is not a team nor people (a firm, whatever its word).
    static func sizeOfFirmSaid(_ span: Range<Int>, _ w: [String]) -> Bool {
        let lb = span.lowerBound, ub = span.upperBound
        func notTeam(_ word: String) -> Bool {
            !teamNouns.contains(word) && !firmPeople.contains(word) && !clauseOpeners.contains(word) && Int(word) == nil
        }
        // (Not "a 12-person sales team": what it is, in the next words, is no team.)
        func firm(from j: Int) -> Bool {
            guard j < w.count, notTeam(w[j]) else { return false }
            for k in (j + 1)..<min(w.count, j + 3) {
                if clauseOpeners.contains(w[k]) { break }
                if !notTeam(w[k]) { return false }
            }
            return true
        }
        // "a 40-person fintech": an article, the count, its people as one word, then what it is.
        if lb >= 1, ["a", "an"].contains(w[lb - 1]), ub + 1 < w.count, ["person", "people", "employee", "strong", "man"].contains(w[ub]),
           firm(from: ub + 1) { return true }
        // ("40-person fintech here": the singular says it is an adjective, article or not.)
        if ub + 1 < w.count, ["person", "employee", "strong"].contains(w[ub]), firm(from: ub + 1) { return true }
        // "une fintech de 40 personnes": an article, what it is, "de", the count, people.
        let of = ["de", "d"].contains(w[lb]) ? lb : lb - 1
        if of >= 2, ["de", "d"].contains(w[of]), ["une", "un"].contains(w[of - 2]), notTeam(w[of - 1]),
           ub < w.count, ["personnes", "salaries", "employes", "collaborateurs"].contains(w[ub]) { return true }
        return false
    }
    static let firmPeople: Set<String> = ["people", "personnes", "person", "personne", "devs", "dev", "developers", "developpeurs", "salaries",
                                          "employees", "staff", "managers", "collaborateurs", "gens", "folks", "ppl", "membres", "members"]

    /// Whether the count at `span` follows a word for a company and "de"/"of" ("boîte de 200").
    static func sizeOfCompany(_ span: Range<Int>, _ w: [String], _ companies: Set<String>) -> Bool {
        // "a 40-person logistics company", "une 50 personnes entreprise": an article, the count, then
        // the company within a word.
        if span.lowerBound >= 1, ["a", "an", "une", "un"].contains(w[span.lowerBound - 1]),
           w[span.upperBound..<min(w.count, span.upperBound + 4)].contains(where: companies.contains) { return true }
        // (The count may start at its "de": "de 10 à 15".)
        let of = ["de", "d", "of"].contains(w[span.lowerBound]) ? span.lowerBound : span.lowerBound - 1
        guard of >= 1, ["de", "d", "of"].contains(w[of]) else { return false }
        return companies.contains(w[of - 1])
    }

    /// "on voudrait se former", "nous souhaitons nous former", "on veut apprendre", "we want to
    /// learn", "we'd like to get trained": the prospect's whole group, "on", "nous", "we", is to be
    /// trained, within a few words ("former" with its reflexive: "on voudrait former nos managers"
    /// trains others).
    /// "the whole team", "toute la boîte", "everyone", "tout le monde": all of the firm.
    static func wholeFirm(_ w: [String]) -> Bool {
        wholeFirmPhrases.contains { p in w.indices.contains { i in i + p.count <= w.count && w[i..<(i + p.count)].elementsEqual(p) } }
    }
    static let wholeFirmPhrases: [[String]] = [["whole", "team"], ["whole", "company"], ["entire", "team"], ["entire", "company"], ["everyone"],
                                               ["all", "of", "us"], ["toute", "l", "equipe"], ["toute", "la", "boite"], ["toute", "l", "entreprise"],
                                               ["toute", "la", "societe"], ["tout", "le", "monde"], ["tous", "les", "salaries"], ["l", "ensemble", "des"]]

    static func firmTrainsItself(_ w: [String]) -> Bool {
        for (i, word) in w.enumerated() where ["on", "nous", "we"].contains(word) {
            let near = (i + 1)..<min(w.count, i + 5)
            // ("we want them to learn", "we want to train 10 of our managers", "on voudrait leur
            // apprendre": others are trained.)
            if w[near].contains(where: ["them", "our", "my", "leur", "leurs", "les", "nos", "mes"].contains) { continue }
            for j in near {
                if word == "we", ["learn", "upskill", "trained"].contains(w[j]) || (w[j] == "train" && j + 1 < w.count && w[j + 1] == "ourselves") {
                    return true
                }
                if word != "we", ["former", "formes"].contains(w[j]), ["se", "s", "nous"].contains(w[j - 1]), j - 1 > i || word == "nous" {
                    return true
                }
                if word != "we", w[j] == "apprendre" { return true }
            }
        }
        return false
    }

    /// Words between two counts that make them a range ("3, maybe 4", "5 voire 6").
    static let maybes: Set<String> = ["maybe", "perhaps", "possibly", "potentially", "peut", "voire", "eventuellement", "possiblement"]

    /// Words after which a second count is the one meant ("200 employees but the leadership team,
    /// 9 people"; "on est 60 dans la boîte mais c'est que pour les managers, donc 8").
    static let contrasts: Set<String> = ["mais", "but", "however", "donc", "so", "soit", "enfin"]
    /// ("on est septante... non pardon, 7", "12, no sorry, 10": a no with an apology takes the count back.)
    static let apologies: Set<String> = ["pardon", "sorry", "oops", "oups", "dsl", "desole"]
    static func takesBack(_ between: ArraySlice<String>) -> Bool {
        between.contains(where: contrasts.contains)
            || (between.contains(where: ["non", "no", "nope"].contains) && between.contains(where: apologies.contains))
            // ("6 — wait no, 8", "une dizaine, non attends plutôt 15", "5... actually 7": a few words
            // that only take the count back.)
            // ("5 managers, no wait 7": the same after the word that says who the first count counts.)
            || (between.count <= 5 && (onlyTakesBack(between) || (between.count >= 2 && Int(between[between.startIndex]) == nil
                && onlyTakesBack(between.dropFirst()))))
            // ("Alors 18, non 19 avec la documentaliste", "we're 5.. no 6": a bare no between the two.)
            || (between.count == 1 && ["non", "no", "nope", "nan"].contains(between[between.startIndex]))
    }
    /// Whether the words between two counts take the first back, a contrast aside ("5 enfin non 7",
    /// "12, no sorry, 10"; not "8, mais 2 arrivent en mars").
    static func takesBackOnly(_ between: ArraySlice<String>) -> Bool {
        (between.contains(where: ["non", "no", "nope"].contains) && between.contains(where: apologies.contains))
            || (between.count <= 3 && between.contains(where: ["non", "no", "nope", "nan"].contains))
            || (between.count <= 5 && onlyTakesBack(between))
    }
    /// Whether the words are a word that takes a count back and fillers only ("wait no", "non attends plutôt").
    static func onlyTakesBack(_ words: ArraySlice<String>) -> Bool {
        words.contains(where: takeBackCues.contains) && words.allSatisfy { takeBackCues.contains($0) || takeBackFillers.contains($0) }
    }
    /// (An apology alone takes none back: "we're 12, sorry, 2 of them are part-time".)
    static let takeBackCues: Set<String> = ["wait", "attends", "attend", "actually", "plutot", "rather", "correction", "scratch"]
    static let takeBackFillers: Set<String> = ["non", "no", "nope", "nan", "ah", "oh", "euh", "hmm", "en", "fait", "i", "mean", "je", "veux",
                                               "dire", "make", "it", "that", "c", "est", "plus", "more", "like", "genre", "bah", "ben", "well"]
    /// Words between a count and some of its people that say they are in it ("12 avec les 2
    /// alternants", "12 including the 2 interns").
    static let includedOpeners: [[String]] = [["avec", "les"], ["dont"], ["y", "compris", "les"], ["including"], ["including", "the"],
                                              ["incl"], ["with", "the"], ["of", "which"]]
    /// Whether the words at `i` say the count before them is a part of a group ("of them", "d'entre eux", "parmi eux").
    static func partOf(_ w: [String], at i: Int) -> Bool {
        guard i + 1 < w.count else { return false }
        return (w[i] == "of" && ["them", "us", "those", "these"].contains(w[i + 1])) || (w[i] == "d" && w[i + 1] == "entre")
            || (["parmi", "among"].contains(w[i]) && ["eux", "elles", "nous", "them", "us"].contains(w[i + 1]))
    }
    /// Words after a count that make it no team size ("2 utilisent chatgpt", "2 sessions").
    static let notMembers: Set<String> = ["utilisent", "utilise", "use", "uses", "using", "used", "sessions", "session", "groupes", "groups",
                                          "fois", "times", "jours", "days", "ans", "years", "mois", "months", "semaines", "weeks"]

    /// Where the words `p` are said in `w`, the first time.
    static func span(of p: [String], in w: [String]) -> Range<Int>? {
        guard let first = p.first, p.count <= w.count else { return nil }
        for i in 0...(w.count - p.count) where w[i] == first && w[(i + 1)..<(i + p.count)].elementsEqual(p.dropFirst()) {
            return i..<(i + p.count)
        }
        return nil
    }

    /// Words that say a count includes the prospect ("moi compris", "including me").
    static let selfIncluded: [[String]] = [["moi", "compris"], ["moi", "inclus"], ["y", "compris", "moi"], ["including", "me"],
                                           ["me", "included"], ["including", "myself"], ["myself", "included"]]
    /// "avec moi", "with me" right after a bare count ("on sera 8 avec moi"): the count includes
    /// the prospect ("deux collègues avec moi" counts people, and adds the prospect).
    static let selfWith: [[String]] = [["avec", "moi"], ["with", "me"]]
    /// Words right before a count that make it a total ("ça fait 7", "that makes 7", "au total 7").
    static let totals: [[String]] = [["ca", "fait"], ["ca", "ferait"], ["that", "makes"], ["makes", "it"], ["total"], ["au", "total"], ["soit"],
                                     ["donc"], ["so"]]
    /// Words right after a count that make it a total ("donc 4 finalement", "4 in total").
    static let totalsAfter: [[String]] = [["finalement"], ["au", "total"], ["en", "tout"], ["in", "total"], ["total"], ["altogether"], ["all", "in"]]

    /// Words for a group, never one person ("mon équipe", "my staff").
    static let collectives: Set<String> = ["equipe", "team", "staff", "groupe", "group", "service", "department", "departement",
                                           "famille", "family", "crew", "gang", "bande", "classe", "class", "office", "bureau",
                                           "ppl", "folks", "people", "gens", "personnel", "us"]

    /// One person of the prospect's at `k`: "mon frère", "ma collègue", "my business partner", "my
    /// sdr buddy" (one noun, said in the singular), not "mes collègues", "my team", "my colleagues".
    func onePerson(_ w: [String], at k: Int) -> Range<Int>? {
        guard k + 1 < w.count, ["mon", "ma", "my"].contains(w[k]) else { return nil }
        func group(_ word: String) -> Bool { Self.collectives.contains(word) || companyWords.contains(word) }
        if w[k] != "my" { return group(w[k + 1]) ? nil : k..<(k + 2) }
        // ("my business partner": a word ending in "s" that is no plural of people, then the noun.)
        for j in (k + 1)..<min(w.count, k + 3) {
            if Self.collectives.contains(w[j]) || (w[j].hasSuffix("s") && people.contains(w[j])) { return nil }
            if !w[j].hasSuffix("s"), !companyWords.contains(w[j]) { return k..<(j + 1) }
        }
        return nil
    }

    /// Words that open a list of who a count is, said right after it ("2, mon associé et moi").
    static let listOpeners: Set<String> = ["mon", "ma", "moi", "my", "me", "myself"]

    /// Whether the message counts the prospect with others ("avec moi ça fait 7", "8 moi compris",
    /// "me and 3 colleagues"): a count said so is the team's whole size.
    public func countsWithSelf(_ input: PreparedInput) -> Bool {
        let w = input.tokenStrings
        return withSelf.contains { Self.span(of: $0, in: w) != nil }
    }

    /// Whether the message gives a count as the whole group: a word of total ("3 ppl total", "8
    /// au total", "en tout") or a group said in the first person plural ("we're 3", "on est 8").
    public func saysWhole(_ input: PreparedInput) -> Bool {
        let w = input.tokenStrings
        // ("finalement" is no word of total here: "2 personnes seront finalement à distance" is some.)
        return (Self.totalsAfter.filter { $0 != ["finalement"] && $0 != ["all", "in"] } + inclusiveOpeners).contains { Self.span(of: $0, in: w) != nil }
    }

    /// "just me", "c'est juste pour moi": the prospect alone (`self_only`), nobody added.
    public func saysSelfOnly(_ input: PreparedInput) -> Bool {
        // ("just me + 2 coworkers": the sign read as the word, "me plus".)
        if input.raw.utf8.contains(0x2B), !input.raw.utf8.contains(0x40) { // "+", no "@"
            let said = PreparedInput(input.raw.replacingOccurrences(of: "+", with: " plus "))
            if said.tokens.count > input.tokens.count { return saysSelfOnly(said) }
        }
        let w = input.tokenStrings
        // ("for my colleagues rather than for myself", "pour l'équipe plutôt que pour moi", "not
        // just for me": the prospect set aside.)
        func says(_ p: [String]) -> Bool {
            guard let at = Self.span(of: p, in: w)?.lowerBound else { return false }
            return !Self.setAsideBefore(at, w)
        }
        return selfOnly.contains(where: says) && !plusSelf.contains(where: says)
    }
    static let timeUnits: Set<String> = ["jours", "jour", "days", "day", "heures", "heure", "hours", "hour", "h", "semaines", "semaine", "weeks", "week",
                                         "mois", "months", "month", "fois", "times", "sessions", "demi", "half"]
    /// Whether the prospect is set aside just before `at` ("rather than for myself", "not just me",
    /// "plutôt que pour moi"), within its clause: "not sure, just me" and "je sais pas, juste moi"
    /// set no one aside.
    static func setAsideBefore(_ at: Int, _ w: [String]) -> Bool {
        if at >= 1, ["than", "que", "instead"].contains(w[at - 1]) { return true }
        if at >= 2, ["than", "que", "instead"].contains(w[at - 2]) { return true }
        guard at >= 1, ["not", "pas"].contains(w[at - 1]) else { return false }
        return at < 2 || !["sais", "sait", "know", "sure", "sur", "suis", "am"].contains(w[at - 2])
    }

    /// Whether the count at `span` follows "sans compter", "not counting", "excluding", "hors"
    /// (an article between allowed).
    static func leftOut(_ span: Range<Int>, _ w: [String]) -> Bool {
        var i = span.lowerBound - 1
        if i >= 0, ["les", "the", "des", "nos", "our", "mes", "my"].contains(w[i]) { i -= 1 }
        guard i >= 0 else { return false }
        if ["excluding", "hors", "minus", "except", "sauf", "without"].contains(w[i]) { return true }
        return i >= 1 && (["sans", "not", "without"].contains(w[i - 1])) && ["compter", "counting", "including", "inclure"].contains(w[i])
    }

    /// The quantity a message gives as a team size: the one about people, else the only one.
    static let employeeWords: Set<String> = ["salaries", "salarie", "employes", "employees", "staff", "collaborateurs", "employee", "people"]
    /// The words for a company's employees themselves (not "people").
    static let staffWords: Set<String> = employeeWords.subtracting(["people"])
    static let trainingWords: Set<String> = ["former", "train", "training", "forme", "formation", "upskill"]
    static let headcountWords: Set<String> = ["effectif", "headcount"]
    /// A count of people to train: a word of training right before it ("former nos 12", "train
    /// 8") or within three words after ("12 personnes à former").
    static func toTrain(_ span: Range<Int>, _ w: [String]) -> Bool {
        (max(0, span.lowerBound - 2)..<span.lowerBound).contains { trainingWords.contains(w[$0]) }
            || (span.upperBound..<min(w.count, span.upperBound + 3)).contains { trainingWords.contains(w[$0]) }
    }
    /// A count said as the people to train: a word of training within four words before it, with
    /// nothing but a few small words between ("faire monter 10 devs", "qu'on se forme toutes les
    /// 4"), or "toutes les 4", "all 4 of us", "moi comprise" said with it.
    static func saidAsTrained(_ span: Range<Int>, _ w: [String]) -> Bool {
        let lo = span.lowerBound
        // (Not denied between: "10 personnes à former, pas une quinzaine".)
        if let k = (max(0, lo - 4)..<lo).last(where: { trainedWords.contains(w[$0]) }),
           !w[(k + 1)..<lo].contains(where: { ["pas", "not"].contains($0) }) { return true }
        if lo >= 2, ["tous", "toutes"].contains(w[lo - 2]), w[lo - 1] == "les" { return true }
        if lo >= 1, w[lo - 1] == "all" { return true }
        let after = w[span.upperBound..<min(w.count, span.upperBound + 3)]
        return after.starts(with: ["of", "us"]) || after.contains(where: { ["comprise", "compris", "included", "including"].contains($0) })
    }
    static let trainedWords: Set<String> = ["former", "forme", "formions", "train", "training", "upskill", "monter", "skill", "onboard", "sensibiliser", "initier"]

    /// "25 salariés en tout", "40 employees overall", "sur 25 salariés": a count said as the whole.
    /// ("on est 4, enfin 5 salariés" corrects the count: "enfin" says no total.)
    static func saidAsTotal(_ span: Range<Int>, _ w: [String]) -> Bool {
        (span.lowerBound > 0 && ["sur", "of"].contains(w[span.lowerBound - 1]))
            || (span.upperBound..<min(w.count, span.upperBound + 4)).contains { ["tout", "total", "overall", "altogether"].contains(w[$0]) }
    }

    /// A count of the company's people: employees right after it ("45 salariés"), or its
    /// headcount or the company named within four words ("45 c'est l'effectif total").
    func ofCompany(_ span: Range<Int>, _ w: [String]) -> Bool {
        (span.upperBound < w.count && Self.employeeWords.contains(w[span.upperBound]))
            || (span.upperBound..<min(w.count, span.upperBound + 4)).contains { Self.headcountWords.contains(w[$0]) || companyWords.contains(w[$0]) }
    }

    static let groupUnits: Set<String> = ["groupe", "groupes", "group", "groups", "equipes", "teams", "sessions", "promos", "promotions",
                                          "cohortes", "cohorts", "sites", "agences", "branches", "offices", "magasins", "stores", "shops"]

    public func teamSize(_ input: PreparedInput, anyNumber: Bool) -> Found? {
        teamSize(input, anyNumber: anyNumber, signed: false)
    }

    /// `signed`: the message's "+" was read as "plus".
    func teamSize(_ input: PreparedInput, anyNumber: Bool, signed: Bool) -> Found? {
        // "moi + 3 collègues": the sign read as the word.
        if input.raw.utf8.contains(0x2B), !input.raw.utf8.contains(0x40) { // "+", no "@"
            let said = PreparedInput(input.raw.replacingOccurrences(of: "+", with: " plus "))
            if said.tokens.count > input.tokens.count { return teamSize(said, anyNumber: anyNumber, signed: true) }
        }
        // "une boîte de 200 personnes", "a company of 50": the company's size, not the team's.
        // ("je dirige un cabinet de 6 personnes, on voudrait se former à l'IA": the firm trains
        // itself, so its size is the team's.)
        let w = input.tokenStrings
        let quantities = all(input)
        // (No count said: only "moi et mon associé" or "only me" says a size, below; most messages
        // hold neither.)
        if quantities.isEmpty, !w.contains(where: selfFirstWords.contains) { return nil }
        // ("cofounder of a 12 person fintech startup. want to get the whole team trained… 4 devs…",
        // "PME de 40 personnes… on veut former toute la boîte": the whole firm is the team.)
        if !companyWords.isEmpty, !quantities.isEmpty, Self.wholeFirm(w),
           case let firms = quantities.filter({ Self.sizeOfCompany($0.span, w, companyWords) }), firms.count == 1 {
            return firms[0]
        }
        let firmTrains = Self.firmTrainsItself(w)
        var found = quantities.filter { f in !companyWords.isEmpty && (firmTrains || !Self.sizeOfCompany(f.span, w, companyWords)) }
        // "former environ 3 groupes", "two teams of beginners": groups counted, not people.
        found.removeAll { f in f.span.upperBound < w.count && Self.groupUnits.contains(w[f.span.upperBound]) }
        // "10 sans compter les 2 associés", "15 not counting the 3 managers": the people left out
        // are no count of the team (when another count is said).
        if found.count >= 2, case let kept = found.filter({ f in !Self.leftOut(f.span, w) }), !kept.isEmpty, kept.count < found.count {
            found = kept
        }
        // "plutôt 12 avec les 2 alternants", "12 including the 2 interns", "12 dont 2 alternants": a
        // count said with some of its people right after it is the whole; they are in it, no count
        // of their own.
        if found.count >= 2, let j = found.indices.dropFirst().first(where: { j in
            let (a, b) = (found[j - 1], found[j])
            return b.aboutPeople && b.quantity.high < a.quantity.low && a.span.upperBound <= b.span.lowerBound
                && Self.includedOpeners.contains { w[a.span.upperBound..<b.span.lowerBound].elementsEqual($0) }
        }) {
            found[j - 1].aboutPeople = true
            found.remove(at: j)
        }
        // "DRH dans une PME (80 salariés), on voudrait former une quinzaine de personnes": beside
        // another count, one right after a word for a company is the company's size.
        if found.count >= 2, case let rest = found.filter({ f in f.span.lowerBound == 0 || !companyWords.contains(w[f.span.lowerBound - 1]) }),
           !rest.isEmpty, rest.count < found.count {
            found = rest
        }
        // "CTO at a 40-person fintech… my eng team (a dozen-ish devs)", "une fintech de 40
        // personnes, je veux former mon équipe de 8 devs": beside another count, the size of a
        // firm said by what it is (not a team) is the company's.
        if found.count >= 2, case let rest = found.filter({ f in !Self.sizeOfFirmSaid(f.span, w) }),
           !rest.isEmpty, rest.count < found.count {
            found = rest
        }
        // "un industriel (45 salariés), on cherche à former 12 managers": beside a count of the
        // people to train, a count of employees is the company's.
        // ("Non, 12 personnes à former, 45 c'est l'effectif total": the same, said after.)
        if found.count >= 2, found.contains(where: { Self.toTrain($0.span, w) }),
           case let rest = found.filter({ f in !ofCompany(f.span, w) || Self.toTrain(f.span, w) }),
           !rest.isEmpty, rest.count < found.count {
            found = rest
        }
        // "on est ~60 personnes dont 25 devs, on voudrait faire monter 10 devs", "j'ai 3 employées,
        // je voudrais qu'on se forme toutes les 4 (moi comprise)": of several counts, the last one
        // said as those to train (a word of training a few words before it, or "toutes les 4",
        // "all 4 of us") is the team.
        if found.count >= 2, let last = found.last, found.dropLast().allSatisfy({ $0.span.upperBound <= last.span.lowerBound }),
           last.quantity.low >= 2, Self.saidAsTrained(last.span, w), !found.dropLast().contains(where: { Self.saidAsTrained($0.span, w) }) {
            found = [Found(quantity: last.quantity, span: last.span, aboutPeople: true)]
        }
        // "4 managers. enfin 25 salariés en tout", "8 devs out of 40 employees overall": beside
        // another count, the employees said as a total are the company's.
        if found.count >= 2, case let rest = found.filter({ f in !(ofCompany(f.span, w) && Self.saidAsTotal(f.span, w)) }),
           !rest.isEmpty, rest.count < found.count {
            found = rest
        }
        // "j'ai 2 restos et 25 salariés, je veux que mes managers utilisent l'IA": the employees
        // counted, and other people of one's own named without a count: the count is the
        // company's, and how many are to be trained is not said.
        // (Employees by name: "we're 6 people" counts the team.)
        if found.contains(where: { f in f.span.upperBound < w.count && Self.staffWords.contains(w[f.span.upperBound]) && !Self.toTrain(f.span, w) }),
           !found.contains(where: { $0.aboutPeople && !ofCompany($0.span, w) }),
           w.indices.contains(where: { i in
               ["mes", "nos", "my", "our"].contains(w[i]) && w[(i + 1)..<min(w.count, i + 3)].contains { people.contains($0) && !Self.employeeWords.contains($0) }
           }) {
            return nil
        }
        // "3, maybe 4 if my cofounder joins", "12ish? maybe 15", "5 voire 6": a range.
        if found.count >= 2, !found[0].quantity.isRange, !found[1].quantity.isRange,
           found[1].quantity.low > found[0].quantity.low,
           found[0].span.upperBound <= found[1].span.lowerBound, found[1].span.lowerBound - found[0].span.upperBound <= 3,
           w[found[0].span.upperBound..<found[1].span.lowerBound].contains(where: Self.maybes.contains) {
            let a = found[0], b = found[1]
            found.replaceSubrange(0...1, with: [Found(quantity: Quantity(low: a.quantity.low, high: b.quantity.low),
                                                      span: a.span.lowerBound..<b.span.upperBound,
                                                      aboutPeople: a.aboutPeople || b.aboutPeople)])
        }
        // A count after "but", "donc"… that follows another: the later one (a total: "3 traducteurs
        // + moi, donc 4" counts the prospect already).
        var restated = false
        // ("Nous sommes 8 enseignants, plus moi-même, donc 9.", "me and 2 cooks so 3": the count
        // that concludes, last, is the whole.)
        if found.count >= 2, let last = found.last, !last.quantity.isRange, found.dropLast().allSatisfy({ $0.span.upperBound <= last.span.lowerBound }),
           case let lo = last.span.lowerBound, lo >= 1, ["donc", "so", "soit", "makes", "fait", "thus"].contains(w[lo - 1]) {
            found = [Found(quantity: last.quantity, span: last.span, aboutPeople: true)]
            restated = true
        }
        // ("moi et mes 2 gars, on est 3 en tout", "me and my 2 guys, 3 in total": the count said
        // as the total, the prospect in it.)
        // (Not a company's whole: "12 personnes sur 80 en tout", "12 out of 80 in total".)
        if found.count >= 2, let t = found.lastIndex(where: { f in Self.totalsAfter.contains { p in w[f.span.upperBound...].starts(with: p) } }),
           t > 0, !found[t].quantity.isRange,
           found[t].span.lowerBound == 0 || !["sur", "of", "parmi", "among"].contains(w[found[t].span.lowerBound - 1]) {
            found = [found[t]]
            restated = true
        }
        // ("3 ppl total, me + 2 devs", "we're 3, me + 2 devs", "on est 3 au total, moi + 2 devs":
        // the total said first, then what it is made of, the prospect in it: the total.)
        if !restated, found.count >= 2, !found[0].quantity.isRange, case let end = found[0].span.upperBound,
           Self.totalsAfter.contains(where: { p in w[end...].starts(with: p) || (end < w.count && people.contains(w[end]) && w[(end + 1)...].starts(with: p)) })
            || inclusiveOpeners.contains(where: { o in found[0].span.lowerBound >= o.count && w[(found[0].span.lowerBound - o.count)..<found[0].span.lowerBound].elementsEqual(o) }),
           plusSelf.contains(where: { p in Self.span(of: p, in: Array(w[end...])) != nil }) {
            // (People, since what it is made of counts the prospect: "3 au total, moi + 2".)
            found = [Found(quantity: found[0].quantity, span: found[0].span, aboutPeople: true)]
            restated = true
        }
        // "non pas 9, 8 au total", "not 6, 8": a count denied, then the one meant.
        // (Not when the later one is the one denied: "non 4 personnes au total, pas 5".)
        let denials = ["pas", "not", "non", "no"]
        // ("nous serons 10 personnes à former, pas une quinzaine", "its 3 not 5": a count denied
        // after the one meant is none.)
        if found.count >= 2, case let kept = found.enumerated().filter({ k, f in
            guard k > 0 else { return true }
            var i = f.span.lowerBound - 1
            if i >= 0, ["une", "un", "les", "a", "the"].contains(w[i]) { i -= 1 }
            return !(i >= 0 && ["pas", "not"].contains(w[i]))
        }).map(\.element), !kept.isEmpty, kept.count < found.count {
            found = kept
        }
        if found.count >= 2, found[0].span.lowerBound >= 1, denials.contains(w[found[0].span.lowerBound - 1]),
           found[1].span.lowerBound == 0 || !denials.contains(w[found[1].span.lowerBound - 1]) {
            found.removeFirst()
            restated = true
        }
        if let j = found.indices.dropFirst().last(where: { j in
            found[j - 1].span.upperBound <= found[j].span.lowerBound
                && Self.takesBack(w[found[j - 1].span.upperBound..<found[j].span.lowerBound])
                && !w[found[j].span.upperBound..<min(w.count, found[j].span.upperBound + 2)].contains(where: Self.notMembers.contains)
                // ("12 people, actually 2 of them are part time": a part of them, no count taken back.)
                && !Self.partOf(w, at: found[j].span.upperBound)
        }) {
            found.removeFirst(j)
            restated = true
        }
        func says(_ p: [String]) -> Range<Int>? { Self.span(of: p, in: w) }
        func saysAlone(_ p: [String]) -> Range<Int>? { says(p).flatMap { r in Self.setAsideBefore(r.lowerBound, w) ? nil : r } }
        // "deux collègues et moi" counts the prospect; "on est 3 avec moi" already does.
        // ("8 avec moi", "donc 8 moi compris", "10 including me": the count holds the prospect already.)
        let counted = found.first.map { f -> Bool in
            let after = Array(w[f.span.upperBound..<min(w.count, f.span.upperBound + 3)])
            return Self.selfIncluded.contains { after.starts(with: $0) }
                || (Self.selfWith.contains { after.starts(with: $0) })
                // ("just 2 of us, me and my business partner": "of us" counts the prospect.)
                || after.starts(with: ["of", "us"])
                || Self.selfIncluded.contains { p in Self.span(of: p, in: w) != nil }
                // ("2, mon associé et moi", "3: me and two devs": the count, then who is in it.)
                || (after.first.map(Self.listOpeners.contains) ?? false)
        } ?? false
        // ("avec moi ça fait 7", "with me that makes 7": a total, the prospect in it.)
        let total = found.first.map { f in Self.totals.contains { p in
            f.span.lowerBound >= p.count && w[(f.span.lowerBound - p.count)..<f.span.lowerBound].elementsEqual(p) }
            || Self.totalsAfter.contains { p in w[f.span.upperBound...].starts(with: p) } } ?? false
        // ("3 filles + moi": the sign is no word, it is read on the text.)
        let plusSign = signed && zip(w, w.dropFirst()).contains { $0 == "plus" && ["moi", "me", "myself"].contains($1) }
        // ("on est 3 filles + moi": the sign adds the prospect even after "on est".)
        let countsSelf = !restated && !counted && !total
            && (plusSign || (plusSelf.contains { says($0) != nil } && !inclusiveOpeners.contains { says($0) != nil }))
        // "moi et mon associé", "me and my cofounder": two people.
        // ("on est une petite agence, moi pis mon associé": "on est" says nothing of the count here.)
        if found.isEmpty, plusSelf.contains(where: { says($0) != nil }), let span = w.indices.lazy.compactMap({ self.onePerson(w, at: $0) }).first {
            return Found(quantity: Quantity(low: 2), span: span, aboutPeople: true)
        }
        // "only me for now": one person.
        if found.isEmpty, !countsSelf, let span = selfOnly.lazy.compactMap(saysAlone).first {
            return Found(quantity: Quantity(low: 1), span: span, aboutPeople: true)
        }
        // ("7 enfin non 9, j'oubliais les deux stagiaires": the count taken back to, before the
        // people it explains.)
        guard var f = (restated && anyNumber ? found.first : nil) ?? found.first(where: \.aboutPeople) ?? (anyNumber ? found.first : nil) else { return nil }
        // "3 devs et 2 chefs de projet", "5 sales and 3 managers": counts of people joined, added up.
        // ("on sera 4 : le directeur + 3 commerciaux": a count, then after a colon who it is.)
        let colonAt = input.raw.firstIndex(of: ":").map { PreparedInput(String(input.raw[..<$0])).tokens.count }
        if f.aboutPeople, !f.quantity.isRange, let at = found.firstIndex(where: { $0.span == f.span }) {
            var total = f.quantity
            var end = f.span.upperBound
            for g in found[(at + 1)...] {
                if let c = colonAt, f.span.upperBound <= c, g.span.lowerBound >= c { break }
                let before = g.span.lowerBound - 1
                guard !g.quantity.isRange, before >= end, ["et", "and", "plus"].contains(w[before]),
                      before - end <= 4, g.span.upperBound < w.count, !["ou", "or", "a", "to"].contains(w[g.span.upperBound]) else { break }
                total = Quantity(low: total.low + g.quantity.low, approximate: total.approximate || g.quantity.approximate, word: nil)
                end = g.span.upperBound
            }
            if end > f.span.upperBound { f = Found(quantity: total, span: f.span.lowerBound..<end, aboutPeople: true) }
        }
        // ("pour mon directeur et 3 collègues", "for my boss and 3 colleagues": one person named
        // right before the count of the others, and counted with them.)
        if f.aboutPeople, !countsSelf, !total, !restated, !f.quantity.isRange, f.span.lowerBound >= 3,
           ["et", "and", "plus"].contains(w[f.span.lowerBound - 1]),
           let one = (f.span.lowerBound - 3..<(f.span.lowerBound - 1)).lazy.compactMap({ self.onePerson(w, at: $0) }).first,
           one.upperBound == f.span.lowerBound - 1 {
            f = Found(quantity: Quantity(low: f.quantity.low + 1, approximate: f.quantity.approximate, word: nil),
                      span: one.lowerBound..<f.span.upperBound, aboutPeople: true)
        }
        // ("on est entre 8 et 12 (+ moi)": a range with the prospect added is one more at each end.)
        if countsSelf {
            f.quantity = Quantity(low: f.quantity.low + 1, high: f.quantity.high + 1, approximate: f.quantity.approximate, word: nil)
        }
        return f
    }
}
