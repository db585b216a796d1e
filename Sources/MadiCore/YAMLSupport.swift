import Dispatch
import Foundation
import Yams

/// One problem found in the content: the file, the line where known, and what is wrong.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

/// Collects diagnostics while reading YAML nodes of one file. (Package-wide: the conversation
/// tests and the labelled messages are read with it too.)
package struct YAMLReader {
    let file: String
    package var diagnostics: [Diagnostic] = []
    /// The file already parsed (see `composeAll`): `compose` then returns it.
    private var parsed: Parsed?

    package init(file: String, parsed: [String: Parsed] = [:]) {
        self.file = file
        self.parsed = parsed[file]
    }

    /// One file parsed ahead: its root node, or the diagnostics that stopped it.
    package struct Parsed: @unchecked Sendable { // Node is a value tree, read by one reader after the parse
        var node: Node?
        var diagnostics: [Diagnostic]
    }

    /// Parses the YAML files concurrently, largest first: at start-up the parse is most of the
    /// content's cost, and the files are independent until their nodes are read.
    static func composeAll(_ files: [String: String]) -> [String: Parsed] {
        let names = files.keys.filter { $0.hasSuffix(".yaml") }.sorted { files[$0]!.utf8.count > files[$1]!.utf8.count }
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var byName: [String: Parsed] = [:]
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: names.count) { i in
            var reader = YAMLReader(file: names[i])
            let node = reader.compose(files[names[i]]!)
            results.lock.lock()
            results.byName[names[i]] = Parsed(node: node, diagnostics: reader.diagnostics)
            results.lock.unlock()
        }
        return results.byName
    }

    package mutating func error(_ node: Node?, _ message: String) {
        diagnostics.append(Diagnostic(file: file, line: node?.mark?.line, message: message))
    }

    mutating func error(line: Int?, _ message: String) {
        diagnostics.append(Diagnostic(file: file, line: line, message: message))
    }

    /// Parses the text; a malformed document is reported with its line.
    package mutating func compose(_ text: String) -> Node? {
        if let parsed {
            diagnostics += parsed.diagnostics
            return parsed.node
        }
        do {
            // The basic resolver: no regular expression per scalar; values are read as text and
            // converted where a number is expected.
            // The encoding named, so that Yams does not read the environment for its default.
            guard let node = try Parser(yaml: text, resolver: .basic, constructor: .default, encoding: .utf8).singleRoot() else {
                error(line: nil, "the file is empty")
                return nil
            }
            return node
        } catch let e as YamlError {
            switch e {
            case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
                 let .composer(context, problem, mark, _):
                let ctx = context.map { " (\($0.text))" } ?? ""
                error(line: mark.line, "malformed YAML: \(problem)\(ctx)")
            default:
                error(line: nil, "malformed YAML: \(e)")
            }
            return nil
        } catch {
            self.error(line: nil, "malformed YAML: \(error)")
            return nil
        }
    }

    /// The mapping's pairs with string keys; reports duplicate keys and non-mapping nodes.
    package mutating func pairs(_ node: Node?, _ what: String) -> [(key: String, keyNode: Node, value: Node)] {
        guard let node else { return [] }
        guard let mapping = node.mapping else {
            error(node, "\(what) must be a mapping (key: value)")
            return []
        }
        var seen: Set<String> = []
        var out: [(String, Node, Node)] = []
        for (k, v) in mapping {
            guard let key = k.string else { error(k, "\(what): keys must be text"); continue }
            if !seen.insert(key).inserted { error(k, "\(what): duplicate key '\(key)'") }
            out.append((key, k, v))
        }
        return out
    }

    package func value(_ node: Node?, _ key: String) -> Node? { node?.mapping?[key] }

    package mutating func string(_ node: Node?, _ key: String, in what: String, required: Bool = true) -> String? {
        guard let v = value(node, key) else {
            if required { error(node, "\(what): missing '\(key)'") }
            return nil
        }
        guard let s = v.scalar?.string, !s.isEmpty else {
            error(v, "\(what): '\(key)' must be non-empty text")
            return nil
        }
        return s
    }

    mutating func int(_ node: Node?, _ key: String, in what: String, required: Bool = true) -> Int? {
        guard let v = value(node, key) else {
            if required { error(node, "\(what): missing '\(key)'") }
            return nil
        }
        guard let s = v.scalar?.string, let n = Int(s) else {
            error(v, "\(what): '\(key)' must be a whole number")
            return nil
        }
        return n
    }

    package mutating func bool(_ node: Node?, _ key: String, in what: String, default def: Bool) -> Bool {
        guard let v = value(node, key) else { return def }
        switch v.scalar?.string.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default:
            error(v, "\(what): '\(key)' must be true or false")
            return def
        }
    }

    mutating func strings(_ node: Node?, in what: String) -> [String] {
        guard let node else { return [] }
        if let s = node.scalar?.string { return [s] }
        guard let seq = node.sequence else {
            error(node, "\(what) must be a list")
            return []
        }
        var out: [String] = []
        for item in seq {
            guard let s = item.scalar?.string else { error(item, "\(what): every item must be text"); continue }
            out.append(s)
        }
        return out
    }

    mutating func localized(_ node: Node?, in what: String) -> Localized {
        var out: Localized = [:]
        for (lang, _, v) in pairs(node, what) {
            guard let s = v.scalar?.string, !s.isEmpty else { error(v, "\(what).\(lang) must be non-empty text"); continue }
            out[lang] = s
        }
        return out
    }

    mutating func localizedList(_ node: Node?, in what: String) -> LocalizedList {
        var out: LocalizedList = [:]
        for (lang, _, v) in pairs(node, what) {
            out[lang] = strings(v, in: "\(what).\(lang)")
        }
        return out
    }

    package mutating func sequence(_ node: Node?, _ key: String, in what: String, required: Bool = true) -> [Node] {
        guard let v = value(node, key) else {
            if required { error(node, "\(what): missing '\(key)'") }
            return []
        }
        guard let seq = v.sequence else {
            error(v, "\(what): '\(key)' must be a list")
            return []
        }
        return Array(seq)
    }

    /// Reports keys that are not among the known ones (a typo in a key is otherwise silent).
    package mutating func checkKeys(_ node: Node?, allowed: Set<String>, in what: String) {
        guard let mapping = node?.mapping else { return }
        for k in mapping.keys {
            if let key = k.string, !allowed.contains(key) {
                error(k, "\(what): unknown key '\(key)' (expected one of: \(allowed.sorted().joined(separator: ", ")))")
            }
        }
    }
}
