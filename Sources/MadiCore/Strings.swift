/// Every sentence Madi says, by key and language. A missing key falls back to the default
/// language, then to the key itself; `madi lint` reports every missing key.
public struct Strings: Sendable {
    public struct Entry: Sendable {
        public let text: String
        public let line: Int?
        /// The text cut at its placeholders once, when loaded.
        let template: Template.Parsed

        public init(text: String, line: Int?) {
            self.text = text
            self.line = line
            template = Template.Parsed(text)
        }
    }

    public let defaultLanguage: String
    public let table: [String: [String: Entry]]
    /// The same tables in a short list, found by comparing language codes (cheaper than hashing).
    private let languages: [(code: String, entries: [String: Entry])]

    public init(defaultLanguage: String, table: [String: [String: Entry]]) {
        self.defaultLanguage = defaultLanguage
        self.table = table
        languages = table.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private func entries(_ language: String) -> [String: Entry]? {
        for l in languages where l.code == language { return l.entries }
        return nil
    }

    public func has(_ key: String, _ language: String) -> Bool { table[language]?[key] != nil }

    public func raw(_ key: String, _ language: String) -> String {
        table[language]?[key]?.text ?? table[defaultLanguage]?[key]?.text ?? key
    }

    public func text(_ key: String, _ language: String, _ params: [String: String] = [:]) -> String {
        guard let entry = entries(language)?[key] ?? entries(defaultLanguage)?[key] else { return Template.fill(key, params) }
        return entry.template.fill(params)
    }
}

/// `{name}` placeholders. `{{` and `}}` stand for literal braces.
public enum Template {
    /// A template cut into text and placeholders, so that filling it only appends.
    struct Parsed: Sendable {
        enum Piece: Sendable {
            case text(String)
            case placeholder(String)
        }

        let pieces: [Piece]
        let length: Int

        init(_ template: String) {
            var pieces: [Piece] = []
            var text = ""
            let u = template.utf8
            var i = u.startIndex
            var runStart = i
            // On bytes: braces are ASCII, so byte positions are character boundaries.
            func flush(_ upTo: String.Index) { if runStart < upTo { text += template[runStart..<upTo] } }
            while i < u.endIndex {
                let b = u[i]
                if b == 0x7B || b == 0x7D {
                    let after = u.index(after: i)
                    if after < u.endIndex, u[after] == b { // {{ or }}
                        flush(i)
                        text += b == 0x7B ? "{" : "}"
                        i = u.index(after: after)
                        runStart = i
                        continue
                    }
                    if b == 0x7B, let close = u[after...].firstIndex(of: 0x7D) {
                        flush(i)
                        if !text.isEmpty { pieces.append(.text(text)); text = "" }
                        pieces.append(.placeholder(String(template[after..<close])))
                        i = u.index(after: close)
                        runStart = i
                        continue
                    }
                }
                i = u.index(after: i) // a lone brace stays as it is
            }
            flush(u.endIndex)
            if !text.isEmpty { pieces.append(.text(text)) }
            self.pieces = pieces
            length = u.count
        }

        /// The placeholder names, in order.
        var placeholders: [String] {
            pieces.compactMap { piece in
                if case let .placeholder(name) = piece { return name }
                return nil
            }
        }

        func fill(_ params: [String: String]) -> String {
            if pieces.count == 1, case let .text(t) = pieces[0] { return t }
            var out = ""
            out.reserveCapacity(length + 32)
            for piece in pieces {
                switch piece {
                case let .text(t): out += t
                case let .placeholder(name): out += params[name] ?? "{\(name)}"
                }
            }
            return out
        }
    }

    public static func fill(_ template: String, _ params: [String: String]) -> String {
        Parsed(template).fill(params)
    }

    /// The placeholder names used in a template.
    public static func placeholders(_ template: String) -> [String] {
        Parsed(template).placeholders
    }
}
