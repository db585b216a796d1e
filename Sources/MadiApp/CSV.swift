import Foundation
import MadiCore

/// RFC 4180 cells; a cell starting with = + - @ (or a tab/CR) is prefixed with ' so that a
/// spreadsheet does not run it as a formula.
public enum CSV {
    /// A cell: control characters, escape sequences and invisible format characters removed (a
    /// CSV file is often shown in a terminal; line breaks are kept), a leading = + - @
    /// neutralised, quoted when needed.
    public static func cell(_ s: String) -> String {
        var v = Sanitize.text(s)
        if let f = v.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(f) { v = "'" + v }
        if v.contains(",") || v.contains("\"") || v.contains("\n") || v.contains("\r") {
            return "\"" + v.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return v
    }
}
