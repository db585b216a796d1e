import ArgumentParser
import Foundation
import MadiCore
import MadiStore

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "How Madi is doing: the funnel step by step, pre-registration abandonment, recommendations and leads, reprompts, unanswered questions.",
        discussion: """
        Computed from the events `madi chat` and `madi jsonl` record in the lead database (docs/EVENTS.md). A \
        conversation counts when it started on or after --since. --html writes one self-contained page with the \
        funnel drawn.
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, json, csv }

    @OptionGroup var storage: StoreOptions
    @Option(help: "Only conversations started on or after this date (YYYY-MM-DD) or time (ISO 8601, UTC).") var since: String?
    @Option(help: "table, json or csv.") var format: Format = .table
    @Option(help: ArgumentHelp("Also write the report as one HTML page to this file.", valueName: "file")) var html: String?
    @Option(help: "Most unanswered questions listed.") var top = 20

    func run() throws {
        let since = try Leads.since(self.since)
        let store = try Leads.open(storage)
        let report: StatsReport
        do {
            report = StatsReport(events: try store.events(since: since), questions: try store.questions(since: since),
                                 since: since, limit: max(1, top))
        } catch let e as LeadSaveError { throw Leads.fail(e) }
        switch format {
        case .table: print(report.table(), terminator: "")
        case .json: print(try report.json(), terminator: "")
        case .csv: print(report.csv(), terminator: "")
        }
        if let html {
            let page = report.html(generated: LeadStore.timestamp(Date()))
            do { try Data(page.utf8).write(to: URL(fileURLWithPath: html), options: .atomic) } catch {
                Log.stderr("madi: cannot write \(html): \(error.localizedDescription)")
                throw ExitCode(1)
            }
        }
    }
}
