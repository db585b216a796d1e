// madi-bench: measures the engine, the JSON-lines front, start-up, memory and lead writes, and
// prints one table (or, with --json, the same figures as JSON). Build it in release:
//
//     swift run -c release madi-bench [--json] [--conversations 10000] [--sessions 100000]
//
// It drives the `madi` binary built next to it for the process figures.
import Foundation
import MadiApp
import MadiCore
import MadiJSON
import MadiProtocol
import MadiScenarios
import MadiStore

// MARK: - Options

let args = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, _ def: Int) -> Int {
    guard let i = args.firstIndex(of: name), i + 1 < args.count, let v = Int(args[i + 1]) else { return def }
    return v
}
if args.contains("--help") || args.contains("-h") {
    print("""
    usage: madi-bench [--json] [--engine-only] [--by-step] [--profile-step S] [--conversations N] [--sessions N] [--interleaved N] [--leads N] [--startups N] [--dialogues DIR] [--madi PATH] [--only memory]
      --only memory    only the memory figure (resident size and bytes per live session), nothing else
      --by-step        also the engine's p50/p99 per turn for each step the turn answers (on stderr)
      --conversations  scripted conversations for the engine and JSON-lines figures (default 10000)
      --sessions       live sessions for the memory figure (default 100000)
      --interleaved    sessions in flight at once for the reply latency (default 1000)
      --leads          durable lead writes (default 500)
      --startups       spawns for the start-up median (default 20)
      --profile-step S the engine's turns at step S through profiledTurn (for callgrind)
      --madi           the madi binary to spawn (default: the one beside madi-bench)
    """)
    exit(0)
}
let asJSON = args.contains("--json")
/// Only the in-process figures (for a profiler such as valgrind's callgrind).
let engineOnly = args.contains("--engine-only")
let byStep = args.contains("--by-step")
/// `--only memory`: the memory figure alone (it is the noisiest, so it is run several times).
let memoryOnly: Bool = {
    guard let i = args.firstIndex(of: "--only") else { return false }
    guard i + 1 < args.count, args[i + 1] == "memory" else {
        FileHandle.standardError.write(Data("madi-bench: --only takes 'memory'\n".utf8))
        exit(2)
    }
    return true
}()
/// The turns at this step go through `profiledTurn`, for a profiler to count them alone
/// (`valgrind --tool=callgrind --toggle-collect='*profiledTurn*'`).
let profileStep: String? = args.firstIndex(of: "--profile-step").flatMap { $0 + 1 < args.count ? args[$0 + 1] : nil }
let conversations = option("--conversations", 10_000)
let liveSessions = option("--sessions", 100_000)
let leadWrites = option("--leads", 500)
let interleaved = option("--interleaved", 1000)
let startups = option("--startups", 20)
let dialogues: String = {
    if let i = args.firstIndex(of: "--dialogues"), i + 1 < args.count { return args[i + 1] }
    return DialoguesDirectory.resolve(nil)
}()
let madiBinary: String = {
    if let i = args.firstIndex(of: "--madi"), i + 1 < args.count { return args[i + 1] }
    return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("madi").path
}()

func note(_ s: String) { FileHandle.standardError.write(Data(("madi-bench: " + s + "\n").utf8)) }

