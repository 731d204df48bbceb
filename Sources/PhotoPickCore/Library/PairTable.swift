/// The Live Photo and RAW+JPEG pairs among a library's assets, kept up to date as assets
/// come, change and go (Motion Photos are one file and need no table: `AssetTraits.motion`).
///
/// Only the companions' side is searched: a RAW file or a QuickTime movie looks for its still
/// by path (its folder, its stem, a still's extension) or, for a movie with Apple's content
/// identifier, among the stills that carry the same one. A library without RAW files or
/// movies costs a type check per asset; one with them costs a few path lookups per companion,
/// not a pass over its folder. A companion that finds no still waits, and is tried again when
/// anything arrives in its folder.
///
/// The rules, where the files leave a choice:
/// - a movie with an identifier pairs only with a still with the same identifier (in its
///   folder; the one with its stem first, else the first found); a movie without one only
///   with a still of its stem that has none either;
/// - a still takes one companion: a movie before a RAW file (a Live Photo's motion is what
///   its still is for; the RAW file then stays a tile of its own), else the first that finds it.
struct PairTable: Sendable {
    /// By still: its companion and the kind of pair.
    private var companionOf: [UInt32: (id: AssetID, kind: PairKind)] = [:]
    /// By companion: its still.
    private var stillOf: [UInt32: AssetID] = [:]
    /// Companions without a still yet, by folder.
    private var waiting: [RawPath: Set<AssetID>] = [:]
    /// Stills carrying a content identifier, by identifier, and each one's identifier.
    private var stillsByIdentifier: [String: [AssetID]] = [:]
    private var identifierOf: [UInt32: String] = [:]
    /// Folders where a waiting companion may now find its still.
    private var pendingFolders: Set<RawPath> = []
    /// Assets whose pairing changed since `resolve` was last called.
    private var changed: Set<AssetID> = []

    /// How the table reads the library it pairs.
    struct Lookup {
        let asset: (AssetID) -> Asset?
        let id: (RawPath) -> AssetID?
    }

    func pair(of id: AssetID) -> AssetPair? {
        if let link = companionOf[id.rawValue] { return AssetPair(kind: link.kind, still: id, companion: link.id) }
        if let still = stillOf[id.rawValue], let link = companionOf[still.rawValue] {
            return AssetPair(kind: link.kind, still: still, companion: id)
        }
        return nil
    }

    func isCompanion(_ id: AssetID) -> Bool { stillOf[id.rawValue] != nil }

    /// The pair traits of `id` as the table has them now.
    func traits(of id: AssetID) -> AssetTraits {
        if stillOf[id.rawValue] != nil { return .companion }
        switch companionOf[id.rawValue]?.kind {
        case .live: return .live
        case .raw: return .rawPair
        case .motion, nil: return []
        }
    }

    /// A new asset, or a changed one after `removed` took out its old state.
    mutating func added(_ asset: Asset) {
        guard let role = PairRole(mimeType: asset.mimeType) else { return }
        switch role {
        case .still:
            if let identifier = asset.metadata.contentIdentifier {
                stillsByIdentifier[identifier, default: []].append(asset.id)
                identifierOf[asset.id.rawValue] = identifier
            }
            guard !waiting.isEmpty else { return }
            let folder = asset.path.parent
            if waiting[folder] != nil { pendingFolders.insert(folder) }
        case .raw, .movie:
            let folder = asset.path.parent
            waiting[folder, default: []].insert(asset.id)
            pendingFolders.insert(folder)
        }
    }

