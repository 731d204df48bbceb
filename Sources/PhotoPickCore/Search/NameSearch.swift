/// The search field's text as a test on file names: a plain word matches names containing
/// it, ignoring case; text with `*`, `?` or `[` is a glob over the whole name (`IMG_*.jpg`).
public struct NameSearch: Sendable, Hashable {
    public let text: String
    private let glob: Glob?
    /// A plain ASCII word: matched in ASCII names as a substring without building the glob's
    /// per-name arrays (a keystroke tests a million names).
    private let asciiWord: ASCIIWord?

    public init(_ text: String) {
        let trimmed = String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        self.text = trimmed
        guard !trimmed.isEmpty else { glob = nil; asciiWord = nil; return }
        let isPattern = trimmed.contains { $0 == "*" || $0 == "?" || $0 == "[" }
        glob = Glob(isPattern ? trimmed : "*" + Self.escaped(trimmed) + "*")
        asciiWord = isPattern ? nil : ASCIIWord(trimmed.utf8)
    }

    public static let none = NameSearch("")

    public var isEmpty: Bool { glob == nil }
    /// A glob over the whole name (`IMG_*.jpg`), not a word looked for inside names.
    public var isPattern: Bool { !isEmpty && text.contains { $0 == "*" || $0 == "?" || $0 == "[" } }

    /// Whether a name matches, its bytes checked by the caller (`isASCII`: every byte below
    /// 0x80): the name search's loop over a `NameTable`. The ASCII word is looked for in
    /// ASCII names only: a non-ASCII character may lowercase to an ASCII one (K, the Kelvin
    /// sign, to k), which only the glob's Unicode folding knows.
    @inline(__always)
    func matches(name: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Bool {
        guard let glob else { return true }
        if isASCII, let asciiWord { return asciiWord.isFound(in: name) }
        return glob.matches(name)
    }

    /// Whether every name this search matches is matched by `wider` too, so this search can
    /// narrow `wider`'s result instead of the whole collection (typing adds characters). True
    /// for plain words whose lowercased characters contain `wider`'s; a glob is never asked.
    public func refines(_ wider: NameSearch) -> Bool {
        guard !isEmpty, !wider.isEmpty, isPlainWord, wider.isPlainWord else { return wider.isEmpty }
        let mine = Glob.foldedUnits(text.utf8), theirs = Glob.foldedUnits(wider.text.utf8)
        guard theirs.count <= mine.count else { return false }
        return (0...(mine.count - theirs.count)).contains { mine[$0..<($0 + theirs.count)].elementsEqual(theirs) }
    }

    /// A word matched as a substring, not a pattern.
    private var isPlainWord: Bool { !text.contains { $0 == "*" || $0 == "?" || $0 == "[" } }

    /// Makes every character literal for `Glob` (only `\` needs it in a plain word).
    private static func escaped(_ s: String) -> String {
        String(s.flatMap { $0 == "\\" ? ["\\", "\\"] : [$0] })
    }

    /// Searches that match the same names are equal (matching ignores case).
    public static func == (a: NameSearch, b: NameSearch) -> Bool { a.text.lowercased() == b.text.lowercased() }
    public func hash(into h: inout Hasher) { h.combine(text.lowercased()) }
}
