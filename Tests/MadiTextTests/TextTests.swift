import Foundation
import Testing
@testable import MadiText

@Suite("Folding, ASCII and not")
struct FoldTests {
    @Test func foldIgnoresCaseAccentsAndPunctuation() {
        #expect(TextFold.fold("  Je DÉBUTE, vraiment !! ") == "je debute vraiment")
        #expect(TextFold.fold("l'équipe") == "l equipe")
        #expect(TextFold.fold("Cœur") == "coeur")
        #expect(TextFold.fold("e\u{301}quipe") == "equipe") // decomposed accent
    }

    /// Letters typed three times or more are read once, in both paths; doubled ones and digits stay.
    @Test func lettersTypedOverAndOverAreReadOnce() {
        #expect(TextFold.fold("ouiiii") == "oui")
        #expect(TextFold.fold("Foreverrr!!") == "forever")
        #expect(TextFold.fold("pleeeease, ok") == "please ok")
        #expect(TextFold.fold("nooon merciii ω") == "non merci ω")
        #expect(TextFold.fold("cool 1000 équipe") == "cool 1000 equipe")
        #expect(TextFold.fold("AAA aa") == "a aa")
    }

    @Test(arguments: ["Hello, World!", "  a--b  ", "l'équipe", "ÉCOLE", "x\u{0}y", "tab\there", "2 personnes", "", "---"])
    func asciiFastPathAgreesWithTheGeneralOne(_ s: String) {
        // The general path, forced by a trailing non-ASCII letter that folds to itself.
        let general = TextFold.fold(s + " ω")
        let expected = general.hasSuffix(" ω") ? String(general.dropLast(2)) : String(general.dropLast(1))
        #expect(TextFold.fold(s) == expected.trimmingCharacters(in: .whitespaces))
    }

