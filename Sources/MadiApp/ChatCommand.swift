import ArgumentParser
import CEdit
import Foundation
import MadiCore
import MadiStore

struct Chat: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat",
        abstract: "Talk with Madi in the terminal (the default command).",
        discussion: """
        Answer with a number or in your own words. Commands, in French or English: /help /aide, /back /retour, \
        /restart /recommencer, /lang en /langue fr, /courses /formations, /quit /quitter. Ctrl-D leaves too. \
        On a terminal: colours (unless NO_COLOR or --no-color), line editing and history (arrows, Ctrl-R), \
        text wrapped at word boundaries to the terminal's width; \
        Ctrl-C drops the line being typed (nothing is sent), on an empty line it leaves, and while Madi \
        answers it cancels an LLM call. Otherwise plain text, not wrapped, with your lines echoed as "> ...", \
        so that a piped session is a clean transcript (Ctrl-C then ends it at once). A line over --max-line-bytes is \
        set aside with a short reply.
        """)

    @OptionGroup var content: ContentOptions
    @OptionGroup var storage: StoreOptions
    @OptionGroup(title: "LLM (optional)") var llm: LLMOptions
    @OptionGroup(title: "Funnel events and CRM delivery") var funnelOptions: FunnelOptions
    @Option(help: "Language to start in (fr, en).") var lang: String?
    @Flag(help: "No colours, even on a terminal.") var noColor = false
    @Option(help: "Longest line Madi reads, in bytes; a longer one is set aside with a short reply.")
    var maxLineBytes = JSONLConfig.defaultMaxLineBytes

    func validate() throws {
        try content.validateLevel()
        try llm.validateValues()
        try funnelOptions.validateValues()
        guard maxLineBytes >= 256 else { throw ValidationError("--max-line-bytes must be at least 256") }
    }

    func run() throws {
        let c = try content.load(cached: true)
        if let lang, !c.languages.contains(lang) {
            throw ValidationError("--lang must be one of \(c.languages.joined(separator: ", ")) (got '\(lang)')")
        }
        let interactive = isatty(0) == 1 && isatty(1) == 1
        let env = ProcessInfo.processInfo.environment
        let style = Style(color: interactive && !noColor && (env["NO_COLOR"] ?? "").isEmpty && env["TERM"] != "dumb",
                          wraps: isatty(1) == 1)
        let engine = Engine(content: c, classifierStore: CacheFiles.fromEnvironment("classifier"))
        let leads = storage.store()
        let assistant = try llm.assistant(content: c, dialogues: content.dialogues)
        ChatSignals.install(lineEditing: interactive)
        var input = LineInput(interactive: interactive, maxBytes: maxLineBytes)
        var turn = Conversation.start(engine, language: lang, source: "chat", today: todayUTC(), assistant: assistant != nil)
        let funnel = funnelOptions.funnel(store: leads, content: c)
        funnel.started("chat", turn)
        defer { funnel.shutdown(reason: .quit) }
        style.show(turn.reply)
        // Understanding is built while the welcome is read, not when the first answer waits for it.
        DispatchQueue.global(qos: .userInitiated).async { engine.prepare() }
        while true {
            let line: String
            switch input.read(prompt: style.prompt) {
            case .end:
                // Ctrl-D or end of input: a short goodbye.
                style.say(c.strings.text("quit.bye", turn.session.language))
                return
            case let .interrupted(text):
                // Ctrl-C: the line typed is dropped and a new prompt comes; on an empty line, goodbye.
                if text.trimmingCharacters(in: .whitespaces).isEmpty {
                    style.say(c.strings.text("quit.bye", turn.session.language))
                    return
                }
                continue
            case let .tooLong(head):
                // Set aside whole, never echoed whole nor sent to the engine; the question stays pending.
                if !interactive { print("> " + head + " […]") }
                print("")
                style.say(c.strings.text("input.too_long", turn.session.language))
                fflush(nil)
                continue
            case let .line(text):
                line = text
            }
            if !interactive { print("> " + Sanitize.line(line)) }
            print("")
            // A streamed answer is written as it comes, past stdout's buffer: what was printed
            // before it (the echo of the line) must be out first.
            fflush(nil)
            let streamed = StreamEcho(width: style.width())
            ChatSignals.interrupt.reset()
            ChatSignals.busy.cancel() // while the turn runs, Ctrl-C cancels an LLM call instead of reaching the prompt
            let before = turn.session
            var saveError: String?
            turn = Conversation.turn(engine, turn.session, .text(line), leads: leads, assistant: assistant, cancel: ChatSignals.interrupt,
                                     onDelta: { streamed.show($0) },
                                     onSaveError: { e in saveError = e.code; Log.log(.warning, "lead store failed: \(e.code): \(e.message)") })
            funnel.turn("chat", before: before, input: .text(line), turn: turn, leadError: saveError)
            ChatSignals.busy.reset()
            streamed.finish()
            style.show(turn.reply, skippingStreamed: streamed.text)
            if turn.reply.quit { return }
        }
    }
}

/// Reads lines: through libedit on a terminal (editing, history, Ctrl-R), plainly otherwise.
/// A line over `maxBytes` is not returned: piped, it is read through and dropped without being
/// held; on a terminal, libedit has it already and it is dropped too.
struct LineInput {
    enum Input: Equatable {
        case line(String)
        /// A line over the limit, with how it began (sanitised, a few words) for the transcript.
        case tooLong(head: String)
        /// Ctrl-C at the prompt: what had been typed (not to be sent).
        case interrupted(String)
        case end
    }

    let interactive: Bool
    let maxBytes: Int
    private var reader: LineReader?

    /// libedit edits wide characters: it needs a UTF-8 LC_CTYPE, or multibyte text (a prompt, an
    /// accented letter) breaks it.
    let utf8: Bool

