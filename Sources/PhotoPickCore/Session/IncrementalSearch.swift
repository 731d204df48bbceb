/// The search field's name search as the user types it: the search in effect, which
/// keystroke is the latest, and the last few finished searches, which a longer word narrows
/// instead of the whole collection.
///
/// The window searches off the main thread: each keystroke `start`s a job, a worker runs
/// it, and `finish` takes the result unless a newer keystroke (or `set`) came meanwhile.
/// `set` changes the search at once. The session owns the collection a search narrows
/// and tells the views; this holds only what the keystrokes decide.
struct IncrementalSearch {
    /// Whether a job's result took effect (`finish`).
    enum Outcome: Equatable {
        /// A newer keystroke came after its job started: dropped.
        case superseded
        /// The latest keystroke's, and already the search in effect.
        case unchanged
        /// The latest keystroke's: now the search in effect.
        case changed
    }

    /// The search in effect (empty: none).
    private(set) var current = NameSearch.none
    /// The latest keystroke's number: a job's result for an older one is dropped.
    private var generation = 0
    /// The last few finished searches over one computation of the shown collection (its
    /// token), oldest first.
    private var recent: [SearchResult] = []

    /// How many finished searches are kept for `start` to narrow (each up to the shown
    /// collection's size: a few megabytes at a million).
    static let recentLimit = 4

    /// Makes `text` the search in effect at once, superseding any job still running.
    /// Returns whether the search in effect changed.
    mutating func set(_ text: String) -> Bool {
        generation += 1
        let next = NameSearch(text)
        guard next != current else { return false }
        current = next
        return true
    }

    /// A job that finds `text` in `base` (the shown collection before the search, and the
    /// token of its computation; asked only when the search changes), to run on any
    /// thread; nil when the search in effect already is `text`. Every call supersedes the
    /// jobs before it.
    mutating func start(_ text: String, base: () -> (collection: AssetCollection, token: Int),
                        names: AssetNames) -> SearchJob? {
        generation += 1
        let next = NameSearch(text)
        guard next != current else { return nil }
        let base = base()
        // Typing adds characters: the new word's names are among an earlier word's, so the
        // smallest such result is narrowed instead of the whole collection (backspace finds
        // the shorter word's result still here).
        recent.removeAll { $0.baseToken != base.token }
        let wider = recent.filter { next.refines($0.search) || next == $0.search }.min { $0.count < $1.count }
        return SearchJob(generation: generation, search: next, base: wider?.collection ?? base.collection,
                         baseToken: base.token, names: names)
    }

    /// Takes a job's result: kept for later keystrokes when it narrowed the shown
    /// collection's current computation (`baseToken`; even a superseded one: the next
    /// keystroke may narrow it), and made the search in effect unless a newer keystroke
    /// came meanwhile.
    mutating func finish(_ result: SearchResult, baseToken: Int?) -> Outcome {
        if baseToken == result.baseToken { remember(result) }
        guard result.generation == generation else { return .superseded }
        guard result.search != current else { return .unchanged }
        current = result.search
        return .changed
    }

    private mutating func remember(_ result: SearchResult) {
        recent.removeAll { $0.search == result.search || $0.baseToken != result.baseToken }
        recent.append(result)
        if recent.count > Self.recentLimit { recent.removeFirst() }
    }

    /// `collection` narrowed by the search in effect, when there is one: a `SearchJob`'s
    /// loop in one slice, on the calling thread.
    func narrowing(_ collection: AssetCollection, names: AssetNames) -> AssetCollection {
        guard !current.isEmpty else { return collection }
        var kept: [Int] = []
        _ = names.collect(collection.assetIDs[...], current, into: &kept, isCancelled: { false })
        return collection.narrowed(keepingPositions: [kept])
    }
}
