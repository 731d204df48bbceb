/// The search field's text as a test on file names: a plain word matches names containing
/// it, ignoring case; text with `*`, `?` or `[` is a glob over the whole name (`IMG_*.jpg`).
public struct NameSearch: Sendable, Hashable {
    public let text: String
    private let glob: Glob?

    public init(_ text: String) {
        let trimmed = String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        self.text = trimmed
        guard !trimmed.isEmpty else { glob = nil; return }
        let isPattern = trimmed.contains { $0 == "*" || $0 == "?" || $0 == "[" }
        glob = Glob(isPattern ? trimmed : "*" + Self.escaped(trimmed) + "*")
    }

    public static let none = NameSearch("")

    public var isEmpty: Bool { glob == nil }

    public func matches(_ name: String) -> Bool { glob?.matches(name) ?? true }

    /// Makes every character literal for `Glob` (only `\` needs it in a plain word).
    private static func escaped(_ s: String) -> String {
        String(s.flatMap { $0 == "\\" ? ["\\", "\\"] : [$0] })
    }

    /// Searches that match the same names are equal (matching ignores case).
    public static func == (a: NameSearch, b: NameSearch) -> Bool { a.text.lowercased() == b.text.lowercased() }
    public func hash(into h: inout Hasher) { h.combine(text.lowercased()) }
}
