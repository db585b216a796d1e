import Foundation
import MadiCore

/// Today's date in UTC: the only clock the engine sees.
public func todayUTC() -> Day {
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = TimeZone(identifier: "UTC")!
    let c = cal.dateComponents([.year, .month, .day], from: Date())
    return Day(year: c.year!, month: c.month!, day: c.day!)!
}
