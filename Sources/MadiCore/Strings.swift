/// Every sentence Madi says, by key and language. A missing key falls back to the default
/// language, then to the key itself; `madi lint` reports every missing key.
public struct Strings: Sendable {
    public struct Entry: Sendable {
        public var text: String
        public var line: Int?
    }

    public var defaultLanguage: String
    public var table: [String: [String: Entry]]

    public init(defaultLanguage: String, table: [String: [String: Entry]]) {
        self.defaultLanguage = defaultLanguage
        self.table = table
    }

    public func has(_ key: String, _ language: String) -> Bool { table[language]?[key] != nil }

    public func raw(_ key: String, _ language: String) -> String {
        table[language]?[key]?.text ?? table[defaultLanguage]?[key]?.text ?? key
    }

    public func text(_ key: String, _ language: String, _ params: [String: String] = [:]) -> String {
        Template.fill(raw(key, language), params)
    }
}

/// `{name}` placeholders. `{{` and `}}` stand for literal braces.
public enum Template {
    public static func fill(_ template: String, _ params: [String: String]) -> String {
        guard template.contains("{") else { return template }
        var out = ""
        out.reserveCapacity(template.utf8.count + 32)
        var i = template.startIndex
        while i < template.endIndex {
            let c = template[i]
            if c == "{" {
                let after = template.index(after: i)
                if after < template.endIndex, template[after] == "{" {
                    out.append("{"); i = template.index(after: after); continue
                }
                if let close = template[after...].firstIndex(of: "}") {
                    let name = String(template[after..<close])
                    out += params[name] ?? "{\(name)}"
                    i = template.index(after: close); continue
                }
            } else if c == "}" {
                let after = template.index(after: i)
                if after < template.endIndex, template[after] == "}" {
                    out.append("}"); i = template.index(after: after); continue
                }
            }
            out.append(c)
            i = template.index(after: i)
        }
        return out
    }

    /// The placeholder names used in a template.
    public static func placeholders(_ template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            let after = rest.index(after: open)
            if after < rest.endIndex, rest[after] == "{" { rest = rest[rest.index(after: after)...]; continue }
            guard let close = rest[after...].firstIndex(of: "}") else { break }
            names.append(String(rest[after..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
