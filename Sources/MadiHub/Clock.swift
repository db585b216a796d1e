import Foundation

/// What the hub reads the time from: seconds, on any fixed origin. Injected, so that tests move
/// time forward instead of sleeping.
public protocol HubClock: Sendable {
    func now() -> Double
}

/// The wall clock.
public struct SystemClock: HubClock {
    public init() {}
    public func now() -> Double { Date().timeIntervalSince1970 }
}

/// A clock that moves only when told to (tests, simulations).
public final class ManualClock: HubClock, @unchecked Sendable {
    private let lock = NSLock()
    private var value: Double

    public init(_ start: Double = 1_000) { value = start }

    public func now() -> Double { lock.lock(); defer { lock.unlock() }; return value }
    public func advance(by seconds: Double) { lock.lock(); value += seconds; lock.unlock() }
    public func set(_ seconds: Double) { lock.lock(); value = seconds; lock.unlock() }
}
