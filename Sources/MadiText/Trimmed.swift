extension String {
    /// Trims spaces, tabs and line breaks at both ends. (Public and inlinable, so that the modules
    /// that trim every message get it inlined as when it was theirs: see `TypoDistance`.)
    @inlinable
    public func trimmed() -> String {
        let scalars = unicodeScalars
        // (ASCII, nearly every character typed, without the Unicode tables.)
        func isWS(_ c: Unicode.Scalar) -> Bool { c.isASCII ? c == " " || (0x09...0x0D).contains(c.value) : c.properties.isWhitespace }
        guard let first = scalars.firstIndex(where: { !isWS($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isWS($0) })!
        return String(scalars[first...last])
    }
}
