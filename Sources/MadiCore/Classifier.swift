import Foundation
import Synchronization

/// A text classifier learnt from example messages (Dialogues/examples/<lang>.yaml), built when the
/// content loads: deterministic, no download, no service.
///
/// Each message becomes a sparse TF-IDF vector of three kinds of features: light-stemmed words,
/// pairs of consecutive stemmed words (so that "pas vraiment" or "not really" count together), and
/// character 3- and 4-grams inside each word (so that typos and unseen inflections still share most
/// of their features). A label's score is the cosine similarity of the message to its nearest
/// example (1-nearest neighbour), between 0 and 1. docs/UNDERSTANDING.md gives the measurements
/// behind these choices.
public final class Classifier: Sendable {
    public struct Example: Sendable, Equatable {
        public var label: String
        public var text: String
        public var language: String
        public var line: Int?

        public init(label: String, text: String, language: String, line: Int? = nil) {
            self.label = label
            self.text = text
            self.language = language
            self.line = line
        }
    }

    public struct Score: Sendable, Equatable {
        public var label: String
        /// Cosine similarity to the label's nearest example.
        public var score: Double
        /// Cosine similarity to the label's centroid (the mean of its examples).
        public var centroid: Double = 0
    }

    public let labels: [String]
    let labelIndex: [String: Int]
    let features: [UInt64: Int32]
    let idf: [Double]
    /// feature → (example, weight) for every example holding it.
    let postings: Postings
    let exampleLabels: [Int32]
    /// feature → (label, weight) of the labels' unit centroids.
    let centroidPostings: Postings
    let stopwords: Set<String>
    let weights: FeatureWeights

    /// How much each kind of feature counts (chosen by cross-validation, docs/UNDERSTANDING.md).
    public struct FeatureWeights: Sendable, Equatable {
        public var words: Double = 1.0
        public var pairs: Double = 0.7
        public var characters: Double = 0.5
        public init() {}
    }

