import Foundation
@testable import PhotoPickCore
@testable import PhotoPickSystem
import PhotoPickMedia
import TestSupport
import XCTest

/// A folder called like a smart album gets a name of its own; both forms are accepted.
final class AlbumNamesTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    func testAFolderCalledLikeASmartAlbumIsNamedWithASlash() throws {
        let dir = TemporaryDirectory()
        let sample = try SampleLibrary.make(in: dir)  // has a Screenshots folder of PNG screenshots
        try ImageFactory.write(sample.root + "/Videos/still.jpg", width: 8, height: 8, format: .jpeg)
        let library = PhotoLibrary(roots: [RawPath(sample.root)])
        library.add(FileSystemScanner(roots: [RawPath(sample.root)], sniffer: GIOContentTypeSniffer(),
                                      metadataReader: Exiv2MetadataReader()).scanAll().files)
        let names = AlbumNames(library.albums)
        let printed = library.albums.map(names.name(of:))
        XCTAssertEqual(Set(printed).count, printed.count, "every printed name is unique: \(printed)")
        XCTAssertTrue(printed.contains("Screenshots") && printed.contains("Screenshots/"), "\(printed)")
        XCTAssertTrue(printed.contains("Videos"), "no smart Videos album without videos: the folder keeps its name")
        XCTAssertEqual(names.album(named: "Screenshots"), .screenshots)
        XCTAssertEqual(names.album(named: "Screenshots/"), .folder(RawPath(sample.root + "/Screenshots")))
        XCTAssertEqual(names.album(named: "2024/Trip"), .folder(RawPath(sample.root + "/2024/Trip")))
        XCTAssertEqual(names.album(named: "2024/Trip/"), .folder(RawPath(sample.root + "/2024/Trip")), "a trailing slash is fine")
        XCTAssertNil(names.album(named: "Nowhere"))
    }
}
