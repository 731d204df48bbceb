import PhotoPickCore
import XCTest

final class HumanFormatTests: XCTestCase {
    func testBytesInDecimalUnits() {
        XCTAssertEqual(HumanFormat.bytes(0), "0 bytes")
        XCTAssertEqual(HumanFormat.bytes(1), "1 byte")
        XCTAssertEqual(HumanFormat.bytes(999), "999 bytes")
        XCTAssertEqual(HumanFormat.bytes(1000), "1.0 kB")
        XCTAssertEqual(HumanFormat.bytes(2_481_152), "2.5 MB")
        XCTAssertEqual(HumanFormat.bytes(12_400_000), "12.4 MB")
        XCTAssertEqual(HumanFormat.bytes(123_456_789), "123 MB")
        XCTAssertEqual(HumanFormat.bytes(999_950), "1.0 MB", "rounding up crosses into the next unit")
        XCTAssertEqual(HumanFormat.bytes(4_700_000_000), "4.7 GB")
    }

    func testDurationsAsAClock() {
        XCTAssertEqual(HumanFormat.duration(0), "0:00")
        XCTAssertEqual(HumanFormat.duration(7.4), "0:07")
        XCTAssertEqual(HumanFormat.duration(65), "1:05")
        XCTAssertEqual(HumanFormat.duration(3723), "1:02:03")
        XCTAssertEqual(HumanFormat.duration(-3), "0:00")
        XCTAssertEqual(HumanFormat.duration(.nan), "0:00")
    }

    func testCountsPathsAndLists() {
        XCTAssertEqual(HumanFormat.count(12345), "12,345")
        XCTAssertEqual(HumanFormat.count(999), "999")
        XCTAssertEqual(HumanFormat.count(1_000_000), "1,000,000")
        XCTAssertEqual(HumanFormat.path(RawPath("/home/me/Pictures"), home: "/home/me"), "~/Pictures")
        XCTAssertEqual(HumanFormat.path(RawPath("/home/meg/Pictures"), home: "/home/me"), "/home/meg/Pictures")
        XCTAssertEqual(HumanFormat.path(RawPath("/home/me"), home: "/home/me/"), "~")
        XCTAssertEqual(HumanFormat.path(RawPath("/srv/p"), home: nil), "/srv/p")
        XCTAssertEqual(HumanFormat.list(["a"]), "a")
        XCTAssertEqual(HumanFormat.list(["a", "b", "c"]), "a, b and c")
    }
}

final class SelectionSummaryTests: XCTestCase {
    private func totals(_ count: Int, bytes: Int64, videos: Int = 0, seconds: Double = 0) -> SelectionTotals {
        var t = SelectionTotals()
        t.count = count
        t.bytes = bytes
        t.videos = videos
        t.videoSeconds = seconds
        return t
    }

    func testSummaryText() {
        XCTAssertEqual(SelectionSummary.text(SelectionTotals()), "Nothing selected")
        XCTAssertEqual(SelectionSummary.text(totals(3, bytes: 12_400_000)), "3 selected · 12.4 MB")
        XCTAssertEqual(SelectionSummary.text(totals(3, bytes: 12_400_000, videos: 1, seconds: 65)),
                       "3 selected · 12.4 MB · 1 video, 1:05")
        XCTAssertEqual(SelectionSummary.text(totals(2, bytes: 5000, videos: 2)), "2 selected · 5.0 kB · 2 videos",
                       "no length is shown when none is known")
        XCTAssertEqual(SelectionSummary.text(totals(3, bytes: 3000), maximum: 3), "3 of 3 selected · 3.0 kB")
        XCTAssertEqual(SelectionSummary.text(SelectionTotals(), minimum: 2), "Pick at least 2")
        XCTAssertEqual(SelectionSummary.text(totals(1, bytes: 10), minimum: 2), "1 selected · 10 bytes · pick at least 2")
    }
}

