// Fuzz targets for the JSON-lines request decoder, the dialogue loader and the e-mail validator.
//
// With libFuzzer (scripts/fuzz): built with -sanitize=fuzzer,address and -DFUZZING; the target
// is chosen by MADI_FUZZ=protocol|dialogues|email. Without it, this is a replayer: it feeds the
// files given as arguments to the same code, so that a crash input can be reproduced.
import Foundation
import MadiCore
import MadiEmail
import MadiJSON
import MadiProtocol
import MadiScenarios

enum FuzzTarget: String {
    case protocolDecoder = "protocol", dialogues, email

    static let current: FuzzTarget = {
        guard let name = ProcessInfo.processInfo.environment["MADI_FUZZ"], let t = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(Data("madi-fuzz: set MADI_FUZZ to protocol, dialogues or email\n".utf8))
            exit(2)
        }
        return t
    }()

    /// The shipped content, which the dialogue target varies one file at a time.
    static let baseFiles: [String: String] = {
        let dir = ProcessInfo.processInfo.environment["MADI_DIALOGUES"] ?? "Dialogues"
        var out: [String: String] = [:]
        for name in ["questionnaire.yaml", "catalogue.yaml", "faq.yaml", "commands.yaml", "lexicon.yaml", "strings/fr.yaml", "strings/en.yaml"] {
            out[name] = (try? String(contentsOfFile: dir + "/" + name, encoding: .utf8)) ?? ""
        }
        return out
    }()

    func run(_ bytes: [UInt8]) {
        switch self {
        case .protocolDecoder:
            let (id, result) = ProtocolV1.decode(bytes)
            // Whatever came in, the answer line is valid JSON on one line.
            let line = ProtocolV1.error(id: id, ProtocolV1.Failure("x", "y")).serialized
            precondition(!line.contains("\n") && (try? JSON.parse(Array(line.utf8))) != nil, "unparseable error line")
            if case let .success(request) = result { _ = request.kind.session }
        case .dialogues:
            // The first byte picks the file to replace; the rest is its text.
            guard let first = bytes.first else { return }
            let names = Self.baseFiles.keys.sorted()
            var files = Self.baseFiles
            files[names[Int(first) % names.count]] = String(decoding: bytes.dropFirst(), as: UTF8.self)
            if case let .success(content) = ContentLoader.load(files: files) {
                // Content that loads must also play.
                let engine = Engine(content: content)
                var turn = engine.start(today: Day(iso: "2026-11-21")!)
                for text in ["oui", "1", "2", "/retour", "combien ?", "a@b.fr", "oui"] {
                    turn = Conversation.turn(engine, turn.session, .text(text), leads: MemoryLeadSink())
                }
                _ = PathEnumerator.enumerate(content)
            }
        case .email:
            let text = String(decoding: bytes, as: UTF8.self)
            if case let .valid(a) = EmailValidator.validate(text) {
                // A normalized address validates to itself.
                guard case let .valid(again) = EmailValidator.validate(a.normalized) else {
                    preconditionFailure("normalized form refused: \(a.normalized.debugDescription)")
                }
                precondition(again.normalized == a.normalized, "normalization is not stable")
                _ = EmailSuggester.suggest(a.normalized)
            }
        }
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTarget.current.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

/// SwiftPM links an executable's entry point under this name: hand over to libFuzzer's driver.
@_cdecl("madi_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var count = argc
    var vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &vector, fuzzOneInput)
}
#else
@main
struct Replay {
    static func main() {
        let paths = CommandLine.arguments.dropFirst()
        if paths.isEmpty {
            FileHandle.standardError.write(Data("usage: MADI_FUZZ=protocol|dialogues|email madi-fuzz FILE...\n".utf8))
            exit(2)
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            FuzzTarget.current.run(Array(data))
        }
        print("replayed \(paths.count) input(s)")
    }
}
#endif
