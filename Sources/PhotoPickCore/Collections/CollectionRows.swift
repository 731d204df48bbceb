/// A collection laid out as the grid shows it: for each group a header row (when the
/// collection is grouped) and then rows of up to `columns` tiles. Pure geometry, so the
/// window's list of rows and its keyboard focus moves can be tested without a display.
public struct CollectionRows: Sendable {
    public enum Row: Sendable, Hashable {
        /// The title row of group `group`.
        case header(group: Int)
        /// Tiles of group `group`: the assets at `range` in the collection's flat list.
        case tiles(group: Int, range: Range<Int>)
    }

    /// How focus moves between tiles.
    public enum Move: Sendable, Equatable {
        case left, right, up, down, home, end
        /// Up or down by this many tile rows (Page Up / Page Down).
        case pageUp(rows: Int), pageDown(rows: Int)
    }

    public let columns: Int
    public let rows: [Row]
    /// The first row (its header, if any) of each group.
    public let groupRows: [Int]
    private let groupRanges: [Range<Int>]
    public let hasHeaders: Bool

    public init(_ collection: AssetCollection, columns: Int) {
        self.init(groups: collection.groups.map(\.range), columns: columns, headers: collection.grouping != .none)
    }

    /// `groups`: consecutive ranges of the flat list, as `AssetCollection.groups` has them.
    public init(groups: [Range<Int>], columns: Int, headers: Bool) {
        self.columns = max(1, columns)
        hasHeaders = headers
        let nonEmpty = groups.enumerated().filter { !$0.element.isEmpty }
        var rows: [Row] = []
        var groupRows = Array(repeating: 0, count: groups.count)
        for (g, range) in nonEmpty {
            groupRows[g] = rows.count
            if headers { rows.append(.header(group: g)) }
            var start = range.lowerBound
            while start < range.upperBound {
                let end = min(start + self.columns, range.upperBound)
                rows.append(.tiles(group: g, range: start..<end))
                start = end
            }
        }
        self.rows = rows
        self.groupRows = groupRows
        groupRanges = groups
    }

    public var count: Int { rows.count }
    /// How many assets the rows hold.
    public var assetCount: Int { groupRanges.last?.upperBound ?? 0 }

    /// The group holding flat index `index` (binary search over the group ranges).
    public func group(ofFlatIndex index: Int) -> Int? {
        guard index >= 0, index < assetCount else { return nil }
        var low = 0, high = groupRanges.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if groupRanges[mid].lowerBound <= index { low = mid } else { high = mid - 1 }
        }
        // Empty groups share their lower bound with the next: step to the one that holds it.
        while !groupRanges[low].contains(index) { low += 1 }
        return low
    }

    /// The row showing flat index `index`.
    public func row(ofFlatIndex index: Int) -> Int? {
        guard let g = group(ofFlatIndex: index) else { return nil }
        let item = index - groupRanges[g].lowerBound
        return groupRows[g] + (hasHeaders ? 1 : 0) + item / columns
    }

    /// Where focus goes from flat index `index`. Left and right follow reading order across
    /// groups; up and down keep the column, stepping over headers, and land on the last tile
    /// of a shorter row.
    public func index(from index: Int, _ move: Move) -> Int {
        let last = assetCount - 1
        guard last >= 0 else { return 0 }
        let from = min(max(0, index), last)
        switch move {
        case .left: return max(0, from - 1)
        case .right: return min(last, from + 1)
        case .home: return 0
        case .end: return last
        case .up: return vertical(from, by: -1)
        case .down: return vertical(from, by: 1)
        case .pageUp(let n): return vertical(from, by: -max(1, n))
        case .pageDown(let n): return vertical(from, by: max(1, n))
        }
    }

    /// `steps` tile rows down (negative: up) from `index`, same column where the row is long
    /// enough; stops at the first or last row.
    private func vertical(_ index: Int, by steps: Int) -> Int {
        guard var row = row(ofFlatIndex: index), case .tiles(_, let range) = rows[row] else { return index }
        let column = index - range.lowerBound
        var target = range
        var remaining = abs(steps)
        let step = steps < 0 ? -1 : 1
        while remaining > 0 {
            var next = row + step
            while next >= 0, next < rows.count, case .header = rows[next] { next += step }
            guard next >= 0, next < rows.count, case .tiles(_, let r) = rows[next] else { break }
            row = next
            target = r
            remaining -= 1
        }
        if target == range {
            // Already in the first or last row: Page Up / Page Down go to its end.
            if steps < -1 { return 0 }
            if steps > 1 { return assetCount - 1 }
            return index
        }
        return min(target.lowerBound + column, target.upperBound - 1)
    }
}
