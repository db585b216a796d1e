import ArgumentParser
import Foundation
import MadiCore
import MadiDelivery
import MadiStore

struct Deliver: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deliver",
        abstract: "Send the leads waiting in the outbox to the CRM's webhook, once, and exit.",
        discussion: """
        Sends every delivery due now (tries that failed earlier and are due again included), with the same \
        payload, signature and idempotency key as `madi jsonl` and `madi chat`. --retry-failed first makes the dead \
        letters due again. Exits 1 when some delivery is left failed or dead. See docs/WEBHOOK.md.
        """)

    @OptionGroup var storage: StoreOptions
    @OptionGroup var webhookOptions: WebhookOptions
    @Flag(help: "Send the dead letters again (their tries counted from zero).") var retryFailed = false
    @Flag(help: "Also wait for the deliveries that failed and are due later (within their backoff), until none is pending.")
    var wait = false

    func validate() throws { try webhookOptions.validateValues() }

    func run() throws {
        Log.level = .info
        guard let config = webhookOptions.webhook() else {
            throw ValidationError("no webhook: give --webhook-url or set MADI_WEBHOOK_URL")
        }
        let store = try Leads.open(storage)
        do {
            if retryFailed {
                let n = try store.retryDead()
                Log.log(.info, "\(n) dead letter(s) made due again")
            }
            let sender = WebhookSender(store: store, config: config, log: { Log.log(.info, $0) })
            var tries = sender.runOnce()
            while wait, let next = try store.nextDue() {
                Thread.sleep(forTimeInterval: max(0, min(next.timeIntervalSinceNow, config.maxDelay)))
                tries += sender.runOnce()
            }
            let c = sender.counts
            let all = try store.deliveries()
            let pending = all.filter { $0.state == .pending }.count
            let dead = all.filter { $0.state == .dead }.count
            print("\(tries) tries: \(c.delivered) delivered, \(c.failed) failed and due again, \(c.dead) dead; now \(pending) pending, \(dead) dead")
            if c.failed + c.dead > 0 { throw ExitCode(1) }
        } catch let e as LeadSaveError { throw Leads.fail(e) }
    }
}

extension Leads {
    struct Deliveries: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "deliveries",
            abstract: "Each lead's delivery to the CRM: state, revision, tries, last answer, next try.")
        @OptionGroup var storage: StoreOptions
        @Flag(help: "Only the dead letters.") var failed = false

        func run() throws {
            do {
                let rows = try Leads.open(storage).deliveries(failedOnly: failed)
                print(["lead", "state", "rev", "tries", "last", "next / delivered", "error"].joined(separator: "  "))
                for d in rows {
                    let when = d.state == .delivered ? (d.deliveredAt ?? "") : (d.state == .pending ? d.nextAt : "-")
                    print([String(d.leadId.prefix(8)), d.state.rawValue, String(d.revision), String(d.attempts),
                           d.lastStatus.map(String.init) ?? "-", when, Sanitize.line(d.lastError ?? "")].joined(separator: "  "))
                }
            } catch let e as LeadSaveError { throw Leads.fail(e) }
        }
    }
}
