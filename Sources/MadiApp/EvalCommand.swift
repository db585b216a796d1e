import ArgumentParser
import Foundation
import MadiCore
import MadiText
import MadiScenarios

/// `madi eval`: how well Madi understands labelled messages, as `rasa test nlu` reports it.
struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Measure understanding on labelled messages (Dialogues/tests/nlu/*.yaml by default).",
        discussion: """
        Each message is typed at its step of a real conversation; what Madi recorded, answered or did is \
        compared with its label. Reports accuracy, wrong answers (worse than asking again: listed first), \
        misses, each label's precision and recall, and the confused pairs. --cross-validate K also measures \
        the classifier alone on its own examples (K folds). Exits 1 when --min-accuracy or --max-wrong is \
        not met.
        """)

    @OptionGroup var content: ContentOptions
    @Argument(help: "Labelled files or directories.") var paths: [String] = []
    @Option(help: "Output: text or json.") var format: String = "text"
    @Option(name: .customLong("cross-validate"), help: ArgumentHelp("Also cross-validate the classifier on its examples with K folds.", valueName: "K"))
    var folds: Int?
    @Option(name: .customLong("min-accuracy"), help: ArgumentHelp("Fail below this share of right answers (0–1).", valueName: "share"))
    var minAccuracy: Double?
    @Option(name: .customLong("max-wrong"), help: ArgumentHelp("Fail above this share of wrong answers (0–1).", valueName: "share"))
    var maxWrong: Double?
    @Flag(help: "List every missed message too, not only the wrong ones.") var verbose = false
    @Flag(help: "With each listed message, the classifier's three best labels and their scores.") var explain = false

    func validate() throws {
        guard ["text", "json"].contains(format) else { throw ValidationError("--format must be text or json (got '\(format)')") }
        if let folds, folds < 2 { throw ValidationError("--cross-validate needs at least 2 folds") }
    }

    func run() throws {
        let c = try content.load()
        let engine = Engine(content: c)
        if explain { Self.understanding = engine.understanding }
        let dir = DialoguesDirectory.resolve(content.dialogues)
        let inputs = paths.isEmpty ? [(dir as NSString).appendingPathComponent("tests/nlu")] : paths
        var report = Evaluation.Report(items: [])
        var problems: [Diagnostic] = []
        for file in yamlFiles(inputs, &problems) {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                problems.append(Diagnostic(file: file, line: nil, message: "cannot read the file as UTF-8")); continue
            }
            let (cases, diags) = Evaluation.parse(file: file, text: text)
            problems += diags
            report.items += Evaluation.run(engine, cases, file: file, today: ScenarioLoader.defaultToday).items
        }
        for p in problems { Log.stderr("error: \(p)") }
        if !problems.isEmpty { throw ExitCode(2) }
        var cv: (accuracy: Double, count: Int, confused: [String: Int])?
        if let folds {
            var stop: Set<String> = []
            for lex in c.lexicon.values { stop.formUnion(lex.stopwords.map(TextFold.fold)) }
            cv = Classifier.crossValidate(c.examples, folds: folds, stopwords: stop)
        }
        if format == "json" { printJSON(report, cv) } else { printText(report, cv) }
        if let minAccuracy, report.accuracy < minAccuracy { throw ExitCode(1) }
        if let maxWrong, report.wrongRate > maxWrong { throw ExitCode(1) }
    }

    func yamlFiles(_ inputs: [String], _ problems: inout [Diagnostic]) -> [String] {
        let fm = FileManager.default
        var files: [String] = []
        for p in inputs {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: p, isDirectory: &isDir) else {
                problems.append(Diagnostic(file: p, line: nil, message: "no such file or directory")); continue
            }
            if isDir.boolValue {
                files += ((try? fm.contentsOfDirectory(atPath: p)) ?? []).filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
                    .sorted().map { (p as NSString).appendingPathComponent($0) }
            } else {
                files.append(p)
            }
        }
        return files
    }

    nonisolated(unsafe) static var understanding: Understanding?

    func explanation(_ i: Evaluation.Item) -> String {
        guard let u = Self.understanding else { return "" }
        let scores = u.classifier.scores(u.prepare(i.text)).prefix(3)
        return scores.map { "\($0.label) \(String(format: "%.2f", $0.score))" }.joined(separator: ", ")
    }

    func percent(_ x: Double) -> String { String(format: "%.1f%%", x * 100) }

    func printText(_ r: Evaluation.Report, _ cv: (accuracy: Double, count: Int, confused: [String: Int])?) {
        print("\(r.total) expected answers: \(r.right) right (\(percent(r.accuracy))), \(r.wrong) wrong (\(percent(r.wrongRate))), \(r.missed) missed (\(percent(r.total == 0 ? 0 : Double(r.missed) / Double(r.total))))")
        let wrong = r.items.filter { $0.outcome == .wrong }
        if !wrong.isEmpty {
            print("\nWrong answers (recorded or answered, but not what was meant):")
            for i in wrong {
                print("  \(i.file):\(i.line ?? 0) [\(i.step), \(i.language)] \"\(i.text)\": expected \(i.expected), got \(i.got)")
                if explain { print("      " + explanation(i)) }
            }
        }
        let missed = r.items.filter { $0.outcome == .missed }
        if verbose, !missed.isEmpty {
            print("\nMissed (Madi asked again):")
            for i in missed {
                print("  \(i.file):\(i.line ?? 0) [\(i.step), \(i.language)] \"\(i.text)\": expected \(i.expected), got \(i.got)")
                if explain { print("      " + explanation(i)) }
            }
        }
        let pairs = r.confusedPairs()
        if !pairs.isEmpty {
            print("\nConfused pairs:")
            for p in pairs.prefix(20) { print("  \(p.count)× \(p.pair)") }
        }
        print("\nPer label (precision, recall, support):")
        for l in r.perLabel() where l.support > 0 || l.precision < 1 {
            print("  \(l.label.padding(toLength: 28, withPad: " ", startingAt: 0)) \(percent(l.precision).leftPad(7)) \(percent(l.recall).leftPad(7)) \(String(l.support).leftPad(4))")
        }
        if let cv {
            print("\nCross-validation of the classifier on its \(cv.count) examples: \(percent(cv.accuracy)) right")
            for (pair, n) in cv.confused.sorted(by: { $0.value > $1.value }).prefix(10) { print("  \(n)× \(pair)") }
        }
    }

    func printJSON(_ r: Evaluation.Report, _ cv: (accuracy: Double, count: Int, confused: [String: Int])?) {
        var obj: [String: Any] = [
            "total": r.total, "right": r.right, "wrong": r.wrong, "missed": r.missed,
            "accuracy": r.accuracy, "wrong_rate": r.wrongRate,
            "wrong_answers": r.items.filter { $0.outcome == .wrong }.map(itemJSON),
            "missed_answers": r.items.filter { $0.outcome == .missed }.map(itemJSON),
            "labels": r.perLabel().map { ["label": $0.label, "precision": $0.precision, "recall": $0.recall, "support": $0.support] as [String: Any] },
            "confused_pairs": r.confusedPairs().map { ["pair": $0.pair, "count": $0.count] as [String: Any] },
        ]
        if let cv {
            obj["cross_validation"] = ["accuracy": cv.accuracy, "examples": cv.count,
                                       "confused": cv.confused.map { ["pair": $0.key, "count": $0.value] as [String: Any] }]
        }
        if let data = try? JSONSerialization.data(withJSONObject: obj, options: [.sortedKeys]) {
            print(String(decoding: data, as: UTF8.self))
        }
    }

    func itemJSON(_ i: Evaluation.Item) -> [String: Any] {
        ["file": i.file, "line": i.line ?? 0, "step": i.step, "language": i.language, "text": i.text,
         "expected": i.expected, "got": i.got]
    }
}

extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