let content: Content
let loadStarted = DispatchTime.now().uptimeNanoseconds
do { content = try DialoguesDirectory.load(dialogues) } catch {
    note("cannot load \(dialogues): \(error)")
    exit(2)
}
let loadMs = Double(DispatchTime.now().uptimeNanoseconds - loadStarted) / 1e6
let engineStarted = DispatchTime.now().uptimeNanoseconds
let engine = Engine(content: content)
let engineSyncMs = Double(DispatchTime.now().uptimeNanoseconds - engineStarted) / 1e6 // what the first turn waits for
_ = engine.understanding // the index is built in the background: wait for it, to time it
let engineMs = Double(DispatchTime.now().uptimeNanoseconds - engineStarted) / 1e6
// The same, with the trained classifier read back from a store (as `madi` does from its cache
// file after the first run): the bytes kept in memory, so that the figure leaves the disk out.
final class BytesStore: ClassifierStore, @unchecked Sendable {
    var bytes: [UInt64: [UInt8]] = [:]
    func load(key: UInt64) -> [UInt8]? { bytes[key] }
    func save(_ b: [UInt8], key: UInt64) { bytes[key] = b }
}
let bytesStore = BytesStore()
_ = Engine(content: content, classifierStore: bytesStore).understanding
let cachedStarted = DispatchTime.now().uptimeNanoseconds
_ = Engine(content: content, classifierStore: bytesStore).understanding
let cachedMs = Double(DispatchTime.now().uptimeNanoseconds - cachedStarted) / 1e6
// The content read back from its bytes (as `madi` does from its cache file when the Dialogues
// did not change since the last run), the file's reading left out.
let packedContent = ContentPack.bytes(content, key: 1)
let unpackStarted = DispatchTime.now().uptimeNanoseconds
guard ContentPack.content(packedContent, key: 1) != nil else { fatalError("the content's bytes do not read back") }
let unpackMs = Double(DispatchTime.now().uptimeNanoseconds - unpackStarted) / 1e6
let today = Day(iso: "2026-11-21")!

// MARK: - Scripts: every persona path through to a lead

/// One conversation as the texts a prospect types: every combination of answers (madi paths),
/// typed as synonyms, in both languages, then "interested", an e-mail and consent.
struct Script {
    var language: String
    var inputs: [String]
    /// The same conversation with consent refused at the end: as many turns, no lead.
    var withoutLead: Script {
        var s = self
        s.inputs[s.inputs.count - 1] = language == "fr" ? "non" : "no"
        return s
    }
}

func scripts(_ count: Int) -> [Script] {
    let rows = PathEnumerator.enumerate(content)
    var out: [Script] = []
    var i = 0
    while out.count < count {
        let row = rows[i % rows.count]
        let lang = content.languages[(i / rows.count) % content.languages.count]
        var inputs = [lang == "fr" ? "oui" : "yes"]
        for a in row.answers {
            if a.option == "#" {
                inputs.append(content.step(a.step)?.field == "company" ? "ACME" : String(3 + i % 20))
            } else {
                let option = content.step(a.step)!.option(a.option)!
                inputs.append(option.synonyms[lang]?.first ?? option.label[lang]!)
            }
        }
        let quote = row.answers.contains { $0.step == "goal" && $0.option == "team" }
        inputs.append(lang == "fr" ? "je suis intéressé" : "interested")
        if quote { inputs.append("Société \(i)") }
        inputs.append("prospect\(i)@exemple-\(i % 97).fr")
        inputs.append(lang == "fr" ? "oui" : "yes")
        out.append(Script(language: lang, inputs: inputs))
        i += 1
    }
    return out
}

let allScripts = scripts(memoryOnly ? 0 : conversations)

// MARK: - Figures

