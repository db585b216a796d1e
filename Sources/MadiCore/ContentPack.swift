/// Loaded content kept as bytes between runs, so that a process does not parse and validate the
/// same YAML again: that is most of the time from start to the first reply (about twenty
/// milliseconds), reading the bytes back one or two. A front keeps them in a file (see MadiApp's
/// `CacheFiles`) under the key of the files they were loaded from: any change to a file, to the
/// layout of the bytes or to the program that reads them is another key, and the
/// content is read from the YAML and checked again. Only content that passed every check is
/// written, so the bytes of a key are content that loads.
public enum ContentPack {
    /// The bytes' layout; changed whenever what is written changes.
    static let layout: UInt32 = 2
    static let magic: [UInt8] = Array("MADICNT".utf8)

    /// The key of the content loaded from `files` (relative path → text) by the program that
    /// `program` identifies (its build: the rules that read the files may change with it).
    public static func key(files: [String: String], program: [UInt64]) -> UInt64 {
        var h = Classifier.Hash("content")
        h.mix(UInt64(layout))
        for p in program { h.mix(p) }
        for name in files.keys.sorted() { h = h.adding(name).adding(files[name]!) }
        return h.value
    }

    /// Little-endian: the magic, the layout, the key, a checksum of what follows, then the content.
    public static func bytes(_ content: Content, key: UInt64) -> [UInt8] {
        var p = Packer()
        p.content(content)
        var w = ByteWriter()
        w.bytes(magic)
        w.u32(layout)
        w.u64(key)
        w.u64(checksum(p.w.out[...]))
        w.bytes(p.w.out)
        return w.out
    }

    /// The content written by `bytes(_:key:)` for this key; nil when the bytes are of another key
    /// or layout, cut short or damaged.
    public static func content(_ bytes: [UInt8], key: UInt64) -> Content? {
        var r = ByteReader(bytes)
        guard r.take(magic.count).map(Array.init) == magic, r.u32() == layout, r.u64() == key, let sum = r.u64(),
              checksum(bytes[r.at...]) == sum else { return nil }
        var u = Unpacker(r: r)
        guard let content = try? u.content(), u.r.atEnd else { return nil }
        return content
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var h = Classifier.Hash("bytes")
        // (Eight bytes at a time: the whole file is summed at each start.)
        bytes.withUnsafeBytes { raw in
            var at = 0
            while at + 8 <= raw.count {
                h.mix(raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                at += 8
            }
            while at < raw.count { h.mix(UInt64(raw[at])); at += 1 }
        }
        return h.value
    }
}

// MARK: - Writing

struct Packer {
    var w = ByteWriter()

    mutating func int(_ v: Int) { w.int(Int64(v)) }
    mutating func bool(_ v: Bool) { w.out.append(v ? 1 : 0) }
    mutating func string(_ s: String) { w.string(s) }
    mutating func optional<T>(_ v: T?, _ write: (inout Packer, T) -> Void) {
        guard let v else { return bool(false) }
        bool(true)
        write(&self, v)
    }
    mutating func list<T>(_ a: [T], _ write: (inout Packer, T) -> Void) {
        int(a.count)
        for x in a { write(&self, x) }
    }
    /// Keys in order, so that the same content is the same bytes.
    mutating func map<T>(_ d: [String: T], _ write: (inout Packer, T) -> Void) {
        int(d.count)
        for k in d.keys.sorted() {
            string(k)
            write(&self, d[k]!)
        }
    }
    mutating func strings(_ a: [String]) { list(a) { $0.string($1) } }
    mutating func localized(_ d: Localized) { map(d) { $0.string($1) } }
    mutating func localizedList(_ d: LocalizedList) { map(d) { $0.strings($1) } }
    mutating func line(_ l: Int?) { optional(l) { $0.int($1) } }

