import Testing
@testable import MadiJSON

@Suite("JSON")
struct JSONTests {
    @Test(arguments: ["plain", "quote \" and \\ backslash", "line\nbreak\ttab\r", "\u{0}\u{1F}\u{7F}", "« français » … → ’",
                      "sep\u{2028}par\u{2029}", "emoji 🙂 e\u{301}", "", "\u{E2}"])
    func stringsRoundTrip(_ text: String) throws {
        let line = JSON.string(text).serialized
        #expect(!line.contains("\n") && !line.contains("\u{2028}"))
        let back = try JSON.parse(Array(line.utf8))
        #expect(back.string.map { Array($0.unicodeScalars) } == Array(text.unicodeScalars))
    }

    @Test func escapesAreTheShortForms() {
        #expect(JSON.string("a\"b\\c\nd\u{1}").serialized == #""a\"b\\c\nd\u0001""#)
        #expect(JSON.string("x\u{2028}").serialized == #""x\u2028""#)
    }

    @Test(arguments: ["{", "[1,]", "{\"a\":1,}", "\"\\x\"", "01", "1.", "tru", "\"\u{1}\"", "\"\\ud800\"", "[[[[", "{} {}"])
    func malformedTextIsRefused(_ text: String) {
        #expect(throws: JSON.ParseError.self) { try JSON.parse(Array(text.utf8)) }
    }

    @Test func deepNestingIsBounded() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSON.ParseError.self) { try JSON.parse(Array(deep.utf8)) }
    }
}
