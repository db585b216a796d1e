import CCurl
import CCurlLoader
import Foundation
import MadiCore

/// Why a call to the LLM endpoint did not give an answer. Messages never carry the API key.
public enum LLMError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The endpoint was not reached (refused, unresolved, TLS handshake failed): nothing was sent.
    case connection(String)
    /// No connection within the connect timeout (seconds): nothing was sent.
    case connectTimeout(Double)
    /// The request was sent, and the reply was not complete by the call's deadline (seconds).
    case timeout(Double)
    /// The request was sent, and nothing came back for the idle timeout (seconds).
    case noReply(Double)
    /// The request was sent and the connection failed before a reply (it may have been received).
    case lostAfterSending(String)
    /// Every pooled connection stayed busy until the call's deadline (seconds): nothing was sent.
    case noFreeConnection(Double)
    case idleTimeout
    case http(Int, String)
    case wrongContentType(String)
    case badResponse(String)
    case tooLarge(Int)
    case cancelled
    case circuitOpen
    case budgetExhausted(String)
    /// libcurl, opened on the first call, could not be loaded.
    case libraryMissing(String)

    /// A short name of the failure's kind (a metrics label).
    public var kind: String {
        switch self {
        case .connection: return "connection"
        case .connectTimeout: return "connect_timeout"
        case .timeout: return "timeout"
        case .noReply, .idleTimeout: return "no_reply"
        case .lostAfterSending: return "lost_after_sending"
        case .noFreeConnection: return "no_free_connection"
        case .http: return "http_error"
        case .wrongContentType, .badResponse, .tooLarge: return "bad_response"
        case .cancelled: return "cancelled"
        case .circuitOpen: return "skipped"
        case .budgetExhausted: return "budget_exhausted"
        case .libraryMissing: return "library_missing"
        }
    }

    public var description: String {
        switch self {
        case let .connection(m): return "connection failed: \(m)"
        case let .connectTimeout(s): return "could not connect within \(Self.seconds(s)) s (nothing was sent)"
        case let .timeout(s): return "the request was sent; no complete reply within the call's deadline of \(Self.seconds(s)) s"
        case let .noReply(s): return "the request was sent; no reply came for \(Self.seconds(s)) s"
        case let .noFreeConnection(s): return "no free connection to the endpoint within the call's deadline of \(Self.seconds(s)) s (nothing was sent)"
        case let .lostAfterSending(m): return "the request was sent; the connection failed before a reply (\(m))"
        case .idleTimeout: return "the stream stalled longer than the idle timeout"
        case let .http(code, m): return "HTTP \(code)" + (m.isEmpty ? "" : ": \(m)")
        case let .wrongContentType(t): return "unexpected content type '\(t)'"
        case let .badResponse(m): return "malformed reply: \(m)"
        case let .tooLarge(n): return "reply larger than \(n) bytes"
        case .cancelled: return "cancelled"
        case .circuitOpen: return "skipped: too many failures in a row, cooling down"
        case let .budgetExhausted(last): return "gave up after retries: \(last)"
        case let .libraryMissing(why): return "libcurl could not be loaded (\(why)); install libcurl4 to use an LLM endpoint"
        }
    }

    static func seconds(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(format: "%.1f", v)
    }

    /// Only what surely did not reach the endpoint, and the answers that ask for another try.
    var retryable: Bool {
        switch self {
        case .connection, .connectTimeout: return true
        case let .http(code, _): return code == 429 || (500...599).contains(code)
        default: return false
        }
    }
}

struct HTTPResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
}

/// State shared with libcurl's C callbacks for one transfer.
final class TransferContext {
    var status = 0
    var headers: [String: String] = [:]
    var body: [UInt8] = []
    var received = 0
    let maxBytes: Int
    var tooLarge = false
    /// Called with each chunk; returns false to stop the transfer (enough was read).
    let onData: (([UInt8]) -> Bool)?
    var stoppedByReader = false
    let cancel: CancelFlag?
    var cancelled = false
    let idle: Double
    var lastData = Date()
    var idleFired = false
    /// Request bytes sent (from the progress callback): once above 0, the endpoint may have
    /// the request.
    var sent: Int64 = 0

    init(maxBytes: Int, idle: Double, cancel: CancelFlag?, onData: (([UInt8]) -> Bool)?) {
        self.maxBytes = maxBytes
        self.idle = idle
        self.cancel = cancel
        self.onData = onData
    }
}