    /// Folding scalar by scalar (with case mapping only where needed) against folding the
    /// lower-cased whole, over Latin letters of both cases, digits, punctuation and marks.
    @Test func foldingByScalarAgreesWithLowercasingTheWhole() {
        func reference(_ s: String) -> String {
            var out = String.UnicodeScalarView()
            var lastSpace = true
            for scalar in s.lowercased().unicodeScalars {
                let v = scalar.value
                if v >= 0x300 && v <= 0x36F { continue }
                if let mapped = TextFold.foldTable[v] {
                    out.append(contentsOf: mapped.unicodeScalars)
                    lastSpace = false
                } else if scalar.properties.isAlphabetic || (v >= 0x30 && v <= 0x39) {
                    out.append(scalar)
                    lastSpace = false
                } else if !lastSpace {
                    out.append(" ")
                    lastSpace = true
                }
            }
            var result = String(out)
            if result.hasSuffix(" ") { result.removeLast() }
            return TextFold.collapsingRuns(result)
        }
        let pool = (0x20...0x24F).compactMap(Unicode.Scalar.init) + ["\u{301}", "\u{308}", "İ", "ẞ", "Ω", "Ж", "ж", "…", "’", "\u{A0}"]
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<20_000 {
            let s = String(String.UnicodeScalarView((0..<next(10)).map { _ in pool[next(pool.count)] }))
            #expect(TextFold.fold(s) == reference(s), "\(s.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}

@Suite("Typo distance")
struct TypoDistanceTests {
    /// The bounded edit distance (three rows on the stack, early stop) against the whole
    /// optimal-string-alignment table.
    @Test func boundedDistanceAgreesWithTheFullTable() {
        func reference(_ a: [UInt32], _ b: [UInt32]) -> Int {
            var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in 0...a.count { d[i][0] = i }
            for j in 0...b.count { d[0][j] = j }
            for i in stride(from: 1, through: a.count, by: 1) {
                for j in stride(from: 1, through: b.count, by: 1) {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
                }
            }
            return d[a.count][b.count]
        }
        var state: UInt64 = 42
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        var skipped = 0, nearOnes = 0
        for _ in 0..<5_000 {
            let a = (0..<next(9)).map { _ in UInt32(97 + next(4)) }, b = (0..<next(9)).map { _ in UInt32(97 + next(4)) }
            let limit = next(4)
            #expect(min(TypoDistance.distance(a, b, limit: limit), limit + 1) == min(reference(a, b), limit + 1), "\(a) \(b) \(limit)")
            // The bag distance used to skip candidates is a lower bound: it never skips a match.
            let wide = a.map { $0 + UInt32(next(2)) * 200 } // some values above 127 too
            #expect(TypoDistance.bagDistance(wide, b) <= reference(wide, b), "\(wide) \(b)")
            if TypoDistance.bagDistance(a, b) > 1 { skipped += 1 }
            // "Within the limit" agrees too, on the random pair and on a near one: the word with
            // one or two random edits (a letter changed, added, dropped, or neighbours swapped).
            #expect(TypoDistance.within(a, b, limit: limit) == (reference(a, b) <= limit), "\(a) \(b) \(limit)")
            var near = a
            for _ in 0...next(2) {
                let at = next(near.count + 1)
                switch next(4) {
                case 0 where at < near.count: near[at] = UInt32(97 + next(4))
                case 1: near.insert(UInt32(97 + next(4)), at: at)
                case 2 where at < near.count: near.remove(at: at)
                case 3 where at + 1 < near.count: near.swapAt(at, at + 1)
                default: break
                }
            }
            for l in 0...2 { #expect(TypoDistance.within(a, near, limit: l) == (reference(a, near) <= l), "\(a) \(near) \(l)") }
            if reference(a, near) == 1 { nearOnes += 1 }
        }
        #expect(skipped > 100)
        #expect(nearOnes > 1_000)
    }
}

@Suite("Trimming")
struct TrimmedTests {
    @Test func trimsWhitespaceAtBothEndsOnly() {
        #expect("  a  b \n\t".trimmed() == "a  b")
        #expect("\u{3000}x\u{A0}".trimmed() == "x")
        #expect(" \n ".trimmed() == "")
        #expect("".trimmed() == "")
    }
}

@Suite("Folding Latin text on its bytes")
struct LatinFoldTests {
    @Test func accentedLettersAndTypographicSignsFoldOnTheBytes() {
        let s = "Je suis INTÉRESSÉ·e, l’équipe « IA » coûte… 3 000 ? Œuvre naïve — ÇA"
        #expect(TextFold.foldLatinBytes(s).map { String(decoding: $0, as: UTF8.self) } == "je suis interesse e l equipe ia coute 3 000 oeuvre naive ca")
        // (The euro sign and what is not a Latin letter or a sign of the list: the general path.)
        #expect(TextFold.foldLatinBytes("3 000 €") == nil)
        #expect(TextFold.foldLatinBytes("ok 👍") == nil)
        #expect(TextFold.foldLatinBytes("Ωmega") == nil)
        #expect(TextFold.foldLatinBytes("e\u{301}te\u{301}").map { String(decoding: $0, as: UTF8.self) } == "ete")
    }

    /// The byte path against the general one (forced by a letter it does not read, then cut off),
    /// on random text of ASCII, the table's letters, the signs and combining accents.
    @Test func theBytePathAgreesWithTheGeneralOne() {
        let pool: [Unicode.Scalar] = (0x20...0x7E).compactMap(Unicode.Scalar.init)
            + TextFold.foldTable.keys.sorted().compactMap(Unicode.Scalar.init)
            + TextFold.latinSigns.sorted().compactMap(Unicode.Scalar.init) + ["\u{301}", "\u{308}"]
        var state: UInt64 = 11
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<20_000 {
            let s = String(String.UnicodeScalarView((0..<next(12)).map { _ in pool[next(pool.count)] }))
            let bytes = TextFold.foldLatinBytes(s)
            #expect(bytes != nil)
            let general = TextFold.fold(s + " ω")
            let expected = general.hasSuffix(" ω") ? String(general.dropLast(2)) : String(general.dropLast(1))
            #expect(bytes.map { String(decoding: $0, as: UTF8.self) } == expected, "\(s.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