    /// `asset` is going (or changing: `added` follows with its new state). Its partner, if it
    /// had one, is free again: a companion waits for another still.
    mutating func removed(_ asset: Asset) {
        let key = asset.id.rawValue
        if let identifier = identifierOf.removeValue(forKey: key) {
            stillsByIdentifier[identifier]?.removeAll { $0 == asset.id }
            if stillsByIdentifier[identifier]?.isEmpty == true { stillsByIdentifier[identifier] = nil }
        }
        if let link = companionOf.removeValue(forKey: key) {
            stillOf[link.id.rawValue] = nil
            changed.insert(asset.id)
            changed.insert(link.id)
            // The companion's folder is the still's: the pair was made there.
            let folder = asset.path.parent
            waiting[folder, default: []].insert(link.id)
            pendingFolders.insert(folder)
        }
        let folder = asset.path.parent
        if let still = stillOf.removeValue(forKey: key) {
            companionOf[still.rawValue] = nil
            changed.insert(asset.id)
            changed.insert(still)
            // The still is free: a RAW file a movie took it from may have it back.
            if waiting[folder] != nil { pendingFolders.insert(folder) }
        }
        if waiting[folder]?.remove(asset.id) != nil, waiting[folder]?.isEmpty == true { waiting[folder] = nil }
    }

    /// Pairs what the changes since the last call allow; returns the assets whose pairing changed.
    mutating func resolve(_ lookup: Lookup) -> Set<AssetID> {
        // A movie that takes a RAW file's still sends the RAW file back to wait: its folder is
        // then pending again, and it may find another still there.
        while let folder = pendingFolders.popFirst() {
            guard let companions = waiting[folder] else { continue }
            for id in companions.sorted() {
                guard let companion = lookup.asset(id), let role = PairRole(mimeType: companion.mimeType),
                      let still = still(for: companion, role: role, lookup) else { continue }
                waiting[folder]?.remove(id)
                link(still: still, companion: id, kind: role == .raw ? .raw : .live, folder: folder)
            }
            if waiting[folder]?.isEmpty == true { waiting[folder] = nil }
        }
        defer { changed = [] }
        return changed
    }

    /// Whether a companion of `kind` may take `still`: a free one, or one a RAW file holds
    /// when a movie asks.
    private func mayTake(_ still: AssetID, for kind: PairKind) -> Bool {
        guard let held = companionOf[still.rawValue] else { return true }
        return kind == .live && held.kind == .raw
    }

    private mutating func link(still: AssetID, companion: AssetID, kind: PairKind, folder: RawPath) {
        if let displaced = companionOf[still.rawValue] {
            stillOf[displaced.id.rawValue] = nil
            changed.insert(displaced.id)
            waiting[folder, default: []].insert(displaced.id)
            pendingFolders.insert(folder)
        }
        companionOf[still.rawValue] = (companion, kind)
        stillOf[companion.rawValue] = still
        changed.insert(still)
        changed.insert(companion)
    }

    /// The free still `companion` pairs with, by the rules above.
    private func still(for companion: Asset, role: PairRole, _ lookup: Lookup) -> AssetID? {
        let stem = Self.stem(of: companion.path.lastComponentBytes)
        let folder = companion.path.parent
        if role == .movie, let identifier = companion.metadata.contentIdentifier {
            let claims = (stillsByIdentifier[identifier] ?? []).filter { id in
                mayTake(id, for: .live) && lookup.asset(id).map { $0.path.parent == folder } == true
            }
            if let stem, let same = claims.first(where: { lookup.asset($0).map { Self.stem(of: $0.path.lastComponentBytes) == stem } == true }) {
                return same
            }
            return claims.min()
        }
        guard let stem else { return nil }
        for ext in Self.stillExtensions {
            let path = folder.appending(component: stem + [0x2E] + ext)
            guard let id = lookup.id(path), mayTake(id, for: role == .raw ? .raw : .live), let still = lookup.asset(id),
                  PairRole(mimeType: still.mimeType) == .still else { continue }
            // A movie without an identifier pairs only with a still without one.
            if role == .movie, still.metadata.contentIdentifier != nil { continue }
            return id
        }
        return nil
    }

    /// The extensions a still of a pair has, as cameras and phones write them.
    private static let stillExtensions: [[UInt8]] = ["JPG", "jpg", "JPEG", "jpeg", "HEIC", "heic", "HEIF", "heif"].map { Array($0.utf8) }

    /// A name's bytes before its last dot; nil when it has no stem (no dot, or a leading one only).
    static func stem(of name: some Collection<UInt8>) -> [UInt8]? {
        let bytes = Array(name)
        guard let dot = bytes.lastIndex(of: 0x2E), dot > 0 else { return nil }
        return Array(bytes[..<dot])
    }
}
