import MadiText

// Phrase matching on folded text (TextFold, in MadiText): case- and accent-insensitive, punctuation
// ignored, small typos tolerated. Used for options, synonyms, commands, yes/no, FAQ keywords and courses.

/// A phrase prepared for matching: its folded tokens as scalar arrays.
/// Immutable; a class, so that scanning a list of phrases does not copy each one's fields.
public final class Phrase: Sendable {
    public let text: String
    let tokens: [[UInt32]]
    let chars: Int
    public var words: [[UInt32]] { tokens }
    /// The folded tokens joined by single spaces: equal to a `PreparedInput.folded` saying exactly this.
    var folded: String { wordTexts.joined(separator: " ") }

    /// The folded words, as text.
    let wordTexts: [String]

    public init(_ text: String) {
        self.text = text
        let prepared = PreparedInput(text)
        tokens = prepared.tokens
        wordTexts = prepared.tokenStrings
        chars = tokens.reduce(0) { $0 + $1.count }
    }

    public var isEmpty: Bool { tokens.isEmpty }
}

/// An input prepared once per turn.
public struct PreparedInput: Sendable {
    public let raw: String
    public let folded: String
    let tokens: [[UInt32]]
    /// The folded words, as text.
    public let tokenStrings: [String]
    /// The words as ids of the understanding's vocabulary (-1: a word it does not know), when
    /// prepared by `Understanding.prepare`.
    var ids: [Int32]?
    /// Each word's length in scalars (read without touching the words' own arrays).
    let lengths: [Int]
    /// Whether each word is one of the understanding's vocabulary (never taken for a typo of
    /// another word), when prepared by `Understanding.prepare`.
    var known: [Bool]?

    public init(_ raw: String) {
        if let bytes = TextFold.foldLatinBytes(raw) {
            // ASCII and accented Latin letters: words and scalars straight from the folded bytes
            // (ASCII, one space between words).
            let count = bytes.isEmpty ? 0 : bytes.reduce(1) { $1 == 0x20 ? $0 + 1 : $0 }
            var words: [String] = []
            var tokens: [[UInt32]] = []
            words.reserveCapacity(count)
            tokens.reserveCapacity(count)
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x20 {
                if i > start {
                    let word = bytes[start..<i]
                    words.append(String(decoding: word, as: UTF8.self))
                    tokens.append(word.map(UInt32.init))
                }
                start = i + 1
            }
            self.raw = raw
            folded = String(decoding: bytes, as: UTF8.self)
            tokenStrings = words
            self.tokens = tokens
            lengths = tokens.map(\.count)
            ids = nil
            return
        }
        // One pass over the folded text gives the words and their scalars.
        let folded = TextFold.fold(raw)
        var words: [String] = []
        var tokens: [[UInt32]] = []
        var word: [UInt32] = []
        var start = folded.unicodeScalars.startIndex
        var i = start
        let scalars = folded.unicodeScalars
        while i < scalars.endIndex {
            let v = scalars[i].value
            if v == 0x20 {
                if !word.isEmpty { words.append(String(scalars[start..<i])); tokens.append(word); word = [] }
                start = scalars.index(after: i)
            } else {
                word.append(v)
            }
            i = scalars.index(after: i)
        }
        if !word.isEmpty { words.append(String(scalars[start..<i])); tokens.append(word) }
        self.raw = raw
        self.folded = folded
        tokenStrings = words
        self.tokens = tokens
        lengths = tokens.map(\.count)
        ids = nil
    }

    init(raw: String, words: [String], ids: [Int32]?) {
        self.raw = raw
        tokenStrings = words
        folded = words.joined(separator: " ")
        tokens = words.map { $0.unicodeScalars.map(\.value) }
        lengths = tokens.map(\.count)
        self.ids = ids
    }

    private init(raw: String, folded: String, tokens: [[UInt32]], words: [String], ids: [Int32]?) {
        self.raw = raw
        self.folded = folded
        self.tokens = tokens
        lengths = tokens.map(\.count)
        tokenStrings = words
        self.ids = ids
    }

