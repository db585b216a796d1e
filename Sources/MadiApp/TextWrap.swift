import Foundation

/// Wrapping text at word boundaries to a terminal's width, measured in columns: an accented
/// letter, "·", "«", "…", "→" or "€" takes one column, a wide (CJK, emoji) character two, a
/// combining mark none.
enum TextWrap {
    /// The columns a string takes on a terminal.
    static func columns(_ s: some StringProtocol) -> Int {
        var n = 0
        for c in s { n += columns(c) }
        return n
    }

    static func columns(_ c: Character) -> Int {
        var width = 0
        for scalar in c.unicodeScalars {
            let v = scalar.value
            if v == 0xFE0F { return 2 } // emoji presentation
            switch scalarWidth(scalar) {
            case 2: return 2
            case 1: width = 1
            default: break
            }
        }
        return width
    }

    private static func scalarWidth(_ s: Unicode.Scalar) -> Int {
        let v = s.value
        if v < 0x7F { return v < 0x20 ? 0 : 1 }
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if v == 0x200B { return 0 }
        if s.properties.isEmojiPresentation { return 2 }
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// The words of a line, split at spaces; punctuation that French typography sets off with a
    /// space (« », : ; ? !, a currency sign after its amount) stays with its neighbour, so that a
    /// line never starts with "»" or ends with "«".
    static func words(_ line: some StringProtocol) -> [String] {
        var out: [String] = []
        var glueNext = false
        for piece in line.split(separator: " ", omittingEmptySubsequences: true) {
            let w = String(piece)
            if !out.isEmpty, glueNext || "»:;?!€%".contains(w.first!) {
                out[out.count - 1] += " " + w
            } else {
                out.append(w)
            }
            glueNext = w.hasSuffix("«")
        }
        return out
    }

    /// One line wrapped to `width` columns: greedy, at spaces. Continuation lines start with
    /// `indent` spaces (the line's own leading spaces when nil). A word wider than the room is
    /// put alone on its line, whole. `width` ≤ 0: no wrapping.
    static func wrap(_ line: String, width: Int, indent: Int? = nil) -> [String] {
        let lead = line.prefix { $0 == " " }.count
        guard width > 0, columns(line) > width else { return [line] }
        let hang = String(repeating: " ", count: min(indent ?? lead, max(0, width / 2)))
        var lines: [String] = []
        var current = String(repeating: " ", count: lead)
        var used = lead
        var empty = true
        for word in words(line.dropFirst(lead)) {
            let w = columns(word)
            if empty {
                current += word; used += w; empty = false
            } else if used + 1 + w <= width {
                current += " " + word; used += 1 + w
            } else {
                lines.append(current)
                current = hang + word; used = hang.count + w
            }
        }
        lines.append(current)
        return lines
    }

    /// A text of several lines, each wrapped.
    static func wrapText(_ text: String, width: Int) -> String {
        guard width > 0 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { wrap(String($0), width: width) }.joined(separator: "\n")
    }
}

/// The terminal's width in columns, read again before each reply (a resized window is followed).
enum TerminalSize {
    /// Columns of the terminal on `fd`, else $COLUMNS, else 80; nil when `fd` is not a terminal:
    /// piped output is never wrapped, so that transcripts do not depend on who made them.
    static func columns(fd: Int32 = 1, environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
        guard isatty(fd) == 1 else { return nil }
        var size = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let c = environment["COLUMNS"].flatMap(Int.init), c > 0 { return c }
        return 80
    }
}