final class AssetDetailsTests: XCTestCase {
    func testLinesForAPhotoWithEverything() {
        var m = AssetMetadata(pixelWidth: 4000, pixelHeight: 3000, orientation: 6,
                              captureDate: CaptureDate(seconds: 1_714_572_180, utcOffset: 7200), dateSource: .exif,
                              location: GeoLocation(latitude: 48.8584, longitude: -2.29451), cameraMake: "Canon", cameraModel: "Canon EOS R6")
        m.rating = 5
        let asset = Asset(id: AssetID(1), path: RawPath("/p/IMG_0001.jpg"), mimeType: "image/jpeg", kind: .photo,
                          sizeBytes: 2_481_152, modified: 0, albumID: .folder(RawPath("/p")), metadata: m)
        let lines = AssetDetails.lines(asset, localOffset: { _ in 0 })
        XCTAssertEqual(lines, [
            .init("Taken", "Wednesday, 1 May 2024, 16:03"),  // 14:03 UTC at +02:00
            .init("Dimensions", "3000 × 4000 (12.0 MP)"),    // orientation 6: displayed portrait
            .init("File size", "2.5 MB"),
            .init("Camera", "Canon EOS R6"),
            .init("Location", "48.8584° N, 2.2945° W"),
            .init("Type", "image/jpeg"),
        ])
    }

    func testLinesForABareVideoUseTheModificationTimeInLocalTime() {
        let m = AssetMetadata(pixelWidth: 640, pixelHeight: 480, durationSeconds: 65)
        let asset = Asset(id: AssetID(2), path: RawPath("/p/clip.mp4"), mimeType: "video/mp4", kind: .video,
                          sizeBytes: 999, modified: 0, albumID: .folder(RawPath("/p")), metadata: m)
        let lines = AssetDetails.lines(asset, localOffset: { _ in -3600 })
        XCTAssertEqual(lines, [
            .init("Modified", "Wednesday, 31 December 1969, 23:00"),
            .init("Dimensions", "640 × 480"),
            .init("Duration", "1:05"),
            .init("File size", "999 bytes"),
            .init("Type", "video/mp4"),
        ])
    }
}

final class LibraryStatusTests: XCTestCase {
    private let roots = [RawPath("/home/me/Pictures"), RawPath("/home/me/Videos")]
    private let denied = ScanProblem(path: RawPath("/home/me/Pictures"), code: 13, reason: "Permission denied")
    private let io = ScanProblem(path: RawPath("/mnt/disk"), code: 5, reason: "Input/output error")

    func testStates() {
        XCTAssertEqual(LibraryStatus.of(scanFinished: false, libraryCount: 0, shownCount: 0, roots: roots, problems: []),
                       .searching(roots: roots))
        XCTAssertEqual(LibraryStatus.of(scanFinished: false, libraryCount: 5, shownCount: 0, roots: roots, problems: []), .showing,
                       "while scanning an empty album is not yet 'nothing to show'")
        XCTAssertEqual(LibraryStatus.of(scanFinished: true, libraryCount: 0, shownCount: 0, roots: roots, problems: []),
                       .empty(roots: roots))
        XCTAssertEqual(LibraryStatus.of(scanFinished: true, libraryCount: 0, shownCount: 0, roots: roots, problems: [denied]),
                       .unreadable([denied]))
        XCTAssertEqual(LibraryStatus.of(scanFinished: true, libraryCount: 3, shownCount: 0, roots: roots, problems: [denied]),
                       .noMatches(.emptyAlbum))
        XCTAssertEqual(LibraryStatus.of(scanFinished: true, libraryCount: 3, shownCount: 3, roots: roots, problems: [denied]), .showing)
    }