struct Figure { var name: String; var value: Double; var unit: String; var target: String }
var figures: [Figure] = []
@MainActor func record(_ name: String, _ value: Double, _ unit: String, target: String = "") {
    figures.append(Figure(name: name, value: value, unit: unit, target: target))
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

if !memoryOnly {
    record("content load and validation (in process, first)", loadMs, "ms")
    record("the same, read back from its bytes (\(packedContent.count / 1024) KiB)", unpackMs, "ms")
    record("engine construction (before the first turn can run)", engineSyncMs, "ms")
    record("understanding built (matcher index and classifier, once, on first use)", engineMs, "ms")
    record("the same, the classifier read back from its bytes", cachedMs, "ms")
}

@inline(never)
func profiledTurn(_ session: Session, _ text: String, _ sink: LeadSink) -> Turn {
    Conversation.turn(engine, session, .text(text), leads: sink)
}

// Engine, in process, with leads in memory.
if !memoryOnly {
    note("engine: \(allScripts.count) conversations")
    let sink = MemoryLeadSink()
    var samples: [Double] = []
    samples.reserveCapacity(allScripts.count * 10)
    var saved = 0
    var stepSamples: [String: [Double]] = [:]
    let start = now()
    for script in allScripts {
        var t0 = now()
        var turn = Conversation.start(engine, language: script.language, source: "bench", today: today)
        samples.append(Double(now() - t0) / 1000)
        for text in script.inputs {
            let step = turn.session.step
            t0 = now()
            turn = step == profileStep ? profiledTurn(turn.session, text, sink) : Conversation.turn(engine, turn.session, .text(text), leads: sink)
            let us = Double(now() - t0) / 1000
            samples.append(us)
            if byStep { stepSamples[step, default: []].append(us) }
        }
        if turn.session.lead == .saved { saved += 1 }
    }
    let total = Double(now() - start) / 1e9
    samples.sort()
    if saved != allScripts.count { note("warning: \(saved) of \(allScripts.count) conversations ended in a lead") }
    record("engine turns per second", Double(samples.count) / total, "turns/s")
    record("engine p50 per turn", percentile(samples, 0.5), "µs")
    record("engine p99 per turn", percentile(samples, 0.99), "µs", target: "≤ 50 µs")
    for (step, list) in stepSamples.sorted(by: { $0.key < $1.key }) {
        let sorted = list.sorted()
        note(String(format: "engine at %@: %d turns, p50 %.1f µs, p99 %.1f µs", step, sorted.count,
                    percentile(sorted, 0.5), percentile(sorted, 0.99)))
    }
    record("engine conversations ending in a lead", Double(saved), "of \(allScripts.count)")
}

// Engine, in process, on messages as prospects type them: every conversation case of
// Dialogues/tests (their `user:` lines, free text), five times each.
if !memoryOnly {
    let dir = URL(fileURLWithPath: dialogues).appendingPathComponent("tests")
    var cases: [Scenario] = []
    for name in ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() where name.hasSuffix(".yaml") {
        guard let text = try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8) else { continue }
        cases += ScenarioLoader.parse(file: name, text: text).0.filter { !$0.usesAssistant }
    }
    if !cases.isEmpty, profileStep == nil {
        note("engine, free text: \(cases.count) conversation cases")
        var samples: [Double] = []
        var slowest: [(us: Double, step: String, text: String)] = []
        for round in 0..<5 {
            for c in cases {
                let sink = MemoryLeadSink()
                var turn = Conversation.start(engine, language: c.language, source: "bench", today: c.today)
                for case let (.user(text), _) in c.steps {
                    let step = turn.session.step
                    let t0 = now()
                    // (Through `profiledTurn` too: without `--profile-step`, a profiler counts these alone.)
                    turn = profiledTurn(turn.session, text, sink)
                    let us = Double(now() - t0) / 1000
                    samples.append(us)
                    if byStep, round == 4 { slowest.append((us, step, text)) }
                }
            }
        }
        for t in slowest.sorted(by: { $0.us > $1.us }).prefix(15) {
            note(String(format: "free text, slowest: %.0f µs at %@: %@", t.us, t.step, String(t.text.prefix(120))))
        }
        samples.sort()
        record("engine p50 per turn, the conversation cases' free text", percentile(samples, 0.5), "µs")
        record("engine p99 per turn, the conversation cases' free text", percentile(samples, 0.99), "µs")
    }
}

// The JSON-lines request lines for the scripts, interleaved across sessions.
func requestLines(_ scripts: [Script]) -> [String] {
    var lines: [String] = []
    let longest = scripts.map(\.inputs.count).max() ?? 0
    for (i, s) in scripts.enumerated() {
        lines.append(JSON.object([("id", .number(Double(i))), ("type", .string("start")), ("session", .string("b\(i)")),
                                  ("language", .string(s.language))]).serialized)
    }
    for step in 0..<longest {
        for (i, s) in scripts.enumerated() where step < s.inputs.count {
            lines.append(JSON.object([("id", .number(Double(i * 100 + step))), ("type", .string("say")),
                                      ("session", .string("b\(i)")), ("text", .string(s.inputs[step]))]).serialized)
        }
    }
    return lines
}

