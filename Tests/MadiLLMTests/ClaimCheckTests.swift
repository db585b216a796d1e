import Foundation
import MadiCore
import MadiTestSupport
import Testing
@testable import MadiLLM

/// An LLM answer never says that something was done: only the state machine registers,
/// confirms or promises a call back.
@Suite("LLM answers that claim an action")
struct ClaimCheckTests {
    static let claims = [
        "J'ai bien enregistré ta pré-inscription, c'est confirmé !",
        "Parfait, je t'ai inscrit à la session du 8 décembre.",
        "Tu es maintenant inscrite à Performer.",
        "Ta pré-inscription est bien confirmée.",
        "Ta place a été réservée.",
        "C’est fait : on te recontacte sous 24 h.",
        "L'équipe va te rappeler demain.",
        "Great news, I've registered you for Starter.",
        "You're all signed up for the next session!",
        "Your spot is reserved.",
        "We'll call you tomorrow morning.",
    ]

    static let answers = [
        "Oui, les groupes sont petits : 8 personnes au plus.",
        "Pour t'inscrire, il suffit de répondre à mes questions puis de laisser ton e-mail.",
        "L'inscription se fait en ligne, et l'équipe te recontacte ensuite si tu le souhaites.",
        "La formation est validée par une attestation de fin de formation.",
        "Je n'ai pas d'information sûre sur ce point ; l'équipe pourra te répondre quand elle te recontactera.",
        "Yes, the sessions are recorded so you can watch them again.",
        "To register, answer a few questions and leave your e-mail address.",
        "The course is confirmed to run in Paris and remotely.",
    ]

    @Test(arguments: claims) func aClaimIsFound(_ text: String) {
        #expect(ClaimCheck.claim(in: text) != nil)
    }

    @Test(arguments: answers) func anOrdinaryAnswerPasses(_ text: String) {
        #expect(ClaimCheck.claim(in: text) == nil, "\(ClaimCheck.claim(in: text) ?? "")")
    }

    static let request = AnswerRequest(question: "c'est bon pour moi ?", language: "fr", course: "starter", answers: [],
                                       today: Day(iso: "2026-11-21")!)

    /// The reply of a hostile endpoint: the sentence with the claim is never shown, the answer
    /// is dropped (the engine's neutral sentence replaces it) and the drop is logged.
    @Test func aStreamedClaimIsNeitherShownNorReturned() throws {
        let server = try FakeLLMServer([.stream(pieces: [FakeLLMServer.sseEvent("Super ! "), FakeLLMServer.sseEvent("J'ai bien enregistré "),
                                                         FakeLLMServer.sseEvent("ta pré-inscription, c'est confirmé !"),
                                                         FakeLLMServer.sseEvent(" À bientôt."), FakeLLMServer.sseDone], pause: 0)])
        let deltas = Lines(), warnings = Lines()
        let a = assistant(server.url, warnings: warnings).answer(Self.request, cancel: nil, onDelta: { deltas.add($0) })
        #expect(a == nil)
        #expect(deltas.joined == "Super ! ")
        #expect(warnings.joined.contains("LLM answer dropped: it claims an action Madi did not take"))
    }

    @Test func aPlainReplyWithAClaimIsDropped() throws {
        let server = try FakeLLMServer([.stream(pieces: [FakeLLMServer.sseEvent("You're registered for Starter"), FakeLLMServer.sseDone], pause: 0)])
        let deltas = Lines()
        let request = AnswerRequest(question: "am I in?", language: "en", course: "starter", answers: [], today: Day(iso: "2026-11-21")!)
        #expect(assistant(server.url).answer(request, cancel: nil, onDelta: { deltas.add($0) }) == nil)
        #expect(deltas.joined == "") // "You're " alone was held with the next words, then the whole was refused
    }

    /// An ordinary answer still streams, word by word, and whole.
    @Test func anOrdinaryAnswerStreamsWhole() throws {
        let server = try FakeLLMServer([.stream(pieces: [FakeLLMServer.sseEvent("Oui, "), FakeLLMServer.sseEvent("petits groupes. Huit"),
                                                         FakeLLMServer.sseEvent(" au plus"), FakeLLMServer.sseDone], pause: 0)])
        let deltas = Lines()
        let a = assistant(server.url).answer(Self.request, cancel: nil, onDelta: { deltas.add($0) })
        #expect(a == "Oui, petits groupes. Huit au plus")
        #expect(deltas.all == ["Oui, ", "petits groupes. ", "Huit au ", "plus"]) // the last word once the answer is checked whole
    }
}
