/// `AssetTable`'s slots: an array of `CompactAsset` in pages of 4,096 (448 KB each), so
/// growing never copies what is already stored and never holds two copies of it; at most one
/// page is room not yet used.
struct PagedSlots: Sendable {
    static let pageBits = 12
    static let pageSize = 1 << pageBits
    private static let mask = pageSize - 1
    private var pages: [[CompactAsset]] = []
    /// Slots `0..<count` exist (absent or present).
    private(set) var count = 0

    subscript(i: Int) -> CompactAsset {
        get { pages[i >> Self.pageBits][i & Self.mask] }
        _modify { yield &pages[i >> Self.pageBits][i & Self.mask] }
    }

    /// Room in the list of pages for `n` slots (the pages themselves are made as they fill).
    mutating func reserveCapacity(_ n: Int) {
        pages.reserveCapacity((n + Self.mask) >> Self.pageBits)
    }

    /// Adds absent slots up to `n` in all.
    mutating func grow(to n: Int) {
        guard n > count else { return }
        while count < n {
            let page = count >> Self.pageBits
            if page == pages.count {
                pages.append([])
                pages[page].reserveCapacity(Self.pageSize)
            }
            let fill = min(n - count, Self.pageSize - (count & Self.mask))
            pages[page].append(contentsOf: repeatElement(.absent, count: fill))
            count += fill
        }
    }
}