// The floor: decode each request and encode a reply of the same shape, with no engine: for each
// line, the reply the engine gives it (captured ahead, outside the timing), so that the floor
// writes the same messages, options and recommendations the engine path writes.
// (Separate functions, so that a profiler such as callgrind counts each pass on its own.)
@inline(never)
func floorPass(_ lines: [String], shapes: [(session: String, language: String, reply: Reply)]) -> Int {
    var bytes = 0
    for (i, line) in lines.enumerated() {
        let (id, result) = ProtocolV1.decode(Array(line.utf8))
        if case .success = result {
            var out: [UInt8] = [] // as the server writes a line
            let shape = shapes[i]
            ProtocolV1.reply(id: id, session: shape.session, language: shape.language, shape.reply).write(into: &out)
            bytes += out.count
        }
    }
    return bytes
}

/// The same lines with the engine between decoding and encoding. With `capture`, the replies are
/// kept (for the floor's shapes).
@inline(never)
func enginePass(_ lines: [String], capture: ((String, String, Reply) -> Void)? = nil) -> Int {
    var bytes = 0
    var sessions: [String: Session] = [:]
    let sink = MemoryLeadSink()
    for line in lines {
        let (id, result) = ProtocolV1.decode(Array(line.utf8))
        guard case let .success(req) = result else { continue }
        var out: [UInt8] = []
        switch req.kind {
        case let .start(sid?, language, _):
            let turn = Conversation.start(engine, language: language, source: "bench", today: today)
            sessions[sid] = turn.session
            capture?(sid, turn.session.language, turn.reply)
            ProtocolV1.reply(id: id, session: sid, language: turn.session.language, turn.reply).write(into: &out)
        case let .say(sid, text):
            let turn = Conversation.turn(engine, sessions[sid]!, .text(text), leads: sink)
            sessions[sid] = turn.session
            capture?(sid, turn.session.language, turn.reply)
            ProtocolV1.reply(id: id, session: sid, language: turn.session.language, turn.reply).write(into: &out)
        default: break
        }
        bytes += out.count
    }
    return bytes
}

let lines = requestLines(allScripts)
nonisolated(unsafe) var floorRate = 0.0
if !memoryOnly {
    note("floor: \(lines.count) lines")
    var shapes: [(session: String, language: String, reply: Reply)] = []
    shapes.reserveCapacity(lines.count)
    _ = enginePass(lines) { shapes.append(($0, $1, $2)) }
    let t0 = now()
    _ = floorPass(lines, shapes: shapes)
    let floorPerLine = Double(now() - t0) / 1000 / Double(lines.count)
    let t1 = now()
    _ = enginePass(lines)
    let withEngine = Double(now() - t1) / 1000 / Double(lines.count)
    record("floor: decode + encode per line", floorPerLine, "µs")
    record("floor: lines per second (one thread)", 1e6 / floorPerLine, "lines/s")
    floorRate = 1e6 / floorPerLine
    record("decode + engine + encode per line", withEngine, "µs")
    record("engine cost / floor", (withEngine - floorPerLine) / floorPerLine * 100, "%")
}

// MARK: - Processes

func spawn(_ arguments: [String], stderr: String? = nil) -> (Process, FileHandle, FileHandle) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: madiBinary)
    p.arguments = arguments
    let input = Pipe(), output = Pipe()
    p.standardInput = input
    p.standardOutput = output
    if let stderr {
        _ = FileManager.default.createFile(atPath: stderr, contents: nil)
        p.standardError = FileHandle(forWritingAtPath: stderr)
    } else {
        p.standardError = FileHandle.nullDevice
    }
    try! p.run()
    return (p, input.fileHandleForWriting, output.fileHandleForReading)
}

let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("madi-bench-\(getpid())")
// The processes spawned train their classifier as a fresh machine does (no cache kept between
// runs), except where the figure says it reads one.
setenv("MADI_CACHE_DIR", "off", 1)
try? FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: tmp) }

