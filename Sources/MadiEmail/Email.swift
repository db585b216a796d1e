import Foundation
import MadiText

/// A validated address, normalized for storage.
public struct EmailAddress: Codable, Sendable, Equatable, Hashable {
    /// Local part (NFC, case kept) @ domain in Unicode, lower-cased.
    public var normalized: String
    /// The same with the domain in ASCII (punycode); nil when the local part itself is not ASCII.
    public var ascii: String?
    public var local: String
    public var domain: String
}

/// Why an address was refused; `key` names the friendly message (`email.invalid.<key>`).
public enum EmailProblem: Error, Sendable, Equatable {
    case empty
    case lineBreak
    case displayName(inner: String?)
    case unsafeCharacter(String)
    case noAt
    case multipleAt
    case emptyLocal
    case quotedLocal
    case comment
    case localDots
    case localCharacter(String)
    case localTooLong
    case emptyDomain
    case ipLiteral
    case domainNoDot(String)
    case noTopLevelDomain(String)
    case domainDots(String)
    case domainCharacter(String, String)
    case domainHyphen(String)
    case labelTooLong(String)
    case domainTooLong
    case numericTLD(String)
    case specialUse(String)
    case badPunycode(String)
    case tooLong

    public var key: String {
        switch self {
        case .empty: return "empty"
        case .lineBreak: return "line_break"
        case let .displayName(inner): return inner == nil ? "display_name" : "display_name_hint"
        case .unsafeCharacter: return "unsafe"
        case .noAt: return "no_at"
        case .multipleAt: return "multiple_at"
        case .emptyLocal: return "empty_local"
        case .quotedLocal: return "quoted"
        case .comment: return "comment"
        case .localDots: return "local_dots"
        case .localCharacter: return "local_character"
        case .localTooLong: return "local_too_long"
        case .emptyDomain: return "empty_domain"
        case .ipLiteral: return "ip_literal"
        case .domainNoDot: return "domain_no_dot"
        case .noTopLevelDomain: return "no_tld"
        case .domainDots: return "domain_dots"
        case .domainCharacter: return "domain_character"
        case .domainHyphen: return "domain_hyphen"
        case .labelTooLong: return "label_too_long"
        case .domainTooLong: return "domain_too_long"
        case .numericTLD: return "numeric_tld"
        case .specialUse: return "special_use"
        case .badPunycode: return "bad_punycode"
        case .tooLong: return "too_long"
        }
    }

    public var params: [String: String] {
        switch self {
        case let .displayName(inner): return ["address": inner ?? ""]
        case let .unsafeCharacter(c): return ["char": c]
        case let .localCharacter(c): return ["char": c]
        case let .domainNoDot(d), let .noTopLevelDomain(d), let .domainDots(d), let .domainHyphen(d), let .labelTooLong(d),
             let .numericTLD(d), let .specialUse(d), let .badPunycode(d):
            return ["domain": d]
        case let .domainCharacter(d, c): return ["domain": d, "char": c]
        default: return [:]
        }
    }

    /// A short English reason, for `madi check-email` and logs.
    public var reason: String {
        switch self {
        case .empty: return "empty address"
        case .lineBreak: return "contains a line break"
        case let .displayName(inner): return "display-name form; write only the address" + (inner.map { " (\($0))" } ?? "")
        case let .unsafeCharacter(c): return "unsafe character \(c)"
        case .noAt: return "missing @"
        case .multipleAt: return "more than one @"
        case .emptyLocal: return "nothing before the @"
        case .quotedLocal: return "quoted local part not accepted"
        case .comment: return "comments in parentheses not accepted"
        case .localDots: return "local part starts or ends with a dot, or has two dots in a row"
        case let .localCharacter(c): return "character \(c) not allowed before the @"
        case .localTooLong: return "local part longer than 64 characters"
        case .emptyDomain: return "nothing after the @"
        case .ipLiteral: return "IP address instead of a domain"
        case let .domainNoDot(d): return "domain \(d) has no dot"
        case let .noTopLevelDomain(d): return "domain \(d) does not end with a top-level domain (.fr, .com…)"
        case let .domainDots(d): return "domain \(d) has an empty label"
        case let .domainCharacter(d, c): return "character \(c) not allowed in domain \(d)"
        case let .domainHyphen(d): return "a label of \(d) starts or ends with a hyphen"
        case let .labelTooLong(d): return "a label of \(d) is longer than 63 characters"
        case .domainTooLong: return "domain longer than 253 characters"
        case let .numericTLD(d): return "domain \(d) ends with a number"
        case let .specialUse(d): return "special-use domain \(d) cannot receive mail"
        case let .badPunycode(d): return "domain \(d) has an invalid xn-- label"
        case .tooLong: return "address longer than 254 characters"
        }
    }
}

