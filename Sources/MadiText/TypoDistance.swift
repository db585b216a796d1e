/// How far one word is from another, for typo tolerance: the matcher's words (`Fuzzy`, MadiCore)
/// and the e-mail suggester's domains (MadiEmail). Both run on every message, so what they call is
/// public and inlinable, as it was when each had it in its own module (Swift inlines the bodies of
/// public inlinable functions into other modules, not those of package ones).
public enum TypoDistance {
    /// A lower bound of the edit distance: how many characters one side has that the other lacks
    /// (counted by value modulo 128, which can only lower it).
    package static func bagDistance(_ a: [UInt32], _ b: [UInt32]) -> Int {
        Letters(a).bagDistance(to: Letters.counts(b), length: b.count)
    }

    /// One side's letter counts, kept to compare with many others.
    public struct Letters {
        @usableFromInline var counts: [Int32]
        @usableFromInline let length: Int

        @inlinable
        public init(_ text: [UInt32]) {
            counts = [Int32](repeating: 0, count: 128)
            for x in text { counts[Int(x & 127)] += 1 }
            length = text.count
        }

        /// The other side's distinct letters (modulo 128) and how often each occurs.
        package static func counts(_ text: [UInt32]) -> [(letter: Int, count: Int32)] {
            var seen: [Int: Int32] = [:]
            var order: [Int] = []
            for x in text {
                let k = Int(x & 127)
                if seen[k] == nil { order.append(k) }
                seen[k, default: 0] += 1
            }
            return order.map { ($0, seen[$0]!) }
        }

        /// The bag distance to the other side, given its `counts` and its length.
        @inlinable
        public func bagDistance(to other: [(letter: Int, count: Int32)], length otherLength: Int) -> Int {
            var common = 0
            for (letter, count) in other { common += Int(min(counts[letter], count)) }
            return max(length - common, otherLength - common)
        }
    }

    /// Optimal string alignment distance, stopping early once it exceeds `limit`.
    @inlinable
    /// Whether the distance is at most `limit`: for a limit of one, in one pass (one letter
    /// changed, added, dropped, or two neighbours swapped); else through `distance`.
    public static func within(_ a: [UInt32], _ b: [UInt32], limit: Int) -> Bool {
        guard limit == 1 else { return distance(a, b, limit: limit) <= limit }
        let n = a.count, m = b.count
        if n == m {
            var i = 0
            while i < n, a[i] == b[i] { i += 1 }
            if i == n { return true }
            // One letter changed, or two neighbours swapped, then the rest equal.
            if i + 1 < n, a[i] == b[i + 1], a[i + 1] == b[i] { i += 2 } else { i += 1 }
            while i < n, a[i] == b[i] { i += 1 }
            return i == n
        }
        guard abs(n - m) == 1 else { return false }
        // One letter more on the longer side: skip it where the two first differ.
        let (long, short) = n > m ? (a, b) : (b, a)
        var i = 0
        while i < short.count, long[i] == short[i] { i += 1 }
        while i < short.count, long[i + 1] == short[i] { i += 1 }
        return i == short.count
    }

    public static func distance(_ a: [UInt32], _ b: [UInt32], limit: Int) -> Int {
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
}
