import Testing
@testable import MadiCore

@Suite("Reading a message: quantities, clauses, addresses, the classifier")
struct ReadingTests {
    let u = Shipped.engine.understanding

    func quantity(_ text: String, anyNumber: Bool = true) -> Quantity? {
        u.quantities.teamSize(u.prepare(text), anyNumber: anyNumber)?.quantity
    }

    @Test(arguments: [
        ("5", 5, 5, false), ("cinq", 5, 5, false), ("vingt cinq", 25, 25, false), ("twenty five", 25, 25, false),
        ("une dizaine", 10, 10, true), ("une quinzaine", 15, 15, true), ("on est une douzaine", 12, 12, true),
        ("une petite vingtaine", 20, 20, true), ("a dozen", 12, 12, true), ("about 30", 30, 30, true),
        ("20-25", 20, 25, false), ("entre 10 et 15", 10, 15, false), ("between 40 and 60", 40, 60, false),
        ("10 ou 15", 10, 15, false), ("deux cents", 200, 200, false), ("environ 8 personnes", 8, 8, true),
        ("deux collègues et moi", 3, 3, false), ("me plus two", 3, 3, false),
        ("soixante douze", 72, 72, false), ("quatre vingt dix", 90, 90, false), ("cent dix", 110, 110, false),
        ("twelve: eight associates and four paralegals", 12, 12, false),
    ] as [(String, Int, Int, Bool)])
    func quantities(text: String, low: Int, high: Int, approximate: Bool) {
        let q = quantity(text)
        #expect(q?.low == low && q?.high == high, "\(text): \(String(describing: q))")
        #expect(q?.approximate == approximate, "\(text)")
    }

    @Test func anArticleOrARankIsNotACount() {
        #expect(quantity("un peu de tout") == nil)
        #expect(quantity("la première") == nil)
        #expect(quantity("a bit") == nil)
    }

    @Test func aRankOrOneBeforeACountOpensNoRange() {
        #expect(quantity("the finance team first, 6 people")?.isRange == false)
        #expect(quantity("the finance team first, 6 people")?.value == 6)
        #expect(quantity("one or two")?.high == 2) // a range word between: a range
    }

    @Test func aNameSaidInAMessageIsFoundWithTheRest() {
        #expect(u.selfIntro("Je m'appelle Julie Martin")?.name == "Julie Martin")
        #expect(u.selfIntro("bonjour, je m'appelle julie, je voudrais former mon équipe")?.name == "Julie")
        #expect(u.selfIntro("bonjour, je m'appelle julie, je voudrais former mon équipe")?.rest == "bonjour, je voudrais former mon équipe")
        #expect(u.selfIntro("hi I'm Tom")?.name == "Tom")
        #expect(u.selfIntro("my name is sam lee from Acme")?.name == "Sam Lee")
        #expect(u.selfIntro("I'm Interested in automating") == nil)
        #expect(u.selfIntro("je suis RH chez Acme") == nil)
        #expect(u.selfIntro("im at Acme") == nil)
        #expect(u.selfIntro("my company name is Brightwave") == nil)
        #expect(u.selfIntro("hi I'm Priya Nair")?.name == "Priya Nair")
        #expect(u.selfIntro("I'm Italian and want to learn the basics") == nil)
    }

    @Test func aCountAboutPeopleIsFoundInASentenceAndOthersAreNot() {
        #expect(quantity("je voudrais former mon équipe de 5 personnes", anyNumber: false)?.value == 5)
        #expect(quantity("I run a small agency and want my 8 people to get better", anyNumber: false)?.value == 8)
        #expect(quantity("je veux former une dizaine de salariés débutants", anyNumber: false)?.value == 10)
        #expect(quantity("dans 3 mois", anyNumber: false) == nil)
        #expect(quantity("la formation de 2 jours", anyNumber: false) == nil)
    }

    @Test func aMessageIsCutIntoItsAnswerAndItsQuestion() {
        let a = u.split("le plus tôt possible. c'est combien ?")
        #expect(a.answer.folded == "le plus tot possible")
        #expect(a.question?.folded == "c est combien")
        let b = u.split("je veux automatiser mon boulot, c'est combien ?")
        #expect(b.answer.folded == "je veux automatiser mon boulot")
        #expect(b.question?.folded == "c est combien")
        let c = u.split("combien ça coûte")
        #expect(c.onlyQuestion)
        let d = u.split("pas du tout, je débute")
        #expect(d.question == nil)
        #expect(d.answer.folded == "pas du tout je debute")
    }

