/// A filter the user can switch to in the window, as zenity and the portal define them:
/// a name and file-name patterns and/or MIME types; a file passes if any of them matches.
public struct NamedFilter: Sendable, Hashable {
    public var name: String
    /// Shell globs on the file name (`*.jpg`), matched by `Glob` (ignoring case: cameras write `.JPG`).
    public var patterns: [String]
    /// `image/jpeg`, or a whole family as `image/*`.
    public var mimeTypes: [String]

    public init(name: String, patterns: [String] = [], mimeTypes: [String] = []) {
        self.name = name
        self.patterns = patterns
        self.mimeTypes = mimeTypes
    }

    public struct ParseError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses zenity's `NAME | PATTERN1 PATTERN2 …`. Without `|` the patterns name the filter
    /// (as zenity does). A word holding `/` is a MIME type (`Photos | image/* *.dng`): a
    /// file-name pattern cannot contain `/`.
    public static func parse(_ text: String) throws -> NamedFilter {
        let name: String, words: [Substring]
        if let bar = text.lastIndex(of: "|") {
            name = String(text[..<bar]).trimmingWhitespace
            words = text[text.index(after: bar)...].split(whereSeparator: \.isWhitespace)
        } else {
            words = text.split(whereSeparator: \.isWhitespace)
            name = words.joined(separator: " ")
        }
        guard !words.isEmpty else { throw ParseError(description: "filter '\(text)' has no patterns") }
        var filter = NamedFilter(name: name.isEmpty ? words.joined(separator: " ") : name)
        for word in words.map(String.init) {
            if word.contains("/") {
                guard MIMEPattern.isValid(word) else { throw ParseError(description: "'\(word)' is not a MIME type") }
                filter.mimeTypes.append(word)
            } else {
                filter.patterns.append(word)
            }
        }
        return filter
    }

    public func matches(name: some Collection<UInt8>, mimeType: String) -> Bool {
        patterns.contains { Glob($0).matches(name) } || mimeTypes.contains { MIMEPattern.matches($0, mimeType) }
    }

    public func matches(_ asset: Asset) -> Bool {
        matches(name: asset.path.lastComponentBytes, mimeType: asset.mimeType)
    }

    /// Only video types (`Videos | video/*`, a browser's `accept="video/*"`): a Live or Motion
    /// Photo passes as its motion, and hands back its video.
    public var asksForVideosOnly: Bool {
        patterns.isEmpty && !mimeTypes.isEmpty && mimeTypes.allSatisfy { $0.lowercased().hasPrefix("video/") }
    }

    /// `matches`, a Live or Motion Photo (by `traits`) passing a filter that asks for videos only.
    public func matches(_ asset: Asset, traits: AssetTraits) -> Bool {
        matches(asset) || (asksForVideosOnly && !traits.isDisjoint(with: [.live, .motion]))
    }
}
