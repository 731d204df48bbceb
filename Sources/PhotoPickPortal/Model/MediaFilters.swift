import PhotoPickCore

/// Whether a request asks for photos and videos, read the way a person would read it: by
/// what most of the filter in effect names, not by every item of every filter.
///
/// The filter in effect is the current filter; without one, every filter but an "All files"
/// one (`*`, `*.*`): toolkits add that to every request. It asks for photos and videos when
/// more than half of its items name image or video types: a MIME type `image/…` or
/// `video/…`, or a glob `*.EXT` whose extension shared-mime-info (through GIO) gives such a
/// type, case-folding brackets (`*.[jJ][pP][gG]`) understood. So Firefox's twenty image
/// extensions with `*.ai *.psd *.xcf` among them are a photo request, and a PDF is not.
/// A request whose photo types photopick cannot show at all (only `*.psd`, say) is not one.
public struct MediaFilters: Sendable {
    /// The MIME type a file name's extension suggests (e.g. GIO's content-type guess).
    public typealias TypeGuess = @Sendable (_ fileName: String) -> String?

    private let guess: TypeGuess

    public init(guess: @escaping TypeGuess) { self.guess = guess }

    public enum Verdict: Equatable, Sendable {
        case media
        /// Why not, for the log.
        case other(String)
    }

    public func verdict(current: PortalFilter?, filters: [PortalFilter]) -> Verdict {
        let inEffect = current.flatMap { isCatchAll($0) ? nil : [$0] } ?? filters.filter { !isCatchAll($0) }
        let items = inEffect.flatMap(\.items)
        guard !items.isEmpty else { return .other("it has no filters but All files") }
        let types = items.map(type)
        let media = types.compactMap { $0 }.filter(Self.isMediaType)
        guard media.count * 2 > items.count else {
            return .other("\(media.count) of its \(items.count) file types are photos or videos")
        }
        guard media.contains(where: { MediaTypeByName.shows(type: $0) }) else {
            return .other("none of its photo types is one photopick shows")
        }
        return .media
    }

    /// An "All files" filter: only `*` or `*.*` globs.
    func isCatchAll(_ filter: PortalFilter) -> Bool {
        !filter.items.isEmpty && filter.items.allSatisfy { if case .glob(let g) = $0 { g == "*" || g == "*.*" } else { false } }
    }

    /// The MIME type an item names; nil for a glob that names no extension.
    private func type(_ item: PortalFilter.Item) -> String? {
        switch item {
        case .mimeType(let type): return type.lowercased()
        case .glob(let glob): return Self.extensionOf(glob).flatMap { guess("file." + $0)?.lowercased() }
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
