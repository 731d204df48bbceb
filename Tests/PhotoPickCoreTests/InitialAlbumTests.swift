@testable import PhotoPickCore
import TestSupportCore
import XCTest

/// The album to open on by itself: the asked-for one once it exists, the user's choice
/// over it, and a restart (the session's: RescanPreselectionTests, PickerSessionChooserTests).
final class InitialAlbumTests: XCTestCase {
    private let folderA = AlbumID.folder(RawPath(Fixture.root + "/A"))
    private let folderB = AlbumID.folder(RawPath(Fixture.root + "/B"))

    /// The albums of a library holding `folders`, one photo each.
    private func albums(_ folders: [String]) -> [Album] {
        let assets = folders.enumerated().map { Fixture.asset($0.offset + 1, $0.element + "/p.jpg", at: Fixture.seconds(2024, 1, 1)) }
        return Fixture.source(assets).albums
    }

    func testTheAskedForAlbumIsShownOnceWhenItExists() {
        var initial = InitialAlbum(asked: "B")
        XCTAssertNil(initial.arrived(among: { albums(["A"]) }), "not there yet")
        XCTAssertEqual(initial.missing(among: { albums(["A"]) }), "B")
        XCTAssertEqual(initial.arrived(among: { albums(["A", "B"]) }), folderB)
        XCTAssertNil(initial.arrived(among: { albums(["A", "B"]) }), "once: the user may move away")
        XCTAssertNil(initial.missing(among: { albums(["A"]) }))
    }

    func testTheUsersChoiceTakesOverAndComesBackAfterARestart() {
        var initial = InitialAlbum(asked: "B")
        initial.choose(folderA)
        XCTAssertNil(initial.arrived(among: { albums(["A", "B"]) }), "the asked-for album no longer takes over")
        XCTAssertNil(initial.missing(among: { albums([]) }), "the user chose one instead")
        initial.restart()
        XCTAssertNil(initial.arrived(among: { albums(["B"]) }), "the user's choice, not the asked-for one")
        XCTAssertEqual(initial.arrived(among: { albums(["A", "B"]) }), folderA)
    }

    func testNothingAskedOpensNothing() {
        var initial = InitialAlbum(asked: nil)
        XCTAssertNil(initial.arrived(among: { albums(["A"]) }))
        XCTAssertNil(initial.missing(among: { albums([]) }))
    }

    func testTheAlbumsAreAskedForOnlyWhileAnAlbumIsAwaited() {
        var initial = InitialAlbum(asked: "A")
        initial.choose(folderA)
        var asked = 0
        XCTAssertNil(initial.arrived(among: { asked += 1; return albums(["A"]) }))
        XCTAssertNil(initial.missing(among: { asked += 1; return albums([]) }))
        XCTAssertEqual(asked, 0, "a big library's albums are not listed for every batch")
    }
}
