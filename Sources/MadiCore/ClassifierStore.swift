/// A trained classifier kept between runs, so that a process does not train it again from the
/// same examples: training is most of the time to understand a first message (tens of
/// milliseconds), reading it back a few. The engine stays pure: a front hands it a store
/// (`madi chat`, `jsonl` and `serve` keep it in a file, see MadiApp's `CacheFiles`), and the
/// engine asks it for the classifier of its examples, by key, before training.
public protocol ClassifierStore: Sendable {
    /// The bytes saved under `key`, if any.
    func load(key: UInt64) -> [UInt8]?
    /// Keeps `bytes` under `key` (a store may fail silently: the classifier is trained again).
    func save(_ bytes: [UInt8], key: UInt64)
}

extension Classifier {
    /// The key of the classifier trained from these examples, stopwords and weights, with this
    /// layout of its bytes: any change to one of them is another key.
    public static func storeKey(_ examples: [Example], stopwords: Set<String>, weights: FeatureWeights) -> UInt64 {
        var h = Hash("classifier")
        h.mix(UInt64(Trained.layout))
        for s in [weights.words, weights.pairs, weights.characters] { h.mix(s.bitPattern) }
        for w in stopwords.sorted() { h = h.adding(w) }
        for (typed, word) in chatSpellings.sorted(by: { $0.key < $1.key }) { h = h.adding(typed).adding(word) }
        h.mix(0x1_0000)
        for e in examples { h = h.adding(e.label).adding(e.language).adding(e.text) }
        return h.value
    }

    /// What training computes, as arrays: what a store keeps.
    struct Trained: Equatable {
        /// The bytes' layout; changed whenever what is written changes.
        static let layout: UInt32 = 1
        var labels: [String]
        var featureKeys: [UInt64]
        var featureIds: [Int32]
        var idf: [Double]
        var postings: Postings
        var exampleLabels: [Int32]
        var centroidPostings: Postings
    }

    var trained: Trained {
        let pairs = features.sorted { $0.value < $1.value }
        return Trained(labels: labels, featureKeys: pairs.map(\.key), featureIds: pairs.map(\.value), idf: idf,
                       postings: postings, exampleLabels: exampleLabels, centroidPostings: centroidPostings)
    }

    /// The classifier read back from a store: the same scores as the one trained.
    convenience init(trained t: Trained, stopwords: Set<String>, weights: FeatureWeights) {
        var features: [UInt64: Int32] = [:]
        features.reserveCapacity(t.featureKeys.count)
        for (k, id) in zip(t.featureKeys, t.featureIds) { features[k] = id }
        self.init(labels: t.labels, features: features, idf: t.idf, postings: t.postings, exampleLabels: t.exampleLabels,
                  centroidPostings: t.centroidPostings, stopwords: stopwords, weights: weights)
    }

    /// The classifier of `examples`: read from `store` under its key when it is there and whole,
    /// else trained (and saved there).
    public static func make(_ examples: [Example], stopwords: Set<String>, weights: FeatureWeights = .init(),
                            store: (any ClassifierStore)?) -> Classifier {
        guard let store else { return Classifier(examples, stopwords: stopwords, weights: weights) }
        let key = storeKey(examples, stopwords: stopwords, weights: weights)
        if let bytes = store.load(key: key), let t = Trained(bytes: bytes, key: key),
           t.exampleLabels.count == examples.count {
            return Classifier(trained: t, stopwords: stopwords, weights: weights)
        }
        let c = Classifier(examples, stopwords: stopwords, weights: weights)
        store.save(c.trained.bytes(key: key), key: key)
        return c
    }
}

extension Classifier.Trained {
    static let magic: [UInt8] = Array("MADICLS".utf8)

    /// Little-endian: the magic, the layout, the key, then each array as its count and its items.
    func bytes(key: UInt64) -> [UInt8] {
        var w = ByteWriter()
        w.bytes(Self.magic)
        w.u32(Self.layout)
        w.u64(key)
        w.u32(UInt32(labels.count))
        for l in labels { w.string(l) }
        w.array(featureKeys)
        w.array(featureIds)
        w.array(idf.map(\.bitPattern))
        for p in [postings, centroidPostings] {
            w.array(p.starts.map { Int64($0) })
            w.array(p.items)
            w.array(p.weights.map(\.bitPattern))
        }
        w.array(exampleLabels)
        return w.out
    }

