/// Text folding and phrase matching: case- and accent-insensitive, punctuation ignored, small
/// typos tolerated. Used for options, synonyms, commands, yes/no, FAQ keywords and courses.
public enum TextFold {
    /// Lower-cases, strips accents, turns punctuation and apostrophes into spaces, collapses spaces.
    public static func fold(_ s: String) -> String {
        if let ascii = foldASCII(s) { return ascii }
        var out = String.UnicodeScalarView()
        var lastSpace = true
        func add(_ scalar: Unicode.Scalar) {
            let v = scalar.value
            if v < 0x80 { // ASCII, as in foldASCII
                switch v {
                case 0x41...0x5A: out.append(Unicode.Scalar(v + 0x20)!); lastSpace = false
                case 0x61...0x7A, 0x30...0x39: out.append(scalar); lastSpace = false
                default: if !lastSpace { out.append(" "); lastSpace = true }
                }
                return
            }
            if v >= 0x300 && v <= 0x36F { return } // combining accents (decomposed input)
            if let mapped = foldTable[v] {
                out.append(contentsOf: mapped.unicodeScalars)
                lastSpace = false
            } else if scalar.properties.isAlphabetic {
                out.append(scalar)
                lastSpace = false
            } else if !lastSpace {
                out.append(" ")
                lastSpace = true
            }
        }
        for scalar in s.unicodeScalars {
            // Letters the table knows (accented Latin, either case) need no case mapping.
            if scalar.value < 0x80 || foldTable[scalar.value] != nil || !scalar.properties.changesWhenLowercased {
                add(scalar)
            } else {
                for lower in scalar.properties.lowercaseMapping.unicodeScalars { add(lower) }
            }
        }
        var result = String(out)
        if result.hasSuffix(" ") { result.removeLast() }
        return result
    }

    /// The same for pure ASCII text, on bytes; nil when the text is not ASCII.
    static func foldASCII(_ s: String) -> String? {
        foldASCIIBytes(s).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The folded bytes of pure ASCII text; nil when the text is not ASCII.
    static func foldASCIIBytes(_ s: String) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        var lastSpace = true
        for b in s.utf8 {
            if b >= 0x80 { return nil }
            switch b {
            case 0x41...0x5A: out.append(b + 0x20); lastSpace = false
            case 0x61...0x7A, 0x30...0x39: out.append(b); lastSpace = false
            default:
                if !lastSpace { out.append(0x20); lastSpace = true }
            }
        }
        if out.last == 0x20 { out.removeLast() }
        return out
    }

    static let foldTable: [UInt32: String] = {
        var t: [UInt32: String] = [:]
        func add(_ chars: String, _ base: String) { for c in chars.unicodeScalars { t[c.value] = base } }
        add("àáâãäåā", "a"); add("ç", "c"); add("èéêëē", "e"); add("ìíîïī", "i"); add("ñ", "n")
        add("òóôõöøō", "o"); add("ùúûüū", "u"); add("ýÿ", "y"); add("œ", "oe"); add("æ", "ae"); add("ß", "ss")
        add("ÀÁÂÃÄÅĀ", "a"); add("Ç", "c"); add("ÈÉÊËĒ", "e"); add("ÌÍÎÏĪ", "i"); add("Ñ", "n")
        add("ÒÓÔÕÖØŌ", "o"); add("ÙÚÛÜŪ", "u"); add("ÝŸ", "y"); add("Œ", "oe"); add("Æ", "ae")
        return t
    }()
}

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

    public init(_ raw: String) {
        if let bytes = TextFold.foldASCIIBytes(raw) {
            // ASCII: words and scalars straight from the folded bytes (one space between words).
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
        ids = nil
    }

    init(raw: String, words: [String], ids: [Int32]?) {
        self.raw = raw
        tokenStrings = words
        folded = words.joined(separator: " ")
        tokens = words.map { $0.unicodeScalars.map(\.value) }
        self.ids = ids
    }

    private init(raw: String, folded: String, tokens: [[UInt32]], words: [String], ids: [Int32]?) {
        self.raw = raw
        self.folded = folded
        self.tokens = tokens
        tokenStrings = words
        self.ids = ids
    }

    /// The same input with some tokens blanked out (they cannot match anything).
    public func masking(_ range: Range<Int>) -> PreparedInput {
        var words = tokenStrings
        var tokens = tokens
        var ids = ids
        for i in range where i < words.count {
            words[i] = "\u{0}"
            tokens[i] = [0]
            ids?[i] = -1
        }
        return PreparedInput(raw: raw, folded: words.joined(separator: " "), tokens: tokens, words: words, ids: ids)
    }

    public var isEmpty: Bool { tokens.isEmpty }
}

