import Testing
@testable import MadiCore

@Suite("An address said in words or typed with spaces: rebuilt, then asked back")
struct EmailWordsTests {
    let u = Shipped.engine.understanding
    let engine = Shipped.engine

    @Test(arguments: [
        ("sophie point leroy arobase orange point fr", "sophie.leroy@orange.fr"),
        ("it's jean dot dupont at gmail dot com", "jean.dupont@gmail.com"),
        ("jean.dupont at gmail.com", "jean.dupont@gmail.com"),
        ("sophie.leroy @ orange.fr", "sophie.leroy@orange.fr"),
        ("mon mail c'est sophie point leroy arobase orange point fr", "sophie.leroy@orange.fr"),
        ("my email is jean dot dupont at gmail dot com", "jean.dupont@gmail.com"),
        ("C'est Sophie.Leroy ARROBASE orange.fr merci", "Sophie.Leroy@orange.fr"),
        ("jean (at) gmail (dot) com", "jean@gmail.com"),
        ("jean.dupont@gmail point com", "jean.dupont@gmail.com"),
        ("jean . dupont @ gmail . com.", "jean.dupont@gmail.com"),
        ("mon adresse : lea arobase free point fr", "lea@free.fr"),
        ("its sam dot baker at gmail dot com", "sam.baker@gmail.com"),
        ("pierre tiret lefevre arobase free point fr", "pierre-lefevre@free.fr"),
        ("pierre tiret bas lefevre arobase free point fr", "pierre_lefevre@free.fr"),
        ("pierre tiret du 8 lefevre arobase free point fr", "pierre_lefevre@free.fr"),
        ("you can reach me at priya underscore n at yahoo dot in", "priya_n@yahoo.in"),
        ("mary hyphen jane at gmail dot com", "mary-jane@gmail.com"),
    ] as [(String, String)])
    func anAddressSaidInWordsIsRebuilt(message: String, address: String) {
        #expect(u.rebuiltAddress(message) == address, "\(message)")
    }

    @Test(arguments: [
        "je suis dispo à 14h point final",
        "at the moment no",
        "je travaille at home", // no word for a dot
        "jean dupont at gmail dot com", // two words before the @: not one address
        "I'm at work dot com right now",
        "sophie point leroy orange point fr", // no @ at all
        "jean at gmail", // no domain with a dot
        "arobase",
        "c'est",
        "jean.dupont@gmail.com", // nothing to rebuild
        "c'est jean.dupont@gmail.com",
        "jean at gmail dot com ou paul at free dot fr", // two addresses
        "point point arobase point",
        "tiret bas", // a sign alone
        "jean tiret dupont", // no @
    ])
    func aMessageThatIsNotAnAddressInWordsIsLeftAlone(message: String) {
        #expect(u.rebuiltAddress(message) == nil, "\(message)")
    }

    @Test func theWordsComeFromTheLexicon() {
        #expect(Shipped.content.lexicon["fr"]?.atWords.contains("arobase") == true)
        #expect(Shipped.content.lexicon["en"]?.dotWords.contains("dot") == true)
        // An address without its "@" is still told so when a word for it is there.
        #expect(u.triesAnAddress("lucas arobase gmail"))
        #expect(!u.triesAnAddress("je ne sais pas"))
        // A word for "@" must be one word.
        let d = Shipped.load(replacing: "lexicon.yaml") { $0.replacingOccurrences(of: "at_words: [arobase, arrobase]", with: "at_words: [arobase, \"a commercial\"]") }
        #expect(d.contains { $0.file == "lexicon.yaml" && $0.message.contains("'a commercial' must be one word") && $0.line != nil })
        let both = Shipped.load(replacing: "lexicon.yaml") { $0.replacingOccurrences(of: "dot_words: [point]", with: "dot_words: [point, arobase]") }
        #expect(both.contains { $0.message.contains("'arobase' is in both at_words and dot_words") })
        // A word for "-" or "_" is one to three words, never both.
        let long = Shipped.load(replacing: "lexicon.yaml") { $0.replacingOccurrences(of: "dash_words: [dash, hyphen]", with: "dash_words: [dash, \"the little dash sign\"]") }
        #expect(long.contains { $0.file == "lexicon.yaml" && $0.message.contains("'the little dash sign' must be one to three words") })
        let twice = Shipped.load(replacing: "lexicon.yaml") { $0.replacingOccurrences(of: "dash_words: [dash, hyphen]", with: "dash_words: [dash, underscore]") }
        #expect(twice.contains { $0.message.contains("'underscore' is in both dash_words and underscore_words") })
    }