    /// Nil unless the bytes are whole, of this layout and for this key, and their arrays agree.
    init?(bytes: [UInt8], key: UInt64) {
        var r = ByteReader(bytes)
        guard r.take(Self.magic.count).map(Array.init) == Self.magic, r.u32() == Self.layout, r.u64() == key, let n = r.u32() else { return nil }
        var labels: [String] = []
        for _ in 0..<n {
            guard let l = r.string() else { return nil }
            labels.append(l)
        }
        guard let keys: [UInt64] = r.array(), let ids: [Int32] = r.array(), let idf: [UInt64] = r.array(),
              let ps: [Int64] = r.array(), let pi: [Int32] = r.array(), let pw: [UInt64] = r.array(),
              let cs: [Int64] = r.array(), let ci: [Int32] = r.array(), let cw: [UInt64] = r.array(),
              let exampleLabels: [Int32] = r.array(), r.atEnd else { return nil }
        // (Consistent, so that no read goes out of bounds: every id, start and label in range.)
        let features = keys.count
        guard ids.count == features, idf.count == features, ps.count == features + 1, cs.count == features + 1,
              pi.count == pw.count, ci.count == cw.count, ps.first == 0, cs.first == 0,
              ps.last == Int64(pi.count), cs.last == Int64(ci.count),
              zip(ps, ps.dropFirst()).allSatisfy({ $0 <= $1 }), zip(cs, cs.dropFirst()).allSatisfy({ $0 <= $1 }),
              ids.allSatisfy({ $0 >= 0 && Int($0) < features }), Set(ids).count == features,
              pi.allSatisfy({ $0 >= 0 && Int($0) < exampleLabels.count }), ci.allSatisfy({ $0 >= 0 && Int($0) < labels.count }),
              exampleLabels.allSatisfy({ $0 >= 0 && Int($0) < labels.count }) else { return nil }
        self.labels = labels
        featureKeys = keys
        featureIds = ids
        self.idf = idf.map(Double.init(bitPattern:))
        postings = Postings(starts: ps.map { Int($0) }, items: pi, weights: pw.map(Double.init(bitPattern:)))
        self.exampleLabels = exampleLabels
        centroidPostings = Postings(starts: cs.map { Int($0) }, items: ci, weights: cw.map(Double.init(bitPattern:)))
    }
}

/// Fixed-width integers, little-endian.
protocol StoredInteger: FixedWidthInteger {}
extension UInt64: StoredInteger {}
extension Int64: StoredInteger {}
extension Int32: StoredInteger {}
extension UInt32: StoredInteger {}

struct ByteWriter {
    var out: [UInt8] = []
    mutating func bytes(_ b: [UInt8]) { out += b }
    mutating func int<T: StoredInteger>(_ v: T) {
        withUnsafeBytes(of: v.littleEndian) { out += $0 }
    }
    mutating func u32(_ v: UInt32) { int(v) }
    mutating func u64(_ v: UInt64) { int(v) }
    mutating func string(_ s: String) {
        u32(UInt32(s.utf8.count))
        out += s.utf8
    }
    mutating func array<T: StoredInteger>(_ a: [T]) {
        u64(UInt64(a.count))
        if 1.littleEndian == 1 {
            a.withUnsafeBytes { out += $0 }
        } else {
            for v in a { int(v) }
        }
    }
}

struct ByteReader {
    let data: [UInt8]
    var at = 0
    init(_ data: [UInt8]) { self.data = data }
    var atEnd: Bool { at == data.count }
    mutating func take(_ n: Int) -> ArraySlice<UInt8>? {
        guard n >= 0, data.count - at >= n else { return nil }
        defer { at += n }
        return data[at..<(at + n)]
    }
    mutating func int<T: StoredInteger>() -> T? {
        guard let b = take(MemoryLayout<T>.size) else { return nil }
        var v = T.zero
        withUnsafeMutableBytes(of: &v) { $0.copyBytes(from: b) }
        return T(littleEndian: v)
    }
    mutating func u32() -> UInt32? { int() }
    mutating func u64() -> UInt64? { int() }
    mutating func string() -> String? {
        guard let n = u32(), let b = take(Int(n)) else { return nil }
        return String(validating: b, as: UTF8.self)
    }
    mutating func array<T: StoredInteger>() -> [T]? {
        guard let n = u64(), n <= UInt64(data.count - at) / UInt64(MemoryLayout<T>.size),
              let b = take(Int(n) * MemoryLayout<T>.size) else { return nil }
        var a = [T](repeating: .zero, count: Int(n))
        a.withUnsafeMutableBytes { $0.copyBytes(from: b) }
        // (Little-endian on disk: as is on a little-endian machine, swapped on a big-endian one.)
        if 1.littleEndian != 1 { for i in a.indices { a[i] = T(littleEndian: a[i]) } }
        return a
    }
}
