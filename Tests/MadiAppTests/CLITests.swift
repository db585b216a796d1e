import Foundation
import MadiCore
import Testing
@testable import MadiApp

@Suite("Commands")
struct CLITests {
    func copyDialogues() throws -> String {
        let dir = Paths.temp("Dialogues")
        try FileManager.default.copyItem(atPath: Paths.dialogues, toPath: dir)
        return dir
    }

    @Test func lintPassesOnTheShippedContent() throws {
        let r = try run(["lint", Paths.dialogues])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("ok: "))
    }

    @Test func lintReportsEveryProblemWithFileAndLine() throws {
        let dir = try copyDialogues()
        let q = dir + "/questionnaire.yaml"
        var text = try String(contentsOfFile: q, encoding: .utf8)
        text = text.replacingOccurrences(of: "next: team_level", with: "next: team_levle")
        text += "\n  - id: lonely\n    kind: end\n    prompt: bye.message\n"
        try text.write(toFile: q, atomically: true, encoding: .utf8)
        try "faq: [unclosed\n".write(toFile: dir + "/faq.yaml", atomically: true, encoding: .utf8)
        let r = try run(["lint", dir])
        #expect(r.status == 1)
        #expect(r.stdout.contains("faq.yaml:1: malformed YAML") || r.stdout.contains("faq.yaml:2: malformed YAML"))
        // Cross-file checks run once every file parses: fix the YAML and lint again.
        try FileManager.default.removeItem(atPath: dir + "/faq.yaml")
        try FileManager.default.copyItem(atPath: Paths.dialogues + "/faq.yaml", toPath: dir + "/faq.yaml")
        let again = try run(["lint", dir])
        #expect(again.status == 1)
        #expect(again.stdout.range(of: #"questionnaire\.yaml:\d+: step 'team_size'\.next: unknown step 'team_levle'"#, options: .regularExpression) != nil)
        #expect(again.stdout.range(of: #"questionnaire\.yaml:\d+: step 'lonely' is unreachable"#, options: .regularExpression) != nil)
    }

    @Test func conversationTestsPassAndWriteJUnit() throws {
        let junit = Paths.temp("junit.xml")
        let r = try run(["test", "--dialogues", Paths.dialogues, "--junit", junit])
        #expect(r.status == 0)
        #expect(r.stdout.range(of: #"\n\d+ passed, 0 failed\n$"#, options: .regularExpression) != nil)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testsuite name=\"madi conversations\""))
        #expect(xml.contains("failures=\"0\""))
    }

    @Test func aFailingCaseShowsExpectedAndActualAndExitsOne() throws {
        let file = Paths.temp("case.yaml")
        try """
        - test_case: wrong on purpose
          steps:
            - user: "oui"
            - expect: {step: usage}
            - bot: "Bonsoir"
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let junit = Paths.temp("junit.xml")
        let r = try run(["test", "--dialogues", Paths.dialogues, file, "--junit", junit])
        #expect(r.status == 1)
        #expect(r.stdout.contains("FAIL wrong on purpose"))
        #expect(r.stdout.contains("line 4: step"))
        #expect(r.stdout.contains("expected: usage"))
        #expect(r.stdout.contains("actual:   goal"))
        #expect(r.stdout.contains("expected: contains: Bonsoir"))
        #expect(r.stdout.contains("0 passed, 1 failed"))
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<failure message=\"line 4: step: expected usage\""))
    }

    @Test func aMalformedTestFileIsAnError() throws {
        let file = Paths.temp("bad.yaml")
        try "- test_case: x\n  steps:\n    - usr: oops\n".write(toFile: file, atomically: true, encoding: .utf8)
        let r = try run(["test", "--dialogues", Paths.dialogues, file])
        #expect(r.status == 1)
        #expect(r.stdout.contains("bad.yaml:3: test case 'x': unknown step 'usr'"))
    }

    @Test func pathsPrintsTheWholeRule() throws {
        let md = try run(["paths", "--dialogues", Paths.dialogues])
        #expect(md.status == 0)
        #expect(md.stdout.hasPrefix("| # | goal | usage | profile | start_when | team_size | team_level | course | ladder_goal | cap |"))
        // Every column has a name of its own: the goal question's answer and the ladder's goal are told apart.
        let header = md.stdout.prefix { $0 != "\n" }.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(Set(header).count == header.count, "duplicate column names in \(header)")
        // A beginner who wants to build gets Starter with Master as the ladder's goal, in the last columns.
        #expect(md.stdout.contains("| Starter | Master | Starter |"))
        let csv = try run(["paths", "--dialogues", Paths.dialogues, "--csv", "--ids", "--lang", "en"])
        let rows = csv.stdout.split(separator: "\r\n")
        #expect(rows.first == "#,goal,usage,profile,start_when,team_size,team_level,course,ladder_goal,cap")
        // 3 own goals × 4 usages × 6 profiles × 3 start dates, and the team: 3 levels × 3 start dates.
        #expect(rows.count == 1 + 3 * 4 * 6 * 3 + 3 * 3)
        #expect(rows.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 10 })
    }

    @Test func checkEmailPrintsOneVerdictPerAddress() throws {
        let ok = try run(["check-email", "Ana@Exemple.FR", "jean@bücher.de"])
        #expect(ok.status == 0)
        #expect(ok.stdout == "ok Ana@exemple.fr\nok jean@bücher.de (jean@xn--bcher-kva.de)\n")
        let mixed = try run(["check-email"], stdin: "a@b.fr\nnot-an-email\nx@localhost\n")
        #expect(mixed.status == 1)
        #expect(mixed.stdout == "ok a@b.fr\ninvalid missing @: not-an-email\ninvalid special-use domain localhost cannot receive mail: x@localhost\n")
    }

    @Test func versionAndHelp() throws {
        let r = try run(["--help"])
        for sub in ["chat", "jsonl", "leads", "lint", "test", "paths", "check-email"] { #expect(r.stdout.contains(sub)) }
    }
}