    mutating func content(_ c: Content) {
        strings(c.languages)
        string(c.defaultLanguage)
        string(c.start)
        list(c.steps) { $0.step($1) }
        bool(c.catalogue.exampleValues)
        list(c.catalogue.courses) { $0.course($1) }
        string(c.strings.defaultLanguage)
        map(c.strings.table) { p, entries in
            p.map(entries) { p, e in
                p.string(e.text)
                p.line(e.line)
            }
        }
        list(c.faq) { $0.faq($1) }
        list(c.commands) { p, m in
            p.string(m.command.rawValue)
            p.localizedList(m.phrases)
        }
        map(c.lexicon) { $0.lexicon($1) }
        // (Thousands of examples share a few labels and languages: each written once, then its index.)
        var labels: [String: Int] = [:], languages: [String: Int] = [:]
        for e in c.examples {
            if labels[e.label] == nil { labels[e.label] = labels.count }
            if languages[e.language] == nil { languages[e.language] = languages.count }
        }
        strings(labels.sorted { $0.value < $1.value }.map(\.key))
        strings(languages.sorted { $0.value < $1.value }.map(\.key))
        list(c.examples) { p, e in
            p.int(labels[e.label]!)
            p.int(languages[e.language]!)
            p.string(e.text)
            p.line(e.line)
        }
    }

    mutating func next(_ n: Next?) {
        optional(n) { p, n in
            p.list(n.rules) { p, t in
                p.localizedList(t.when)
                p.string(t.goto)
                p.line(t.line)
            }
        }
    }

    mutating func step(_ s: Step) {
        string(s.id)
        string(s.prompt)
        string(s.kind.rawValue)
        switch s.detail {
        case let .choice(c):
            list(c.options) { $0.option($1) }
            bool(c.aspiration)
            bool(c.navigation)
            bool(c.prefill)
            localizedList(c.cues)
            bool(c.prefillNeedsCue)
            localizedList(c.notAfter)
            bool(c.personal)
        case let .number(n):
            optional(n.min) { $0.int($1) }
            optional(n.max) { $0.int($1) }
        case let .text(t):
            optional(t.max) { $0.int($1) }
        case let .consent(c):
            string(c.version)
        case let .recommend(r):
            optional(r.quoteWhen) { $0.localizedList($1) }
        case .yesNo, .email, .courses, .end:
            break
        }
        next(s.next)
        next(s.yes)
        next(s.no)
        next(s.decline)
        optional(s.field) { $0.string($1) }
        localizedList(s.names)
        line(s.line)
    }

    mutating func option(_ o: AnswerOption) {
        string(o.id)
        localized(o.label)
        localizedList(o.synonyms)
        map(o.weights) { $0.int($1) }
        optional(o.cap) { $0.string($1) }
        next(o.next)
        localized(o.reason)
        optional(o.months) { $0.int($1) }
        localizedList(o.prevails)
        line(o.line)
    }

    mutating func course(_ c: Course) {
        string(c.id)
        string(c.name)
        int(c.order)
        localized(c.level)
        int(c.price)
        string(c.currency)
        localized(c.duration)
        strings(c.formats)
        strings(c.sessions)
        list(c.sessionDays) { p, d in
            p.int(d.year)
            p.int(d.month)
            p.int(d.day)
        }
        localized(c.prerequisites)
        localizedList(c.outcomes)
        localized(c.summary)
        localizedList(c.synonyms)
        localizedList(c.notAfter)
        localizedList(c.notBefore)
        line(c.line)
    }

    mutating func faq(_ f: FAQEntry) {
        string(f.id)
        localizedList(f.keywords)
        string(f.scope.rawValue)
        string(f.answer)
        optional(f.answerLast) { $0.string($1) }
        bool(f.keep)
        bool(f.needsCourse)
        localizedList(f.notBefore)
        localizedList(f.notAfter)
        line(f.line)
    }

