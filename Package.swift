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
        // Pure text helpers shared by the e-mail rules and the engine: folding (case, accents, punctuation),
        // the typo distance, trimming.
        .target(name: "MadiText"),
        // E-mail addresses: validation and normalisation (NFC, IDN by RFC 3492 and UTS-46), typo suggestions.
        .target(name: "MadiEmail", dependencies: ["MadiText"]),
        // The engine, pure, no I/O: content model, loader and lint, understanding, matcher, recommender,
        // session, step function, conversation effect loop. (`madi paths` is here too: it walks the
        // content with the recommender for the owner's review, as lint reads it, and tests nothing.)
        .target(name: "MadiCore", dependencies: ["MadiText", "MadiEmail", .product(name: "Yams", package: "Yams")]),
        // JSON: a value whose objects keep their keys' order, a strict parser (RFC 8259), a compact writer.
        .target(name: "MadiJSON"),
        // Protocol v1, the wire format of the JSON-lines and HTTP fronts: requests, replies, errors.
        .target(name: "MadiProtocol", dependencies: ["MadiCore", "MadiJSON"]),
        // Conversation tests: the Dialogues/tests/*.yaml runner with its doubles (scripted assistant, leads
        // in memory), and the labelled-message evaluation (`madi eval`), which is here rather than in the
        // engine because, like the runner, it drives the engine from outside and scores what it did.
        .target(name: "MadiScenarios", dependencies: ["MadiCore", .product(name: "Yams", package: "Yams")]),
        // libedit (line editing and history in the chat), as a system library.
        .systemLibrary(name: "CEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // libcurl's headers, as a system library, for the LLM client. (The library is opened on the first
        // LLM call rather than linked, see Sources/CCurlLoader, so that a Madi without an endpoint does not
        // load it and its forty dependencies at every start; no pkg-config, whose flags would link it.)
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // Opens libcurl on the first call and holds the looked-up functions (one state for the whole program).
        .target(name: "CCurlLoader", dependencies: ["CCurl"]),
        // The LLM side: OpenAI-compatible chat client on libcurl (SSE, retries, circuit breaker), prompt templates.
        .target(name: "MadiLLM", dependencies: ["MadiCore", "MadiText", "MadiJSON", "CCurl", "CCurlLoader"]),
        // The funnel's events, derived from a turn, pure, so that every front records the same.
        .target(name: "MadiEvents", dependencies: ["MadiCore", "MadiEmail", "MadiJSON"]),
        // Durable storage (SQLite through GRDB): leads and their outbox, events, unanswered questions, sessions.
        .target(name: "MadiStore", dependencies: ["MadiCore", "MadiEvents", .product(name: "GRDB", package: "GRDB.swift"),
                                                  .product(name: "GRDBSQLite", package: "GRDB.swift")]),
        // Leads delivered to the team's CRM: the signed webhook payload and the outbox's sender.
        .target(name: "MadiDelivery", dependencies: [
            "MadiCore", "MadiJSON", "MadiStore", "MadiLLM", .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // Live sessions for every front: registry, per-session order, TTL, caps, cancellation, an injected clock.
        .target(name: "MadiHub", dependencies: ["MadiCore", "MadiJSON", "MadiProtocol"]),
        // The HTTP front on Hummingbird: protocol v1 over the hub, SSE, access logs, limits, auth, CORS, metrics.
        .target(name: "MadiHTTP", dependencies: [
            "MadiCore", "MadiJSON", "MadiProtocol", "MadiHub",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The `madi` commands, one per file, and the terminal chat and JSON-lines fronts over the hub.
        .target(name: "MadiApp", dependencies: [
            "MadiCore", "MadiText", "MadiEmail", "MadiJSON", "MadiProtocol", "MadiScenarios", "MadiHub", "MadiHTTP",
            "MadiEvents", "MadiStore", "MadiDelivery", "MadiLLM", "CEdit",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The `madi` executable.
        .executableTarget(name: "madi", dependencies: ["MadiApp"]),
        // The benchmark program: `swift run -c release madi-bench` (figures in docs/PERFORMANCE.md).
        .executableTarget(name: "madi-bench", dependencies: [
            "MadiApp", "MadiCore", "MadiJSON", "MadiProtocol", "MadiScenarios", "MadiStore",
        ]),
        // libFuzzer targets (scripts/fuzz), or a replayer of their inputs in a normal build.
        .executableTarget(name: "madi-fuzz", dependencies: [
            "MadiCore", "MadiEmail", "MadiJSON", "MadiProtocol", "MadiScenarios",
        ]),
        // One test target per library target (MadiProtocol and MadiScenarios are driven through the fronts and
        // `madi test` in MadiAppTests).
        .testTarget(name: "MadiTextTests", dependencies: ["MadiText"]),
        .testTarget(name: "MadiEmailTests", dependencies: ["MadiEmail"]),
        .testTarget(name: "MadiJSONTests", dependencies: ["MadiJSON"]),
        .testTarget(name: "MadiCoreTests", dependencies: [
            "MadiCore", "MadiText", "MadiEmail", "MadiScenarios", "MadiTestSupport",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "MadiStoreTests", dependencies: ["MadiStore", "MadiEvents", "MadiScenarios", "MadiTestSupport"]),
        .testTarget(name: "MadiEventsTests", dependencies: ["MadiEvents", "MadiScenarios", "MadiTestSupport"]),
        .testTarget(name: "MadiDeliveryTests", dependencies: ["MadiDelivery", "MadiTestSupport"]),
        .testTarget(name: "MadiHubTests", dependencies: ["MadiHub", "MadiScenarios", "MadiTestSupport"]),
        // A scripted OpenAI-compatible server on loopback, for the LLM and front tests.
        .target(name: "MadiTestSupport", dependencies: ["MadiCore", "MadiEvents", "MadiScenarios"], path: "Tests/MadiTestSupport"),
        .testTarget(name: "MadiLLMTests", dependencies: ["MadiLLM", "MadiJSON", "MadiScenarios", "MadiTestSupport"]),
        .testTarget(name: "MadiAppTests", dependencies: [
            "MadiApp", "MadiHub", "MadiJSON", "MadiScenarios", "MadiTestSupport",
        ]),
    ]
)
