import Foundation

/// A scripted OpenAI-compatible server on 127.0.0.1, for tests: each request gets the next
/// behaviour of the script (the last one repeats). It records what it received.
public final class FakeLLMServer: @unchecked Sendable {
    public enum Behaviour: Sendable {
        /// A whole reply.
        case reply(status: Int, contentType: String, body: [UInt8], headers: [String: String] = [:], delay: Double = 0)
        /// A server-sent-events reply written in pieces, with a pause before each; `cut` closes
        /// the connection without finishing.
        case stream(pieces: [[UInt8]], pause: Double, cut: Bool = false)
        /// Headers and the first piece, then nothing for `seconds`.
        case stall(first: [UInt8], seconds: Double)
        /// Accepts and closes at once.
        case hangUp
    }

    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var headers: [String: String]
        public var body: String
    }

    public let port: UInt16
    private let fd: Int32
    private let lock = NSLock()
    private var script: [Behaviour]
    private var served = 0
    private var received: [Request] = []
    private var connections = 0
    private var stopped = false

    public var url: String { "http://127.0.0.1:\(port)/v1" }

    public init(_ script: [Behaviour]) throws {
        self.script = script
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(s, 64) == 0 else { close(s); throw POSIXError(.EADDRINUSE) }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &len) } }
        fd = s
        port = UInt16(bigEndian: addr.sin_port)
        let t = Thread { [weak self] in self?.acceptLoop() }
        t.start()
    }

    deinit { stop() }

    public func stop() {
        lock.lock()
        let was = stopped
        stopped = true
        lock.unlock()
        if !was { shutdown(fd, Int32(SHUT_RDWR)); close(fd) }
    }

    public var requests: [Request] { lock.lock(); defer { lock.unlock() }; return received }
    public var connectionCount: Int { lock.lock(); defer { lock.unlock() }; return connections }

    /// A port with nothing listening on it.
    public static func closedPort() -> UInt16 {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &len) } }
        close(s)
        return UInt16(bigEndian: addr.sin_port)
    }

    private func acceptLoop() {
        while true {
            let c = accept(fd, nil, nil)
            if c < 0 {
                lock.lock(); let s = stopped; lock.unlock()
                if s || errno != EINTR { return }
                continue
            }
            lock.lock(); connections += 1; lock.unlock()
            let t = Thread { [weak self] in self?.serve(c) }
            t.start()
        }
    }

    private func readRequest(_ c: Int32, _ buffer: inout [UInt8]) -> Request? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = find(buffer, [13, 10, 13, 10]) {
                let head = String(decoding: buffer[0..<end], as: UTF8.self)
                var lines = head.components(separatedBy: "\r\n")
                let first = lines.removeFirst().split(separator: " ")
                var headers: [String: String] = [:]
                for l in lines {
                    if let colon = l.firstIndex(of: ":") {
                        headers[l[..<colon].lowercased()] = l[l.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    }
                }
                let length = Int(headers["content-length"] ?? "0") ?? 0
                while buffer.count < end + 4 + length {
                    let n = recv(c, &chunk, chunk.count, 0)
                    if n <= 0 { return nil }
                    buffer.append(contentsOf: chunk[0..<n])
                }
                let body = String(decoding: buffer[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                buffer.removeFirst(end + 4 + length)
                return Request(method: first.first.map(String.init) ?? "", path: first.count > 1 ? String(first[1]) : "",
                               headers: headers, body: body)
            }
            let n = recv(c, &chunk, chunk.count, 0)
            if n <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    private func find(_ hay: [UInt8], _ needle: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for i in 0...(hay.count - needle.count) where Array(hay[i..<i + needle.count]) == needle { return i }
        return nil
    }

    private func send(_ c: Int32, _ bytes: [UInt8]) -> Bool {
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { Foundation.send(c, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            off += n
        }
        return true
    }

    private func serve(_ c: Int32) {
        defer { close(c) }
        var buffer: [UInt8] = []
        while let request = readRequest(c, &buffer) {
            lock.lock()
            received.append(request)
            let behaviour = script[min(served, script.count - 1)]
            served += 1
            lock.unlock()
            switch behaviour {
            case let .reply(status, type, body, headers, delay):
                if delay > 0 { usleep(UInt32(delay * 1_000_000)) }
                var head = "HTTP/1.1 \(status) X\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
                for (k, v) in headers { head += "\(k): \(v)\r\n" }
                head += "\r\n"
                guard send(c, Array(head.utf8)), send(c, body) else { return }
                continue // keep-alive
            case let .stream(pieces, pause, cut):
                guard send(c, Array("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n".utf8)) else { return }
                for p in pieces {
                    if pause > 0 { usleep(UInt32(pause * 1_000_000)) }
                    guard send(c, p) else { return }
                }
                if cut { shutdown(c, Int32(SHUT_RDWR)) }
                return
            case let .stall(first, seconds):
                _ = send(c, Array("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n".utf8))
                _ = send(c, first)
                usleep(UInt32(seconds * 1_000_000))
                return
            case .hangUp:
                return
            }
        }
    }

    // MARK: Reply builders

    public static func completion(_ content: String) -> Behaviour {
        let body = "{\"id\":\"x\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\""
            + escape(content) + "\"},\"finish_reason\":\"stop\"}]}"
        return .reply(status: 200, contentType: "application/json", body: Array(body.utf8))
    }

    public static func sseEvent(_ content: String) -> [UInt8] {
        Array(("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + escape(content) + "\"}}]}\n\n").utf8)
    }

    public static let sseDone: [UInt8] = Array("data: [DONE]\n\n".utf8)

    public static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default:
                if c.value < 0x20 { out += String(format: "\\u%04x", c.value) } else { out.unicodeScalars.append(c) }
            }
        }
        return out
    }

    public static func status(_ code: Int, retryAfter: String? = nil) -> Behaviour {
        .reply(status: code, contentType: "application/json", body: Array(#"{"error":{"message":"scripted failure"}}"#.utf8),
               headers: retryAfter.map { ["Retry-After": $0] } ?? [:])
    }
}