private func writeCallback(_ ptr: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?) -> Int {
    guard let ptr, let user else { return 0 }
    let ctx = Unmanaged<TransferContext>.fromOpaque(user).takeUnretainedValue()
    let n = size * count
    ctx.received += n
    ctx.lastData = Date()
    if ctx.received > ctx.maxBytes { ctx.tooLarge = true; return 0 }
    let bytes = Array(UnsafeRawBufferPointer(start: ptr, count: n).bindMemory(to: UInt8.self))
    if let onData = ctx.onData, (200...299).contains(ctx.status) {
        if !onData(bytes) { ctx.stoppedByReader = true; return 0 }
    } else {
        ctx.body.append(contentsOf: bytes)
    }
    return n
}

private func headerCallback(_ ptr: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?) -> Int {
    guard let ptr, let user else { return 0 }
    let ctx = Unmanaged<TransferContext>.fromOpaque(user).takeUnretainedValue()
    let n = size * count
    let line = String(decoding: UnsafeRawBufferPointer(start: ptr, count: n), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    if line.hasPrefix("HTTP/") {
        // A new response (after a 100 Continue, say): start over.
        ctx.headers = [:]
        let parts = line.split(separator: " ")
        if parts.count > 1, let code = Int(parts[1]) { ctx.status = code }
    } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].lowercased()
        ctx.headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    ctx.lastData = Date()
    return n
}

private func progressCallback(_ user: UnsafeMutableRawPointer?, _: curl_off_t, _: curl_off_t, _: curl_off_t, _ ulnow: curl_off_t) -> Int32 {
    guard let user else { return 0 }
    let ctx = Unmanaged<TransferContext>.fromOpaque(user).takeUnretainedValue()
    if ctx.cancel?.isCancelled == true { ctx.cancelled = true; return 1 }
    if ulnow > ctx.sent {
        ctx.sent = Int64(ulnow)
        if ctx.status == 0 { ctx.lastData = Date() } // the wait for a reply starts now
    }
    // Silence after the request was sent (waiting for the reply) or between chunks.
    if ctx.status != 0 || ctx.sent > 0, Date().timeIntervalSince(ctx.lastData) > ctx.idle { ctx.idleFired = true; return 1 }
    return 0
}

/// A bounded pool of libcurl easy handles, reused across calls so that connections are kept
/// alive. Calls beyond the pool's size wait for a free handle.
final class CurlPool: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [OpaquePointer] = []
    private let slots: DispatchSemaphore

    init(size: Int) {
        slots = DispatchSemaphore(value: max(1, size))
    }

    deinit {
        for h in free { madi_curl_easy_cleanup(UnsafeMutableRawPointer(h)) } // handles exist only once libcurl is loaded
    }

    /// Opens libcurl on the first call (it is not linked: see CCurlLoader); nil once it is
    /// usable, else why not.
    static func load() -> String? {
        madi_curl_load().map { String(cString: $0) }
    }

    /// Runs `body` with a free handle, waiting at most `wait` seconds for one (nil if none came).
    func withHandle<T>(waitingAtMost wait: Double, _ body: (UnsafeMutableRawPointer) -> T) -> T? {
        guard slots.wait(timeout: .now() + max(0, wait)) == .success else { return nil }
        defer { slots.signal() }
        lock.lock()
        let handle = free.popLast().map { UnsafeMutableRawPointer($0) } ?? madi_curl_easy_init()!
        lock.unlock()
        madi_curl_easy_reset(handle) // keeps the live connections
        let result = body(handle)
        lock.lock()
        free.append(OpaquePointer(handle))
        lock.unlock()
        return result
    }
}

struct Timeouts {
    var connect: Double
    /// Time left for this attempt (the call's deadline minus what earlier attempts used).
    var total: Double
    var idle: Double
    /// The call's whole deadline, to name it in errors.
    var deadline: Double
}

