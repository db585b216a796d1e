import Foundation
import MadiCore

/// The repository's Dialogues, read once: the files (tests/ left out) and the content they load to.
public enum ShippedDialogues {
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Dialogues")

    public static let files: [String: String] = {
        var out: [String: String] = [:]
        let e = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)!
        for case let url as URL in e where url.pathExtension == "yaml" {
            let rel = String(url.standardizedFileURL.path.dropFirst(directory.standardizedFileURL.path.count + 1))
            if rel.hasPrefix("tests/") { continue }
            out[rel] = try! String(contentsOf: url, encoding: .utf8)
        }
        return out
    }()

    public static let content: Content = {
        switch ContentLoader.load(files: files) {
        case let .success(c): return c
        case let .failure(e): fatalError("shipped content does not load: \(e)")
        }
    }()
}
