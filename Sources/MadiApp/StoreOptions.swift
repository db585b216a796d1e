import ArgumentParser
import Foundation
import MadiCore
import MadiStore

/// Options of the commands that store leads.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("leads-db"), help: ArgumentHelp(
        "The lead database (default: $MADI_LEADS_DB, else $XDG_DATA_HOME/madi/leads.sqlite, else ~/.local/share/madi/leads.sqlite).",
        valueName: "path"))
    var leadsDB: String?

    var path: String { leadsDB ?? LeadStore.defaultPath() }

    /// The store, opened in the background so that a problem is logged early without delaying
    /// the first reply; a save waits for the opening, and retries it if it failed.
    func store() -> LeadStore {
        let store = LeadStore(path: path)
        DispatchQueue.global(qos: .utility).async {
            do { try store.open() } catch let error as LeadSaveError {
                Log.log(.warning, "lead store not available yet (\(error.code)): \(error.message); saves will be retried")
            } catch {}
        }
        return store
    }
}

extension LeadStore {
    /// At exit, with --log-level info: how many leads were committed in how many transactions.
    func logCommits() {
        let s = commitStats
        if s.leads > 0 { Log.log(.info, "\(s.leads) lead(s) committed in \(s.transactions) transaction(s)") }
    }
}
