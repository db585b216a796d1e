// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Madi",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "madi", targets: ["madi"]),
        .library(name: "MadiCore", targets: ["MadiCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // E-mail addresses: validation and normalisation (RFC 3492 Punycode, UTS-46), typo suggestions.
        .target(name: "MadiEmail"),
        // The engine: pure, no I/O. Content model and loader (from strings), matcher,
        // recommender, the step function.
        .target(name: "MadiCore", dependencies: ["MadiEmail", .product(name: "Yams", package: "Yams")]),
        // Protocol v1, the JSON-lines and HTTP wire format every front speaks: requests, replies,
        // errors, and the JSON codec they are written with.
        .target(name: "MadiProtocol", dependencies: ["MadiCore"]),
        // Conversation tests: the runner of Dialogues/tests/*.yaml cases and the doubles it plays
        // against (a scripted assistant, leads kept in memory), and the evaluation of understanding
        // on labelled messages. Both measure the engine from outside, so they are not part of it.
        .target(name: "MadiScenarios", dependencies: ["MadiCore", .product(name: "Yams", package: "Yams")]),
        // libedit (line editing and history in the chat), as a system library.
        .systemLibrary(name: "CEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // libcurl, as a system library (the LLM client): its headers declare the API, and the library
        // is opened on the first LLM call rather than linked (see Sources/CCurlLoader), so that a
        // Madi without an endpoint does not load it and its forty dependencies at every start.
        // (No pkg-config here: its flags would link it; the headers are on the default include path.)
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // Opens libcurl on the first call and holds the looked-up functions (one object file,
        // one state for the whole program).
        .target(name: "CCurlLoader", dependencies: ["CCurl"]),
        // OpenAI-compatible chat client on libcurl: requests, SSE streaming, retries, circuit breaker.
        .target(name: "MadiLLM", dependencies: ["MadiCore", "MadiProtocol", "CCurl", "CCurlLoader"]),
        // The funnel's events, derived from a turn (the session before and after, the reply): pure,
        // so that every front records the same.
        .target(name: "MadiEvents", dependencies: ["MadiCore", "MadiEmail"]),
        // Durable storage (SQLite through GRDB): leads (committed in groups) and their delivery
        // outbox, events, the questions Madi could not answer, sessions; the event recorder and the
        // funnel's figures.
        .target(name: "MadiStore", dependencies: ["MadiCore", "MadiEvents", .product(name: "GRDB", package: "GRDB.swift")]),
        // Leads delivered to the team's CRM: the signed webhook payload and the outbox's sender.
        .target(name: "MadiDelivery", dependencies: [
            "MadiCore", "MadiProtocol", "MadiStore", "MadiLLM", .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // Live sessions for every front: registry, per-session order, TTL, caps, cancellation,
        // an injected clock.
        .target(name: "MadiHub", dependencies: ["MadiCore", "MadiProtocol"]),
        // The HTTP front on Hummingbird: protocol v1 as resources over the hub, SSE, access logs,
        // limits, bearer token, CORS, Prometheus metrics, graceful shutdown.
        .target(name: "MadiHTTP", dependencies: [
            "MadiCore", "MadiProtocol", "MadiHub",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The fronts and commands: REPL, JSON-lines, HTTP, conversation test runner, paths, lint,
        // the funnel's figures and deliveries.
        .target(name: "MadiApp", dependencies: [
            "MadiCore", "MadiEmail", "MadiProtocol", "MadiScenarios", "MadiHub", "MadiHTTP", "MadiEvents", "MadiStore", "MadiDelivery", "MadiLLM", "CEdit",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "madi", dependencies: ["MadiApp"]),
        // The benchmark program: `swift run -c release madi-bench` (figures in docs/PERFORMANCE.md).
        .executableTarget(name: "madi-bench", dependencies: ["MadiApp", "MadiCore", "MadiProtocol", "MadiScenarios", "MadiStore"]),
        // libFuzzer targets (scripts/fuzz), or a replayer of their inputs in a normal build.
        .executableTarget(name: "madi-fuzz", dependencies: ["MadiCore", "MadiEmail", "MadiProtocol", "MadiScenarios"]),
        .testTarget(name: "MadiEmailTests", dependencies: ["MadiEmail"]),
        .testTarget(name: "MadiProtocolTests", dependencies: ["MadiProtocol"]),
        .testTarget(name: "MadiCoreTests", dependencies: [
            "MadiCore", "MadiEmail", "MadiScenarios", "MadiTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "MadiStoreTests", dependencies: ["MadiStore", "MadiEvents", "MadiScenarios"]),
        .testTarget(name: "MadiEventsTests", dependencies: ["MadiEvents", "MadiScenarios", "MadiTestSupport"]),
        .testTarget(name: "MadiDeliveryTests", dependencies: ["MadiDelivery", "MadiTestSupport"]),
        .testTarget(name: "MadiHubTests", dependencies: ["MadiHub", "MadiScenarios", "MadiTestSupport"]),
        // A scripted OpenAI-compatible server on loopback, for the LLM and front tests.
        .target(name: "MadiTestSupport", dependencies: ["MadiCore"], path: "Tests/MadiTestSupport"),
        .testTarget(name: "MadiLLMTests", dependencies: ["MadiLLM", "MadiProtocol", "MadiScenarios", "MadiTestSupport"]),
        .testTarget(name: "MadiAppTests", dependencies: ["MadiApp", "MadiHub", "MadiProtocol", "MadiScenarios", "MadiTestSupport"]),
    ]
)
