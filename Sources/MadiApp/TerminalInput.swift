import CEdit
import Foundation
import MadiCore

/// Ctrl-C and window resizes in the chat. A signal handler may do almost nothing safely, so it
/// only sets a flag or writes one byte to a pipe; the key reader below watches that pipe next to
/// the terminal:
/// - while a turn runs, Ctrl-C cancels the LLM call in progress (`interrupt`);
/// - at the prompt, Ctrl-C ends the line being typed without sending it (the reader hands libedit
///   a newline and marks the line interrupted), showing "^C" after it, as shells do; on an empty
///   line it leaves (see `Chat`);
/// - without line editing (piped), Ctrl-C ends the program at once, status 130.
enum ChatSignals {
    /// Set while a turn runs: Ctrl-C then cancels instead of reaching the prompt.
    static let busy = CancelFlag()
    /// Set by Ctrl-C during a turn; the LLM call watches it.
    static let interrupt = CancelFlag()

    static let interruptByte: UInt8 = 0x03
    static let resizeByte: UInt8 = 0x1A

    /// Written by the handlers, read by the key reader (set once, before the handlers).
    nonisolated(unsafe) static var pipe: (read: Int32, write: Int32) = (-1, -1)
    nonisolated(unsafe) static var lineEditing = false
    /// Set by the key reader when Ctrl-C ended the line; read and cleared by `LineInput`.
    nonisolated(unsafe) static var lineInterrupted = false
    /// The key reader has moved to the end of the interrupted line; "^C" and the newline follow.
    nonisolated(unsafe) static var markInterrupt = false

    static func install(lineEditing: Bool) {
        self.lineEditing = lineEditing
        if lineEditing {
            var fds: [Int32] = [-1, -1]
            if Glibc.pipe(&fds) == 0 {
                for fd in fds {
                    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                }
                pipe = (fds[0], fds[1])
            }
        }
        signal(SIGINT, onInterrupt)
        if lineEditing { signal(SIGWINCH, onResize) }
        // A parent may have started us with SIGINT blocked (the mask is inherited): Ctrl-C must work.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Forgets a Ctrl-C pressed while no prompt was shown (between a line and its turn).
    static func drain() {
        guard pipe.read >= 0 else { return }
        var b: UInt8 = 0
        var resized = false
        while read(pipe.read, &b, 1) == 1 { resized = resized || b == resizeByte }
        if resized { var r = resizeByte; _ = write(pipe.write, &r, 1) } // a resize still counts
    }
}

private func onInterrupt(_: Int32) {
    if ChatSignals.busy.isCancelled {
        ChatSignals.interrupt.cancel()
        return
    }
    if ChatSignals.lineEditing, ChatSignals.pipe.write >= 0 {
        var b = ChatSignals.interruptByte
        _ = write(ChatSignals.pipe.write, &b, 1)
        return
    }
    let nl: [UInt8] = [0x0A]
    _ = nl.withUnsafeBytes { write(1, $0.baseAddress, 1) }
    _exit(130)
}

private func onResize(_: Int32) {
    var b = ChatSignals.resizeByte
    _ = write(ChatSignals.pipe.write, &b, 1)
}

/// libedit's key reader: one code point from the terminal; -1 at end of input. After Ctrl-C:
/// Ctrl-E, then (with "^C" written at the end of the line) a newline that ends the line.
private func readKey(_: UnsafeMutablePointer<FILE>?) -> Int32 {
    if ChatSignals.markInterrupt {
        // At the end of the dropped line, "^C" shows it was not sent, as in a shell.
        ChatSignals.markInterrupt = false
        let mark: [UInt8] = Array("^C".utf8)
        _ = mark.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        return 0x0A
    }
    while true {
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: ChatSignals.pipe.read, events: Int16(POLLIN), revents: 0)]
        let n = poll(&fds, 2, -1)
        if n < 0 {
            if errno == EINTR { continue }
            return -1
        }
        if fds[1].revents & Int16(POLLIN) != 0 {
            var b: UInt8 = 0
            while read(ChatSignals.pipe.read, &b, 1) == 1 {
                if b == ChatSignals.interruptByte {
                    ChatSignals.lineInterrupted = true
                    ChatSignals.markInterrupt = true
                    return 0x05 // Ctrl-E: to the end of the line, where the mark goes
                }
                if b == ChatSignals.resizeByte { rl_resize_terminal() }
            }
            continue
        }
        if fds[0].revents != 0 { return readCodePoint() }
    }
}

private func readByte() -> Int32 {
    var b: UInt8 = 0
    while true {
        let n = read(0, &b, 1)
        if n == 1 { return Int32(b) }
        if n < 0 && errno == EINTR { continue }
        return -1
    }
}

/// A UTF-8 sequence from the terminal as one code point (libedit takes what this returns as a
/// wide character); a malformed one as U+FFFD.
private func readCodePoint() -> Int32 {
    let first = readByte()
    guard first >= 0x80, LineInput.utf8Keys else { return first }
    let count: Int, initial: Int32
    switch first {
    case 0xC2...0xDF: count = 1; initial = first & 0x1F
    case 0xE0...0xEF: count = 2; initial = first & 0x0F
    case 0xF0...0xF4: count = 3; initial = first & 0x07
    default: return 0xFFFD
    }
    var value = initial
    for _ in 0..<count {
        let b = readByte()
        if b < 0 { return -1 }
        guard b & 0xC0 == 0x80 else { return 0xFFFD }
        value = value << 6 | (b & 0x3F)
    }
    return value
}

extension LineInput {
    /// Whether keys are read as UTF-8 (the locale is UTF-8); set once at start.
    nonisolated(unsafe) static var utf8Keys = true

    /// Routes libedit's key reading through `readKey` (before its first use).
    static func setUpLineEditing(utf8: Bool) {
        utf8Keys = utf8
        if ChatSignals.pipe.read >= 0 { madi_edit_setup(readKey) }
    }
}
