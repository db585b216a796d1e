import Foundation
import Testing
@testable import MadiApp

@Suite("Wrapping to the terminal's width")
struct TextWrapTests {
    @Test func widthIsCountedInColumnsNotBytes() {
        #expect(TextWrap.columns("é") == 1)
        #expect(TextWrap.columns("e\u{301}") == 1) // e + combining acute
        #expect(TextWrap.columns("·«»…→€") == 6)
        #expect(TextWrap.columns("Étudiant·e") == 10)
        #expect(TextWrap.columns("日本語") == 6)
        #expect(TextWrap.columns("👍") == 2)
        #expect(TextWrap.columns("ok\u{200B}") == 2)
    }

    @Test func aFrenchQuoteIsNeverCutInsideAWord() {
        let line = "Pourquoi : tu m'as dit « Comprendre l'IA et poser de bonnes bases », « Je débute, je ne l'utilise presque jamais », « Étudiant·e »."
        for width in 20...60 {
            let lines = TextWrap.wrap(line, width: width)
            #expect(lines.allSatisfy { TextWrap.columns($0) <= width }, "width \(width): \(lines)")
            #expect(lines.contains { $0.contains("« Étudiant·e ».") }, "width \(width): \(lines)")
            // French punctuation stays with its word: no line starts with » : ? or ends with «.
            #expect(!lines.contains { $0.hasPrefix("»") || $0.hasPrefix(":") || $0.hasSuffix("«") }, "width \(width): \(lines)")
        }
    }

    @Test func optionsKeepTheirIndentationOnContinuationLines() {
        #expect(TextWrap.wrap("  2. Automatiser mon travail et gagner du temps", width: 31, indent: 5)
            == ["  2. Automatiser mon travail et", "     gagner du temps"]) // exactly 31 columns fit
        #expect(TextWrap.wrap("  2. Automatiser mon travail et gagner du temps", width: 30, indent: 5)
            == ["  2. Automatiser mon travail", "     et gagner du temps"])
        // A message's own indentation is kept too.
        #expect(TextWrap.wrap("  un deux trois quatre", width: 12) == ["  un deux", "  trois", "  quatre"])
    }

    @Test func aWordWiderThanTheLineStandsAloneWhole() {
        let long = String(repeating: "x", count: 30)
        #expect(TextWrap.wrap("a \(long) b", width: 20) == ["a", long, "b"])
    }

    @Test func whatFitsOrNoWidthIsLeftAlone() {
        #expect(TextWrap.wrap("deux  espaces", width: 80) == ["deux  espaces"])
        #expect(TextWrap.wrap("Tu peux revenir quand tu veux.", width: 0) == ["Tu peux revenir quand tu veux."])
        #expect(TextWrap.wrapText("un deux\n\ntrois quatre", width: 8) == "un deux\n\ntrois\nquatre")
    }

    /// For any text and width: no line is wider than the width unless it holds a single word, and
    /// the lines joined give back the words in order.
    @Test func wrappingKeepsTheWordsAndTheWidth() {
        let vocabulary = ["le", "coach", "Madinia", "Étudiant·e", "«", "»", "?", ":", "490", "€", "→", "…", "日本語の文", "👍",
                          "e\u{301}te\u{301}", "intelligence-artificielle-générative", String(repeating: "m", count: 45), "a"]
        var rng = SplitMix(seed: 0x4D61_6469)
        for _ in 0..<3000 {
            let count = Int(rng.next() % 40)
            let words = (0..<count).map { _ in vocabulary[Int(rng.next() % UInt64(vocabulary.count))] }
            let width = 8 + Int(rng.next() % 60)
            let indent = Int(rng.next() % 7)
            let lead = String(repeating: " ", count: Int(rng.next() % 3))
            let text = lead + words.joined(separator: " ")
            let lines = TextWrap.wrap(text, width: width, indent: indent)
            for l in lines where TextWrap.columns(l) > width {
                #expect(TextWrap.words(l).count == 1, "width \(width): '\(l)' is too wide and not a single word")
            }
            let back = lines.joined(separator: " ").split(separator: " ").map(String.init)
            #expect(back == words, "width \(width): \(lines)")
            if lines.count > 1 {
                let hang = String(repeating: " ", count: min(indent, width / 2))
                #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(hang) && !$0.dropFirst(hang.count).hasPrefix(" ") })
            }
        }
    }

    /// A streamed answer is wrapped as its pieces come, words cut across pieces kept whole.
    @Test func aStreamIsWrappedAcrossPieces() {
        let echo = StreamEcho(width: 20)
        let text = "Les groupes sont petits : huit personnes au plus, pour que chacun pratique vraiment."
        var out = ""
        var rest = Substring(text)
        var size = 1
        while !rest.isEmpty {
            out += echo.layout(String(rest.prefix(size)))
            rest = rest.dropFirst(size)
            size = size % 7 + 1
        }
        out += echo.rest()
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { TextWrap.columns($0) <= 20 }, "\(lines)")
        #expect(out.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init) == text.split(separator: " ").map(String.init))
        // Piped, a stream is written as it comes.
        #expect(StreamEcho().layout("Les gr") == "Les gr")
    }
}

/// A small deterministic generator (the same cases on every run).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
