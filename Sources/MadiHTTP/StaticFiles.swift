import Foundation
import Hummingbird
import NIOCore

/// The web chat (Web/index.html, chat.css, chat.js) and the OpenAPI document, read once at start.
struct StaticFiles: Sendable {
    let files: [String: (type: String, bytes: [UInt8])]
    let spec: [UInt8]?

    init(web: String?, openAPI: String?) {
        var files: [String: (String, [UInt8])] = [:]
        let types = ["html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8"]
        if let web {
            for name in ["index.html", "chat.css", "chat.js"] {
                let path = (web as NSString).appendingPathComponent(name)
                if let data = FileManager.default.contents(atPath: path) {
                    files[name] = (types[(name as NSString).pathExtension] ?? "application/octet-stream", Array(data))
                }
            }
        }
        self.files = files
        spec = openAPI.flatMap { FileManager.default.contents(atPath: $0) }.map(Array.init)
    }

    /// The page's files are sent with a strict policy: scripts and styles from Madi only.
    func response(_ name: String) throws -> Response {
        guard let f = files[name] else { throw HTTPError(.notFound, message: "the web chat is not installed (\(name))") }
        return Response(status: .ok, headers: [
            .contentType: f.type, .cacheControl: "no-cache",
            .contentSecurityPolicy: "default-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'",
            .init("X-Content-Type-Options")!: "nosniff",
        ], body: .init(byteBuffer: ByteBuffer(bytes: f.bytes)))
    }

    func openAPI() throws -> Response {
        guard let spec else { throw HTTPError(.notFound, message: "the OpenAPI document is not installed") }
        return Response(status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(bytes: spec)))
    }
}
