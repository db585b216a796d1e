import Foundation
import MadiJSON
import Testing
import MadiCore
import MadiStore
@testable import MadiApp

@Suite("Lead export")
struct ExportTests {
    func store(_ drafts: [LeadDraft]) throws -> String {
        let path = Paths.temp("export.sqlite")
        let s = LeadStore(path: path)
        for d in drafts { _ = try s.save(d).get() }
        return path
    }

    func draft(_ email: String, company: String? = nil, answer: String = "Comprendre l'IA") -> LeadDraft {
        LeadDraft(email: email, emailASCII: email, firstName: nil, course: "starter", recommendedCourse: "starter",
                  answers: [LeadAnswer(step: "goal", value: "foundations", label: answer)], language: "fr", source: "test",
                  company: company, teamSize: company == nil ? nil : 3, kind: company == nil ? "preregistration" : "quote",
                  consentVersion: "v1")
    }

    @Test func csvCellsAreQuotedAndFormulasNeutralised() {
        #expect(CSV.cell("plain") == "plain")
        #expect(CSV.cell("a,b") == "\"a,b\"")
        #expect(CSV.cell("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSV.cell("two\nlines") == "\"two\nlines\"")
        #expect(CSV.cell("=HYPERLINK(\"http://x\")") == "\"'=HYPERLINK(\"\"http://x\"\")\"")
        #expect(CSV.cell("+33 6 12") == "'+33 6 12")
        #expect(CSV.cell("-2+3") == "'-2+3")
        #expect(CSV.cell("@SUM(A1)") == "'@SUM(A1)")
        #expect(CSV.cell("\t=cmd") == "'=cmd") // the tab goes, the formula is still neutralised
        #expect(CSV.cell("a=b") == "a=b")
    }

    @Test func exportedCSVKeepsEveryFieldAndNeutralisesFormulas() throws {
        let db = try store([draft("ana@orange.fr", company: "=cmd|' /C calc'!A0", answer: "Je débute, vraiment \"jamais\"")])
        let r = try run(["leads", "export", "--format", "csv", "--leads-db", db])
        #expect(r.status == 0)
        let rows = r.stdout.components(separatedBy: "\r\n")
        #expect(rows[0] == LeadExport.columns.joined(separator: ","))
        #expect(rows[1].contains(",'=cmd|' /C calc'!A0,"))
        #expect(rows[1].contains("\"goal=Je débute, vraiment \"\"jamais\"\"\""))
        #expect(rows.count == 3 && rows[2].isEmpty)
    }

    @Test func listShowCountAndSince() throws {
        let db = try store([draft("a@orange.fr"), draft("b@orange.fr")])
        #expect(try run(["leads", "count", "--leads-db", db]).stdout == "2\n")
        let list = try run(["leads", "list", "--leads-db", db])
        #expect(list.lines.count == 2)
        let id = String(list.lines.first { $0.hasSuffix("a@orange.fr") }!.prefix(8))
        let show = try run(["leads", "show", id, "--leads-db", db])
        #expect(show.stdout.contains("email: a@orange.fr"))
        #expect(show.stdout.contains("answer goal: Comprendre l'IA (foundations)"))
        #expect(try run(["leads", "list", "--since", "2999-01-01", "--leads-db", db]).stdout.isEmpty)
        #expect(try run(["leads", "list", "--since", "2000-01-01T00:00:00Z", "--leads-db", db]).lines.count == 2)
        let bad = try run(["leads", "list", "--since", "yesterday", "--leads-db", db])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--since must be a date"))
        let missing = try run(["leads", "show", "nope", "--leads-db", db])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no lead with id nope"))
    }

    @Test func noDatabaseYetIsAClearMessage() throws {
        let r = try run(["leads", "count", "--leads-db", Paths.temp("none.sqlite")])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no lead database at"))
    }

    @Test func jsonlExportIsOneObjectPerLead() throws {
        let db = try store([draft("a@orange.fr", company: "ACME")])
        let r = try run(["leads", "export", "--format", "jsonl", "--leads-db", db])
        let j = try JSON.parse(Array(r.lines[0].utf8))
        #expect(j["company"]?.string == "ACME")
        #expect(j["team_size"] == .number(3))
        #expect(j["kind"]?.string == "quote")
        #expect(j["answers"] == .array([.object([("step", .string("goal")), ("value", .string("foundations")), ("label", .string("Comprendre l'IA"))])]))
    }
}
