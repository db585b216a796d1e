/// Text that came from a prospect (or, later, from an LLM) before it is shown or stored:
/// control characters and ANSI escape sequences removed, whitespace collapsed.
public enum Sanitize {
    /// True when `line` would return the text unchanged: no control, escape, invisible or odd
    /// space character, no double, leading or trailing space. Checked on UTF-8 bytes.
    static func isCleanLine(_ s: String) -> Bool { isClean(s, multiline: false) }

    /// True when `text` would return the text unchanged: every line clean, after an indent of at
    /// most 8 spaces.
    static func isCleanText(_ s: String) -> Bool { isClean(s, multiline: true) }

    static func isClean(_ s: String, multiline: Bool) -> Bool {
        if let r = s.utf8.withContiguousStorageIfAvailable({ isClean($0, multiline: multiline) }) { return r }
        return Array(s.utf8).withUnsafeBufferPointer { isClean($0, multiline: multiline) }
    }

    static func isClean(_ bytes: UnsafeBufferPointer<UInt8>, multiline: Bool) -> Bool {
        var i = 0
        let n = bytes.count
        while true {
            // A line: its indent (multi-line text only), then clean text.
            var indent = 0
            if multiline { while i < n, bytes[i] == 0x20 { indent += 1; i += 1 } }
            if indent > 8 { return false }
            var prev: UInt8 = 0x20, last: UInt8 = 0, p1: UInt8 = 0, p2: UInt8 = 0
            while i < n {
                let b = bytes[i]
                if b == 0x0A, multiline { break }
                if b < 0x20 || b == 0x7F { return false }
                if b == 0x20 && prev == 0x20 { return false }
                if b >= 0x80 {
                    if p1 == 0xC2, b <= 0xA0 { return false }                             // C1 controls, no-break space
                    if p2 == 0xE2, p1 == 0x80, (0x8B...0x8F).contains(b) || (0xA8...0xAE).contains(b) { return false } // zero-width, bidi, separators
                    if p2 == 0xE2, p1 == 0x81, (0xA6...0xA9).contains(b) { return false } // bidi isolates
                    if p2 == 0xEF, p1 == 0xBB, b == 0xBF { return false }                 // BOM
                    if p2 == 0xE3, p1 == 0x80, b == 0x80 { return false }                 // ideographic space
                }
                p2 = p1; p1 = b; prev = b; last = b
                i += 1
            }
            if last == 0x20 { return false }
            if i >= n { return true }
            i += 1 // the line break
        }
    }

    public static func line(_ s: String) -> String {
        isCleanLine(s) ? s : cleanLine(s)
    }

    /// What `line` returns, always computed (the check above is a shortcut for this).
    static func cleanLine(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = s.unicodeScalars.makeIterator()
        var lastSpace = true
        while let c = scalars.next() {
            let v = c.value
            if v == 0x1B {
                // ESC [ ... final byte (CSI), ESC ] ... BEL/ST (OSC), or ESC + one char.
                guard let n = scalars.next() else { break }
                if n == "[" {
                    while let x = scalars.next(), !(0x40...0x7E).contains(x.value) {}
                } else if n == "]" {
                    var prevEsc = false
                    while let x = scalars.next() {
                        if x.value == 0x07 || (prevEsc && x == "\\") { break }
                        prevEsc = x.value == 0x1B
                    }
                }
                continue
            }
            if v == 0x9B { while let x = scalars.next(), !(0x40...0x7E).contains(x.value) {}; continue }
            let isSpace = v == 0x20 || v == 0x09 || v == 0x0A || v == 0x0D || v == 0xA0 || v == 0x3000
            if isSpace {
                if !lastSpace { out.append(" "); lastSpace = true }
                continue
            }
            if v < 0x20 || (0x7F...0x9F).contains(v) { continue }
            // Bidi overrides and isolates, zero-width and BOM: invisible, used to disguise text.
            if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || (0x200B...0x200F).contains(v) || v == 0xFEFF || v == 0x2028 || v == 0x2029 {
                continue
            }
            out.append(c)
            lastSpace = false
        }
        var r = String(out)
        if r.hasSuffix(" ") { r.removeLast() }
        return r
    }

    /// A fragment of streamed text: control characters, escapes and invisible format characters
    /// removed, spaces and line breaks kept as they are (the fragment is part of a sentence).
    public static func streamPiece(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for c in s.unicodeScalars {
            let v = c.value
            if v == 0x0A || v == 0x20 { out.append(c); continue }
            if v == 0x09 { out.append(" "); continue }
            if v < 0x20 || (0x7F...0x9F).contains(v) { continue }
            if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || (0x200B...0x200F).contains(v) || v == 0xFEFF { continue }
            out.append(c)
        }
        return String(out)
    }

    /// Multi-line text (Madi's own answers): each line cleaned, line breaks kept.
    public static func text(_ s: String) -> String {
        isCleanText(s) ? s : cleanText(s)
    }

    /// What `text` returns, always computed.
    static func cleanText(_ s: String) -> String {
        s.split(separator: "\n", omittingEmptySubsequences: false).map { l in
            let indent = l.prefix { $0 == " " }.count
            return String(repeating: " ", count: min(indent, 8)) + cleanLine(String(l))
        }.joined(separator: "\n")
    }

    /// The text with what reaches a person masked: an e-mail address becomes "[e-mail]" (also
    /// with spaces around its "@"), a phone number "[phone]": 9 to 15 digits that open on "+", "0"
    /// or "(", with spaces, dots, dashes or brackets between them (so no date, "19/01/2027", nor
    /// a range of years, "2025-2026"). For text kept apart from any lead, where nobody agreed to
    /// be contacted (the questions Madi could not answer, kept for the content's authors).
    public static func withoutContacts(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x40 || (0x30...0x39).contains($0) }) || text.hasAtSign else { return text }
        // Spaces and dashes of other widths as the plain ones.
        let plain = String(text.map { c -> Character in
            switch c {
            case "\u{202F}", "\u{2009}", "\u{00A0}": " "
            case "\u{2013}", "\u{2011}": "-"
            default: c
            }
        })
        // Words with an "@", and the words on either side of an "@" typed alone ("jo @ gmail.com").
        var words = plain.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for i in words.indices where words[i].hasAtSign {
            if words[i] == "@" || words[i] == "＠" {
                if i > 0 { words[i - 1] = "" }
                if i + 1 < words.count { words[i + 1] = "" }
            }
            words[i] = "[e-mail]"
        }
        let chars = Array(words.filter { !$0.isEmpty }.joined(separator: " "))
        var out = ""
        var i = 0
        func isSeparator(_ c: Character) -> Bool { c == " " || c == "." || c == "-" || c == "(" || c == ")" }
        while i < chars.count {
            let c = chars[i]
            // A number opens on "+", "(" or "0", after a space or at the start.
            let opens = (c == "+" || c == "(" || c == "0") && (i == 0 || chars[i - 1] == " ")
            guard opens else { out.append(c); i += 1; continue }
            var j = i + 1, digits = c == "0" ? 1 : 0, end = c == "0" ? i + 1 : i
            while j < chars.count, chars[j].isASCII, chars[j].isNumber || isSeparator(chars[j]) || (chars[j] == "+" && j == i + 1) {
                if chars[j].isNumber { digits += 1; end = j + 1 }
                j += 1
            }
            if (9...15).contains(digits) {
                out += "[phone]"
                i = end
            } else {
                out.append(c)
                i += 1
            }
        }
        return out
    }
}
