import ArgumentParser
import Foundation
import MadiCore

struct Paths: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paths",
        abstract: "Print every combination of choice answers and the course it leads to.",
        discussion: """
        A markdown table by default; --csv for a spreadsheet. One column per question (named by step id, \
        'goal' being the answer to the goal question), then 'course', the course recommended; 'ladder_goal', \
        the higher course the answers aim at, shown as the goal on the ladder (empty when none); 'cap', the \
        level limit the answers set.
        """)

    @OptionGroup var content: ContentOptions
    @Option(help: "Language of the labels.") var lang: String?
    @Flag(help: "CSV instead of a markdown table.") var csv = false
    @Flag(help: "Option ids instead of labels.") var ids = false

    func run() throws {
        let c = try content.load()
        let lang = self.lang ?? c.defaultLanguage
        guard c.languages.contains(lang) else { throw ValidationError("--lang must be one of \(c.languages.joined(separator: ", "))") }
        print(PathsTable.render(c, language: lang, csv: csv, ids: ids), terminator: "")
    }
}

enum PathsTable {
    static func render(_ c: Content, language: String, csv: Bool, ids: Bool) -> String {
        let rows = PathEnumerator.enumerate(c)
        let columns = PathEnumerator.columns(rows)
        func label(_ step: String, _ option: String?) -> String {
            guard let option else { return "—" }
            if option == "#" { return "(n)" }
            if ids { return option }
            return c.step(step)?.option(option)?.label[language] ?? option
        }
        func name(_ id: String?) -> String { id.flatMap { c.catalogue.course($0)?.name } ?? "" }
        // The step columns are named by step id (one of them is the "goal" question); the last three
        // say what the answers lead to, under names of their own.
        let header = ["#"] + columns + ["course", "ladder_goal", "cap"]
        var body: [[String]] = []
        for (i, r) in rows.enumerated() {
            let answers = Dictionary(r.answers.map { ($0.step, $0.option) }, uniquingKeysWith: { _, b in b })
            body.append([String(i + 1)] + columns.map { label($0, answers[$0]) } + [name(r.recommendation), name(r.goal), name(r.cap)])
        }
        if csv {
            return ([header] + body).map { $0.map(CSV.cell).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        }
        func md(_ cells: [String]) -> String { "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |" }
        var out = [md(header), md(header.map { _ in "---" })] + body.map(md)
        out.append("")
        out.append("\(rows.count) paths; " + c.catalogue.courses.map { course in "\(course.name): \(rows.filter { $0.recommendation == course.id }.count)" }.joined(separator: ", "))
        return out.joined(separator: "\n") + "\n"
    }
}