    // MARK: In the conversation

    func atEmail(_ language: String = "fr") -> Turn {
        play(language == "fr" ? ["formations", "starter"] : ["courses", "starter"], language: language)
    }

    @Test func theRebuiltAddressIsAskedBackWithTwoOptions() {
        let t = engine.step(atEmail().session, .text("sophie point leroy arobase orange point fr"))
        #expect(t.session.step == "email")
        #expect(t.session.email == nil)
        #expect(t.session.emailRebuilt == "sophie.leroy@orange.fr")
        #expect(t.reply.messages == ["C'est bien sophie.leroy@orange.fr ?"])
        #expect(t.reply.options.map(\.id) == ["yes", "no"])
        #expect(t.reply.options.map(\.label) == ["Oui, c'est bien sophie.leroy@orange.fr", "Non, je la retape"])
    }

    @Test(arguments: ["oui", "c'est ça", "1", "ok"])
    func aYesTakesTheRebuiltAddress(reply: String) {
        let asked = engine.step(atEmail().session, .text("sophie point leroy arobase orange point fr"))
        let t = engine.step(asked.session, .text(reply))
        #expect(t.session.email?.normalized == "sophie.leroy@orange.fr", "\(reply)")
        #expect(t.session.emailRebuilt == nil)
        #expect(t.session.step == "consent", "\(reply)")
    }

    @Test func theYesButtonTakesIt() {
        let asked = engine.step(atEmail("en").session, .text("jean.dupont at gmail.com"))
        #expect(asked.reply.messages == ["Is it jean.dupont@gmail.com?"])
        let t = engine.step(asked.session, .choose("yes"))
        #expect(t.session.email?.normalized == "jean.dupont@gmail.com")
        #expect(t.session.step == "consent")
    }

    @Test(arguments: ["non", "2"])
    func aNoAsksForTheAddressAgain(reply: String) {
        let asked = engine.step(atEmail().session, .text("sophie point leroy arobase orange point fr"))
        let t = engine.step(asked.session, .text(reply))
        #expect(t.session.step == "email")
        #expect(t.session.email == nil)
        #expect(t.session.emailRebuilt == nil)
        #expect(t.reply.options.isEmpty)
        #expect(t.reply.messages.joined().contains("Tape-la à nouveau"), "\(reply)")
    }

    @Test func aNewAddressInsteadOfAnAnswerIsThatAddress() {
        let asked = engine.step(atEmail().session, .text("sophie point leroy arobase orange point fr"))
        let typed = engine.step(asked.session, .text("s.leroy@orange.fr"))
        #expect(typed.session.email?.normalized == "s.leroy@orange.fr")
        #expect(typed.session.step == "consent")
        let said = engine.step(asked.session, .text("sophie arobase leroy point fr"))
        #expect(said.session.emailRebuilt == "sophie@leroy.fr")
        #expect(said.session.email == nil)
    }

    @Test func aRebuiltAddressWithATypoIsAskedBackCorrected() {
        let t = engine.step(atEmail("en").session, .text("it's jean dot dupont at gmial dot com"))
        #expect(t.session.emailRebuilt == "jean.dupont@gmail.com")
        #expect(t.reply.messages == ["Is it jean.dupont@gmail.com?"])
    }

    @Test func whatWorkedBeforeStillDoes() {
        // A valid address is taken at once.
        let plain = engine.step(atEmail().session, .text("sophie.leroy@orange.fr"))
        #expect(plain.session.email?.normalized == "sophie.leroy@orange.fr")
        #expect(plain.session.emailRebuilt == nil)
        // A typo is suggested, not asked back.
        let typo = engine.step(atEmail().session, .text("jean@gmial.com"))
        #expect(typo.session.emailSuggestion == "jean@gmail.com")
        #expect(typo.session.emailRebuilt == nil)
        // A phone number has its own answer.
        let phone = engine.step(atEmail().session, .text("06 12 34 56 78"))
        #expect(phone.session.emailRebuilt == nil)
        #expect(phone.reply.messages.joined().contains("il me faut quand même une adresse e-mail"))
        // A refusal is a refusal.
        let no = engine.step(atEmail().session, .text("je ne veux pas donner mon mail"))
        #expect(no.session.step != "email")
        #expect(no.session.lead == .none)
        // An address without its @ that cannot be rebuilt is still explained.
        let missing = engine.step(atEmail().session, .text("jean.dupont gmail.com"))
        #expect(missing.reply.messages.first == "Il manque le @ dans l'adresse.")
    }
}
