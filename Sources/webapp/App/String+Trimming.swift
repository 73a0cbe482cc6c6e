extension String {
    /// The string without leading and trailing white space: `"  Ada ".trimmingSpaces == "Ada"`.
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
