import MadiCore
import MadiJSON

/// JSON-lines protocol v1 (docs/PROTOCOL.md): one request object per line in, exactly one
/// response object per line out.
public enum ProtocolV1 {
    public static let version = 1

    public struct Failure: Error, Equatable, Sendable {
        /// Stable, for machines: bad_json, invalid_utf8, line_too_long, unknown_type, missing_field,
        /// wrong_type, bad_value, unsupported_version, unknown_session, session_exists,
        /// too_many_sessions, store_*...
        public var code: String
        public var message: String

        public init(_ code: String, _ message: String) {
            self.code = code
            self.message = message
        }
    }

    public struct StartContext: Equatable, Sendable {
        public var source: String?
        public var course: String?
        public var firstName: String?

        public init(source: String? = nil, course: String? = nil, firstName: String? = nil) {
            self.source = source
            self.course = course
            self.firstName = firstName
        }
    }

    public enum Kind: Equatable, Sendable {
        case hello
        case start(session: String?, language: String?, context: StartContext)
        case say(session: String, text: String)
        case choose(session: String, option: String)
        case command(session: String, Command)
        case state(session: String)
        case end(session: String)

        public var session: String? {
            switch self {
            case .hello: return nil
            case let .start(s, _, _): return s
            case let .say(s, _), let .choose(s, _), let .command(s, _), let .state(s), let .end(s): return s
            }
        }
    }

    public struct Request: Equatable, Sendable {
        public var id: JSON
        public var kind: Kind
    }

    /// Decodes one line (without its newline). The id is returned even when the rest fails, so
    /// that the error reply can carry it.
    public static func decode(_ line: [UInt8]) -> (id: JSON, result: Result<Request, Failure>) {
        if line.contains(0) { return (.null, .failure(Failure("bad_json", "the line contains a NUL byte"))) }
        guard String(validating: line, as: UTF8.self) != nil else {
            return (.null, .failure(Failure("invalid_utf8", "the line is not valid UTF-8")))
        }
        let value: JSON
        let idText: String?
        do { (value, idText) = try JSON.parseKeepingText(line, of: "id") } catch let e as JSON.ParseError {
            return (.null, .failure(Failure("bad_json", "invalid JSON: \(e)")))
        } catch { return (.null, .failure(Failure("bad_json", "invalid JSON"))) }
        guard case .object = value else {
            return (.null, .failure(Failure("bad_json", "a request is a JSON object, got \(value.typeName)")))
        }
        var id = JSON.null
        if let raw = value["id"] {
            switch raw {
            case .string, .null: id = raw
            case .number: id = idText.map(JSON.numberText) ?? raw // echoed exactly as sent
            default: return (.null, .failure(Failure("wrong_type", "'id' must be a string or a number, got \(raw.typeName)")))
            }
        }
        return (id, decodeBody(value).map { Request(id: id, kind: $0) })
    }

    /// Decodes a request already parsed (an HTTP body, its session and type given by the route).
    public static func decodeRequest(_ value: JSON) -> Result<Kind, Failure> {
        guard case .object = value else { return .failure(Failure("bad_json", "a request is a JSON object, got \(value.typeName)")) }
        return decodeBody(value)
    }

    static func field(_ v: JSON, _ name: String, required: Bool) -> Result<String?, Failure> {
        guard let f = v[name], !f.isNull else {
            return required ? .failure(Failure("missing_field", "'\(name)' is required")) : .success(nil)
        }
        guard let s = f.string else { return .failure(Failure("wrong_type", "'\(name)' must be a string, got \(f.typeName)")) }
        return .success(s)
    }