    /// A first run (the desktop's folders, nobody named any) that finds them missing or empty is
    /// a welcome with Choose Folder…; folders the caller named that are missing are an error.
    func testAFirstRunIsAWelcomeNotAnError() throws {
        let missing = ScanProblem(path: RawPath("/home/me/Pictures"), code: 2, reason: "No such file or directory")
        XCTAssertEqual(LibraryStatus.of(scanFinished: true, libraryCount: 0, shownCount: 0, roots: [roots[0]], problems: [missing],
                                        defaultFolders: true), .welcome(looked: [roots[0]]))
        XCTAssertEqual(LibraryStatus.of(scanFinished: true, libraryCount: 0, shownCount: 0, roots: roots, problems: [],
                                        defaultFolders: true), .welcome(looked: roots))
        XCTAssertEqual(LibraryStatus.of(scanFinished: true, libraryCount: 0, shownCount: 0, roots: [roots[0]], problems: [missing]),
                       .unreadable([missing]), "a folder the caller named")
        XCTAssertEqual(LibraryStatus.of(scanFinished: true, libraryCount: 0, shownCount: 0, roots: roots, problems: [denied],
                                        defaultFolders: true), .unreadable([denied]), "a folder that cannot be read is still a problem")
        let message = try XCTUnwrap(LibraryStatus.welcome(looked: [roots[0]]).message(home: "/home/me"))
        XCTAssertEqual(message.title, "Welcome to photopick")
        XCTAssertTrue(message.body.contains("~/Pictures"), message.body)
        XCTAssertEqual(message.actions, [.chooseFolder])
        XCTAssertFalse(message.icon.contains("unavailable"))
    }

    func testMessagesSayWhereAndWhy() throws {
        let empty = try XCTUnwrap(LibraryStatus.empty(roots: roots).message(home: "/home/me"))
        XCTAssertEqual(empty.title, "No Photos or Videos")
        XCTAssertTrue(empty.body.contains("~/Pictures and ~/Videos"), empty.body)
        XCTAssertEqual(empty.actions, [.chooseFolder])

        let unreadable = try XCTUnwrap(LibraryStatus.unreadable([denied]).message(home: "/home/me"))
        XCTAssertEqual(unreadable.title, "Can’t Open “Pictures”")
        XCTAssertEqual(unreadable.body, "You don’t have permission to read ~/Pictures.")
        XCTAssertEqual(unreadable.actions, [.chooseFolder, .tryAgain])

        let other = try XCTUnwrap(LibraryStatus.unreadable([denied, io]).message(home: "/home/me"))
        XCTAssertEqual(other.title, "Can’t Open These Folders")
        XCTAssertEqual(other.body, "You don’t have permission to read ~/Pictures.\n/mnt/disk could not be read: Input/output error.")
        XCTAssertNil(LibraryStatus.showing.message(home: nil))
    }

    /// When photos exist but none is shown, the status says what hides them (the search
    /// first, then the "Show" filter, then the application's file type) and offers the way back.
    func testNothingShownSaysWhatHidesEverything() throws {
        func status(search: String = "", filter: AssetFilter = .all, application: String? = nil) -> LibraryStatus {
            LibraryStatus.of(scanFinished: true, libraryCount: 261, shownCount: 0, roots: roots, problems: [],
                             search: NameSearch(search), filter: filter, applicationFilter: application)
        }
        let videos = try XCTUnwrap(status(filter: AssetFilter([.video])).message(home: nil))
        XCTAssertEqual(videos.title, "No Videos Here")
        XCTAssertEqual(videos.body, "The filter hides everything in this album.")
        XCTAssertEqual(videos.actions, [.showAllItems])
        XCTAssertEqual(status(filter: AssetFilter([.favorite])).message(home: nil)?.title, "No Favorites Here")
        XCTAssertEqual(status(filter: AssetFilter([.photo, .favorite])).message(home: nil)?.title, "Nothing Matches the Filter")

        let word = try XCTUnwrap(status(search: " beach ").message(home: nil))
        XCTAssertEqual(word.title, "No Results")
        XCTAssertEqual(word.body, "No file name here contains “beach”.")
        XCTAssertEqual(word.actions, [.clearSearch])
        let pattern = try XCTUnwrap(status(search: "IMG_*.png", filter: AssetFilter([.video])).message(home: nil))
        XCTAssertEqual(pattern.body, "No file name here matches “IMG_*.png”.")
        XCTAssertEqual(pattern.actions, [.clearSearch, .showAllItems], "both hide: either way back is offered")

        let application = try XCTUnwrap(status(application: "PDF documents").message(home: nil))
        XCTAssertEqual(application.body, "Nothing here is of the type “PDF documents”.")
        XCTAssertEqual(application.actions, [])
        XCTAssertEqual(status().message(home: nil)?.body, "This album is empty now.")
        for message in [videos, word, pattern, application] {
            XCTAssertFalse(message.body.contains("match what is shown"), message.body)
        }
    }