    init(interactive: Bool, maxBytes: Int, fd: Int32 = 0) {
        self.interactive = interactive
        self.maxBytes = maxBytes
        var ok = false
        if interactive {
            for name in ["", "C.UTF-8", "en_US.UTF-8"] {
                if let set = setlocale(LC_CTYPE, name), String(cString: set).uppercased().replacingOccurrences(of: "-", with: "").contains("UTF8") {
                    ok = true
                    break
                }
            }
            LineInput.setUpLineEditing(utf8: ok)
            using_history()
        } else {
            reader = LineReader(fd: fd, maxBytes: maxBytes)
        }
        utf8 = ok
    }

    /// How an over-long line began: its first characters, on one line, marked as cut.
    static func head(_ bytes: some Collection<UInt8>) -> String {
        var text = String(decoding: bytes.prefix(LineReader.headBytes), as: UTF8.self)
        if text.last == "\u{FFFD}" { text.removeLast() } // a character cut by the byte limit
        return Sanitize.line(String(text.prefix(60)))
    }

    mutating func read(prompt: String) -> Input {
        fflush(nil)
        if var reader {
            defer { self.reader = reader }
            switch reader.next() {
            case nil: return .end
            case let .line(bytes)?: return .line(String(decoding: bytes, as: UTF8.self))
            case let .tooLong(_, head)?: return .tooLong(head: Self.head(head))
            }
        }
        ChatSignals.drain()
        ChatSignals.lineInterrupted = false
        let got = readline(utf8 ? prompt : "> ")
        if ChatSignals.lineInterrupted {
            ChatSignals.lineInterrupted = false
            defer { free(got) }
            return .interrupted(got.map { String(cString: $0) } ?? "")
        }
        guard let raw = got else { print(""); return .end }
        defer { free(raw) }
        if strlen(raw) > maxBytes {
            return .tooLong(head: Self.head(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: LineReader.headBytes)))
        }
        let line = String(cString: raw)
        if !line.trimmingCharacters(in: .whitespaces).isEmpty { add_history(raw) }
        return .line(line)
    }
}

/// How replies look: plain, or with a little colour on a terminal; on a terminal, wrapped at
/// word boundaries to its width (read again for each reply), options' continuation lines under
/// their label. Piped output is not wrapped. Everything printed is sanitised (no control
/// characters, no escape sequences from content or input).
struct Style {
    let color: Bool
    let wraps: Bool

    /// Escape sequences in a libedit prompt sit between \u{1} delimiters (they take no column).
    var prompt: String { color ? "\u{1}\u{1B}[1;35m\u{1}›\u{1}\u{1B}[0m\u{1} " : "› " }

    /// The width to wrap to now, or nil not to wrap.
    func width() -> Int? { wraps ? TerminalSize.columns() : nil }

    /// Prints a sentence (sanitised, wrapped).
    func say(_ text: String) {
        print(TextWrap.wrapText(Sanitize.text(text), width: width() ?? 0))
    }

    func show(_ reply: Reply, skippingStreamed streamed: String = "") {
        let width = self.width() ?? 0
        var messages = reply.messages
        // An answer already shown as it streamed is not printed twice.
        if !streamed.isEmpty {
            print("")
            if let first = messages.first, first.prefix(16) == Sanitize.text(streamed).trimmingCharacters(in: .whitespaces).prefix(16) {
                messages.removeFirst()
            }
        }
        for m in messages {
            print(TextWrap.wrapText(Sanitize.text(m), width: width))
        }
        if reply.asked {
            for (i, o) in reply.options.enumerated() {
                let n = "  \(i + 1)."
                var lines = TextWrap.wrap(n + " " + Sanitize.line(o.label), width: width, indent: n.count + 1)
                if color { lines[0] = "\u{1B}[36m\(n)\u{1B}[0m" + lines[0].dropFirst(n.count) }
                print(lines.joined(separator: "\n"))
            }
        }
        fflush(nil)
    }
}

/// Prints an LLM answer piece by piece as it streams in; on a terminal, wrapped as it goes (a
/// word is written once the space after it has come, or at `finish`).
final class StreamEcho: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var text = ""
    private let width: Int?
    private var column = 0
    private var word = ""
    private var spaces = 0

    init(width: Int? = nil) { self.width = width }

    func show(_ piece: String) {
        lock.lock(); defer { lock.unlock() }
        text += piece
        write(layout(Sanitize.streamPiece(piece)))
    }

    /// What to write for a sanitised piece, the words that are complete wrapped (under the lock).
    func layout(_ clean: String) -> String {
        guard let width else { return clean }
        var out = ""
        for ch in clean {
            switch ch {
            case "\n":
                out += emitWord(width)
                out += "\n"
                column = 0
                spaces = 0
            case " ":
                out += emitWord(width)
                spaces += 1
            default:
                word.append(ch)
            }
        }
        return out
    }

    /// Writes the last word held back.
    func finish() {
        lock.lock(); defer { lock.unlock() }
        write(rest())
    }

    /// The last word held back (under the lock).
    func rest() -> String {
        guard let width else { return "" }
        return emitWord(width)
    }

    private func emitWord(_ width: Int) -> String {
        guard !word.isEmpty else { return "" }
        let w = TextWrap.columns(word)
        var out = ""
        if column > 0, column + spaces + w > width {
            out = "\n"
            column = 0
        } else if column > 0 {
            out = String(repeating: " ", count: spaces)
            column += spaces
        }
        out += word
        column += w
        word = ""
        spaces = 0
        return out
    }

    private func write(_ s: String) {
        if !s.isEmpty { FileHandle.standardOutput.write(Data(s.utf8)) }
    }
}
