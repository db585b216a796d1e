import Foundation
import Synchronization
import Testing
@testable import MadiCore

/// A store in memory that counts what it is asked.
final class MemoryClassifierStore: ClassifierStore {
    let saved = Mutex<[UInt64: [UInt8]]>([:])
    let loads = Atomic<Int>(0)
    func load(key: UInt64) -> [UInt8]? {
        loads.add(1, ordering: .relaxed)
        return saved.withLock { $0[key] }
    }
    func save(_ bytes: [UInt8], key: UInt64) { saved.withLock { $0[key] = bytes } }
}

@Suite("The trained classifier kept between runs")
struct ClassifierStoreTests {
    let examples = Shipped.content.examples
    let stop: Set<String> = ["le", "la", "the", "a"]

    static let messages = [
        "je veux automatiser mon travail", "i want to automate my work", "c'est combien ?", "on est une dizaine",
        "pas du tout, je débute", "mostly beginners tho i use chatgpt a bit", "t'es une IA ?", "zzzz qwerty",
    ]

    @Test func aClassifierReadBackScoresExactlyAsTheOneTrained() throws {
        let trained = Classifier(examples, stopwords: stop)
        let key = Classifier.storeKey(examples, stopwords: stop, weights: .init())
        let bytes = trained.trained.bytes(key: key)
        let back = try #require(Classifier.Trained(bytes: bytes, key: key))
        #expect(back == trained.trained)
        let read = Classifier(trained: back, stopwords: stop, weights: .init())
        for m in Self.messages {
            #expect(read.scores(PreparedInput(m)) == trained.scores(PreparedInput(m)), "\(m)")
        }
    }

    @Test func bytesCutShortOrForAnotherKeyOrLayoutAreRefused() {
        let small = Array(examples.prefix(300))
        let key = Classifier.storeKey(small, stopwords: stop, weights: .init())
        let bytes = Classifier(small, stopwords: stop).trained.bytes(key: key)
        #expect(Classifier.Trained(bytes: bytes, key: key) != nil)
        #expect(Classifier.Trained(bytes: bytes, key: key &+ 1) == nil)
        #expect(Classifier.Trained(bytes: Array(bytes.dropLast()), key: key) == nil)
        #expect(Classifier.Trained(bytes: bytes + [0], key: key) == nil)
        #expect(Classifier.Trained(bytes: [], key: key) == nil)
        var layout = bytes
        layout[7] ^= 0xFF // the layout's first byte, after the seven of the magic
        #expect(Classifier.Trained(bytes: layout, key: key) == nil)
        // An id out of range anywhere in the arrays: refused, not read out of bounds.
        var broken = bytes
        for i in stride(from: bytes.count - 4, to: bytes.count, by: 1) { broken[i] = 0x7F }
        #expect(Classifier.Trained(bytes: broken, key: key) == nil)
    }

    @Test func theKeyChangesWithTheExamplesTheStopwordsAndTheWeights() {
        let base = Classifier.storeKey(examples, stopwords: stop, weights: .init())
        var changed = examples
        changed[0].text += "!"
        #expect(Classifier.storeKey(changed, stopwords: stop, weights: .init()) != base)
        #expect(Classifier.storeKey(examples, stopwords: stop.union(["de"]), weights: .init()) != base)
        var w = Classifier.FeatureWeights()
        w.pairs = 0.6
        #expect(Classifier.storeKey(examples, stopwords: stop, weights: w) != base)
        #expect(Classifier.storeKey(examples, stopwords: stop, weights: .init()) == base)
    }

    @Test func anEngineTrainsOnceAndThenReadsWhatItKept() throws {
        let store = MemoryClassifierStore()
        let first = Engine(content: Shipped.content, classifierStore: store).understanding
        #expect(store.saved.withLock { $0.count } == 1)
        let second = Engine(content: Shipped.content, classifierStore: store).understanding
        #expect(store.loads.load(ordering: .relaxed) == 2)
        for m in Self.messages {
            #expect(first.classifier.scores(PreparedInput(m)) == second.classifier.scores(PreparedInput(m)), "\(m)")
        }
        // A store holding something else under the key: trained again, and replaced.
        store.saved.withLock { for k in $0.keys { $0[k] = [1, 2, 3] } }
        let third = Engine(content: Shipped.content, classifierStore: store).understanding
        #expect(third.classifier.scores(PreparedInput("c'est combien ?")) == first.classifier.scores(PreparedInput("c'est combien ?")))
        #expect(store.saved.withLock { $0.values.allSatisfy { $0.count > 3 } })
    }
}