    /// Photos and videos are counted apart, each with its own plural.
    func testExportTitlesCountPhotosAndVideosApart() {
        XCTAssertEqual(ExportProgressText.exporting(photos: 260, videos: 1), "Exporting 260 photos and 1 video…")
        XCTAssertEqual(ExportProgressText.exporting(photos: 1, videos: 2), "Exporting 1 photo and 2 videos…")
        XCTAssertEqual(ExportProgressText.exporting(photos: 0, videos: 3), "Exporting 3 videos…")
        XCTAssertEqual(ExportProgressText.exporting(photos: 0, videos: 1), "Exporting 1 video…")
        XCTAssertEqual(ExportProgressText.exporting(photos: 1, videos: 0), "Exporting 1 photo…")
        XCTAssertEqual(ExportProgressText.exporting(photos: 1_234, videos: 0), "Exporting 1,234 photos…")
        XCTAssertEqual(ExportProgressText.exported(photos: 260, videos: 1, bytes: 48_000_000), "Exported 260 photos and 1 video, 48.0 MB")
        XCTAssertEqual(ExportProgressText.exported(photos: 0, videos: 3, bytes: 5_000_000), "Exported 3 videos, 5.0 MB")
        XCTAssertEqual(ExportProgressText.exported(photos: 5, videos: 0, bytes: 8_300_000), "Exported 5 photos, 8.3 MB")
        XCTAssertEqual(ExportProgressText.exported(photos: 0, videos: 0, bytes: 0), "Exported 0 photos, 0 bytes")
    }

    func testBannerAndSubtitle() {
        XCTAssertNil(LibraryStatus.banner([], home: nil))
        XCTAssertEqual(LibraryStatus.banner([denied, io], home: "/home/me"),
                       "Some folders could not be read: ~/Pictures (permission denied) and 1 other folder.")
        let file = ScanProblem(path: RawPath("/home/me/Pictures/a.jpg"), code: 13, reason: "Permission denied", isFile: true)
        XCTAssertEqual(LibraryStatus.banner([file], home: "/home/me"),
                       "Some files could not be read: ~/Pictures/a.jpg (permission denied).")
        XCTAssertEqual(LibraryStatus.banner([denied, file, file], home: "/home/me"),
                       "Some folders and files could not be read: ~/Pictures (permission denied) and 2 other files.")
        XCTAssertEqual(LibraryStatus.scanningSubtitle(photos: 12345, videos: 0), "Scanning… 12,345 photos")
        XCTAssertEqual(LibraryStatus.scanningSubtitle(photos: 1, videos: 2), "Scanning… 1 photo, 2 videos")
    }
}

