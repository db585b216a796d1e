import Foundation
import MadiHub

/// Writes to stderr (logs and errors; stdout is the product).
public enum Log {
    public nonisolated(unsafe) static var level = Level.info

    public enum Level: Int, Comparable, CaseIterable, Sendable {
        case debug, info, warning, error
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
        public init?(name: String) {
            switch name.lowercased() {
            case "debug": self = .debug
            case "info": self = .info
            case "warning", "warn": self = .warning
            case "error": self = .error
            default: return nil
            }
        }
    }

    public static func stderr(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    public static func log(_ l: Level, _ message: @autoclosure () -> String) {
        guard l >= level else { return }
        stderr("madi: \(l): \(message())")
    }

    /// The hub's logs go through this one (its level and its stderr).
    static func routeHubLogs() {
        HubLog.sink = { level, message in Log.log(Level(rawValue: level) ?? .info, message) }
    }
}
