/// Metadata, Request and Thumbnails (a thumbnail's PNG texts) all trim: in Text, below them all.
extension String {
    /// Without leading and trailing whitespace and NULs (metadata strings are often NUL-padded).
    var trimmingWhitespace: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace || f == "\0" { s.removeFirst() }
        while let l = s.last, l.isWhitespace || l == "\0" { s.removeLast() }
        return String(s)
    }
}
