import Foundation
import MadiCore

/// A plain POST through the same libcurl transport as the LLM client (opened on first use, TLS
/// verified, proxies from the environment), for callers outside this module (the CRM webhook).
public enum HTTPPost {
    public struct Response: Sendable {
        public var status: Int
        /// Header names lower-cased.
        public var headers: [String: String]
        public var body: [UInt8]
    }

    private static let pool = CurlPool(size: 4)

    /// One try, nothing retried here. `timeout` bounds the whole exchange; `idle` the silence
    /// after the request is sent.
    public static func send(url: String, headers: [String], body: [UInt8], connectTimeout: Double = 5,
                            timeout: Double = 15, idle: Double = 10, maxBytes: Int = 64 * 1024,
                            cancel: CancelFlag? = nil) -> Result<Response, LLMError> {
        let t = Timeouts(connect: connectTimeout, total: timeout, idle: idle, deadline: timeout)
        return Curl.post(pool: pool, url: url, headers: headers, body: body, timeouts: t, maxBytes: maxBytes,
                         cancel: cancel, onData: nil)
            .map { Response(status: $0.status, headers: $0.headers, body: $0.body) }
    }
}
