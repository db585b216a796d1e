import MadiText
import Testing
@testable import MadiCore

/// The keyword matcher skips starts by word length and looks words up in the vocabulary once per
/// message; here it is compared with the plain scan (every start, every word looked up) on the
/// shipped keywords and on messages made from them with typos.
@Suite("Keyword matching against the plain scan")
struct FuzzyMatchTests {
    let u = Shipped.engine.understanding

    /// The plain scan: 0 for the same word, 1 for a tolerated typo of a word Madi does not know.
    static func plain(_ phrase: Phrase, _ input: PreparedInput, fuzzy: Bool, vocabulary: Set<[UInt32]>) -> (score: Int, tokens: Range<Int>)? {
        let p = phrase.tokens, t = input.tokens
        guard !p.isEmpty, p.count <= t.count else { return nil }
        func word(_ a: [UInt32], _ b: [UInt32]) -> Int? {
            if a == b { return 0 }
            guard fuzzy, !vocabulary.contains(a) else { return nil }
            let tol = Fuzzy.tolerance(b.count)
            guard tol > 0, !b.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return TypoDistance.distance(a, b, limit: tol) <= tol ? 1 : nil
        }
        var best: (Int, Range<Int>)?
        for start in 0...(t.count - p.count) {
            var typos = 0, ok = true
            for j in 0..<p.count {
                guard let d = word(t[start + j], p[j]) else { ok = false; break }
                typos += d
            }
            if ok {
                let s = phrase.chars * 2 - typos * 3
                if best == nil || s > best!.0 { best = (s, start..<(start + p.count)) }
            }
        }
        return best
    }

    @Test func theMatcherAgreesWithThePlainScan() {
        let phrases = u.faq.flatMap(\.1)
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(n, 1)))
        }
        func typo(_ w: String) -> String {
            var s = Array(w.unicodeScalars)
            guard s.count > 2 else { return w }
            let at = next(s.count - 1)
            switch next(3) {
            case 0: s.swapAt(at, at + 1)
            case 1: s.remove(at: at)
            default: s.insert("e", at: at)
            }
            return String(String.UnicodeScalarView(s))
        }
        var matched = 0, withTypos = 0
        for _ in 0..<400 {
            // A message of a few keywords and filler words, some words mistyped.
            var words: [String] = []
            for _ in 0..<(2 + next(4)) {
                words.append(["je", "voudrais", "savoir", "le", "and", "the"][next(6)])
                words += phrases[next(phrases.count)].wordTexts.map { next(4) == 0 ? typo($0) : $0 }
            }
            let prepared = u.prepare(words.joined(separator: " ")), raw = PreparedInput(words.joined(separator: " "))
            for p in phrases where !p.isEmpty {
                for fuzzy in [true, false] {
                    let expected = Self.plain(p, raw, fuzzy: fuzzy, vocabulary: u.vocabulary)
                    let got = Fuzzy.match(p, in: prepared, fuzzy: fuzzy, vocabulary: u.vocabulary)
                    #expect(got?.score == expected?.score && got?.tokens == expected?.tokens, "\(p.wordTexts) in \(words)")
                    // (Without the words looked up ahead, the same.)
                    let unprepared = Fuzzy.match(p, in: raw, fuzzy: fuzzy, vocabulary: u.vocabulary)
                    #expect(unprepared?.score == expected?.score && unprepared?.tokens == expected?.tokens)
                    if expected != nil { matched += 1; if expected!.score < p.chars * 2 { withTypos += 1 } }
                }
            }
        }
        // The comparison saw matches, and matches through typos.
        #expect(matched > 1_000)
        #expect(withTypos > 50)
    }
}