    mutating func lexicon(_ l: Lexicon) {
        for path in Lexicon.countPaths { map(l[keyPath: path]) { $0.int($1) } }
        for path in Lexicon.wordPaths { strings(l[keyPath: path]) }
    }
}

extension Lexicon {
    /// Every list of words, in the order they are written as bytes (a field missing here would be
    /// lost from the bytes: a test counts the fields).
    static let wordPaths: [WritableKeyPath<Lexicon, [String]> & Sendable] = [
        \.yes, \.no, \.fillers, \.months, \.names, \.negations, \.hedges, \.rangeWords, \.rangeOpeners, \.people,
        \.groupOpeners, \.ordinals, \.politeness, \.selfOnly, \.plusSelf, \.clauseJoiners, \.stopwords,
        \.questionOpeners, \.callWords, \.mailWords, \.spamWords, \.nameLeadIns, \.selfIntros, \.looseSelfIntros,
        \.notNames, \.correctionCues, \.noteRequests, \.rankWords, \.choiceWords, \.interestWords, \.monthLeadIns,
        \.forOthers, \.goodbyes, \.mixedWords, \.bothWords, \.relatives, \.vagueWords, \.unsureWords,
        \.withdrawRequests, \.addressWords, \.eraseWords, \.rejoinRequests, \.languageRequests, \.companyWords,
        \.changeWords, \.atWords, \.dotWords, \.dashWords, \.underscoreWords, \.addressOpeners,
    ]
    /// Every table of words to numbers.
    static let countPaths: [WritableKeyPath<Lexicon, [String: Int]> & Sendable] = [\.numbers, \.approximations, \.seasons]
}

// MARK: - Reading

struct Unpacker {
    struct Damaged: Error {}
    var r: ByteReader

    mutating func int() throws -> Int {
        guard let v: Int64 = r.int() else { throw Damaged() }
        return Int(v)
    }
    mutating func bool() throws -> Bool {
        guard let b = r.take(1)?.first, b <= 1 else { throw Damaged() }
        return b == 1
    }
    mutating func string() throws -> String {
        guard let n = r.u32(), let b = r.take(Int(n)) else { throw Damaged() }
        // (The bytes were checked whole by their checksum, and were valid text when written.)
        return String(decoding: b, as: UTF8.self)
    }
    /// A count no larger than the bytes left (each item takes at least one).
    mutating func count() throws -> Int {
        let n = try int()
        guard n >= 0, n <= r.data.count - r.at else { throw Damaged() }
        return n
    }
    mutating func optional<T>(_ read: (inout Unpacker) throws -> T) throws -> T? {
        try bool() ? read(&self) : nil
    }
    mutating func list<T>(_ read: (inout Unpacker) throws -> T) throws -> [T] {
        let n = try count()
        var a: [T] = []
        a.reserveCapacity(n)
        for _ in 0..<n { a.append(try read(&self)) }
        return a
    }
    mutating func map<T>(_ read: (inout Unpacker) throws -> T) throws -> [String: T] {
        let n = try count()
        var d: [String: T] = [:]
        d.reserveCapacity(n)
        for _ in 0..<n {
            let k = try string()
            d[k] = try read(&self)
        }
        return d
    }
    mutating func strings() throws -> [String] { try list { try $0.string() } }
    mutating func localized() throws -> Localized { try map { try $0.string() } }
    mutating func localizedList() throws -> LocalizedList { try map { try $0.strings() } }
    mutating func line() throws -> Int? { try optional { try $0.int() } }

    mutating func content() throws -> Content {
        let languages = try strings()
        let defaultLanguage = try string()
        let start = try string()
        let steps = try list { try $0.step() }
        let exampleValues = try bool()
        let courses = try list { try $0.course() }
        let stringsDefault = try string()
        let table = try map { u in
            try u.map { u in Strings.Entry(text: try u.string(), line: try u.line()) }
        }
        let faq = try list { try $0.faq() }
        let commands = try list { u in
            guard let name = CommandName(rawValue: try u.string()) else { throw Damaged() }
            return CommandPhrase(command: name, phrases: try u.localizedList())
        }
        let lexicon = try map { try $0.lexicon() }
        let labels = try strings(), exampleLanguages = try strings()
        func pick(_ names: [String], _ i: Int) throws -> String {
            guard names.indices.contains(i) else { throw Damaged() }
            return names[i]
        }
        let examples = try list { u in
            let label = try pick(labels, try u.int()), language = try pick(exampleLanguages, try u.int())
            return Classifier.Example(label: label, text: try u.string(), language: language, line: try u.line())
        }
        return Content(languages: languages, defaultLanguage: defaultLanguage, start: start, steps: steps,
                       catalogue: Catalogue(exampleValues: exampleValues, courses: courses),
                       strings: Strings(defaultLanguage: stringsDefault, table: table), faq: faq, commands: commands,
                       lexicon: lexicon, examples: examples)
    }

