/// Whether a request's filters ask for photos and videos only.
///
/// A filter is media when every item is: a MIME type `image/…` or `video/…` (`image/*`
/// included), or a glob `*.EXT` whose extension names an image or video type (Chromium's
/// case-folding `*.[jJ][pP][gG]` too). An "All files" filter (`*`, `*.*`) beside media
/// filters does not count: toolkits add one to every request. Anything else is not media.
public struct MediaFilters: Sendable {
    /// The MIME type a file name's extension suggests (e.g. GIO's content-type guess).
    public typealias TypeGuess = @Sendable (_ fileName: String) -> String?

    private let guess: TypeGuess

    public init(guess: @escaping TypeGuess) { self.guess = guess }

    enum Kind: Equatable { case media, catchAll, other }

    /// True when there is at least one media filter and every other filter is a catch-all.
    public func areMedia(_ filters: [PortalFilter]) -> Bool {
        let kinds = filters.map(kind)
        return kinds.contains(.media) && !kinds.contains(.other)
    }

    func kind(_ filter: PortalFilter) -> Kind {
        guard !filter.items.isEmpty else { return .other }
        if filter.items.allSatisfy(isCatchAll) { return .catchAll }
        return filter.items.allSatisfy(isMedia) ? .media : .other
    }

    private func isCatchAll(_ item: PortalFilter.Item) -> Bool {
        if case .glob(let g) = item { return g == "*" || g == "*.*" }
        return false
    }

    private func isMedia(_ item: PortalFilter.Item) -> Bool {
        switch item {
        case .mimeType(let type): return Self.isMediaType(type)
        case .glob(let glob):
            guard let ext = Self.extensionOf(glob) else { return false }
            return guess("file." + ext).map(Self.isMediaType) ?? false
        }
    }

    static func isMediaType(_ type: String) -> Bool {
        let lower = type.lowercased()
        return (lower.hasPrefix("image/") || lower.hasPrefix("video/")) && lower.count > 6
    }

    /// The extension of a `*.EXT` glob, with `[xX]` case pairs folded; nil for other globs.
    static func extensionOf(_ glob: String) -> String? {
        guard glob.hasPrefix("*.") else { return nil }
        var ext = ""
        var rest = Substring(glob.dropFirst(2))
        while let c = rest.first {
            if c == "[" {
                // Only a two-letter case pair: [jJ]
                let pair = rest.dropFirst().prefix(3)
                guard pair.count == 3, pair.last == "]",
                      let a = pair.first, let b = pair.dropFirst().first, a.lowercased() == b.lowercased() else { return nil }
                ext += a.lowercased()
                rest = rest.dropFirst(4)
            } else {
                guard !"*?[]\\/".contains(c) else { return nil }
                ext.append(c)
                rest = rest.dropFirst()
            }
        }
        return ext.isEmpty ? nil : ext
    }
}