/// Counts lines read until `expected`, returning the seconds taken.
func drain(_ out: FileHandle, expected: Int) -> (Double, Int, Int) {
    var count = 0, saved = 0
    var pending = Data()
    let t0 = now()
    while count < expected {
        let d = out.availableData
        if d.isEmpty { break }
        pending.append(d)
        while let nl = pending.firstIndex(of: 0x0A) {
            let line = pending[pending.startIndex..<nl]
            if line.range(of: Data("\"lead\":\"saved\"".utf8)) != nil, line.range(of: Data("\"step\":\"done\"".utf8)) != nil { saved += 1 }
            pending.removeSubrange(pending.startIndex...nl)
            count += 1
        }
    }
    return (Double(now() - t0) / 1e9, count, saved)
}

/// Spawns madi with posix_spawn, writes `input` to its stdin, and reads its stdout until the first
/// line or its exit. Returns the milliseconds from the spawn to then, or nil when
/// nothing came. The child is reaped before returning, outside the time.
/// Milliseconds from spawning madi to its `lines`-th line of output (0: to the end of its output).
func timedSpawn(_ arguments: [String], input: String?, lines: Int) -> Double? {
    var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0]
    guard pipe(&inPipe) == 0, pipe(&outPipe) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    for fd in inPipe + outPipe { posix_spawn_file_actions_addclose(&actions, fd) }
    let argv = ([madiBinary] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let t0 = now()
    let spawned = posix_spawn(&pid, madiBinary, &actions, nil, argv, environ)
    close(inPipe[0]); close(outPipe[1])
    defer { close(outPipe[0]) }
    guard spawned == 0 else { close(inPipe[1]); return nil }
    if let input { _ = input.utf8CString.withUnsafeBufferPointer { write(inPipe[1], $0.baseAddress, $0.count - 1) } }
    var got = false
    var seen = 0
    var buffer = [UInt8](repeating: 0, count: 4096)
    reading: while true {
        let n = read(outPipe[0], &buffer, buffer.count)
        if n <= 0 { break }
        got = true
        seen += buffer[0..<n].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        if lines > 0, seen >= lines { break reading }
    }
    let elapsed = Double(now() - t0) / 1e6
    close(inPipe[1])
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return got ? elapsed : nil
}

/// Lines to a pipe, written by a thread of their own (the reader never blocks on a full pipe).
final class Outbox: @unchecked Sendable {
    private let cond = NSCondition()
    private var queue: [String] = []
    private var closed = false
    init(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                cond.lock()
                while queue.isEmpty && !closed { cond.wait() }
                let batch = queue
                queue.removeAll()
                let done = closed && batch.isEmpty
                cond.unlock()
                if done { try? handle.close(); return }
                handle.write(Data((batch.joined(separator: "\n") + "\n").utf8))
            }
        }.start()
    }
    func send(_ line: String) { cond.lock(); queue.append(line); cond.signal(); cond.unlock() }
    func close() { cond.lock(); closed = true; cond.signal(); cond.unlock() }
}