    mutating func next() throws -> Next? {
        try optional { u in
            Next(rules: try u.list { u in
                Transition(when: try u.localizedList(), goto: try u.string(), line: try u.line())
            })
        }
    }

    mutating func step() throws -> Step {
        let id = try string()
        let prompt = try string()
        guard let kind = StepKind(rawValue: try string()) else { throw Damaged() }
        let detail: StepDetail
        switch kind {
        case .choice:
            detail = .choice(ChoiceStep(options: try list { try $0.option() }, aspiration: try bool(), navigation: try bool(),
                                        prefill: try bool(), cues: try localizedList(), prefillNeedsCue: try bool(),
                                        notAfter: try localizedList(), personal: try bool()))
        case .number: detail = .number(NumberStep(min: try optional { try $0.int() }, max: try optional { try $0.int() }))
        case .text: detail = .text(TextStep(max: try optional { try $0.int() }))
        case .consent: detail = .consent(ConsentStep(version: try string()))
        case .recommend: detail = .recommend(RecommendStep(quoteWhen: try optional { try $0.localizedList() }))
        case .yesNo: detail = .yesNo(YesNoStep())
        case .email: detail = .email(EmailStep())
        case .courses: detail = .courses(CoursesStep())
        case .end: detail = .end(EndStep())
        }
        return Step(id: id, prompt: prompt, detail: detail, next: try next(), yes: try next(), no: try next(),
                    decline: try next(), field: try optional { try $0.string() }, names: try localizedList(), line: try line())
    }

    mutating func option() throws -> AnswerOption {
        AnswerOption(id: try string(), label: try localized(), synonyms: try localizedList(), weights: try map { try $0.int() },
                     cap: try optional { try $0.string() }, next: try next(), reason: try localized(),
                     months: try optional { try $0.int() }, prevails: try localizedList(), line: try line())
    }

    mutating func course() throws -> Course {
        let id = try string(), name = try string(), order = try int(), level = try localized(), price = try int()
        let currency = try string(), duration = try localized(), formats = try strings(), sessions = try strings()
        let days = try list { u in
            guard let d = Day(year: try u.int(), month: try u.int(), day: try u.int()) else { throw Damaged() }
            return d
        }
        return Course(id: id, name: name, order: order, level: level, price: price, currency: currency, duration: duration,
                      formats: formats, sessions: sessions, sessionDays: days, prerequisites: try localized(),
                      outcomes: try localizedList(), summary: try localized(), synonyms: try localizedList(),
                      notAfter: try localizedList(), notBefore: try localizedList(), line: try line())
    }

    mutating func faq() throws -> FAQEntry {
        let id = try string(), keywords = try localizedList()
        guard let scope = FAQScope(rawValue: try string()) else { throw Damaged() }
        return FAQEntry(id: id, keywords: keywords, scope: scope, answer: try string(), answerLast: try optional { try $0.string() },
                        keep: try bool(), needsCourse: try bool(), notBefore: try localizedList(), notAfter: try localizedList(),
                        line: try line())
    }

    mutating func lexicon() throws -> Lexicon {
        var l = Lexicon(yes: [], no: [], numbers: [:], fillers: [], months: [], names: [], negations: [])
        for path in Lexicon.countPaths { l[keyPath: path] = try map { try $0.int() } }
        for path in Lexicon.wordPaths { l[keyPath: path] = try strings() }
        return l
    }
}