    @Test func anAddressIsFoundInAChatMessage() {
        #expect(Understanding.address(in: "c'est jb.martin@free.fr").address == "jb.martin@free.fr")
        #expect(Understanding.address(in: "nico_b@hotmail.fr merci").address == "nico_b@hotmail.fr")
        #expect(Understanding.address(in: "d.nguyen@proton.me.").address == "d.nguyen@proton.me")
        #expect(Understanding.address(in: "marie．dupont＠gmail。com").address == "marie.dupont@gmail.com")
        let withQuestion = Understanding.address(in: "karim.b@yahoo.fr. au fait c'est quand la prochaine session ?")
        #expect(withQuestion.address == "karim.b@yahoo.fr")
        #expect(withQuestion.rest == "au fait c'est quand la prochaine session ?")
        #expect(Understanding.address(in: "a@b.fr ou c@d.fr").address == nil) // two addresses: let the validator say it
        // One address whole beside a word that only names one ("sam@ is just an alias").
        #expect(Understanding.address(in: "send it to sam.jones@acme.com instead, sam@ is just an alias").address == "sam.jones@acme.com")
        #expect(Understanding.address(in: "pas @marie mais marie.d@free.fr").address == "marie.d@free.fr")
        #expect(Understanding.address(in: "Jean <jean@b.fr>").address == nil)
        // One word (read without splitting) and a comma typed for the ending's dot.
        #expect(Understanding.address(in: "lea.martin@orange.fr").address == "lea.martin@orange.fr")
        #expect(Understanding.address(in: "lea.martin@orange.fr").rest == nil)
        #expect(Understanding.address(in: "gerard.dupont49@wanadoo,fr").address == "gerard.dupont49@wanadoo.fr")
        #expect(Understanding.address(in: "c'est gerard.dupont49@wanadoo,fr").address == "gerard.dupont49@wanadoo.fr")
    }

    @Test func aPhoneNumberIsToldApartFromAnAddress() {
        #expect(Understanding.looksLikePhone("06 12 34 56 78"))
        #expect(Understanding.looksLikePhone("call me instead, +44 7700 900123"))
        #expect(!Understanding.looksLikePhone("jean06123456@gmail.com"))
        #expect(Understanding.looksLikePhone("can u just text me? 555-201-3344"))
        #expect(Understanding.looksLikePhone("0612345678"))
        // A date, or digits scattered over a message, are no number to call.
        #expect(!Understanding.looksLikePhone("Can someone call me about the session on 19/01/2027?"))
        #expect(!Understanding.looksLikePhone("12 people, 3 teams, 2027"))
        #expect(!Understanding.looksLikePhone("pas envie"))
    }

    @Test func theClassifierRanksItsOwnExamplesFirst() {
        // Every example is nearest to itself: its own label comes first with a similarity of 1.
        for e in Shipped.content.examples.prefix(400) {
            let top = u.classifier.scores(PreparedInput(e.text)).first
            #expect(top?.score ?? 0 > 0.999, "\(e.label): \(e.text)")
        }
    }

    @Test func theClassifierIsDeterministicAndBoundedByOne() {
        let a = u.classifier.scores(PreparedInput("je passe mes journées à recopier des factures"))
        let b = u.classifier.scores(PreparedInput("je passe mes journées à recopier des factures"))
        #expect(a == b)
        #expect(a.allSatisfy { $0.score > 0 && $0.score <= 1.000001 })
        #expect(a == a.sorted { $0.score > $1.score || ($0.score == $1.score && $0.label < $1.label) })
    }

    @Test func aDecisionNeedsAScoreAMarginAndAgreement() {
        func s(_ l: String, _ x: Double, _ c: Double) -> Classifier.Score { .init(label: l, score: x, centroid: c) }
        #expect(Understanding.decide([s("a", 0.6, 0.5), s("b", 0.3, 0.2)]) == .label("a"))
        #expect(Understanding.decide([s("a", 0.25, 0.5)]) == .none)                     // too far
        #expect(Understanding.decide([s("a", 0.45, 0.5), s("b", 0.44, 0.2)]) == .close("a", "b")) // too close
        #expect(Understanding.decide([s("a", 0.45, 0.2), s("b", 0.35, 0.5)]) == .close("a", "b")) // centroids disagree
        #expect(Understanding.decide([s("a", 0.6, 0.2), s("b", 0.35, 0.5)]) == .label("a"))       // strong enough alone
    }

    @Test func crossValidationMeasuresTheExamples() {
        let r = Classifier.crossValidate(Shipped.content.examples, folds: 5)
        #expect(r.count == Shipped.content.examples.count)
        #expect(r.accuracy > 0.5 && r.accuracy < 1)
    }

    @Test func lintNamesAnUnknownLabelAndAMissingOne() {
        var files = Shipped.files
        files["examples/fr.yaml"] = (files["examples/fr.yaml"] ?? "") + "\ngoal.nonexistent:\n  - \"bla\"\n"
        files["examples/en.yaml"] = (files["examples/en.yaml"] ?? "").replacingOccurrences(of: "faq.certificate:", with: "faq.certificate_renamed:")
        guard case let .failure(e) = ContentLoader.load(files: files) else { Issue.record("loaded"); return }
        let text = e.description
        #expect(text.contains("examples/fr.yaml") && text.contains("unknown label 'goal.nonexistent'"))
        #expect(text.contains("examples/en.yaml") && text.contains("no examples for faq 'certificate'"))
    }

