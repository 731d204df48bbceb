/// The Live Photo and RAW+JPEG pairs among a library's assets, kept up to date as assets
/// come, change and go (Motion Photos are one file and need no table: `AssetTraits.motion`).
///
/// Only the companions' side searches: a RAW file or a QuickTime movie looks for its still
/// by path (its folder, its stem, a still's extension) or, for a movie with Apple's content
/// identifier, among the stills of its folder that carry the same one. A companion that finds
/// none waits, indexed by its folder and stem and by its identifier, and is tried again only
/// when a still of that stem or identifier arrives there, or its own still goes. So a library
/// without RAW files or movies costs a type check per asset, and one with ten thousand lone
/// movies costs nothing per unrelated file copied in beside them.
///
/// The rules, where the files leave a choice:
/// - a movie with an identifier pairs only with a still of its folder with the same one (the
///   one with its stem first, else the first of them); a movie without one pairs with a still
///   of its stem without one either, and only when it is as short as a Live Photo's motion
///   (`liveMotionSeconds`): a real video beside a photo of its name stays a video;
/// - a still takes one companion: a movie before a RAW file (a Live Photo's motion is what
///   its still is for; the RAW file then stays a tile of its own), else the first that finds it.
struct PairTable: Sendable {
    /// The longest movie paired by its name alone: an iPhone's Live Photo motion is about 3 s.
    static let liveMotionSeconds = 6.0
    /// The most stills of one folder kept for one identifier: a Live Photo and its edits
    /// share one; thousands sharing one are a hostile library, not a phone's.
    static let stillsPerIdentifier = 16

    private struct Stem: Hashable, Sendable {
        let folder: RawPath
        let stem: [UInt8]
    }
    private struct Claim: Hashable, Sendable {
        let folder: RawPath
        let identifier: String
    }
    /// What a companion is found by, kept while it is in the library.
    private struct Companion: Sendable {
        let stem: Stem?
        let claim: Claim?
    }

    /// By still: its companion and the kind of pair.
    private var companionOf: [UInt32: (id: AssetID, kind: PairKind)] = [:]
    /// By companion: its still.
    private var stillOf: [UInt32: AssetID] = [:]
    /// Every companion in the library, paired or not.
    private var companions: [UInt32: Companion] = [:]
    /// Companions without a still, by what a still would have to share with them.
    private var waitingByStem: [Stem: Set<AssetID>] = [:]
    private var waitingByClaim: [Claim: Set<AssetID>] = [:]
    /// Stills carrying a content identifier, by folder and identifier, and each one's claim.
    private var stillsByClaim: [Claim: [AssetID]] = [:]
    private var claimOf: [UInt32: Claim] = [:]
    /// A paired still's own stem, so that when its companion goes the others waiting for a
    /// still of that stem or identifier are tried.
    private var stillStems: [UInt32: Stem] = [:]
    /// Companions to try at the next `resolve`.
    private var pending: Set<AssetID> = []
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

    // MARK: Changes

    /// A new asset, or a changed one after `removed` took out its old state.
    mutating func added(_ asset: Asset) {
        guard let role = PairRole(asset) else { return }
        let folder = asset.path.parent
        let stem = Self.stem(of: asset.path.lastComponentBytes).map { Stem(folder: folder, stem: $0) }
        let claim = asset.metadata.contentIdentifier.map { Claim(folder: folder, identifier: $0) }
        switch role {
        case .still:
            if let claim, stillsByClaim[claim, default: []].count < Self.stillsPerIdentifier {
                stillsByClaim[claim, default: []].append(asset.id)
                claimOf[asset.id.rawValue] = claim
            }
            wake(stem: stem, claim: claim)
        case .raw, .movie:
            let facts = Companion(stem: stem, claim: role == .movie ? claim : nil)
            companions[asset.id.rawValue] = facts
            wait(asset.id, facts)
        }
    }

    /// `asset` is going (or changing: `added` follows with its new state). Its partner, if it
    /// had one, is free again: a companion waits for another still, a still for another companion.
    mutating func removed(_ asset: Asset) {
        let key = asset.id.rawValue
        if let claim = claimOf.removeValue(forKey: key) {
            stillsByClaim[claim]?.removeAll { $0 == asset.id }
            if stillsByClaim[claim]?.isEmpty == true { stillsByClaim[claim] = nil }
        }
        if let link = companionOf.removeValue(forKey: key) {
            stillOf[link.id.rawValue] = nil
            stillStems[key] = nil
            changed.insert(asset.id)
            changed.insert(link.id)
            if let facts = companions[link.id.rawValue] { wait(link.id, facts) }
        }
        if let facts = companions.removeValue(forKey: key) {
            unwait(asset.id, facts)
            if let still = stillOf.removeValue(forKey: key) {
                companionOf[still.rawValue] = nil
                changed.insert(asset.id)
                changed.insert(still)
                // The still is free: a RAW file a movie took it from may have it back.
                wake(stem: stillStems.removeValue(forKey: still.rawValue), claim: claimOf[still.rawValue])
            }
        }
        pending.remove(asset.id)
    }

