import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import MadiHub
import NIOCore
import ServiceLifecycle

/// Runs the HTTP front until SIGTERM or SIGINT: the server stops accepting and finishes the
/// requests in flight, then the hub finishes its turns (leads committed, LLM calls cancelled
/// after the drain timeout) and `finally` runs (session values flushed).
public enum HTTPServer {
    public static func run(_ front: HTTPFront, onListening: @escaping @Sendable (Int) -> Void = { _ in },
                           finally: @escaping @Sendable () -> Void = {}) async throws {
        var http = HTTP1Channel.Configuration(idleTimeout: .seconds(75))
        http.httpDecoder = .init(maxHeaderFieldSize: front.config.maxHeaderBytes, maxHeaderListSize: front.config.maxHeaderBytes,
                                 maxHeaderFieldCount: 100)
        var logger = Logger(label: "madi.serve")
        logger.logLevel = .warning
        let app = Application(
            router: front.router(),
            server: .http1(configuration: http),
            configuration: .init(address: .hostname(front.config.host, port: front.config.port), serverName: nil),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        let drain = HubDrain(hub: front.hub, timeout: front.config.drainTimeout, finally: finally)
        let group = ServiceGroup(configuration: .init(
            services: [.init(service: drain), .init(service: app)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger))
        front.hub.startSweeping()
        try await group.run()
    }
}

/// Shut down after the server (services stop in reverse order): waits for the hub's turns.
struct HubDrain: Service {
    let hub: SessionHub
    let timeout: Double
    let finally: @Sendable () -> Void

    func run() async throws {
        try? await gracefulShutdown()
        hub.stopSweeping()
        let hub = self.hub, timeout = self.timeout
        let finished = await Task.detached { () -> Bool in
            if hub.waitForIdle(timeout: timeout) { return true }
            hub.cancelAll()
            return hub.waitForIdle(timeout: 2)
        }.value
        if !finished { HubLog.sink(3, "\(hub.pendingCount) request(s) left unanswered after the drain") }
        finally()
    }
}
