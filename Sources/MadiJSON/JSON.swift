/// A JSON value with a strict parser (RFC 8259) and a compact writer whose object keys keep
/// their insertion order, so that protocol lines are stable and diffable.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])
    /// A number kept as it was written (a request's id is echoed exactly as sent, whatever its
    /// size or precision).
    case numberText(String)

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.numberText(x), .numberText(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    // The accessors are inlinable: the protocol (another module) reads every request through them.
    @inlinable
    public subscript(key: String) -> JSON? {
        if case let .object(pairs) = self { return pairs.last { $0.0 == key }?.1 }
        return nil
    }

    @inlinable public var string: String? { if case let .string(s) = self { return s }; return nil }
    @inlinable public var isNull: Bool { if case .null = self { return true }; return false }

    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number, .numberText: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    // MARK: Writing

    public var serialized: String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Compact UTF-8, keys in order, appended to `out`.
    public func write(into out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case let .bool(b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case let .number(n):
            let text: String
            if n.isFinite, n == n.rounded(), abs(n) < 1e15 { text = String(Int64(n)) } else if n.isFinite { text = String(n) } else { text = "null" }
            out.append(contentsOf: text.utf8)
        case let .numberText(t): out.append(contentsOf: t.utf8)
        case let .string(s): JSON.writeString(s, into: &out)
        case let .array(items):
            out.append(0x5B)
            for (i, v) in items.enumerated() {
                if i > 0 { out.append(0x2C) }
                v.write(into: &out)
            }
            out.append(0x5D)
        case let .object(pairs):
            out.append(0x7B)
            for (i, (k, v)) in pairs.enumerated() {
                if i > 0 { out.append(0x2C) }
                JSON.writeString(k, into: &out)
                out.append(0x3A)
                v.write(into: &out)
            }
            out.append(0x7D)
        }
    }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// `String(n)`'s digits appended to `out`, without the string.
    public static func writeInt(_ n: Int, into out: inout [UInt8]) {
        if n < 0 { out.append(0x2D) }
        var m = n.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0) // 24 bytes: enough for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buf in
            repeat {
                buf[count] = UInt8(truncatingIfNeeded: m % 10) + 0x30
                m /= 10
                count += 1
            } while m > 0
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(buf[i]) }
        }
    }

    /// Copies runs of plain UTF-8 at once; escapes controls, quote, backslash, DEL, and
    /// U+2028/U+2029 (which break some JavaScript readers).
    public static func writeString(_ string: String, into out: inout [UInt8]) {
        out.append(0x22)
        var s = string
        s.withUTF8 { buf in
            let n = buf.count
            var runStart = 0
            var i = 0
            func flush(_ end: Int) {
                if runStart < end { out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[runStart..<end])) }
            }
            while i < n {
                let b = buf[i]
                if b >= 0x20, b != 0x22, b != 0x5C, b != 0x7F, b != 0xE2 { i += 1; continue }
                var width = 1
                switch b {
                case 0x22: flush(i); out.append(0x5C); out.append(0x22)
                case 0x5C: flush(i); out.append(0x5C); out.append(0x5C)
                case 0x0A: flush(i); out.append(0x5C); out.append(0x6E)
                case 0x0D: flush(i); out.append(0x5C); out.append(0x72)
                case 0x09: flush(i); out.append(0x5C); out.append(0x74)
                case 0xE2:
                    guard i + 2 < n, buf[i + 1] == 0x80, buf[i + 2] == 0xA8 || buf[i + 2] == 0xA9 else { i += 1; continue }
                    flush(i)
                    out.append(contentsOf: (buf[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    width = 3
                default: // other controls and DEL
                    flush(i)
                    out.append(contentsOf: "\\u00".utf8)
                    out.append(hexDigits[Int(b >> 4)])
                    out.append(hexDigits[Int(b & 0xF)])
                }
                i += width
                runStart = i
            }
            flush(n)
        }
        out.append(0x22)
    }

    // MARK: Parsing

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var offset: Int
        public var message: String
        public var description: String { "\(message) at byte \(offset)" }
    }

    /// Parses one JSON text from UTF-8 bytes (already checked to be valid UTF-8). An object with
    /// the same key twice is refused (which one counts would be a guess).
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 64) throws -> JSON {
        try parseKeepingText(bytes, of: nil, maxDepth: maxDepth).value
    }

    /// Parses like `parse`, and gives the source text of the top-level object's value for `key`
    /// when it is a number (so that it can be written back exactly).
    public static func parseKeepingText(_ bytes: [UInt8], of key: String?, maxDepth: Int = 64) throws -> (value: JSON, text: String?) {
        var p = Parser(b: bytes, maxDepth: maxDepth)
        p.keptKey = key
        p.skipWS()
        let v = try p.value(depth: 0)
        p.skipWS()
        if p.i != bytes.count { throw p.fail("unexpected data after the JSON value") }
        return (v, p.keptText)
    }

    struct Parser {
        let b: [UInt8]
        let maxDepth: Int
        var i = 0
        var keptKey: String?
        var keptText: String?

        init(b: [UInt8], maxDepth: Int) {
            self.b = b
            self.maxDepth = maxDepth
        }

        func fail(_ m: String) -> ParseError { ParseError(offset: i, message: m) }

        mutating func skipWS() {
            while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 }
        }

        mutating func value(depth: Int) throws -> JSON {
            guard depth < maxDepth else { throw fail("nesting deeper than \(maxDepth)") }
            guard i < b.count else { throw fail("unexpected end of line") }
            switch b[i] {
            case UInt8(ascii: "{"): return try object(depth)
            case UInt8(ascii: "["): return try array(depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw fail("unexpected character")
            }
        }

        mutating func literal(_ word: String) throws {
            let w = Array(word.utf8)
            guard i + w.count <= b.count, Array(b[i..<i + w.count]) == w else { throw fail("invalid literal") }
            i += w.count
        }

        mutating func number() throws -> Double {
            let start = i
            if b[i] == UInt8(ascii: "-") { i += 1 }
            guard i < b.count else { throw fail("invalid number") }
            if b[i] == UInt8(ascii: "0") { i += 1 } else if (0x31...0x39).contains(b[i]) {
                while i < b.count, (0x30...0x39).contains(b[i]) { i += 1 }
            } else { throw fail("invalid number") }
            if i < b.count, b[i] == UInt8(ascii: ".") {
                i += 1
                guard i < b.count, (0x30...0x39).contains(b[i]) else { throw fail("invalid number") }
                while i < b.count, (0x30...0x39).contains(b[i]) { i += 1 }
            }
            if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
                i += 1
                if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
                guard i < b.count, (0x30...0x39).contains(b[i]) else { throw fail("invalid number") }
                while i < b.count, (0x30...0x39).contains(b[i]) { i += 1 }
            }
            guard let d = Double(String(decoding: b[start..<i], as: UTF8.self)) else { throw fail("invalid number") }
            return d
        }

        mutating func hex4() throws -> UInt32 {
            guard i + 4 <= b.count else { throw fail("truncated \\u escape") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = b[i]
                let d: UInt8
                switch c {
                case 0x30...0x39: d = c - 0x30
                case 0x41...0x46: d = c - 0x41 + 10
                case 0x61...0x66: d = c - 0x61 + 10
                default: throw fail("invalid \\u escape")
                }
                v = v << 4 | UInt32(d)
                i += 1
            }
            return v
        }

        mutating func string() throws -> String {
            i += 1 // opening quote
            var bytes: [UInt8] = []
            while true {
                guard i < b.count else { throw fail("unterminated string") }
                let c = b[i]
                if c == UInt8(ascii: "\"") { i += 1; break }
                if c < 0x20 { throw fail("control character in string") }
                if c != UInt8(ascii: "\\") { bytes.append(c); i += 1; continue }
                i += 1
                guard i < b.count else { throw fail("unterminated escape") }
                let e = b[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): bytes.append(0x22)
                case UInt8(ascii: "\\"): bytes.append(0x5C)
                case UInt8(ascii: "/"): bytes.append(0x2F)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    var v = try hex4()
                    if (0xD800...0xDBFF).contains(v) {
                        guard i + 2 <= b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired surrogate")
                        }
                        i += 2
                        let lo = try hex4()
                        guard (0xDC00...0xDFFF).contains(lo) else { throw fail("unpaired surrogate") }
                        v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(v) {
                        throw fail("unpaired surrogate")
                    }
                    guard let scalar = Unicode.Scalar(v) else { throw fail("invalid \\u escape") }
                    bytes.append(contentsOf: Array(String(scalar).utf8))
                default: throw fail("invalid escape")
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Whether `k` is already a key, for objects of many keys (a set, filled on first use).
        func seen(_ k: String, in pairs: [(String, JSON)], _ keys: inout Set<String>) -> Bool {
            if keys.isEmpty { keys = Set(pairs.map(\.0)) }
            return !keys.insert(k).inserted
        }

        mutating func array(_ depth: Int) throws -> JSON {
            i += 1
            var items: [JSON] = []
            skipWS()
            if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                skipWS()
                items.append(try value(depth: depth + 1))
                skipWS()
                guard i < b.count else { throw fail("unterminated array") }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw fail("expected , or ]")
            }
        }

        mutating func object(_ depth: Int) throws -> JSON {
            i += 1
            var pairs: [(String, JSON)] = []
            skipWS()
            if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
            var keys: Set<String> = []
            while true {
                skipWS()
                guard i < b.count, b[i] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                let keyStart = i
                let k = try string()
                skipWS()
                guard i < b.count, b[i] == UInt8(ascii: ":") else { throw fail("expected :") }
                i += 1
                skipWS()
                let valueStart = i
                let v = try value(depth: depth + 1)
                if depth == 0, k == keptKey, case .number = v {
                    keptText = String(decoding: b[valueStart..<i], as: UTF8.self)
                }
                if pairs.count < 16 ? pairs.contains(where: { $0.0 == k }) : seen(k, in: pairs, &keys) {
                    i = keyStart
                    throw fail("duplicate key '\(k.count > 40 ? String(k.prefix(40)) + "…" : k)'")
                }
                pairs.append((k, v))
                skipWS()
                guard i < b.count else { throw fail("unterminated object") }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
                throw fail("expected , or }")
            }
        }
    }
}
