import ArgumentParser
import Foundation
import MadiCore
import MadiScenarios

enum ScenarioFiles {
    /// Reads test cases from files and directories (every .yaml inside).
    static func load(_ paths: [String], quietIfMissing: Bool = false) -> ([Scenario], [Diagnostic]) {
        let fm = FileManager.default
        var files: [String] = []
        var diags: [Diagnostic] = []
        for p in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: p, isDirectory: &isDir) else {
                if !quietIfMissing { diags.append(Diagnostic(file: p, line: nil, message: "no such file or directory")) }
                continue
            }
            if isDir.boolValue {
                let names = (try? fm.contentsOfDirectory(atPath: p)) ?? []
                files += names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map { (p as NSString).appendingPathComponent($0) }
            } else {
                files.append(p)
            }
        }
        var cases: [Scenario] = []
        for f in files {
            guard let data = fm.contents(atPath: f), let text = String(data: data, encoding: .utf8) else {
                diags.append(Diagnostic(file: f, line: nil, message: "cannot read the file as UTF-8"))
                continue
            }
            let (c, d) = ScenarioLoader.parse(file: f, text: text)
            cases += c
            diags += d
        }
        return (cases, diags)
    }
}

struct RunTests: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run conversation test cases (Dialogues/tests/*.yaml by default).",
        discussion: "Each case plays a conversation: `user:` lines, `bot:` substrings, `expect:` step, recommendation, language and lead fields. Exits 1 when a case fails.")

    @OptionGroup var content: ContentOptions
    @Argument(help: "Test files or directories.") var paths: [String] = []
    @Option(help: ArgumentHelp("Also write a JUnit XML report here.", valueName: "file")) var junit: String?
    @Flag(name: .shortAndLong, help: "Print every transcript, not only the failing ones.") var verbose = false

    func run() throws {
        let c = try content.load()
        let engine = Engine(content: c)
        let dir = DialoguesDirectory.resolve(content.dialogues)
        let (cases, diags) = ScenarioFiles.load(paths.isEmpty ? [(dir as NSString).appendingPathComponent("tests")] : paths)
        for d in diags { print("error: \(d)") }
        if !diags.isEmpty { throw ExitCode(1) }
        if cases.isEmpty { print("no test case found"); throw ExitCode(1) }
        var results: [ScenarioResult] = []
        for s in cases {
            let r = ScenarioRunner.run(engine, s)
            results.append(r)
            let at = s.line.map { "\(s.file):\($0)" } ?? s.file
            print("\(r.passed ? "PASS" : "FAIL") \(s.name)  (\(at))")
            for f in r.failures {
                print("  \(f.line.map { "line \($0): " } ?? "")\(f.what)")
                print("    expected: \(f.expected.replacingOccurrences(of: "\n", with: "\n              "))")
                print("    actual:   \(f.actual.replacingOccurrences(of: "\n", with: "\n              "))")
            }
            if verbose || !r.passed {
                print("  transcript:")
                for line in r.transcript { print("    " + line.replacingOccurrences(of: "\n", with: "\n      ")) }
            }
        }
        let failed = results.filter { !$0.passed }.count
        if let junit { try JUnit.write(results, to: junit) }
        print("\(results.count - failed) passed, \(failed) failed")
        if failed > 0 { throw ExitCode(1) }
    }
}

enum JUnit {
    static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // XML 1.0 forbids most control characters.
                if c.value < 0x20 && c != "\n" && c != "\t" && c != "\r" { continue }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func xml(_ results: [ScenarioResult]) -> String {
        let failed = results.filter { !$0.passed }.count
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x += "<testsuites tests=\"\(results.count)\" failures=\"\(failed)\">\n"
        x += "  <testsuite name=\"madi conversations\" tests=\"\(results.count)\" failures=\"\(failed)\" errors=\"0\">\n"
        for r in results {
            x += "    <testcase classname=\"\(escape(r.file))\" name=\"\(escape(r.scenario))\""
            if r.passed { x += "/>\n"; continue }
            x += ">\n"
            for f in r.failures {
                let msg = "\(f.line.map { "line \($0): " } ?? "")\(f.what): expected \(f.expected)"
                x += "      <failure message=\"\(escape(msg))\">\(escape("expected: \(f.expected)\nactual: \(f.actual)"))</failure>\n"
            }
            x += "      <system-out>\(escape(r.transcript.joined(separator: "\n")))</system-out>\n"
            x += "    </testcase>\n"
        }
        x += "  </testsuite>\n</testsuites>\n"
        return x
    }

    static func write(_ results: [ScenarioResult], to path: String) throws {
        try Data(xml(results).utf8).write(to: URL(fileURLWithPath: path))
    }
}
