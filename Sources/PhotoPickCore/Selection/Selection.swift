/// The picked assets, in the order they were picked.
///
/// Independent of albums and collections, so it survives switching between them. Holds
/// the caller's limits: with a `maximum`, picks past it are refused (`.limitReached`), and
/// the bulk actions (range, group, all) pick in display order until it is full.
/// A maximum of one is a single-file chooser: picking another asset moves the pick to it
/// (as GTK's and every other single-file chooser does) instead of refusing it.
/// Every user action can be undone and redone.
public struct Selection: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable { case picked, unpicked, limitReached }

    public let maximum: Int?
    public let minimum: Int

    private var order: [AssetID] = []
    private var positions = PickPositions()
    /// Where a range selection (Shift+click) starts: the last asset toggled.
    public private(set) var anchor: AssetID?
    private var undoStack: [[AssetID]] = []
    private var redoStack: [[AssetID]] = []
    /// The asset the last recorded change toggled, while nothing else has changed since, and
    /// the redo history and anchor that toggle replaced (a withdrawn toggle leaves no trace).
    private var lastToggled: AssetID?
    private var beforeToggle: (redo: [[AssetID]], anchor: AssetID?) = ([], nil)
    private static let undoDepth = 100

    public init(maximum: Int? = nil, minimum: Int = 0) {
        self.maximum = maximum.map { max(1, $0) }
        self.minimum = max(0, minimum)
    }

    public static func == (a: Selection, b: Selection) -> Bool { a.order == b.order && a.maximum == b.maximum && a.minimum == b.minimum }

    // MARK: State

    public var count: Int { order.count }
    public var isEmpty: Bool { order.isEmpty }
    /// The picked assets in pick order.
    public var ordered: [AssetID] { order }
    public func contains(_ id: AssetID) -> Bool { positions[id] != nil }
    /// 0-based place in pick order ("picked 3rd" is 2).
    public func index(of id: AssetID) -> Int? { positions[id] }
    /// True when only one may be picked, so a new pick replaces the old one.
    public var picksOne: Bool { maximum == 1 }
    /// True when a further pick is refused (never when picking one: the pick moves).
    public var isFull: Bool { atCapacity && !picksOne }
    /// True when the maximum is reached: bulk actions add nothing more.
    private var atCapacity: Bool { maximum.map { order.count >= $0 } ?? false }
    /// True when Done may return this selection.
    public var isAcceptable: Bool { order.count >= max(1, minimum) && !(maximum.map { order.count > $0 } ?? false) }
    public var canUndo: Bool { !undoStack.isEmpty }

    // MARK: Single assets

    /// Picks `id` if it is not picked (unless full; when picking one, in place of the
    /// picked one), and unpicks it if it is.
    @discardableResult
    public mutating func toggle(_ id: AssetID) -> Outcome {
        let before = (redoStack, anchor)
        if contains(id) {
            record()
            removeFromOrder([id])
            anchor = id
            (lastToggled, beforeToggle) = (id, before)
            return .unpicked
        }
        guard !isFull else {
            lastToggled = nil
            return .limitReached
        }
        record()
        if picksOne { removeFromOrder(order) }
        append(id)
        anchor = id
        (lastToggled, beforeToggle) = (id, before)
        return .picked
    }

    /// Takes back the last change when it was a toggle of `id` and nothing changed since,
    /// leaving no trace in the undo history: the second click of a double-click (which
    /// opens the preview) puts the picks and their order back as they were before the first.
    @discardableResult
    public mutating func withdrawToggle(of id: AssetID) -> Bool {
        guard lastToggled == id, let previous = undoStack.popLast() else { return false }
        lastToggled = nil
        restore(previous)
        (redoStack, anchor) = beforeToggle
        return true
    }

    /// Picks each of `picks` (unless picked, or once full, earlier ones first) before the pick
    /// now at `slot` (`count`: after the last); those with the same slot in the given order.
    /// Not recorded for undo: for preselection. Only the order from the first slot on is
    /// rebuilt, so picks arriving at the end cost what appending them does. Returns that
    /// first slot (the picks from there on moved or are new), nil if nothing was picked.
    @discardableResult
    public mutating func insert(_ picks: [(id: AssetID, slot: Int)]) -> Int? {
        var room = maximum.map { max(0, $0 - order.count) } ?? picks.count
        var taken: [(id: AssetID, slot: Int)] = []
        var seen = Set<AssetID>()
        for pick in picks where room > 0 && !contains(pick.id) && seen.insert(pick.id).inserted {
            taken.append((pick.id, min(max(0, pick.slot), order.count)))
            room -= 1
        }
        guard !taken.isEmpty else { return nil }
        lastToggled = nil
        // A stable sort by slot: the given order stays within a slot.
        let sorted = taken.enumerated().sorted { ($0.element.slot, $0.offset) < ($1.element.slot, $1.offset) }.map(\.element)
        let first = sorted[0].slot
        var tail: [AssetID] = []
        tail.reserveCapacity(order.count - first + sorted.count)
        var next = 0
        for i in first..<order.count {
            while next < sorted.count, sorted[next].slot == i { tail.append(sorted[next].id); next += 1 }
            tail.append(order[i])
        }
        tail.append(contentsOf: sorted[next...].map(\.id))
        order.replaceSubrange(first..., with: tail)
        reindex(from: first)
        return first
    }

    public mutating func remove(_ id: AssetID) {
        guard contains(id) else { return }
        record()
        removeFromOrder([id])
    }

    /// Unpicks everything.
    public mutating func removeAll() {
        guard !order.isEmpty else { return }
        record()
        order.removeAll()
        positions.removeAll()
    }

    // MARK: Bulk actions, in display order

    /// Shift+click: picks every asset from the anchor to `id` in `displayOrder`, inclusive.
    /// Without an anchor (or when it is not shown) it toggles `id`. Returns the newly picked.
    @discardableResult
    public mutating func extend(to id: AssetID, in displayOrder: [AssetID]) -> [AssetID] {
        // Picking one has no range: Shift+click picks `id` as a click does.
        if picksOne { return contains(id) || toggle(id) != .picked ? [] : [id] }
        guard let anchor, let from = displayOrder.firstIndex(of: anchor),
              let to = displayOrder.firstIndex(of: id) else {
            return toggle(id) == .picked ? [id] : []
        }
        let range = from <= to ? Array(displayOrder[from...to]) : Array(displayOrder[to...from].reversed())
        let picked = pickAll(range)
        self.anchor = id
        return picked
    }

    /// Picks every asset of `ids` (a group, or a whole collection for Select All) in order,
    /// until the maximum. Returns the newly picked.
    @discardableResult
    public mutating func pickAll(_ ids: [AssetID]) -> [AssetID] {
        let new = ids.filter { !contains($0) }
        guard !new.isEmpty, !atCapacity else { return [] }
        record()
        var picked: [AssetID] = []
        for id in new where !atCapacity {
            append(id)
            picked.append(id)
        }
        return picked
    }

    /// Unpicks every asset of `ids`. Returns the unpicked.
    @discardableResult
    public mutating func unpickAll(_ ids: [AssetID]) -> [AssetID] {
        let gone = ids.filter(contains)
        guard !gone.isEmpty else { return [] }
        record()
        removeFromOrder(gone)
        return gone
    }

    /// Moves a picked asset to another place in pick order (the tray's drag to reorder).
    public mutating func move(_ id: AssetID, to index: Int) {
        guard let from = positions[id] else { return }
        let target = min(max(0, index), order.count - 1)
        guard target != from else { return }
        record()
        order.remove(at: from)
        order.insert(id, at: target)
        reindex(from: min(from, target))
    }

    // MARK: Undo

    public mutating func undo() {
        lastToggled = nil
        guard let previous = undoStack.popLast() else { return }
        redoStack.append(order)
        restore(previous)
    }

    public mutating func redo() {
        lastToggled = nil
        guard let next = redoStack.popLast() else { return }
        undoStack.append(order)
        restore(next)
    }

    // MARK: Assets that went away

    /// Drops assets for which `exists` is false, also from undo history (a file that is gone
    /// cannot be picked again by undo). Returns the dropped, in pick order.
    @discardableResult
    public mutating func removeMissing(where exists: (AssetID) -> Bool) -> [AssetID] {
        let gone = order.filter { !exists($0) }
        if !gone.isEmpty { lastToggled = nil }
        undoStack = undoStack.map { $0.filter(exists) }
        redoStack = redoStack.map { $0.filter(exists) }
        if let anchor, !exists(anchor) { self.anchor = nil }
        guard !gone.isEmpty else { return [] }
        removeFromOrder(gone)
        return gone
    }

    // MARK: Storage

    private mutating func record() {
        lastToggled = nil
        undoStack.append(order)
        if undoStack.count > Self.undoDepth { undoStack.removeFirst() }
        redoStack.removeAll()
    }

    private mutating func append(_ id: AssetID) {
        positions[id] = order.count
        order.append(id)
    }

    private mutating func removeFromOrder(_ ids: [AssetID]) {
        let gone = Set(ids)
        let first = ids.compactMap { positions[$0] }.min() ?? order.count
        order.removeAll { gone.contains($0) }
        for id in ids { positions[id] = nil }
        reindex(from: first)
    }

    private mutating func reindex(from start: Int) {
        guard start < order.count else { return }
        for i in start..<order.count { positions[order[i]] = i }
    }

    private mutating func restore(_ ids: [AssetID]) {
        order = ids
        positions = PickPositions(ids)
    }
}

/// What the selection adds up to, for the summary bar and the result.
public struct SelectionTotals: Sendable, Equatable {
    public var count = 0
    public var bytes: Int64 = 0
    public var videos = 0
    public var videoSeconds: Double = 0
    public init() {}
}
