/// What the caller allows to be shown and picked at all (`--type`, `--mime-type`,
/// `--pattern`). Unlike a named filter the user cannot switch it off. The kinds of
/// restriction combine with AND; the values within one kind with OR.
/// In Assets, not Request where the options are read: the library, below Request, applies
/// it to every file it admits (`PreparedLibrary`).
public struct AssetRestriction: Sendable, Hashable {
    public enum Kinds: String, Sendable, CaseIterable { case photos, videos, all }

    public var kinds: Kinds
    public var mimeTypes: [String]
    public var patterns: [String]

    public init(kinds: Kinds = .all, mimeTypes: [String] = [], patterns: [String] = []) {
        self.kinds = kinds
        self.mimeTypes = mimeTypes
        self.patterns = patterns
    }

    public static let none = AssetRestriction()

    public var isNone: Bool { self == .none }

    public func admits(name: some Collection<UInt8>, mimeType: String, kind: MediaKind) -> Bool {
        switch (kinds, kind) {
        case (.photos, .video), (.videos, .photo): return false
        default: break
        }
        if !mimeTypes.isEmpty, !mimeTypes.contains(where: { MIMEPattern.matches($0, mimeType) }) { return false }
        if !patterns.isEmpty, !patterns.contains(where: { Glob($0).matches(name) }) { return false }
        return true
    }

    public func admits(_ file: DiscoveredFile) -> Bool {
        admits(name: file.path.lastComponentBytes, mimeType: file.mimeType, kind: file.kind)
    }
}
