/// The search field's text as a test on file names: a plain word matches names containing
/// it, ignoring case; text with `*`, `?` or `[` is a glob over the whole name (`IMG_*.jpg`).
public struct NameSearch: Sendable, Hashable {
    public let text: String
    private let glob: Glob?
    /// A plain ASCII word, lowercased: matched as a substring without building the glob's
    /// per-name arrays (a keystroke tests a million names).
    private let asciiWord: [UInt8]?

    public init(_ text: String) {
        let trimmed = String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        self.text = trimmed
        guard !trimmed.isEmpty else { glob = nil; asciiWord = nil; return }
        let isPattern = trimmed.contains { $0 == "*" || $0 == "?" || $0 == "[" }
        glob = Glob(isPattern ? trimmed : "*" + Self.escaped(trimmed) + "*")
        asciiWord = isPattern || !trimmed.utf8.allSatisfy({ $0 < 0x80 }) ? nil : trimmed.utf8.map(Self.lowered)
    }

    public static let none = NameSearch("")

    public var isEmpty: Bool { glob == nil }

    public func matches(_ name: String) -> Bool { matches(bytes: name.utf8) }

    /// The same test on a name's raw bytes.
    public func matches(bytes name: some Collection<UInt8>) -> Bool {
        guard let glob else { return true }
        // ASCII names only: a non-ASCII character may lowercase to an ASCII one (K, the
        // Kelvin sign, to k), which only the glob's Unicode folding knows.
        if let asciiWord, let found = Self.containsASCII(name, asciiWord) { return found }
        return glob.matches(name)
    }

    /// The same test on a name whose bytes the caller has already checked (`isASCII`: every
    /// byte below 0x80): the name search's loop over a `NameTable`.
    @inline(__always)
    func matches(name: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Bool {
        guard let glob else { return true }
        if isASCII, let asciiWord { return Self.containsLowered(name, asciiWord) }
        return glob.matches(name)
    }

    /// Whether the ASCII `name` contains `word` (lowercase) ignoring case.
    private static func containsLowered(_ name: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
        guard name.count >= word.count else { return false }
        return word.withUnsafeBufferPointer { w in
            guard let first = w.first else { return true }
            for start in 0...(name.count - w.count) where lowered(name[start]) == first {
                var i = 1
                while i < w.count && lowered(name[start + i]) == w[i] { i += 1 }
                if i == w.count { return true }
            }
            return false
        }
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

    /// Whether `name` contains `word` ignoring ASCII case; nil when `name` is not all ASCII.
    private static func containsASCII(_ name: some Collection<UInt8>, _ word: [UInt8]) -> Bool? {
        var found = word.isEmpty
        let result: Bool?? = name.withContiguousStorageIfAvailable { bytes -> Bool? in
            if bytes.contains(where: { $0 >= 0x80 }) { return nil }
            guard bytes.count >= word.count else { return found }
            for start in 0...(bytes.count - word.count) where !found {
                var i = 0
                while i < word.count && lowered(bytes[start + i]) == word[i] { i += 1 }
                found = i == word.count
            }
            return found
        }
        if let result { return result }
        return containsASCII(Array(name), word)
    }

    private static func lowered(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 0x20 : c }

    /// Makes every character literal for `Glob` (only `\` needs it in a plain word).
    private static func escaped(_ s: String) -> String {
        String(s.flatMap { $0 == "\\" ? ["\\", "\\"] : [$0] })
    }

    /// Searches that match the same names are equal (matching ignores case).
    public static func == (a: NameSearch, b: NameSearch) -> Bool { a.text.lowercased() == b.text.lowercased() }
    public func hash(into h: inout Hasher) { h.combine(text.lowercased()) }
}
