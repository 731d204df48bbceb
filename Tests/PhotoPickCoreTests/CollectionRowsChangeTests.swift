@testable import PhotoPickCore
import XCTest

/// The grid's row diff against the rebuild it replaces: a string key per row (place, kind,
/// group, range, assets, header title and count) compared from both ends.
final class CollectionRowsChangeTests: XCTestCase {
    private struct Item: Equatable {
        var day: Int
        var id: UInt32
    }

    /// Items in order; with grouping, one group per run of equal days.
    private func collection(_ items: [Item], grouped: Bool) -> AssetCollection {
        let ids = items.map { AssetID($0.id) }
        var groups: [AssetGroup] = []
        var start = 0
        while start < items.count {
            var end = start + 1
            while grouped, end < items.count, items[end].day == items[start].day { end += 1 }
            if !grouped { end = items.count }
            let day = Int32(items[start].day)
            groups.append(AssetGroup(grouping: grouped ? .day : .none, key: Int64(day), firstDay: day, lastDay: day,
                                     range: start..<end, all: ids))
            start = end
        }
        return AssetCollection(albumID: .allPhotos, grouping: grouped ? .day : .none, assetIDs: ids, groups: groups)
    }

    private func keys(_ rows: CollectionRows, _ c: AssetCollection) -> [String] {
        rows.rows.enumerated().map { position, row in
            switch row {
            case .header(let g):
                return "h\(position)|\(g)|\(c.groups[g].title)|\(c.groups[g].count)"
            case .tiles(let g, let range):
                return "t\(position)|\(g)|\(range)|" + range.map { String(c.assetIDs[$0].rawValue) }.joined(separator: ",")
            }
        }
    }

    /// What the list model's string diff announced.
    private func rebuilt(_ old: [String], _ new: [String]) -> CollectionRowsChange {
        let limit = min(old.count, new.count)
        var prefix = 0
        while prefix < limit && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < limit - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        return CollectionRowsChange(start: prefix, removed: old.count - prefix - suffix, added: new.count - prefix - suffix)
    }

    func testEqualsTheStringKeyRebuildAfterRandomChanges() {
        var random = SeededRandom(seed: 15)
        var nextID: UInt32 = 1
        for round in 0..<300 {
            let grouped = round % 3 != 0
            let columns = 1 + random.next(below: 5)
            var items = (0..<random.next(below: 40)).map { _ -> Item in
                defer { nextID += 1 }
                return Item(day: random.next(below: 6), id: nextID)
            }
            items.sort { $0.day < $1.day }
            var old = collection(items, grouped: grouped)
            var oldRows = CollectionRows(old, columns: columns)
            for _ in 0..<5 {
                switch random.next(below: 5) {
                case 0:  // files arrive (a scan batch)
                    for _ in 0..<(1 + random.next(below: 4)) {
                        items.insert(Item(day: random.next(below: 6), id: nextID), at: random.next(below: items.count + 1))
                        nextID += 1
                    }
                    items.sort { $0.day < $1.day }
                case 1 where !items.isEmpty:  // a file leaves
                    items.remove(at: random.next(below: items.count))
                case 2 where !items.isEmpty:  // a rename: same place, another id
                    items[random.next(below: items.count)].id = nextID
                    nextID += 1
                case 3 where !items.isEmpty:  // a file's date changes: another group
                    items[random.next(below: items.count)].day = random.next(below: 6)
                    items.sort { $0.day < $1.day }
                default:
                    break  // nothing changed
                }
                let new = collection(items, grouped: grouped)
                let newRows = CollectionRows(new, columns: columns)
                XCTAssertEqual(CollectionRowsChange(from: oldRows, old, to: newRows, new),
                               rebuilt(keys(oldRows, old), keys(newRows, new)), "round \(round)")
                (old, oldRows) = (new, newRows)
            }
        }
    }

    func testSameLayoutIsNoChangeAndOtherColumnsReplaceAll() {
        let items = (0..<10).map { Item(day: $0 / 4, id: UInt32($0 + 1)) }
        let c = collection(items, grouped: true)
        let three = CollectionRows(c, columns: 3)
        let same = CollectionRowsChange(from: three, c, to: three, c)
        XCTAssertEqual([same.removed, same.added], [0, 0], "no row removed or added")
        let four = CollectionRows(c, columns: 4)
        XCTAssertEqual(CollectionRowsChange(from: three, c, to: four, c),
                       CollectionRowsChange(start: 1, removed: three.count - 1, added: four.count - 1),
                       "the first header stays; every tile row after it changes")
    }

    func testAPhotoAddedAtTheEndRebindsOnlyTheLastRow() {
        let items = (0..<7).map { Item(day: 0, id: UInt32($0 + 1)) }
        let before = collection(items, grouped: false)
        let after = collection(items + [Item(day: 0, id: 99)], grouped: false)
        let change = CollectionRowsChange(from: CollectionRows(before, columns: 3), before,
                                          to: CollectionRows(after, columns: 3), after)
        XCTAssertEqual(change, CollectionRowsChange(start: 2, removed: 1, added: 1))
    }
}