/// The integer id of a reply line (`"id":1234,`), without parsing the rest.
func replyId(_ line: ArraySlice<UInt8>) -> Int? {
    let key = Array(#""id":"#.utf8)
    guard let r = line.firstRange(of: key) else { return nil }
    var v = 0
    var i = r.upperBound
    var any = false
    while i < line.endIndex, line[i] >= 0x30, line[i] <= 0x39 { v = v * 10 + Int(line[i] - 0x30); i += 1; any = true }
    return any ? v : nil
}

if !engineOnly, FileManager.default.isExecutableFile(atPath: madiBinary) {
    // JSON-lines end to end: every conversation ends in a durable lead, then the same ones with
    // consent refused (as many turns, no lead).
    func jsonlRun(_ scripts: [Script], name: String) -> (rate: Double, saved: Int, transactions: Int, leads: Int) {
        let lines = requestLines(scripts)
        note("jsonl (\(name)): \(lines.count) lines, \(scripts.count) sessions")
        let db = tmp.appendingPathComponent("jsonl-\(name).sqlite").path
        let log = tmp.appendingPathComponent("jsonl-\(name).log").path
        let (p, input, out) = spawn(["jsonl", "--dialogues", dialogues, "--leads-db", db, "--max-sessions", String(scripts.count + 10),
                                     "--log-level", "info"], stderr: log)
        let payload = Data((lines.joined(separator: "\n") + "\n").utf8)
        if let dir = ProcessInfo.processInfo.environment["MADI_BENCH_KEEP"] { // to profile `madi jsonl` on the same input
            _ = FileManager.default.createFile(atPath: dir + "/jsonl-\(name).in", contents: payload)
        }
        let writer = Thread { input.write(payload); try? input.close() }
        writer.start()
        let (seconds, count, saved) = drain(out, expected: lines.count)
        p.waitUntilExit()
        // "madi: info: 10000 lead(s) committed in 812 transaction(s)"
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        var transactions = 0, leads = 0
        if let line = text.split(separator: "\n").first(where: { $0.contains("committed in") }) {
            let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            if numbers.count >= 2 { leads = numbers[0]; transactions = numbers[1] }
        }
        return (Double(count) / seconds, saved, transactions, leads)
    }
    if !memoryOnly {
        let with = jsonlRun(allScripts, name: "leads")
        let without = jsonlRun(allScripts.map(\.withoutLead), name: "no-leads")
        record("jsonl turns per second, a durable lead in every conversation", with.rate, "turns/s")
        record("jsonl leads saved", Double(with.saved), "of \(allScripts.count)")
        record("jsonl turns per second, no lead", without.rate, "turns/s")
        record("with leads / without", with.rate / without.rate * 100, "%", target: "≥ 60 %")
        if floorRate > 0 { record("jsonl without leads / JSON floor's rate", without.rate / floorRate * 100, "%", target: "≥ 70 %") }
        if with.leads > 0 {
            // Each transaction is one fsync of the write-ahead log (synchronous FULL); checkpoints add a few.
            record("lead transactions (fsyncs) per lead", Double(with.transactions) / Double(with.leads), "fsyncs/lead")
        }
    }
    // Reply latency as a client sees it: `interleaved` sessions at once, each sending its next
    // request as soon as its reply comes (leads durable).
    if !memoryOnly {
        let scripts = Array(allScripts.prefix(interleaved))
        note("latency: \(scripts.count) sessions interleaved")
        let (p, input, out) = spawn(["jsonl", "--dialogues", dialogues, "--leads-db", tmp.appendingPathComponent("lat.sqlite").path,
                                     "--max-sessions", String(scripts.count + 10)])
        let outbox = Outbox(input)
        var sentAt = [UInt64](repeating: 0, count: scripts.count)
        var next = [Int](repeating: 0, count: scripts.count)
        var samples: [Double] = []
        var open = scripts.count
        let t0 = now()
        for (i, s) in scripts.enumerated() {
            sentAt[i] = now()
            outbox.send(JSON.object([("id", .number(Double(i * 100))), ("type", .string("start")), ("session", .string("l\(i)")),
                                     ("language", .string(s.language))]).serialized)
        }
        var pending = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        let fd = out.fileDescriptor
        reading: while open > 0 {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            pending += buffer[0..<n]
            var start = 0
            while let nl = pending[start...].firstIndex(of: 0x0A) {
                let line = pending[start..<nl]
                start = nl + 1
                guard let id = replyId(line) else { continue }
                let i = id / 100
                samples.append(Double(now() - sentAt[i]) / 1e6)
                let step = next[i]
                if step < scripts[i].inputs.count {
                    next[i] += 1
                    sentAt[i] = now()
                    outbox.send(JSON.object([("id", .number(Double(i * 100 + step + 1))), ("type", .string("say")),
                                             ("session", .string("l\(i)")), ("text", .string(scripts[i].inputs[step]))]).serialized)
                } else {
                    open -= 1
                }
            }
            pending.removeFirst(start)
        }
        let seconds = Double(now() - t0) / 1e9
        outbox.close()
        p.waitUntilExit()
        samples.sort()
        record("reply latency p50, \(scripts.count) sessions interleaved", percentile(samples, 0.5), "ms")
        record("reply latency p99, \(scripts.count) sessions interleaved", percentile(samples, 0.99), "ms")
        record("turns per second, \(scripts.count) sessions interleaved", Double(samples.count) / seconds, "turns/s")
    }
    // Start-up to first reply.
    if !memoryOnly {
        note("start-up: \(startups) spawns")
        // Spawned with posix_spawn and raw pipes: Foundation's Process adds milliseconds of its own.
        var times: [Double] = []
        for _ in 0..<startups {
            if let ms = timedSpawn(["jsonl", "--dialogues", dialogues, "--leads-db", tmp.appendingPathComponent("s.sqlite").path],
                                   input: "{\"id\":1,\"type\":\"hello\"}\n", lines: 1) { times.append(ms) }
        }
        times.sort()
        // A session started and a first message in words at once: understanding is built after the
        // first reply, so this one may wait for it.
        var firstWords: [Double] = []
        for _ in 0..<startups {
            if let ms = timedSpawn(["jsonl", "--dialogues", dialogues, "--leads-db", tmp.appendingPathComponent("s.sqlite").path],
                                   input: "{\"id\":1,\"type\":\"start\",\"session\":\"a\"}\n{\"id\":2,\"type\":\"say\",\"session\":\"a\",\"text\":\"je veux automatiser mon travail\"}\n",
                                   lines: 2) { firstWords.append(ms) }
        }
        firstWords.sort()
        // The same, with the trained classifier kept by an earlier run (one spawn writes it first).
        let cache = tmp.appendingPathComponent("classifier-cache").path
        setenv("MADI_CACHE_DIR", cache, 1)
        var firstWordsCached: [Double] = []
        for i in 0...startups {
            if let ms = timedSpawn(["jsonl", "--dialogues", dialogues, "--leads-db", tmp.appendingPathComponent("s.sqlite").path],
                                   input: "{\"id\":1,\"type\":\"start\",\"session\":\"a\"}\n{\"id\":2,\"type\":\"say\",\"session\":\"a\",\"text\":\"je veux automatiser mon travail\"}\n",
                                   lines: 2), i > 0 { firstWordsCached.append(ms) }
        }
        // Start-up to first reply with the content kept by the runs above (the usual start: the
        // Dialogues did not change since the last one).
        var timesCached: [Double] = []
        for _ in 0..<startups {
            if let ms = timedSpawn(["jsonl", "--dialogues", dialogues, "--leads-db", tmp.appendingPathComponent("s.sqlite").path],
                                   input: "{\"id\":1,\"type\":\"hello\"}\n", lines: 1) { timesCached.append(ms) }
        }
        timesCached.sort()
        setenv("MADI_CACHE_DIR", "off", 1)
        firstWordsCached.sort()
        // The same spawns running nothing but `madi --version`: what any process costs here.
        var bare: [Double] = []
        for _ in 0..<startups {
            if let ms = timedSpawn(["--version"], input: nil, lines: 0) { bare.append(ms) }
        }
        bare.sort()
        record("start-up to first reply, content kept from an earlier run (median)", percentile(timesCached, 0.5), "ms", target: "< 20 ms")
        record("start-up to first reply, the first run on new content (median)", percentile(times, 0.5), "ms")
        record("start-up to the reply to a first message in words (median)", percentile(firstWords, 0.5), "ms")
        record("the same, with the content and trained classifier kept from an earlier run (median)", percentile(firstWordsCached, 0.5), "ms")
        record("bare process, madi --version (median)", percentile(bare, 0.5), "ms")
        record("start-up work of Madi (first reply, content kept − bare process)", percentile(timesCached, 0.5) - percentile(bare, 0.5), "ms")
    }
    // Memory with many live sessions.
    do {
        note("memory: \(liveSessions) live sessions")
        let (p, input, out) = spawn(["jsonl", "--dialogues", dialogues, "--leads-db", tmp.appendingPathComponent("m.sqlite").path,
                                     "--max-sessions", String(liveSessions + 10)])
        func rss() -> Double {
            let status = (try? String(contentsOfFile: "/proc/\(p.processIdentifier)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            return Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0 // kB
        }
        input.write(Data("{\"id\":0,\"type\":\"start\",\"session\":\"warm\"}\n{\"id\":1,\"type\":\"say\",\"session\":\"warm\",\"text\":\"oui\"}\n".utf8))
        _ = drain(out, expected: 2)
        let before = rss()
        var batch = ""
        for i in 0..<liveSessions {
            batch += "{\"id\":\(i),\"type\":\"start\",\"session\":\"m\(i)\"}\n{\"id\":\(i),\"type\":\"say\",\"session\":\"m\(i)\",\"text\":\"oui\"}\n{\"id\":\(i),\"type\":\"say\",\"session\":\"m\(i)\",\"text\":\"automatiser\"}\n"
        }
        let data = Data(batch.utf8)
        let w = Thread { input.write(data) }
        w.start()
        _ = drain(out, expected: liveSessions * 3)
        let after = rss()
        try? input.close()
        p.waitUntilExit()
        record("resident size, \(liveSessions) live sessions", after / 1024, "MiB")
        record("bytes per live session", (after - before) * 1024 / Double(liveSessions), "B", target: "≤ 2048 B")
    }
} else {
    note("no madi binary next to madi-bench (\(madiBinary)): process figures skipped; build with `swift build -c release`")
}

// Durable lead writes.
if !memoryOnly {
    note("lead writes: \(leadWrites)")
    let store = LeadStore(path: tmp.appendingPathComponent("w.sqlite").path)
    try? store.open()
    let t0 = now()
    var ok = 0
    for i in 0..<leadWrites {
        let d = LeadDraft(email: "w\(i)@exemple.fr", emailASCII: nil, firstName: nil, course: "starter", recommendedCourse: "starter",
                          answers: [LeadAnswer(step: "goal", value: "foundations", label: "Comprendre")], language: "fr",
                          source: "bench", company: nil, teamSize: nil, kind: "preregistration", consentVersion: "v1")
        if case .success = store.save(d) { ok += 1 }
    }
    let s = Double(now() - t0) / 1e9
    record("durable lead writes per second (synchronous FULL)", Double(ok) / s, "writes/s")
}

// MARK: - Output

var machine: [(String, String)] = []
machine.append(("cores", String(ProcessInfo.processInfo.activeProcessorCount)))
machine.append(("memory", String(format: "%.0f GiB", Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824)))
if let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n").first(where: { $0.hasPrefix("model name") }) {
    machine.append(("cpu", String(cpu.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces)))
}

if asJSON {
    let json = JSON.object([
        ("machine", .object(machine.map { ($0.0, JSON.string($0.1)) })),
        ("conversations", .number(Double(conversations))),
        ("figures", .array(figures.map { f in
            .object([("name", .string(f.name)), ("value", .number((f.value * 100).rounded() / 100)), ("unit", .string(f.unit)),
                     ("target", f.target.isEmpty ? .null : .string(f.target))])
        })),
    ])
    print(json.serialized)
} else {
    print("| figure | value | unit | target |")
    print("|---|---:|---|---|")
    for f in figures {
        // (Three significant digits below 1: 0.0043 fsyncs a lead, not 0.00.)
        let v = f.value >= 100 ? String(format: "%.0f", f.value)
            : f.value > 0 && f.value < 1 ? String(format: "%.3g", f.value) : String(format: "%.2f", f.value)
        print("| \(f.name) | \(v) | \(f.unit) | \(f.target) |")
    }
    print("")
    print(machine.map { "\($0.0): \($0.1)" }.joined(separator: "; "))
}