    /// The example files' direct reading gives what the YAML parser gives.
    @Test func theExamplesReadDirectlyAreWhatTheYAMLParserReads() throws {
        var files = Shipped.files
        for name in ["examples/fr.yaml", "examples/en.yaml"] {
            #expect(ExamplesFile.parse(files[name]!) != nil, "\(name) should keep to the plain shape")
            // A flow-style list is valid YAML but not the plain shape: the whole file goes through the parser.
            files[name] = files[name]! + "\nzz.unparsed_marker: [\"x\"]\n"
        }
        guard case let .failure(e) = ContentLoader.load(files: files) else { Issue.record("the marker label should be refused"); return }
        #expect(e.description.contains("unknown label 'zz.unparsed_marker'"))
        // The same files through the parser: a document marker is YAML, not the plain shape.
        var viaParser = Shipped.files
        for name in ["examples/fr.yaml", "examples/en.yaml"] {
            viaParser[name] = "---\n" + Shipped.files[name]!
            #expect(ExamplesFile.parse(viaParser[name]!) == nil)
        }
        guard case let .success(parsedContent) = ContentLoader.load(files: viaParser) else { Issue.record("did not load"); return }
        let quick = Shipped.content.examples.map { "\($0.language) \($0.label) \($0.text)" }
        let parsed = parsedContent.examples.map { "\($0.language) \($0.label) \($0.text)" }
        #expect(quick.sorted() == parsed.sorted())
        #expect(quick.count > 3000)
    }

    /// The strings files' direct reading gives what the YAML parser gives, line numbers included.
    @Test func theStringsReadDirectlyAreWhatTheYAMLParserReads() throws {
        var viaParser = Shipped.files
        for name in ["strings/fr.yaml", "strings/en.yaml"] {
            #expect(ExamplesFile.parseFlat(Shipped.files[name]!) != nil, "\(name) should keep to the plain shape")
            // A document marker is YAML, not the plain shape: the file goes through the parser.
            viaParser[name] = "---\n" + Shipped.files[name]!
            #expect(ExamplesFile.parseFlat(viaParser[name]!) == nil)
        }
        guard case let .success(parsedContent) = ContentLoader.load(files: viaParser) else { Issue.record("did not load"); return }
        for lang in ["fr", "en"] {
            let quick = Shipped.content.strings.table[lang] ?? [:]
            let parsed = parsedContent.strings.table[lang] ?? [:]
            #expect(quick.count > 150)
            #expect(quick.mapValues(\.text) == parsed.mapValues(\.text))
            // The marker line shifts the parser's lines by one.
            #expect(quick.mapValues { $0.line.map { $0 + 1 } } == parsed.mapValues(\.line))
        }
    }

    @Test func theFlatShapeRefusesWhatItCannotRead() {
        #expect(ExamplesFile.parseFlat("a.b: \"ok\"\n# c\n\nc: \"d\"\n")?.map(\.text) == ["ok", "d"])
        #expect(ExamplesFile.parseFlat("a: plain\n") == nil)            // unquoted
        #expect(ExamplesFile.parseFlat("a: \"x\"\na: \"y\"\n") == nil)  // a duplicate key
        #expect(ExamplesFile.parseFlat("a: \"x\\ty\"\n") == nil)        // another escape
        #expect(ExamplesFile.parseFlat("a: \"x\\ny\"\n")?.first?.text == "x\ny") // a new line
        #expect(ExamplesFile.parseFlat("  a: \"x\"\n") == nil)          // indented: a nested map
        #expect(ExamplesFile.parseFlat("a: >\n  folded\n") == nil)      // a block scalar
    }

    @Test func thePlainShapeRefusesWhatItCannotRead() {
        #expect(ExamplesFile.parse("a.b:\n  - \"ok\"\n")?.map(\.text) == ["ok"])
        #expect(ExamplesFile.parse("a.b:\n  - \"say \\\"hi\\\"\"\n")?.map(\.text) == ["say \"hi\""])
        #expect(ExamplesFile.parse("a.b:\n  - plain\n") == nil)             // unquoted
        #expect(ExamplesFile.parse("a.b:\n  - \"x\" # c\n") == nil)       // something after the quote
        #expect(ExamplesFile.parse("a.b:\n  - \"x\"\na.b:\n  - \"y\"\n") == nil) // a duplicate label
        #expect(ExamplesFile.parse("  - \"x\"\n") == nil)                  // an item before any label
        #expect(ExamplesFile.parse("a.b:\n  - \"\\n\"\n") == nil)        // another escape
    }

    /// An address's last label, found from its end, against the last piece of splitting it at its dots.
    @Test func anAddressLastLabelIsTheLastPieceBetweenDots() {
        for a in ["lucas.b@etu.univ-lyon1", "a@b.fr", "a@b.", "a@b..", "nodot", "...", "", "x.y.z", ".fr", "jean@x.fr.", "é.à@ü.çom"] {
            #expect(TurnBuilder.lastLabel(a).map(String.init) == a.split(separator: ".").last.map(String.init), "\(a)")
        }
    }
}
