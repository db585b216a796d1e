import ArgumentParser
import Foundation
import MadiCore
import MadiEmail

struct CheckEmail: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-email",
        abstract: "Validate e-mail addresses with Madi's sign-up rules.",
        discussion: "Prints `ok <normalized>` or `invalid <reason>` per address; exit 0 when all are valid, 1 otherwise. With no address, reads one per line on stdin.")

    @Argument(help: "Addresses to check.") var addresses: [String] = []

    func run() throws {
        var all = addresses
        if all.isEmpty { while let line = readLine(strippingNewline: true) { if !line.isEmpty { all.append(line) } } }
        var bad = 0
        for a in all {
            switch EmailValidator.validate(a) {
            case let .valid(addr):
                var line = "ok \(addr.normalized)"
                if let ascii = addr.ascii, ascii != addr.normalized { line += " (\(ascii))" }
                if let s = EmailSuggester.suggest(addr.normalized) { line += " (did you mean \(s)?)" }
                print(line)
            case let .invalid(p):
                bad += 1
                print("invalid \(p.reason): \(Sanitize.line(a))")
            }
        }
        if bad > 0 { throw ExitCode(1) }
    }
}