final class ZoomModelTests: XCTestCase {
    func testFitsWithoutEnlarging() {
        let big = ZoomModel(imageWidth: 4000, imageHeight: 3000, viewportWidth: 800, viewportHeight: 800)
        XCTAssertEqual(big.scale, 0.2)
        XCTAssertEqual(big.contentWidth, 800)
        XCTAssertEqual(big.contentHeight, 600)
        XCTAssertEqual(big.label, "Fit")
        XCTAssertEqual(big.neededLongestSide, 800)
        let small = ZoomModel(imageWidth: 320, imageHeight: 240, viewportWidth: 800, viewportHeight: 800)
        XCTAssertEqual(small.scale, 1, "a small image is shown at its size, not blown up")
        var hidpi = ZoomModel(imageWidth: 4000, imageHeight: 3000, viewportWidth: 800, viewportHeight: 800, scaleFactor: 2)
        XCTAssertEqual(hidpi.neededLongestSide, 1600, "a HiDPI screen needs twice the pixels")
        _ = hidpi.zoom(to: hidpi.actualScale, anchor: (0, 0), offset: (0, 0))
        XCTAssertEqual(hidpi.label, "100%")
        XCTAssertEqual(hidpi.contentWidth, 2000)
    }

    func testZoomKeepsThePointUnderThePointer() {
        var z = ZoomModel(imageWidth: 4000, imageHeight: 3000, viewportWidth: 800, viewportHeight: 600)
        XCTAssertEqual(z.scale, 0.2)
        // The pointer at the viewport's centre is over the image's centre (2000, 1500).
        let offset = z.zoom(to: 1, anchor: (400, 300), offset: (0, 0))
        XCTAssertEqual(offset.x, 2000 - 400)
        XCTAssertEqual(offset.y, 1500 - 300)
        XCTAssertEqual(z.label, "100%")
        // Zooming out past fit stops at the minimum; offsets stay in range.
        let out = z.zoom(by: 0.0001, offset: offset)
        XCTAssertEqual(z.scale, z.minimumScale)
        XCTAssertEqual(out.x, 0)
        XCTAssertEqual(out.y, 0)
        _ = z.zoom(by: 1000, offset: (0, 0))
        XCTAssertEqual(z.scale, 16)
        z.fit()
        XCTAssertTrue(z.isFitted)
        XCTAssertEqual(z.scale, 0.2)
    }

    func testZoomFromACentredSmallImage() {
        // A 400×300 image at 1:1 in an 800×600 viewport sits 200/150 px in from the edges.
        var z = ZoomModel(imageWidth: 400, imageHeight: 300, viewportWidth: 800, viewportHeight: 600)
        let offset = z.zoom(to: 4, anchor: (200, 150), offset: (0, 0))  // its top-left corner
        XCTAssertEqual(offset.x, 0)
        XCTAssertEqual(offset.y, 0)
        let centre = z.zoom(to: 8, anchor: (400, 300), offset: (400, 300))
        XCTAssertEqual(centre.x, 1200)  // image centre 200 → 1600, minus the anchor
        XCTAssertEqual(centre.y, 900)
    }
}

/// A file name breaks across lines between its parts, never inside "mp4" or a date.
final class NameBreaksTests: XCTestCase {
    func testRunsOfLettersAndDigitsKeepTogether() {
        let name = "VID_20240716_103000.mp4"
        let runs = NameBreaks.unbreakableRuns(in: name).map { Array(name.utf8)[$0] }.map { String(decoding: $0, as: UTF8.self) }
        XCTAssertEqual(runs, ["VID", "20240716", "103000", "mp4"])
    }

    func testByteOffsetsCountUTF8AndALongRunMayBreak() {
        let runs = NameBreaks.unbreakableRuns(in: "Größe_ab.jpg")
        XCTAssertEqual(runs, [0..<7, 8..<10, 11..<14], "ö and ß are two bytes each")
        let hash = String(repeating: "a1", count: 20)
        XCTAssertEqual(NameBreaks.unbreakableRuns(in: hash + ".png"), [41..<44], "a 40-character run may break anywhere")
        XCTAssertEqual(NameBreaks.unbreakableRuns(in: "東京タワー_2024.jpg"), [16..<20, 21..<24], "CJK keeps its own breaks")
    }
}