    /// The same input with some tokens blanked out (they cannot match anything).
    public func masking(_ range: Range<Int>) -> PreparedInput {
        var words = tokenStrings
        var tokens = tokens
        var ids = ids
        var known = known
        for i in range where i < words.count {
            words[i] = "\u{0}"
            tokens[i] = [0]
            ids?[i] = -1
            known?[i] = false
        }
        var masked = PreparedInput(raw: raw, folded: words.joined(separator: " "), tokens: tokens, words: words, ids: ids)
        masked.known = known
        return masked
    }

    public var isEmpty: Bool { tokens.isEmpty }
}

public enum Fuzzy {
    /// Edits allowed for a token of this length.
    static func tolerance(_ length: Int) -> Int { length >= 9 ? 2 : (length >= 5 ? 1 : 0) }

    /// 0 for an exact token, 1 for a tolerated typo, nil for no match.
    static func tokenMatch(_ input: [UInt32], _ phrase: [UInt32], fuzzy: Bool, vocabulary: Set<[UInt32]> = []) -> Int? {
        if input == phrase { return 0 }
        // The cheap refusals first: the vocabulary is looked up (a hash of the word) only for a
        // word that could be a typo of the phrase's, which few are.
        guard fuzzy, typoPossible(input, phrase) else { return nil }
        // A word Madi knows is never a typo of another one ("master" is not "faster").
        guard !vocabulary.contains(input) else { return nil }
        return TypoDistance.within(input, phrase, limit: tolerance(phrase.count)) ? 1 : nil
    }

    /// The same, with whether the input word is one Madi knows already looked up.
    static func tokenMatch(_ input: [UInt32], _ phrase: [UInt32], fuzzy: Bool, known: Bool) -> Int? {
        if input == phrase { return 0 }
        guard fuzzy, !known, typoPossible(input, phrase) else { return nil }
        return TypoDistance.within(input, phrase, limit: tolerance(phrase.count)) ? 1 : nil
    }

    /// Whether the input word may be within the phrase word's tolerance: the phrase word is long
    /// enough to allow a typo, is not a number, and the lengths differ by no more than the
    /// tolerance (the edit distance is at least that difference).
    @inline(__always)
    static func typoPossible(_ input: [UInt32], _ phrase: [UInt32]) -> Bool {
        let tol = tolerance(phrase.count)
        return tol > 0 && abs(input.count - phrase.count) <= tol && !phrase.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    }

    /// How well the phrase occurs (as consecutive tokens) in the input: its length in characters,
    /// less one per typo; nil when it does not occur.
    public static func score(_ phrase: Phrase, in input: PreparedInput, fuzzy: Bool = true, vocabulary: Set<[UInt32]> = []) -> Int? {
        match(phrase, in: input, fuzzy: fuzzy, vocabulary: vocabulary)?.score
    }

    /// The best occurrence: its score and the range of input tokens it covers.
    public static func match(_ phrase: Phrase, in input: PreparedInput, fuzzy: Bool = true,
                             vocabulary: Set<[UInt32]> = []) -> (score: Int, tokens: Range<Int>)? {
        let p = phrase.tokens, t = input.tokens
        guard !p.isEmpty, p.count <= t.count else { return nil }
        var best: (Int, Range<Int>)?
        // (The words' lookups in the vocabulary made once when the input was prepared.)
        let known = vocabulary.isEmpty ? nil : input.known
        // A start whose word is too long or too short to be the phrase's first word, even with a
        // typo, is skipped on its length alone.
        let firstLength = p[0].count, slack = fuzzy ? tolerance(firstLength) : 0, lengths = input.lengths
        for start in 0...(t.count - p.count) where abs(lengths[start] - firstLength) <= slack {
            var typos = 0
            var ok = true
            for j in 0..<p.count {
                let d = if let known { tokenMatch(t[start + j], p[j], fuzzy: fuzzy, known: known[start + j]) }
                        else { tokenMatch(t[start + j], p[j], fuzzy: fuzzy, vocabulary: vocabulary) }
                guard let d else { ok = false; break }
                typos += d
            }
            if ok {
                let s = phrase.chars * 2 - typos * 3
                if best == nil || s > best!.0 { best = (s, start..<(start + p.count)) }
            }
        }
        return best
    }

    /// True when the whole input is exactly the phrase (after folding).
    public static func isWhole(_ phrase: Phrase, _ input: PreparedInput) -> Bool {
        phrase.tokens == input.tokens
    }
}
