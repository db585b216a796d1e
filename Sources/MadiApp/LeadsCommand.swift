import ArgumentParser
import Foundation
import MadiCore
import MadiJSON
import MadiStore

struct Leads: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leads",
        abstract: "List, show, count and export the stored pre-registrations.",
        subcommands: [List.self, Show.self, Count.self, Export.self, Deliveries.self])

    static func open(_ options: StoreOptions) throws -> LeadStore {
        let store = LeadStore(path: options.path)
        guard FileManager.default.fileExists(atPath: options.path) else {
            Log.stderr("madi: no lead database at \(options.path) (no lead saved yet?)")
            throw ExitCode(1)
        }
        return store
    }

    static func fail(_ e: LeadSaveError) -> ExitCode {
        Log.stderr("madi: \(e.code): \(e.message)")
        return ExitCode(1)
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "One line per lead: id, created, course, kind, e-mail (and 'withdrawn' when the consent was taken back).")
        @OptionGroup var storage: StoreOptions
        @Option(help: "Only leads created on or after this date (YYYY-MM-DD) or time (ISO 8601, UTC).") var since: String?

        func run() throws {
            do {
                for l in try Leads.open(storage).list(since: try Leads.since(since)) {
                    print(([String(l.id.prefix(8)), l.createdAt, l.course, l.kind, Sanitize.line(l.email)]
                        + (l.withdrawnAt == nil ? [] : ["withdrawn"]) + (l.erasureRequestedAt == nil ? [] : ["erasure requested"])).joined(separator: "  "))
                }
            } catch let e as LeadSaveError { throw Leads.fail(e) }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Every field of one lead (id or its first characters).")
        @OptionGroup var storage: StoreOptions
        @Argument(help: "The lead id, or its first characters.") var id: String

        func run() throws {
            do {
                guard let l = try Leads.open(storage).lead(id: id) else {
                    Log.stderr("madi: no lead with id \(Sanitize.line(id))")
                    throw ExitCode(1)
                }
                let fields: [(String, String?)] = [
                    ("id", l.id), ("created", l.createdAt), ("updated", l.updatedAt), ("email", l.email),
                    ("email (ASCII)", l.emailAscii), ("first name", l.firstName), ("course", l.course),
                    ("recommended", l.recommendedCourse), ("kind", l.kind), ("company", l.company),
                    ("team size", l.teamSize.map(String.init)), ("language", l.language), ("source", l.source),
                    ("consent", "\(l.consentVersion) at \(l.consentedAt)"),
                    ("consent withdrawn", l.withdrawnAt.map { "at \($0): do not write to this prospect" }),
                    ("erasure requested", l.erasureRequestedAt.map { "at \($0): erase this prospect's data" }),
                ]
                for (k, v) in fields { if let v { print("\(k): \(Sanitize.line(v))") } }
                for a in l.decodedAnswers { print("answer \(a.step): \(Sanitize.line(a.label)) (\(a.value))") }
                for q in l.decodedQuestions { print("question for the team: \(Sanitize.line(q))") }
            } catch let e as LeadSaveError { throw Leads.fail(e) }
        }
    }

    struct Count: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "count", abstract: "How many leads are stored.")
        @OptionGroup var storage: StoreOptions

        func run() throws {
            do { print(try Leads.open(storage).count()) } catch let e as LeadSaveError { throw Leads.fail(e) }
        }
    }

    enum Format: String, ExpressibleByArgument, CaseIterable { case csv, jsonl }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Export leads as CSV (RFC 4180, formula-safe) or JSON lines.",
            discussion: "CSV cells that begin with = + - @ are prefixed with ' so that a spreadsheet never runs them.")
        @OptionGroup var storage: StoreOptions
        @Option(help: "csv or jsonl.") var format: Format = .csv
        @Option(help: "Only leads created on or after this date (YYYY-MM-DD) or time (ISO 8601, UTC).") var since: String?

        func run() throws {
            do {
                let leads = try Leads.open(storage).list(since: try Leads.since(since))
                FileHandle.standardOutput.write(Data(LeadExport.render(leads, format: format).utf8))
            } catch let e as LeadSaveError { throw Leads.fail(e) }
        }
    }

    static func since(_ s: String?) throws -> String? {
        guard let s else { return nil }
        if let d = Day(iso: s) { return d.iso + "T00:00:00.000Z" }
        let f = ISO8601DateFormatter()
        for opts: ISO8601DateFormatter.Options in [[.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime]] {
            f.formatOptions = opts
            if let date = f.date(from: s) { return LeadStore.timestamp(date) }
        }
        throw ValidationError("--since must be a date (YYYY-MM-DD) or an ISO 8601 time, got '\(s)'")
    }
}

enum LeadExport {
    static let columns = ["id", "created_at", "updated_at", "email", "email_ascii", "first_name", "course",
                          "recommended_course", "kind", "company", "team_size", "language", "source",
                          "consent_version", "consented_at", "withdrawn_at", "erasure_requested_at", "questions", "answers"]

    static func values(_ l: StoredLead) -> [String] {
        let answers = l.decodedAnswers.map { "\($0.step)=\($0.label)" }.joined(separator: "; ")
        return [l.id, l.createdAt, l.updatedAt, l.email, l.emailAscii ?? "", l.firstName ?? "", l.course,
                l.recommendedCourse ?? "", l.kind, l.company ?? "", l.teamSize.map(String.init) ?? "", l.language,
                l.source, l.consentVersion, l.consentedAt, l.withdrawnAt ?? "", l.erasureRequestedAt ?? "", l.decodedQuestions.joined(separator: " | "), answers]
    }

    static func render(_ leads: [StoredLead], format: Leads.Format) -> String {
        switch format {
        case .csv:
            return ([columns] + leads.map(values)).map { $0.map(CSV.cell).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        case .jsonl:
            return leads.map { l in
                var pairs: [(String, JSON)] = []
                for (k, v) in zip(columns.dropLast(), values(l).dropLast()) {
                    if k == "team_size" { pairs.append((k, l.teamSize.map { .number(Double($0)) } ?? .null)); continue }
                    if k == "questions" { pairs.append((k, .array(l.decodedQuestions.map(JSON.string)))); continue }
                    pairs.append((k, v.isEmpty && k != "email" ? .null : .string(v)))
                }
                pairs.append(("answers", .array(l.decodedAnswers.map {
                    .object([("step", .string($0.step)), ("value", .string($0.value)), ("label", .string($0.label))])
                })))
                return JSON.object(pairs).serialized + "\n"
            }.joined()
        }
    }
}
