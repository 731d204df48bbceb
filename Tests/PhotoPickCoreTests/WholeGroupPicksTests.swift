import PhotoPickCore
import TestSupportCore
import XCTest

/// The group headers' remembered answers equal a walk of the group after any run of picks,
/// unpicks, group and whole-collection picks, undo, reordering and collection changes
/// (no timing here).
final class WholeGroupPicksTests: XCTestCase {
    private func assets(_ count: Int) -> [Asset] {
        (0..<count).map { i in
            let folder = RawPath("/lib/Pictures/f\(i % 3)")
            return Asset(id: AssetID(UInt32(i + 1)), path: folder.appending(component: Array("IMG_\(i).jpg".utf8)),
                         mimeType: "image/jpeg", kind: .photo, sizeBytes: 1,
                         modified: Fixture.seconds(2024, 1 + i % 4, 1 + i % 3), albumID: .folder(folder))
        }
    }

    private func walked(_ g: Int, _ collection: AssetCollection, _ selection: Selection) -> Bool {
        collection.groups[g].range.allSatisfy { selection.contains(collection.assetIDs[$0]) }
    }

    /// The ids whose picked state or place changed, as the session reports them.
    private func changed(_ before: Selection, _ after: Selection) -> [AssetID] {
        var ids = before.ordered.filter { !after.contains($0) }
        for (i, id) in after.ordered.enumerated() where before.index(of: id) != i { ids.append(id) }
        return ids
    }

    func testRememberedAnswersEqualAWalkOfTheGroup() {
        var random = SeededRandom(seed: 11)
        let source = Fixture.source(assets(60))
        let groupings: [AssetGrouping] = [.day, .month, .year]
        var collection = source.collection(of: .allPhotos, grouping: .month)
        var selection = Selection()
        var answers = WholeGroupPicks()
        var walks = 0, asks = 0
        for step in 0..<600 {
            let before = selection
            let ids = collection.assetIDs
            switch random.next(below: 10) {
            case 0, 1, 2: selection.toggle(ids[random.next(below: ids.count)])
            case 3:  // a group's button
                let group = collection.groups[random.next(below: collection.groups.count)].assetIDs
                if group.allSatisfy(selection.contains) { selection.unpickAll(group) } else { selection.pickAll(group) }
            case 4: selection.pickAll(ids)
            case 5: if random.next(below: 3) == 0 { selection.removeAll() }
            case 6: selection.undo()
            case 7: if selection.count > 1 { selection.move(selection.ordered[0], to: selection.count - 1) }
            case 8:  // another grouping: other groups
                collection = source.collection(of: .allPhotos, grouping: groupings[random.next(below: groupings.count)])
                answers.collectionChanged()
            default: selection.redo()
            }
            answers.picksChanged(changed(before, selection), selection: selection)
            for _ in 0..<(1 + random.next(below: 4)) {
                let g = random.next(below: collection.groups.count)
                asks += 1
                if selection.count >= collection.groups[g].count { walks += 1 }
                XCTAssertEqual(answers.allPicked(g, in: collection, selection: selection), walked(g, collection, selection),
                               "step \(step), group \(g)")
            }
        }
        XCTAssertFalse(answers.allPicked(collection.groups.count, in: collection, selection: selection), "no such group")
        XCTAssertGreaterThan(walks, 100, "the picks often outnumbered a group: the remembered answers were exercised")
        XCTAssertGreaterThan(asks, walks)
    }
}
