extension String {
    /// Trims spaces, tabs and line breaks at both ends.
    package func trimmed() -> String {
        let scalars = unicodeScalars
        func isWS(_ c: Unicode.Scalar) -> Bool { c.properties.isWhitespace }
        guard let first = scalars.firstIndex(where: { !isWS($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isWS($0) })!
        return String(scalars[first...last])
    }
}
