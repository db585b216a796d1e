import Foundation
import MadiCore
import Prometheus

/// What /metrics shows, in Prometheus' text format.
public final class Metrics: Sendable {
    public let registry = PrometheusCollectorRegistry()
    let turns: Counter
    let replyLatency: DurationHistogram
    let sessionsLive: Gauge
    let leadsSaved: Counter
    let leadsFailed: Counter

    public init() {
        turns = registry.makeCounter(name: "madi_turns_total", help: "Turns answered (say, choose, command).")
        replyLatency = registry.makeDurationHistogram(
            name: "madi_reply_seconds",
            buckets: [.microseconds(250), .milliseconds(1), .milliseconds(5), .milliseconds(25), .milliseconds(100),
                      .milliseconds(500), .seconds(2), .seconds(10), .seconds(30)],
            help: "Time from a turn's request to its reply.")
        sessionsLive = registry.makeGauge(name: "madi_sessions_live", help: "Live sessions.")
        leadsSaved = registry.makeCounter(name: "madi_leads_saved_total", help: "Leads committed.")
        leadsFailed = registry.makeCounter(name: "madi_leads_failed_total", help: "Lead saves that failed.")
    }

    /// A call to the LLM ended (`what`: understand or answer; `outcome`: ok, failed kinds, cancelled, skipped).
    public func llmCall(_ what: String, outcome: String) {
        registry.makeCounter(name: "madi_llm_calls_total", labels: [("call", what), ("outcome", outcome)],
                             help: "LLM calls by outcome.").increment()
    }

    /// The lead sink, counting what it answers.
    public func counting(_ leads: LeadSink) -> LeadSink { CountingLeads(inner: leads, metrics: self) }

    struct CountingLeads: LeadSink {
        let inner: LeadSink
        let metrics: Metrics
        func save(_ draft: LeadDraft) -> Result<String, LeadSaveError> {
            let r = inner.save(draft)
            switch r {
            case .success: metrics.leadsSaved.increment()
            case .failure: metrics.leadsFailed.increment()
            }
            return r
        }
        func save(_ draft: LeadDraft, done: @escaping @Sendable (Result<String, LeadSaveError>) -> Void) {
            inner.save(draft) { [metrics] r in
                switch r {
                case .success: metrics.leadsSaved.increment()
                case .failure: metrics.leadsFailed.increment()
                }
                done(r)
            }
        }
    }
}