enum Curl {
    /// One POST. `onData` receives the body of a 2xx response as it arrives (streaming);
    /// otherwise the body is collected.
    static func post(pool: CurlPool, url: String, headers: [String], body: [UInt8], timeouts: Timeouts,
                     maxBytes: Int, cancel: CancelFlag?, onData: (([UInt8]) -> Bool)?) -> Result<HTTPResponse, LLMError> {
        if let why = CurlPool.load() { return .failure(.libraryMissing(why)) }
        let asked = Date()
        // Time spent waiting for a free handle counts against the call's deadline; a request
        // left with too little time to be answered is not sent (it would be billed for nothing).
        let least = min(1, timeouts.deadline / 4)
        let result = pool.withHandle(waitingAtMost: timeouts.total - least) { h -> Result<HTTPResponse, LLMError>? in
            var timeouts = timeouts
            timeouts.total -= Date().timeIntervalSince(asked)
            guard timeouts.total >= least else { return nil }
            timeouts.connect = min(timeouts.connect, timeouts.total)
            let ctx = TransferContext(maxBytes: maxBytes, idle: timeouts.idle, cancel: cancel, onData: onData)
            let ref = Unmanaged.passRetained(ctx)
            defer { ref.release() }
            var list: UnsafeMutablePointer<curl_slist>?
            for header in headers { list = madi_curl_slist_append(list, header) }
            defer { madi_curl_slist_free_all(list) }
            _ = madi_curl_set_string(h, CURLOPT_URL, url)
            _ = madi_curl_set_long(h, CURLOPT_POST, 1)
            _ = madi_curl_set_long(h, CURLOPT_POSTFIELDSIZE, body.count)
            _ = body.withUnsafeBufferPointer { b in
                b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: body.count) {
                    madi_curl_set_pointer(h, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0))
                }
            }
            _ = madi_curl_set_slist(h, CURLOPT_HTTPHEADER, list)
            _ = madi_curl_set_long(h, CURLOPT_NOSIGNAL, 1)
            _ = madi_curl_set_long(h, CURLOPT_CONNECTTIMEOUT_MS, Int(timeouts.connect * 1000))
            _ = madi_curl_set_long(h, CURLOPT_TIMEOUT_MS, Int(timeouts.total * 1000))
            _ = madi_curl_set_long(h, CURLOPT_SSL_VERIFYPEER, 1)
            _ = madi_curl_set_long(h, CURLOPT_SSL_VERIFYHOST, 2)
            _ = madi_curl_set_long(h, CURLOPT_FOLLOWLOCATION, 0)
            _ = madi_curl_set_write(h, writeCallback)
            _ = madi_curl_set_pointer(h, CURLOPT_WRITEDATA, ref.toOpaque())
            _ = madi_curl_set_header(h, headerCallback)
            _ = madi_curl_set_pointer(h, CURLOPT_HEADERDATA, ref.toOpaque())
            _ = madi_curl_set_progress(h, progressCallback)
            _ = madi_curl_set_pointer(h, CURLOPT_XFERINFODATA, ref.toOpaque())
            _ = madi_curl_set_long(h, CURLOPT_NOPROGRESS, 0)
            let code = madi_curl_easy_perform(h)
            if ctx.status == 0 { ctx.status = madi_curl_status(h) }
            if ctx.cancelled { return .failure(.cancelled) }
            if ctx.tooLarge { return .failure(.tooLarge(maxBytes)) }
            if ctx.idleFired { return .failure(ctx.status == 0 ? .noReply(timeouts.idle) : .idleTimeout) }
            if ctx.stoppedByReader || code == CURLE_OK {
                return .success(HTTPResponse(status: ctx.status, headers: ctx.headers, body: ctx.body))
            }
            let why = String(cString: madi_curl_easy_strerror(code))
            switch code {
            case CURLE_OPERATION_TIMEDOUT:
                if ctx.sent == 0, ctx.status == 0 { return .failure(.connectTimeout(timeouts.connect)) }
                return .failure(.timeout(timeouts.deadline))
            case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_SSL_CONNECT_ERROR:
                return .failure(.connection(why))
            case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING:
                if ctx.status != 0, ctx.received > 0 { return .failure(.badResponse("the connection closed mid-reply")) }
                return .failure(.lostAfterSending(why))
            case CURLE_PARTIAL_FILE:
                return .failure(.badResponse("the connection closed mid-reply"))
            default:
                return .failure(ctx.sent > 0 ? .lostAfterSending(why) : .connection(why))
            }
        }
        // No free connection before the deadline: nothing was sent.
        return (result ?? nil) ?? .failure(.noFreeConnection(timeouts.deadline))
    }
}