public enum Fuzzy {
    /// Edits allowed for a token of this length.
    static func tolerance(_ length: Int) -> Int { length >= 9 ? 2 : (length >= 5 ? 1 : 0) }

    /// A lower bound of the edit distance: how many characters one side has that the other lacks
    /// (counted by value modulo 128, which can only lower it).
    static func bagDistance(_ a: [UInt32], _ b: [UInt32]) -> Int {
        Letters(a).bagDistance(to: Letters.counts(b), length: b.count)
    }

    /// One side's letter counts, kept to compare with many others.
    struct Letters {
        private var counts = [Int32](repeating: 0, count: 128)
        private let length: Int

        init(_ text: [UInt32]) {
            for x in text { counts[Int(x & 127)] += 1 }
            length = text.count
        }

        /// The other side's distinct letters (modulo 128) and how often each occurs.
        static func counts(_ text: [UInt32]) -> [(letter: Int, count: Int32)] {
            var seen: [Int: Int32] = [:]
            var order: [Int] = []
            for x in text {
                let k = Int(x & 127)
                if seen[k] == nil { order.append(k) }
                seen[k, default: 0] += 1
            }
            return order.map { ($0, seen[$0]!) }
        }

        func bagDistance(to other: [(letter: Int, count: Int32)], length otherLength: Int) -> Int {
            var common = 0
            for (letter, count) in other { common += Int(min(counts[letter], count)) }
            return max(length - common, otherLength - common)
        }
    }

    /// Optimal string alignment distance, stopping early once it exceeds `limit`. (MadiEmail's
    /// `TypoDistance` is a copy, for the e-mail suggester.)
    static func distance(_ a: [UInt32], _ b: [UInt32], limit: Int) -> Int {
        if a == b { return 0 }
        if abs(a.count - b.count) > limit { return limit + 1 }
        let n = a.count, m = b.count
        if n == 0 || m == 0 { return max(n, m) }
        // Three rows on the stack, rotated by index.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (m + 1)) { rows in
            var prev2 = 0, prev = m + 1, cur = 2 * (m + 1)
            for j in 0...m { rows[prev2 + j] = 0; rows[prev + j] = j; rows[cur + j] = 0 }
            for i in 1...n {
                rows[cur] = i
                var rowMin = i
                for j in 1...m {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var v = min(rows[prev + j] + 1, rows[cur + j - 1] + 1, rows[prev + j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, rows[prev2 + j - 2] + 1) }
                    rows[cur + j] = v
                    rowMin = min(rowMin, v)
                }
                if rowMin > limit { return limit + 1 }
                (prev2, prev, cur) = (prev, cur, prev2)
            }
            return rows[prev + m]
        }
    }

    /// 0 for an exact token, 1 for a tolerated typo, nil for no match.
    static func tokenMatch(_ input: [UInt32], _ phrase: [UInt32], fuzzy: Bool, vocabulary: Set<[UInt32]> = []) -> Int? {
        if input == phrase { return 0 }
        // A word Madi knows is never a typo of another one ("master" is not "faster").
        guard fuzzy, !vocabulary.contains(input) else { return nil }
        let tol = tolerance(phrase.count)
        guard tol > 0, !phrase.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return distance(input, phrase, limit: tol) <= tol ? 1 : nil
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
        for start in 0...(t.count - p.count) {
            var typos = 0
            var ok = true
            for j in 0..<p.count {
                guard let d = tokenMatch(t[start + j], p[j], fuzzy: fuzzy, vocabulary: vocabulary) else { ok = false; break }
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