public enum EmailValidation: Sendable, Equatable {
    case valid(EmailAddress)
    case invalid(EmailProblem)
}

/// Sign-up e-mail validation in the spirit of python's email-validator: dot-atom local parts,
/// internationalized addresses, NFC, unsafe characters refused, length limits, special-use
/// domains refused. No DNS look-up: validation stays pure.
public enum EmailValidator {
    public static let specialUseDomains = ["arpa", "invalid", "local", "localhost", "onion", "test", "internal", "alt", "localdomain"]
    static let specialUseSuffixes = specialUseDomains.map { ($0, "." + $0) }

    static let atextSymbols = Set("!#$%&'*+-/=?^_`{|}~".unicodeScalars)

    public static func validate(_ input: String) -> EmailValidation {
        if input.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{85}" }) {
            return .invalid(.lineBreak)
        }
        let trimmed = input.trimmed()
        if trimmed.isEmpty { return .invalid(.empty) }
        // "Name <a@b.fr>": point at the address inside.
        if let lt = trimmed.utf8.lastIndex(of: 0x3C), let gt = trimmed.utf8.lastIndex(of: 0x3E), lt < gt {
            let inner = String(trimmed.unicodeScalars[trimmed.unicodeScalars.index(after: lt)..<gt]).trimmed()
            if case .valid = validate(inner) { return .invalid(.displayName(inner: inner)) }
            return .invalid(.displayName(inner: nil))
        }
        let isASCII = trimmed.utf8.allSatisfy { $0 < 0x80 }
        for c in trimmed.unicodeScalars where isASCII ? (c.value < 0x20 || c.value == 0x7F) : unsafe(c) {
            return .invalid(.unsafeCharacter(codePoint(c)))
        }
        let text = isASCII ? trimmed : trimmed.precomposedStringWithCanonicalMapping // ASCII is already NFC
        if text.utf8.count > 254 * 4 { return .invalid(.tooLong) }
        // Split on scalars: a combining mark after "@" would hide it inside one Character.
        let scalars = text.unicodeScalars
        // The last "@" byte is the last "@" scalar (UTF-8 never hides one inside another character).
        guard let at = text.utf8.lastIndex(of: 0x40) else { return .invalid(.noAt) }
        let local = String(scalars[..<at])
        let domainInput = String(scalars[scalars.index(after: at)...])
        if local.bytesStart(with: "\"") { return .invalid(.quotedLocal) }
        if local.utf8.contains(0x40) { return .invalid(.multipleAt) }
        if local.isEmpty { return .invalid(.emptyLocal) }
        let comment = isASCII // ASCII characters are bytes; otherwise compare whole characters
            ? local.utf8.contains(0x28) || local.utf8.contains(0x29) || domainInput.utf8.contains(0x28)
            : local.contains(Character("(")) || local.contains(Character(")")) || domainInput.contains(Character("("))
        if comment { return .invalid(.comment) }
        if let problem = checkLocal(local) { return .invalid(problem) }
        if domainInput.isEmpty { return .invalid(.emptyDomain) }
        if domainInput.bytesStart(with: "[") { return .invalid(.ipLiteral) }
        let domain: (unicode: String, ascii: String)
        switch checkDomain(domainInput) {
        case let .success(d): domain = d
        case let .failure(p): return .invalid(p)
        }
        let normalized = local + "@" + domain.unicode
        let localIsASCII = local.unicodeScalars.allSatisfy(\.isASCII)
        let ascii = localIsASCII ? local + "@" + domain.ascii : nil
        if (ascii ?? normalized).utf8.count > 254 { return .invalid(.tooLong) }
        return .valid(EmailAddress(normalized: normalized, ascii: ascii, local: local, domain: domain.unicode))
    }

    static func checkLocal(_ local: String) -> EmailProblem? {
        if local.utf8.count > 64 { return .localTooLong }
        if local.bytesStart(with: ".") || local.bytesEnd(with: ".") || hasDoubleDot(local) { return .localDots }
        for c in local.unicodeScalars {
            if c.isASCII {
                let ok = (("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || atextSymbols.contains(c) || c == ".")
                if !ok { return .localCharacter(c == " " ? "espace/space" : String(c)) }
            } else if !(c.properties.isAlphabetic || c.properties.numericType != nil || isMark(c)) {
                return .localCharacter(String(c))
            }
        }
        return nil
    }

    static func checkDomain(_ input: String) -> Result<(unicode: String, ascii: String), EmailProblem> {
        if let plain = plainDomain(input) { return .success((plain, plain)) }
        return checkDomainFully(input)
    }

    /// The usual domain, two labels or more of ASCII letters, digits and inner hyphens, checked
    /// on its bytes and lowercased: what `checkDomainFully` returns for it (tested). Nil for
    /// anything else, which the full check then reads (what is wrong, an xn-- label, Unicode).
    static func plainDomain(_ input: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(input.utf8.count)
        for b in input.utf8 {
            switch b {
            case 0x41...0x5A: bytes.append(b | 0x20)
            case 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E: bytes.append(b)
            default: return nil
            }
        }
        guard bytes.count <= 253 else { return nil }
        var start = 0, labels = 0, lastAllDigits = false, lastHasHyphen = false
        for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x2E {
            let length = i - start
            guard length >= 1, length <= 63, bytes[start] != 0x2D, bytes[i - 1] != 0x2D else { return nil }
            if length >= 4, bytes[start + 2] == 0x2D, bytes[start + 3] == 0x2D { return nil }
            lastAllDigits = bytes[start..<i].allSatisfy { (0x30...0x39).contains($0) }
            lastHasHyphen = bytes[start..<i].contains(0x2D)
            labels += 1
            start = i + 1
        }
        guard labels >= 2, !lastAllDigits, !lastHasHyphen else { return nil }
        let domain = String(decoding: bytes, as: UTF8.self)
        for (special, suffix) in specialUseSuffixes where domain == special || domain.bytesEnd(with: suffix) { return nil }
        return domain
    }

    static func checkDomainFully(_ input: String) -> Result<(unicode: String, ascii: String), EmailProblem> {
        // UTS-46 maps the ideographic and full-width full stops to label separators.
        var mapped = input
        if !input.utf8.allSatisfy({ $0 < 0x80 }) {
            mapped = String(String.UnicodeScalarView(input.unicodeScalars.map { [0x3002, 0xFF0E, 0xFF61].contains($0.value) ? "." : $0 }))
        }
        let folded = mapped.lowercased()
        let lower = folded.utf8.allSatisfy { $0 < 0x80 } ? folded : folded.precomposedStringWithCanonicalMapping
        if lower.bytesEnd(with: ".") || lower.bytesStart(with: ".") || hasDoubleDot(lower) { return .failure(.domainDots(lower)) }
        let labels = lower.utf8.split(separator: 0x2E, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var unicodeLabels: [String] = []
        var asciiLabels: [String] = []
        for label in labels {
            let isASCII = label.unicodeScalars.allSatisfy(\.isASCII)
            for c in label.unicodeScalars {
                let ok = isASCII
                    ? (("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "-")
                    : (c.isASCII ? (("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "-")
                        : (c.properties.isAlphabetic || c.properties.numericType != nil || isMark(c)))
                if !ok { return .failure(.domainCharacter(lower, c == " " ? "espace/space" : String(c))) }
            }
            if label.bytesStart(with: "-") || label.bytesEnd(with: "-") { return .failure(.domainHyphen(lower)) }
            // IDNA2008: a label may not begin with a combining mark.
            if let first = label.unicodeScalars.first, isMark(first) { return .failure(.domainCharacter(lower, String(first))) }
            if isASCII {
                if label.hasPrefix("xn--") {
                    guard let decoded = Punycode.decode(String(label.dropFirst(4))), !decoded.isEmpty,
                          Punycode.encode(decoded) == String(label.dropFirst(4)),
                          !decoded.unicodeScalars.allSatisfy(\.isASCII),
                          decoded == decoded.lowercased(), // IDNA labels are case-folded...
                          decoded.unicodeScalars.elementsEqual(decoded.precomposedStringWithCanonicalMapping.unicodeScalars), // ...and NFC
                          !decoded.bytesStart(with: "-"), !decoded.bytesEnd(with: "-"),
                          !decoded.unicodeScalars.first.map(isMark)!,
                          decoded.unicodeScalars.allSatisfy({ c in
                              c.isASCII ? (("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "-")
                                  : (c.properties.isAlphabetic || c.properties.numericType != nil || isMark(c))
                          }) else { return .failure(.badPunycode(lower)) }
                    unicodeLabels.append(decoded)
                } else {
                    let bytes = label.utf8 // ASCII here: bytes are characters
                    if bytes.count >= 4, bytes[bytes.index(bytes.startIndex, offsetBy: 2)] == 0x2D,
                       bytes[bytes.index(bytes.startIndex, offsetBy: 3)] == 0x2D { return .failure(.domainHyphen(lower)) }
                    unicodeLabels.append(label)
                }
                asciiLabels.append(label)
            } else {
                guard let encoded = Punycode.encode(label) else { return .failure(.domainCharacter(lower, label)) }
                unicodeLabels.append(label)
                asciiLabels.append("xn--" + encoded)
            }
            if asciiLabels.last!.utf8.count > 63 { return .failure(.labelTooLong(lower)) }
        }
        let unicode = unicodeLabels.joined(separator: ".")
        let ascii = asciiLabels.joined(separator: ".")
        if labels.count < 2 {
            if specialUseDomains.contains(unicode) { return .failure(.specialUse(unicode)) }
            return .failure(.domainNoDot(unicode))
        }
        if ascii.utf8.count > 253 { return .failure(.domainTooLong) }
        // Judged on the Unicode form, so that an address and its normalized form agree.
        if let tld = unicodeLabels.last, tld.allSatisfy(\.isNumber) { return .failure(.numericTLD(unicode)) }
        // ("jonas@etu.sorbonne-universite": the ".fr" left out. No top-level domain has a hyphen,
        // but for an internationalized one's xn-- form.)
        if let tld = asciiLabels.last, !isTopLevelDomain(tld) { return .failure(.noTopLevelDomain(unicode)) }
        for (special, suffix) in specialUseSuffixes where unicode == special || unicode.bytesEnd(with: suffix) {
            return .failure(.specialUse(unicode))
        }
        return .success((unicode, ascii))
    }

    /// Whether an ASCII label can be a top-level domain: no hyphen ("fr", "com", "museum"), but
    /// in an internationalized one's xn-- form.
    public static func isTopLevelDomain(_ label: String) -> Bool {
        !label.isEmpty && (label.bytesStart(with: "xn--") || !label.utf8.contains(0x2D))
    }

    /// Two dots in a row, found on bytes (no Foundation search).
    static func hasDoubleDot(_ s: String) -> Bool {
        var previous: UInt8 = 0
        for b in s.utf8 {
            if b == 0x2E, previous == 0x2E { return true }
            previous = b
        }
        return false
    }

    static func isMark(_ c: Unicode.Scalar) -> Bool {
        switch c.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Controls, invisible format characters (zero-width, bidi), unassigned, private use,
    /// line and paragraph separators.
    static func unsafe(_ c: Unicode.Scalar) -> Bool {
        switch c.properties.generalCategory {
        case .control, .format, .unassigned, .privateUse, .surrogate, .lineSeparator, .paragraphSeparator: return true
        case .spaceSeparator: return c != " "
        default: return false
        }
    }

    static func codePoint(_ c: Unicode.Scalar) -> String {
        let hex = String(c.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// Typo suggestions for common providers and endings ("gmial.com" → "gmail.com").
public enum EmailSuggester {
    public static let providers = [
        "gmail.com", "googlemail.com", "hotmail.com", "hotmail.fr", "outlook.com", "outlook.fr", "live.com", "live.fr",
        "msn.com", "yahoo.com", "yahoo.fr", "icloud.com", "me.com", "orange.fr", "wanadoo.fr", "free.fr", "sfr.fr",
        "laposte.net", "bbox.fr", "neuf.fr", "aol.com", "protonmail.com", "proton.me", "gmx.fr", "gmx.com",
        "hotmail.co.uk", "yahoo.co.uk", "live.co.uk", "btinternet.com", "hotmail.es", "yahoo.es", "hotmail.de",
        "gmx.de", "web.de", "hotmail.it", "libero.it", "hotmail.be", "skynet.be",
    ]
    static let providerScalars = providers.map { p in
        let scalars = p.unicodeScalars.map(\.value)
        return (p, scalars, TypoDistance.Letters.counts(scalars))
    }
    /// The providers' names that have an address under a country's two-letter ending ("orange"
    /// for "orange.fr"; not "gmail").
    static let nationalNames: Set<String> = Set(providers.compactMap { p in
        p.split(separator: ".").last.flatMap { $0.count == 2 ? String(p.prefix(while: { $0 != "." })) : nil }
    })
    static let tldFixes = ["con": "com", "cmo": "com", "ocm": "com", "vom": "com", "comm": "com", "cm": "com", "om": "com",
                           "fe": "fr", "frr": "fr", "fre": "fr", "ft": "fr", "rf": "fr", "nte": "net", "ner": "net"]

    /// An address typed without its "@" but with a known provider's domain after a dot
    /// ("mike.baker.gmail.com", "lea.gmial.com"): the address it probably is; nil otherwise.
    public static func missingAt(_ raw: String) -> String? {
        let text = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard !text.isEmpty, !text.contains("@"), !text.contains(" ") else { return nil }
        var dots = text.indices.filter { text[$0] == "." }
        dots.removeLast(min(1, dots.count)) // a domain has a dot of its own
        for dot in dots {
            let local = text[..<dot], domain = String(text[text.index(after: dot)...])
            guard !local.isEmpty else { continue }
            let candidate = local + "@" + domain
            if providers.contains(domain) { return candidate }
            if let fixed = providerSuggestion(candidate) { return fixed }
        }
        return nil
    }

    /// An address whose domain is a known provider's with its dot left out or typed as a comma
    /// ("jo@gmailcom", "jo@yahoo,com"): that address; nil otherwise.
    public static func lostDot(_ raw: String) -> String? {
        // (Only an "@" followed by a comma, or by no dot at all: most addresses stop here.)
        guard let atByte = raw.utf8.lastIndex(of: 0x40) else { return nil }
        let after = raw.utf8[raw.utf8.index(after: atByte)...]
        guard after.contains(0x2C) || !after.contains(0x2E) else { return nil }
        let text = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard let at = text.lastIndex(of: "@"), !text.contains(" ") else { return nil }
        let local = text[..<at]
        let domain = String(text[text.index(after: at)...])
        guard !local.isEmpty, !domain.isEmpty else { return nil }
        let commaFixed = domain.replacingOccurrences(of: ",", with: ".")
        if commaFixed != domain, providers.contains(commaFixed) { return local + "@" + commaFixed }
        // ("joana.silva@payflow,io": any domain whose comma stands before a top-level domain's
        // letters; the address is asked back before it is taken.)
        let labels = commaFixed.split(separator: ".", omittingEmptySubsequences: false)
        if commaFixed != domain, !domain.contains("."), labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }), let tld = labels.last, (2...6).contains(tld.count),
           tld.allSatisfy({ $0.isASCII && $0.isLetter }) { return local + "@" + commaFixed }
        guard !domain.contains("."), !domain.contains(",") else { return nil }
        return providers.first { $0.replacingOccurrences(of: ".", with: "") == domain }.map { local + "@" + $0 }
    }

    /// An address whose domain has no dot ("sam@gmial", "nadia@translog-rhonefr"): a known
    /// provider's it is a typo of ("sam@gmail.com"), else the same domain with its ending taken
    /// for the top-level domain it spells ("nadia@translog-rhone.fr"); nil otherwise.
    public static func noDotFix(_ address: String) -> String? {
        let text = address.trimmingCharacters(in: .whitespaces).lowercased()
        guard let at = text.lastIndex(of: "@") else { return nil }
        let local = String(text[..<at]), domain = String(text[text.index(after: at)...])
        guard !local.isEmpty, !domain.isEmpty, !domain.contains("."), !domain.contains(" ") else { return nil }
        // ("lea.martin@gmail": a provider's name with one domain only, that domain.)
        let named = providers.filter { $0.prefix(while: { $0 != "." }) == domain }
        if named.count == 1 { return local + "@" + named[0] }
        // (A provider's typo only for a name long enough to tell: "jo@fr" is no "sfr.fr".)
        for tld in ["com", "fr"] where domain.count >= 4 {
            if let fixed = providerSuggestion(local + "@" + domain + "." + tld) { return fixed }
        }
        for tld in gluedTLDs where domain.hasSuffix(tld) && domain.count - tld.count >= 3 {
            let name = domain.dropLast(tld.count)
            guard name.last != "-" else { continue }
            return local + "@" + name + "." + tld
        }
        return nil
    }
    static let gluedTLDs = ["com", "net", "org", "fr", "io"]

    /// The suggestion for an address when it is a known provider's address; nil otherwise.
    public static func providerSuggestion(_ address: String) -> String? {
        guard let fixed = suggest(address), let at = fixed.lastIndex(of: "@"),
              providers.contains(String(fixed[fixed.index(after: at)...])) else { return nil }
        return fixed
    }

    /// The address as it was probably meant, or nil when it looks fine.
    public static func suggest(_ normalized: String) -> String? {
        guard let at = normalized.utf8.lastIndex(of: 0x40) else { return nil }
        let local = normalized[..<at]
        let domain = String(normalized[normalized.index(after: at)...])
        if providers.contains(domain) { return nil }
        // ("a.ndiaye@orange.sn", "jo@yahoo.ca": a provider that has addresses under a country's
        // ending, under another country's: no typo.)
        // (Not an ending one letter off its own, "orange.dr", "hotmail.vr", nor "hotmail.co".)
        if let dot = domain.lastIndex(of: "."), case let tld = String(domain[domain.index(after: dot)...]), tld.count == 2, tldFixes[tld] == nil, tld != "co",
           case let name = String(domain.prefix(while: { $0 != "." })), nationalNames.contains(name),
           providers.filter({ $0.hasPrefix(name + ".") }).compactMap({ $0.split(separator: ".").last.map(String.init) }).filter({ $0.count == 2 })
               .allSatisfy({ own in zip(own, tld).allSatisfy { $0 != $1 } }) { return nil }
        let d = Array(domain.unicodeScalars.map(\.value))
        let letters = TypoDistance.Letters(d)
        var best: (String, Int)?
        var tie = false
        for (p, scalars, counts) in providerScalars {
            let limit = scalars.count >= 8 ? 2 : 1
            guard letters.bagDistance(to: counts, length: scalars.count) <= limit else { continue } // a cheap lower bound first
            let dist = TypoDistance.distance(d, scalars, limit: limit)
            guard dist <= limit else { continue }
            if best == nil || dist < best!.1 { best = (p, dist); tie = false } else if dist == best!.1 { tie = true }
        }
        if let best, !tie { return local + "@" + best.0 }
        if let dot = domain.utf8.lastIndex(of: 0x2E) {
            let tld = String(domain.unicodeScalars[domain.unicodeScalars.index(after: dot)...])
            if let fix = tldFixes[tld] { return local + "@" + String(domain.unicodeScalars[..<dot]) + "." + fix }
        }
        return nil
    }
}

/// RFC 3492 Punycode, for IDN domain labels.
public enum Punycode {
    static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN = 128

    static func adapt(_ delta: Int, _ numPoints: Int, _ first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / numPoints
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 { delta /= base - tMin; k += base }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    static func digit(_ d: Int) -> Character {
        Character(Unicode.Scalar(UInt8(d < 26 ? d + 97 : d + 22)))
    }

    public static func encode(_ input: String) -> String? {
        let scalars = input.unicodeScalars.map { Int($0.value) }
        var output = String(input.unicodeScalars.filter(\.isASCII).map(Character.init))
        let basic = output.count
        var h = basic
        if basic > 0 { output.append("-") }
        var n = initialN, delta = 0, bias = initialBias
        while h < scalars.count {
            guard let m = scalars.filter({ $0 >= n }).min() else { return nil }
            let (mul, o1) = (m - n).multipliedReportingOverflow(by: h + 1)
            if o1 { return nil }
            delta += mul
            n = m
            for c in scalars {
                if c < n { delta += 1 }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, h + 1, h == basic)
                    delta = 0
                    h += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }

    public static func decode(_ input: String) -> String? {
        var output: [Int] = []
        let scalars = input.unicodeScalars
        var rest = scalars[...]
        if let dash = input.utf8.lastIndex(of: 0x2D) { // the last "-" scalar, whatever follows it
            for c in scalars[..<dash] {
                guard c.isASCII else { return nil }
                output.append(Int(c.value))
            }
            rest = scalars[scalars.index(after: dash)...]
        }
        var n = initialN, i = 0, bias = initialBias
        var chars = Array(rest)
        var pos = 0
        while pos < chars.count {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard pos < chars.count else { return nil }
                let c = chars[pos].value
                pos += 1
                let d: Int
                switch c {
                case 0x30...0x39: d = Int(c) - 22
                case 0x41...0x5A: d = Int(c) - 65
                case 0x61...0x7A: d = Int(c) - 97
                default: return nil
                }
                let (dw, o) = d.multipliedReportingOverflow(by: w)
                if o { return nil }
                i += dw
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if d < t { break }
                w *= base - t
                if w > Int(Int32.max) { return nil }
                k += base
            }
            bias = adapt(i - oldI, output.count + 1, oldI == 0)
            n += i / (output.count + 1)
            i %= output.count + 1
            guard n <= 0x10FFFF, Unicode.Scalar(UInt32(n)) != nil else { return nil }
            output.insert(n, at: i)
            i += 1
        }
        chars = []
        var s = String.UnicodeScalarView()
        for v in output { guard let u = Unicode.Scalar(UInt32(v)) else { return nil }; s.append(u) }
        return String(s)
    }
}

extension String {
    /// Prefix and suffix tests on bytes, as the address rules mean them: a dot or a hyphen counts
    /// wherever it stands, even where a combining mark after it, or a prepended letter before it,
    /// makes it part of one Character with its neighbour (which `hasPrefix` would not see).
    func bytesStart(with prefix: String) -> Bool { utf8.starts(with: prefix.utf8) }
    func bytesEnd(with suffix: String) -> Bool {
        let n = suffix.utf8.count
        return utf8.count >= n && utf8.suffix(n).elementsEqual(suffix.utf8)
    }
}