    /// Pairs what the changes since the last call allow; returns the assets whose pairing changed.
    mutating func resolve(_ lookup: Lookup) -> Set<AssetID> {
        // In identifier order, so the same files pair the same way whatever order they came
        // in; a RAW file a movie displaced is tried again in the next round.
        while !pending.isEmpty {
            let round = pending.sorted()
            pending = []
            for id in round {
                guard stillOf[id.rawValue] == nil, let facts = companions[id.rawValue], let companion = lookup.asset(id),
                      let role = PairRole(companion), let still = still(for: companion, role: role, lookup) else { continue }
                link(still: still, companion: id, facts: facts, kind: role == .raw ? .raw : .live, lookup)
            }
        }
        defer { changed = [] }
        return changed
    }

    // MARK: Waiting

    private mutating func wait(_ id: AssetID, _ facts: Companion) {
        if let stem = facts.stem { waitingByStem[stem, default: []].insert(id) }
        if let claim = facts.claim { waitingByClaim[claim, default: []].insert(id) }
        pending.insert(id)
    }

    private mutating func unwait(_ id: AssetID, _ facts: Companion) {
        if let stem = facts.stem, waitingByStem[stem]?.remove(id) != nil, waitingByStem[stem]?.isEmpty == true {
            waitingByStem[stem] = nil
        }
        if let claim = facts.claim, waitingByClaim[claim]?.remove(id) != nil, waitingByClaim[claim]?.isEmpty == true {
            waitingByClaim[claim] = nil
        }
    }

    /// A still of `stem` or `claim` arrived or came free: the companions waiting for one are tried.
    private mutating func wake(stem: Stem?, claim: Claim?) {
        if let stem, let waiting = waitingByStem[stem] { pending.formUnion(waiting) }
        if let claim, let waiting = waitingByClaim[claim] { pending.formUnion(waiting) }
    }

    // MARK: Pairing

    /// Whether a companion of `kind` may take `still`: a free one, or one a RAW file holds
    /// when a movie asks.
    private func mayTake(_ still: AssetID, for kind: PairKind) -> Bool {
        guard let held = companionOf[still.rawValue] else { return true }
        return kind == .live && held.kind == .raw
    }

    private mutating func link(still: AssetID, companion: AssetID, facts: Companion, kind: PairKind, _ lookup: Lookup) {
        if let displaced = companionOf[still.rawValue] {
            stillOf[displaced.id.rawValue] = nil
            changed.insert(displaced.id)
            if let theirs = companions[displaced.id.rawValue] { wait(displaced.id, theirs) }
        }
        unwait(companion, facts)
        companionOf[still.rawValue] = (companion, kind)
        stillOf[companion.rawValue] = still
        if let asset = lookup.asset(still), let stem = Self.stem(of: asset.path.lastComponentBytes) {
            stillStems[still.rawValue] = Stem(folder: asset.path.parent, stem: stem)
        }
        changed.insert(still)
        changed.insert(companion)
    }

    /// The still `companion` pairs with, by the rules above.
    private func still(for companion: Asset, role: PairRole, _ lookup: Lookup) -> AssetID? {
        let folder = companion.path.parent
        let stem = Self.stem(of: companion.path.lastComponentBytes)
        let kind: PairKind = role == .raw ? .raw : .live
        if role == .movie, let identifier = companion.metadata.contentIdentifier {
            let claims = (stillsByClaim[Claim(folder: folder, identifier: identifier)] ?? []).filter { mayTake($0, for: .live) }
            if let stem, let same = claims.first(where: { lookup.asset($0).map { Self.stem(of: $0.path.lastComponentBytes) == stem } == true }) {
                return same
            }
            return claims.min()
        }
        guard let stem else { return nil }
        if role == .movie {
            // By name alone only a movie as short as a Live Photo's motion.
            guard let seconds = companion.metadata.durationSeconds, seconds <= Self.liveMotionSeconds else { return nil }
        }
        for ext in Self.stillExtensions {
            let path = folder.appending(component: stem + [0x2E] + ext)
            guard let id = lookup.id(path), mayTake(id, for: kind), let still = lookup.asset(id),
                  PairRole(still) == .still else { continue }
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