    static func decodeBody(_ v: JSON) -> Result<Kind, Failure> {
        if let ver = v["v"], !ver.isNull {
            guard case let .number(n) = ver else { return .failure(Failure("wrong_type", "'v' must be a number")) }
            guard n == Double(version) else {
                return .failure(Failure("unsupported_version", "protocol version \(n.formatted) is not supported; this Madi speaks v\(version)"))
            }
        }
        do {
            guard let type = try field(v, "type", required: true).get() else { throw Failure("missing_field", "'type' is required") }
            func session() throws -> String {
                let s = try field(v, "session", required: true).get()!
                guard !s.isEmpty else { throw Failure("bad_value", "'session' must not be empty") }
                return s
            }
            switch type {
            case "hello":
                return .success(.hello)
            case "start":
                let requested = try field(v, "session", required: false).get()
                if let r = requested, !validSessionId(r) {
                    throw Failure("bad_value", "'session' must be 1 to 64 characters among A-Z a-z 0-9 . _ : -")
                }
                var ctx = StartContext()
                if let c = v["context"], !c.isNull {
                    guard case .object = c else { throw Failure("wrong_type", "'context' must be an object, got \(c.typeName)") }
                    ctx.source = try field(c, "source", required: false).get()
                    ctx.course = try field(c, "course", required: false).get()
                    ctx.firstName = try field(c, "first_name", required: false).get()
                    if let s = ctx.source, s.isEmpty || s.utf8.count > 64 { throw Failure("bad_value", "'context.source' must be 1 to 64 bytes") }
                }
                return .success(.start(session: requested, language: try field(v, "language", required: false).get(), context: ctx))
            case "say":
                return .success(.say(session: try session(), text: try field(v, "text", required: true).get()!))
            case "choose":
                return .success(.choose(session: try session(), option: try field(v, "option", required: true).get()!))
            case "command":
                let s = try session()
                let name = try field(v, "command", required: true).get()!
                switch name {
                case "back": return .success(.command(session: s, .back))
                case "restart": return .success(.command(session: s, .restart))
                case "courses": return .success(.command(session: s, .courses))
                case "help": return .success(.command(session: s, .help))
                case "quit": return .success(.command(session: s, .quit))
                case "language":
                    let lang = try field(v, "language", required: true).get()!
                    return .success(.command(session: s, .language(lang)))
                default:
                    throw Failure("bad_value", "unknown command '\(name)' (back, restart, courses, help, quit, language)")
                }
            case "state":
                return .success(.state(session: try session()))
            case "end":
                return .success(.end(session: try session()))
            default:
                throw Failure("unknown_type", "unknown request type '\(type)' (hello, start, say, choose, command, state, end)")
            }
        } catch let f as Failure {
            return .failure(f)
        } catch {
            return .failure(Failure("bad_json", "\(error)"))
        }
    }

    static func validSessionId(_ s: String) -> Bool {
        guard (1...64).contains(s.utf8.count) else { return false }
        return s.utf8.allSatisfy { c in
            (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c)
                || c == UInt8(ascii: ".") || c == UInt8(ascii: "_") || c == UInt8(ascii: ":") || c == UInt8(ascii: "-")
        }
    }

    // MARK: Responses

    public static func error(id: JSON, session: String? = nil, _ f: Failure) -> JSON {
        var pairs: [(String, JSON)] = [("v", .number(1)), ("id", id), ("type", .string("error"))]
        if let session { pairs.append(("session", .string(session))) }
        pairs.append(("error", .object([("code", .string(f.code)), ("message", .string(f.message))])))
        return .object(pairs)
    }

    public static func hello(id: JSON, languages: [String], version madi: String) -> JSON {
        .object([("v", .number(1)), ("id", id), ("type", .string("hello")), ("protocol", .number(Double(version))),
                 ("madi", .string(madi)), ("languages", .array(languages.map(JSON.string)))])
    }

    public static func ended(id: JSON, session: String) -> JSON {
        .object([("v", .number(1)), ("id", id), ("type", .string("ended")), ("session", .string(session))])
    }

    public static func reply(id: JSON, session: String, language: String, _ r: Reply, leadError: LeadSaveError? = nil) -> JSON {
        var pairs: [(String, JSON)] = [
            ("v", .number(1)), ("id", id), ("type", .string("reply")), ("session", .string(session)),
            ("language", .string(language)), ("step", .string(r.step)),
            ("messages", .array(r.messages.map { .string(Sanitize.text($0)) })),
            ("options", .array(r.options.map { .object([("id", .string($0.id)), ("label", .string($0.label))]) })),
            ("asked", .bool(r.asked)),
            ("recommendation", r.recommendation.map(recommendation) ?? .null),
            ("lead", .string(r.lead.rawValue)),
            ("done", .bool(r.done)),
        ]
        if let e = leadError {
            pairs.append(("lead_error", .object([("code", .string(e.code)), ("message", .string(e.message))])))
        }
        return .object(pairs)
    }

    static func recommendation(_ r: RecommendationView) -> JSON {
        let f = r.facts
        return .object([
            ("course", .string(r.course)), ("name", .string(f.name)), ("goal", r.goal.map(JSON.string) ?? .null),
            ("quote", .bool(r.quote)), ("reasons", .array(r.reasons.map(JSON.string))),
            ("facts", .object([
                ("price", .number(Double(f.price))), ("currency", .string(f.currency)), ("price_text", .string(f.priceText)),
                ("duration", .string(f.duration)), ("level", .string(f.level)),
                ("next_session", f.nextSession.map(JSON.string) ?? .null), ("next_session_text", .string(f.nextSessionText)),
                ("formats", .array(f.formats.map(JSON.string))),
            ])),
        ])
    }
}

extension Double {
    var formatted: String { self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self) }
}
