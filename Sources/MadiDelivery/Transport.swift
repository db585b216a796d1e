import Foundation
import MadiLLM

/// The libcurl transport, its errors as short text (they never hold the URL or a secret).
enum HTTPPostBridge {
    struct Reply {
        var status: Int
        var headers: [String: String]
    }

    struct Failure: Error {
        var message: String
    }

    static func send(url: String, headers: [String], body: [UInt8], connectTimeout: Double, timeout: Double) -> Result<Reply, Failure> {
        switch HTTPPost.send(url: url, headers: headers, body: body, connectTimeout: connectTimeout, timeout: timeout, idle: timeout) {
        case let .success(r): return .success(Reply(status: r.status, headers: r.headers))
        case let .failure(e): return .failure(Failure(message: "\(e)"))
        }
    }
}