    /// A classifier from what training computed (`init(trained:)`, read back from a store).
    init(labels: [String], features: [UInt64: Int32], idf: [Double], postings: Postings, exampleLabels: [Int32],
         centroidPostings: Postings, stopwords: Set<String>, weights: FeatureWeights) {
        self.labels = labels
        labelIndex = Dictionary(labels.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        self.features = features
        self.idf = idf
        self.postings = postings
        self.exampleLabels = exampleLabels
        self.centroidPostings = centroidPostings
        self.stopwords = stopwords
        self.weights = weights
    }

    public init(_ examples: [Example], stopwords: Set<String> = [], weights: FeatureWeights = .init()) {
        self.stopwords = stopwords
        self.weights = weights
        var labels: [String] = []
        var labelIndex: [String: Int] = [:]
        for e in examples where labelIndex[e.label] == nil {
            labelIndex[e.label] = labels.count
            labels.append(e.label)
        }
        self.labels = labels
        self.labelIndex = labelIndex
        // Raw feature counts per example, then document frequencies.
        var features: [UInt64: Int32] = [:]
        features.reserveCapacity(examples.count * 16) // (about as many features as there are: no rehashing)
        var bags: [[(Int32, Double)]] = []
        var df: [Int] = []
        df.reserveCapacity(examples.count * 16)
        bags.reserveCapacity(examples.count)
        var found: [(Int32, Double)] = []
        for list in Self.featureLists(examples, stopwords: stopwords, weights: weights) {
            found.removeAll(keepingCapacity: true)
            for (f, w) in list {
                let id: Int32
                if let known = features[f] { id = known } else {
                    id = Int32(features.count)
                    features[f] = id
                    df.append(0)
                }
                found.append((id, w))
            }
            let bag = Self.tally(&found)
            for (id, _) in bag { df[Int(id)] += 1 }
            bags.append(bag)
        }
        let n = Double(examples.count)
        idf = df.map { log((n + 1) / (Double($0) + 1)) + 1 }
        var postings = Postings.Builder(counts: df)
        var vectors: [[(Int32, Double)]] = []
        vectors.reserveCapacity(bags.count)
        var byLabel = [[Int]](repeating: [], count: labels.count)
        for (i, bag) in bags.enumerated() {
            let vector = Self.normalize(bag, idf)
            for (f, w) in vector { postings.add(f, Int32(i), w) }
            vectors.append(vector)
            byLabel[labelIndex[examples[i].label]!].append(i)
        }
        // Each label's centroid summed in one dense row (its examples in order, as a dictionary
        // per label summed them), then read back in feature order.
        var row = [Double](repeating: 0, count: features.count)
        var touched: [Int32] = []
        let sortedCentroids: [[(key: Int32, value: Double)]] = byLabel.map { members in
            touched.removeAll(keepingCapacity: true)
            for i in members {
                for (f, w) in vectors[i] {
                    if row[Int(f)] == 0 { touched.append(f) }
                    row[Int(f)] += w
                }
            }
            touched.sort()
            defer { for f in touched { row[Int(f)] = 0 } }
            return touched.map { (key: $0, value: row[Int($0)]) }
        }
        var labelCounts = [Int](repeating: 0, count: features.count)
        for c in sortedCentroids { for (f, _) in c { labelCounts[Int(f)] += 1 } }
        var centroidPostings = Postings.Builder(counts: labelCounts)
        for (l, c) in sortedCentroids.enumerated() {
            let norm = c.reduce(0) { $0 + $1.value * $1.value }.squareRoot()
            guard norm > 0 else { continue }
            for (f, w) in c { centroidPostings.add(f, Int32(l), w / norm) }
        }
        self.centroidPostings = centroidPostings.done
        self.features = features
        self.postings = postings.done
        exampleLabels = examples.map { Int32(labelIndex[$0.label]!) }
    }

    /// Every example's features, computed on all cores (each list depends on its example alone),
    /// in the examples' order.
    static func featureLists(_ examples: [Example], stopwords: Set<String>, weights: FeatureWeights) -> [[(UInt64, Double)]] {
        let chunks = min(8, max(1, examples.count / 256))
        let size = (examples.count + chunks - 1) / max(chunks, 1)
        let parts = Mutex<[[[(UInt64, Double)]]]>(Array(repeating: [], count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let range = (c * size)..<min(examples.count, (c + 1) * size)
            let lists = range.map { featureList(PreparedInput(examples[$0].text), stopwords: stopwords, weights: weights) }
            parts.withLock { $0[c] = lists }
        }
        return parts.withLock { $0.flatMap { $0 } }
    }

    /// A message's features in feature order, each once with its summed weight (its term
    /// frequency). In feature order, so that sums of doubles are the same in every process.
    static func tally(_ found: inout [(Int32, Double)]) -> [(Int32, Double)] {
        found.sort { $0.0 < $1.0 }
        var bag: [(Int32, Double)] = []
        bag.reserveCapacity(found.count)
        for (id, w) in found {
            if let last = bag.last, last.0 == id { bag[bag.count - 1].1 = last.1 + w } else { bag.append((id, w)) }
        }
        return bag
    }

    static func normalize(_ bag: [(Int32, Double)], _ idf: [Double]) -> [(Int32, Double)] {
        var v: [(Int32, Double)] = []
        v.reserveCapacity(bag.count)
        var norm = 0.0
        for (f, tf) in bag {
            let w = (1 + log(tf)) * idf[Int(f)]
            v.append((f, w))
            norm += w * w
        }
        guard norm > 0 else { return [] }
        let inv = 1 / norm.squareRoot()
        return v.map { ($0.0, $0.1 * inv) }
    }

    /// The scores of the labels `allowed` accepts, best first (labels without any shared feature
    /// are left out).
    public func scores(_ input: PreparedInput, allowed: (String) -> Bool = { _ in true }) -> [Score] {
        var found: [(Int32, Double)] = []
        // Features never seen in training still count in the input's norm: an input made mostly
        // of unknown words is far from every example.
        var unknown = 0.0
        let idfMax = log(Double(exampleLabels.count) + 1) + 1
        for (f, w) in Self.featureList(input, stopwords: stopwords, weights: weights) {
            if let id = features[f] { found.append((id, w)) } else { unknown += (w * idfMax) * (w * idfMax) }
        }
        var vector: [(Int32, Double)] = []
        var norm = unknown
        for (f, tf) in Self.tally(&found) {
            let w = (1 + log(tf)) * idf[Int(f)]
            vector.append((f, w))
            norm += w * w
        }
        guard norm > 0, !vector.isEmpty else { return [] }
        let inv = 1 / norm.squareRoot()
        var sims = [Double](repeating: 0, count: exampleLabels.count)
        var centroid = [Double](repeating: 0, count: labels.count)
        for (f, w) in vector {
            let x = w * inv
            for k in postings.range(f) { sims[Int(postings.items[k])] += x * postings.weights[k] }
            for k in centroidPostings.range(f) { centroid[Int(centroidPostings.items[k])] += x * centroidPostings.weights[k] }
        }
        var best = [Double](repeating: 0, count: labels.count)
        var allowedCache = [Bool?](repeating: nil, count: labels.count)
        for (i, s) in sims.enumerated() where s > 0 {
            let l = Int(exampleLabels[i])
            if allowedCache[l] == nil { allowedCache[l] = allowed(labels[l]) }
            if allowedCache[l]!, s > best[l] { best[l] = s }
        }
        var out: [Score] = []
        for (l, s) in best.enumerated() where s > 0 { out.append(Score(label: labels[l], score: s, centroid: centroid[l])) }
        out.sort { $0.score > $1.score || ($0.score == $1.score && $0.label < $1.label) }
        return out
    }

    /// Whether a word (folded) is one of the examples' words.
    func knows(word: String) -> Bool {
        features[Hash("w").adding(Self.stem(word)).value] != nil
    }

    // MARK: Features

    /// The message's features and their weights. A feature is a 64-bit FNV-1a hash of its kind and
    /// its characters (collisions are negligible at this size), so that no string is made for it.
    static func featureList(_ input: PreparedInput, stopwords: Set<String>, weights: FeatureWeights) -> [(UInt64, Double)] {
        var out: [(UInt64, Double)] = []
        let words = input.tokenStrings
        out.reserveCapacity(words.count * 12)
        var stems: [String] = []
        stems.reserveCapacity(words.count)
        // ("what will u do with it": a word spelt as in a chat counts as the word it stands for.)
        let spelt = words.map { chatSpellings[$0] ?? $0 }
        for w in spelt { stems.append(stem(w)) }
        for (i, s) in stems.enumerated() {
            let isStop = stopwords.contains(spelt[i])
            if !isStop { out.append((Hash("w").adding(s).value, weights.words)) }
            if i + 1 < stems.count { out.append((Hash("p").adding(s).adding(stems[i + 1]).value, weights.pairs)) }
            // Character n-grams of the word, with its edges marked.
            if !isStop, weights.characters > 0 {
                var chars: [UInt32] = [0x3C]
                chars.append(contentsOf: input.tokens[i])
                chars.append(0x3E)
                for n in 3...4 where chars.count >= n {
                    for start in 0...(chars.count - n) {
                        var h = Hash("c")
                        for c in chars[start..<(start + n)] { h.add(c) }
                        out.append((h.value, weights.characters / 2))
                    }
                }
            }
        }
        return out
    }

    /// FNV-1a over a feature's kind and characters.
    struct Hash {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        init(_ kind: StaticString) { for b in UnsafeBufferPointer(start: kind.utf8Start, count: kind.utf8CodeUnitCount) { mix(UInt64(b)) } }
        mutating func mix(_ x: UInt64) { value = (value ^ x) &* 0x100_0000_01b3 }
        mutating func add(_ c: UInt32) { mix(UInt64(c) &+ 0x100) }
        func adding(_ s: String) -> Hash {
            var h = self
            var s = s
            // (On the string's own bytes: a view's iterator costs several times the mixing.)
            s.withUTF8 { for b in $0 { h.mix(UInt64(b)) } }
            h.mix(0xFF) // the end of a word
            return h
        }
    }

    /// Words as typed in a chat and the word each stands for (folded), in both languages: the
    /// word and pair features use the word it stands for, and a word that stands for a stopword
    /// ("u", "pr", "vs") gives none, as the stopword does; the other words' characters are read as
    /// typed.
    static let chatSpellings: [String: String] = [
        "u": "you", "ur": "your", "yr": "your", "pls": "please", "plz": "please", "thx": "thanks", "cuz": "because",
        "coz": "because", "bc": "because", "bcs": "because", "gonna": "going", "wanna": "want", "tho": "though", "abt": "about",
        "ppl": "people", "smth": "something", "sth": "something", "rn": "now",
        "pr": "pour", "bcp": "beaucoup", "qd": "quand", "pcq": "parce", "pq": "pourquoi", "pk": "pourquoi",
        "avc": "avec", "vs": "vous", "tjrs": "toujours", "tjs": "toujours", "dc": "donc", "slt": "salut", "bjr": "bonjour",
        "jveux": "veux", "jpeux": "peux", "jvais": "vais", "jsuis": "suis", "chui": "suis", "chuis": "suis", "jcrois": "crois",
        "jpense": "pense", "jsais": "sais", "jai": "ai",
    ]

    /// Light French and English stemming: common inflections cut from words longer than four letters.
    static func stem(_ word: String) -> String {
        // (On the bytes: only ASCII words are cut, where a byte is a letter.)
        let bytes = word.utf8
        guard bytes.count > 4, bytes.allSatisfy({ $0 < 0x80 }) else { return word }
        for suffix in suffixBytes where bytes.count - suffix.count >= 4 && bytes.reversed().starts(with: suffix.reversed()) {
            return String(decoding: bytes.dropLast(suffix.count), as: UTF8.self)
        }
        return word
    }

    static let suffixBytes = suffixes.map { Array($0.utf8) }

    static let suffixes = [
        "issements", "issement", "ements", "ement", "ations", "ation", "ements", "euses", "euse", "ings", "ing",
        "ees", "ies", "ied", "ers", "er", "ez", "es", "ed", "ee", "ly", "s", "x", "e",
    ]

    // MARK: Cross-validation

    /// K-fold cross-validation over the examples (stratified by position in each label's list):
    /// the share of held-back examples whose best label is their own.
    public static func crossValidate(_ examples: [Example], folds: Int, stopwords: Set<String> = [],
                                     weights: FeatureWeights = .init()) -> (accuracy: Double, count: Int, confused: [String: Int]) {
        var position: [String: Int] = [:]
        let fold = examples.map { e -> Int in
            let p = position[e.label, default: 0]
            position[e.label] = p + 1
            return p % folds
        }
        var right = 0, total = 0
        var confused: [String: Int] = [:]
        for k in 0..<folds {
            let train = zip(examples, fold).filter { $0.1 != k }.map(\.0)
            let model = Classifier(train, stopwords: stopwords, weights: weights)
            for (e, f) in zip(examples, fold) where f == k {
                total += 1
                let best = model.scores(PreparedInput(e.text)).first?.label
                if best == e.label { right += 1 } else { confused["\(e.label) → \(best ?? "none")", default: 0] += 1 }
            }
        }
        return (total == 0 ? 0 : Double(right) / Double(total), total, confused)
    }
}

/// Lists of (item, weight) per feature, laid out in one array each (compressed sparse rows): one
/// allocation instead of one per feature, and a message's features are read from contiguous memory.
struct Postings: Sendable, Equatable {
    /// Feature f's entries are at `starts[f]..<starts[f + 1]`.
    let starts: [Int]
    let items: [Int32]
    let weights: [Double]

    func range(_ feature: Int32) -> Range<Int> { starts[Int(feature)]..<starts[Int(feature) + 1] }

    /// Fills the lists in the order entries are added, knowing each list's length beforehand.
    struct Builder {
        var starts: [Int]
        var cursor: [Int]
        var items: [Int32]
        var weights: [Double]

        init(counts: [Int]) {
            var starts = [Int](repeating: 0, count: counts.count + 1)
            for (f, n) in counts.enumerated() { starts[f + 1] = starts[f] + n }
            self.starts = starts
            cursor = Array(starts.dropLast())
            items = [Int32](repeating: 0, count: starts.last!)
            weights = [Double](repeating: 0, count: starts.last!)
        }

        mutating func add(_ feature: Int32, _ item: Int32, _ weight: Double) {
            let k = cursor[Int(feature)]
            items[k] = item
            weights[k] = weight
            cursor[Int(feature)] = k + 1
        }

        var done: Postings { Postings(starts: starts, items: items, weights: weights) }
    }
}
