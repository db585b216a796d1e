import Foundation
import MadiCore
@testable import MadiApp
import MadiJSON
import MadiTestSupport

/// The repository and the built `madi` binary next to this test bundle.
enum Paths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let dialogues = root.appendingPathComponent("Dialogues").path
    static let madi: String = {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("madi").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/madi").path
    }()

    static func temp(_ name: String) -> String {
        TestTemp.directory("madi-app").appendingPathComponent(name).path
    }
}

struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
    var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
}

/// A running `madi` with pipes: write lines, read stdout lines as they come.
final class Madi: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let cond = NSCondition()
    private var buffer = Data()
    private var errBuffer = Data()
    private var closed = false
    private var errClosed = false

    /// Writing to a process that died must fail with EPIPE, not kill the test runner.
    private static let ignoreSIGPIPE: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// With `holdOutput`, stdout is not read until `readOutput()`: a client that stops reading.
    init(_ args: [String], prefix: [String] = [], environment: [String: String] = [:], holdOutput: Bool = false) throws {
        _ = Self.ignoreSIGPIPE
        if prefix.isEmpty {
            process.executableURL = URL(fileURLWithPath: Paths.madi)
            process.arguments = args
        } else {
            process.executableURL = URL(fileURLWithPath: prefix[0])
            process.arguments = Array(prefix.dropFirst()) + [Paths.madi] + args
        }
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["no_proxy"] = "127.0.0.1,localhost" // the fake servers are on loopback, never behind a proxy
        env["MADI_CACHE_DIR"] = "off" // each run trains its classifier, as a fresh machine does, unless a test names a cache
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        // One blocking reader thread per pipe: a read of zero bytes is then really the end.
        if !holdOutput { readOutput() }
        read(errors.fileHandleForReading) { [self] d in if let d { errBuffer.append(d) } else { errClosed = true } }
        try process.run()
    }

    /// Starts reading stdout (at once, unless `holdOutput` was given).
    func readOutput() {
        read(output.fileHandleForReading) { [self] d in if let d { buffer.append(d) } else { closed = true } }
    }

    var pid: Int32 { process.processIdentifier }
    var stdinFD: Int32 { input.fileHandleForWriting.fileDescriptor }
    func kill(_ sig: Int32) { Glibc.kill(process.processIdentifier, sig) }

    /// A line of /proc/PID/status or /proc/PID/io ("VmHWM", "rchar"), as its first number.
    func procValue(_ file: String, _ key: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/\(file)", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            return Int(line.dropFirst(key.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }

    /// `take` gets each chunk, then nil at the end, under the condition's lock.
    private func read(_ handle: FileHandle, _ take: @escaping @Sendable (Data?) -> Void) {
        Thread { [self] in
            while true {
                let d = handle.availableData
                cond.lock()
                take(d.isEmpty ? nil : d)
                cond.broadcast()
                cond.unlock()
                if d.isEmpty { return }
            }
        }.start()
    }

    func send(_ line: String) { send(Data((line + "\n").utf8)) }
    func send(_ data: Data) { try? input.fileHandleForWriting.write(contentsOf: data) }
    func closeInput() { try? input.fileHandleForWriting.close() }

    /// The next stdout line, or nil after `timeout` seconds or at end of output.
    func readLine(timeout: Double = 10) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        cond.lock(); defer { cond.unlock() }
        while true {
            if let nl = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<nl], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...nl)
                return line
            }
            if closed { return nil }
            if !cond.wait(until: deadline) { return nil }
        }
    }

    func json(timeout: Double = 10) -> JSON? {
        guard let line = readLine(timeout: timeout) else { return nil }
        return try? JSON.parse(Array(line.utf8))
    }

    /// Closes stdin, waits for the exit, returns everything left.
    func finish(timeout: Double = 60) -> Run {
        closeInput()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        cond.lock()
        let end = Date().addingTimeInterval(5)
        while !(closed && errClosed), cond.wait(until: end) {}
        let out = String(decoding: buffer, as: UTF8.self)
        let err = String(decoding: errBuffer, as: UTF8.self)
        cond.unlock()
        return Run(status: process.terminationStatus, stdout: out, stderr: err)
    }

    /// Waits for stderr to contain `text` (a line the program prints when it is ready, say).
    func waitForStderr(_ text: String, timeout: Double = 60) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        cond.lock(); defer { cond.unlock() }
        while true {
            let err = String(decoding: errBuffer, as: UTF8.self)
            if err.contains(text) { return err }
            if errClosed || !cond.wait(until: deadline) { return nil }
        }
    }

    var stderrSoFar: String {
        cond.lock(); defer { cond.unlock() }
        return String(decoding: errBuffer, as: UTF8.self)
    }
}

/// Runs madi to completion with the given stdin.
func run(_ args: [String], stdin: String = "", environment: [String: String] = [:]) throws -> Run {
    let m = try Madi(args, environment: environment)
    m.send(Data(stdin.utf8))
    return m.finish()
}

func request(_ pairs: [(String, JSON)]) -> String { JSON.object(pairs).serialized }
