/// Text folding, the first step of every comparison of words: case and accents dropped,
/// punctuation ignored (the matcher's phrases and inputs, the understanding's word lists).
package enum TextFold {
    /// Lower-cases, strips accents, turns punctuation and apostrophes into spaces, collapses spaces.
    package static func fold(_ s: String) -> String {
        if let bytes = foldLatinBytes(s) { return String(decoding: bytes, as: UTF8.self) }
        var out = String.UnicodeScalarView()
        var lastSpace = true
        func add(_ scalar: Unicode.Scalar) {
            let v = scalar.value
            if v < 0x80 { // ASCII, as in foldASCII
                switch v {
                case 0x41...0x5A: out.append(Unicode.Scalar(v + 0x20)!); lastSpace = false
                case 0x61...0x7A, 0x30...0x39: out.append(scalar); lastSpace = false
                default: if !lastSpace { out.append(" "); lastSpace = true }
                }
                return
            }
            if v >= 0x300 && v <= 0x36F { return } // combining accents (decomposed input)
            if let mapped = foldTable[v] {
                out.append(contentsOf: mapped.unicodeScalars)
                lastSpace = false
            } else if scalar.properties.isAlphabetic {
                out.append(scalar)
                lastSpace = false
            } else if !lastSpace {
                out.append(" ")
                lastSpace = true
            }
        }
        for scalar in s.unicodeScalars {
            // Letters the table knows (accented Latin, either case) need no case mapping.
            if scalar.value < 0x80 || foldTable[scalar.value] != nil || !scalar.properties.changesWhenLowercased {
                add(scalar)
            } else {
                for lower in scalar.properties.lowercaseMapping.unicodeScalars { add(lower) }
            }
        }
        var result = String(out)
        if result.hasSuffix(" ") { result.removeLast() }
        return collapsingRuns(result)
    }

    /// A letter a–z three times or more in a row is one ("ouiii", "foreverrr", "pleeease"): no
    /// French or English word holds one three times. (Digits are left as they are.)
    package static func collapsingRuns(_ folded: String) -> String {
        var bytes = Array(folded.utf8)
        var w = 0
        var r = 0
        while r < bytes.count {
            let b = bytes[r]
            var end = r + 1
            while end < bytes.count, bytes[end] == b { end += 1 }
            let keep = (0x61...0x7A).contains(b) && end - r >= 3 ? 1 : end - r
            for _ in 0..<keep { bytes[w] = b; w += 1 }
            r = end
        }
        if w == bytes.count { return folded }
        return String(decoding: bytes[..<w], as: UTF8.self)
    }

    /// The same for pure ASCII text, on bytes; nil when the text is not ASCII.
    static func foldASCII(_ s: String) -> String? {
        foldASCIIBytes(s).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The folded bytes of pure ASCII text; nil when the text is not ASCII.
    package static func foldASCIIBytes(_ s: String) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        var lastSpace = true
        var run = 0
        for b in s.utf8 {
            if b >= 0x80 { return nil }
            switch b {
            case 0x41...0x5A, 0x61...0x7A:
                // A letter typed three times or more is one ("ouiii", "foreverrr", "pleeease"):
                // no French or English word holds one three times.
                let letter = b | 0x20
                run = out.last == letter && !lastSpace ? run + 1 : 1
                if run == 3 { out.removeLast() }
                if run < 3 { out.append(letter) }
                lastSpace = false
            case 0x30...0x39: out.append(b); lastSpace = false; run = 0
            default:
                if !lastSpace { out.append(0x20); lastSpace = true }
            }
        }
        if out.last == 0x20 { out.removeLast() }
        return out
    }

    /// The folded bytes of text in ASCII and the accented Latin letters of `foldTable` (French,
    /// Spanish, German…), with the usual typographic signs (’ « » … – — · and the no-break
    /// space); nil when the text holds anything else, which `fold` reads by its Unicode
    /// properties. The same bytes as `fold` (tested on every such character), without building
    /// the text scalar by scalar: most messages are in these letters.
    package static func foldLatinBytes(_ s: String) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        var lastSpace = true
        var run = 0
        func letter(_ b: UInt8) {
            // A letter typed three times or more is one ("ouiii", "foreverrr", "pleeease"): no
            // French or English word holds one three times.
            run = out.last == b && !lastSpace ? run + 1 : 1
            if run == 3 { out.removeLast() }
            if run < 3 { out.append(b) }
            lastSpace = false
        }
        func space() {
            if !lastSpace { out.append(0x20); lastSpace = true }
        }
        let u = s.utf8
        var i = u.startIndex
        while i < u.endIndex {
            let b = u[i]
            if b < 0x80 {
                switch b {
                case 0x41...0x5A, 0x61...0x7A: letter(b | 0x20)
                case 0x30...0x39: out.append(b); lastSpace = false; run = 0
                default: space()
                }
                i = u.index(after: i)
                continue
            }
            // A scalar of two or three bytes (the letters and signs above); anything longer is not.
            let second = u.index(after: i)
            guard second < u.endIndex else { return nil }
            let b1 = u[second]
            var scalar: UInt32
            var next = u.index(after: second)
            if b & 0xE0 == 0xC0 {
                scalar = UInt32(b & 0x1F) << 6 | UInt32(b1 & 0x3F)
            } else if b & 0xF0 == 0xE0, next < u.endIndex {
                scalar = UInt32(b & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6 | UInt32(u[next] & 0x3F)
                next = u.index(after: next)
            } else {
                return nil
            }
            if let base = latinLetters[scalar] {
                for l in base { letter(l) }
            } else if scalar >= 0x300 && scalar <= 0x36F {
                // combining accents (decomposed input): dropped
            } else if latinSigns.contains(scalar) {
                space()
            } else {
                return nil
            }
            i = next
        }
        if out.last == 0x20 { out.removeLast() }
        return out
    }

    /// `foldTable` as bytes.
    static let latinLetters: [UInt32: [UInt8]] = foldTable.mapValues { Array($0.utf8) }
    /// Signs that are no letters, read as spaces: ’ ‘ “ ” « » … – — · and the no-break spaces.
    static let latinSigns: Set<UInt32> = [0x2019, 0x2018, 0x201C, 0x201D, 0xAB, 0xBB, 0x2026, 0x2013, 0x2014, 0xB7, 0xA0, 0x202F]

    static let foldTable: [UInt32: String] = {
        var t: [UInt32: String] = [:]
        func add(_ chars: String, _ base: String) { for c in chars.unicodeScalars { t[c.value] = base } }
        add("àáâãäåā", "a"); add("ç", "c"); add("èéêëē", "e"); add("ìíîïī", "i"); add("ñ", "n")
        add("òóôõöøō", "o"); add("ùúûüū", "u"); add("ýÿ", "y"); add("œ", "oe"); add("æ", "ae"); add("ß", "ss")
        add("ÀÁÂÃÄÅĀ", "a"); add("Ç", "c"); add("ÈÉÊËĒ", "e"); add("ÌÍÎÏĪ", "i"); add("Ñ", "n")
        add("ÒÓÔÕÖØŌ", "o"); add("ÙÚÛÜŪ", "u"); add("ÝŸ", "y"); add("Œ", "oe"); add("Æ", "ae")
        return t
    }()
}
