import PhotoPickPortal
import XCTest

/// Which calls photopick takes, and which go on to the delegate.
final class RequestRoutingTests: XCTestCase {
    private let media = MediaFilters(guess: Desktop.typeGuess)

    private func route(_ filters: [PortalFilter], current: PortalFilter? = nil, method: FileChooserCall.Method = .openFile,
                       directory: Bool = false, takes: PortalSettings.Takes = .mediaOnly) -> RequestRouting.Route {
        var call = FileChooserCall(method: method, handle: "/h")
        call.options.filters = filters
        call.options.currentFilter = current
        call.options.directory = directory
        return RequestRouting(takes: takes, media: media).route(call)
    }

    private func filter(_ items: PortalFilter.Item...) -> PortalFilter { PortalFilter(name: "F", items: items) }

    func testPhotoAndVideoFiltersComeToPhotopick() {
        XCTAssertEqual(route([filter(.mimeType("image/*"))]), .picker)
        XCTAssertEqual(route([filter(.mimeType("image/jpeg"), .mimeType("video/mp4"))]), .picker)
        XCTAssertEqual(route([filter(.glob("*.jpg"), .glob("*.PNG"), .glob("*.heic"), .glob("*.mov"))]), .picker)
        XCTAssertEqual(route([filter(.glob("*.[jJ][pP][gG]"), .glob("*.[wW][eE][bB][mM]"))]), .picker, "Chromium's case-folding globs")
        XCTAssertEqual(route([], current: filter(.mimeType("video/*"))), .picker, "a current filter alone")
        XCTAssertEqual(route([filter(.mimeType("image/*")), PortalFilter(name: "All files", items: [.glob("*")])]), .picker,
                       "an All files filter beside them")
    }

    /// What real browsers and toolkits send for an image upload (recorded, Fixtures/) is a
    /// photo request; a PDF upload is not.
    func testRecordedBrowserRequestsAreRoutedAsAPersonWouldReadThem() throws {
        for recorded in RecordedRequest.allCases {
            let expected: RequestRouting.Route = recorded == .firefoxPDF ? .delegate(because: "0 of its 1 file types are photos or videos") : .picker
            XCTAssertEqual(RequestRouting(takes: .mediaOnly, media: media).route(try recorded.call()), expected, recorded.rawValue)
        }
    }

    /// Most, not all: Firefox's image list holds *.ai, *.psd, *.raw and *.xcf, Chromium's
    /// *.xbm and *.apng, GTK's pixbuf formats audio/x-riff and text/xml-svg.
    func testAFilterOfMostlyImagesIsAnImageRequest() {
        XCTAssertEqual(route([filter(.glob("*.jpg"), .glob("*.png"), .glob("*.psd"), .glob("*.ai"))]), .picker)
        XCTAssertEqual(route([filter(.mimeType("image/png"), .mimeType("image/jpeg"), .mimeType("audio/x-riff"))]), .picker)
        XCTAssertNotEqual(route([filter(.glob("*.jpg"), .glob("*.pdf"))]), .picker, "half is not most")
        XCTAssertNotEqual(route([filter(.glob("*.pdf"), .glob("*.doc"), .glob("*.png"))]), .picker)
        XCTAssertEqual(route([PortalFilter(name: "All files", items: [.glob("*")]), filter(.glob("*.pdf"))],
                             current: filter(.glob("*.[jJ][pP][gG]"), .glob("*.[pP][nN][gG]"))), .picker, "the current filter decides")
        XCTAssertNotEqual(route([filter(.glob("*.png"))], current: filter(.glob("*.pdf"))), .picker, "the current filter decides")
    }

    /// Image types photopick cannot show at all go to the delegate, whose dialog can.
    func testImagesPhotopickCannotShowAreHandedOn() {
        XCTAssertEqual(route([filter(.glob("*.psd"), .glob("*.xcf"))]),
                       .delegate(because: "none of its photo types is one photopick shows"))
        XCTAssertEqual(route([filter(.mimeType("image/x-icns"))]), .delegate(because: "none of its photo types is one photopick shows"))
    }

    func testEverythingElseIsHandedOn() {
        XCTAssertNotEqual(route([]), .picker, "no filters")
        XCTAssertNotEqual(route([filter(.mimeType("application/pdf"))]), .picker)
        XCTAssertNotEqual(route([filter(.mimeType("image/*")), filter(.glob("*.txt"))]), .picker, "photos and documents")
        XCTAssertNotEqual(route([filter(.mimeType("image/*"), .glob("*"))]), .picker, "a filter that also takes anything")
        XCTAssertNotEqual(route([filter(.glob("*"))]), .picker, "only All files")
        XCTAssertNotEqual(route([filter(.glob("IMG_*"))]), .picker)
        XCTAssertNotEqual(route([filter(.mimeType("image/*"))], directory: true), .picker)
        XCTAssertNotEqual(route([filter(.mimeType("image/*"))], method: .saveFile), .picker)
        XCTAssertNotEqual(route([filter(.mimeType("image/*"))], method: .saveFiles), .picker)
    }

    func testEveryOpenTakesAnyOpenFileButFolders() {
        XCTAssertEqual(route([], takes: .everyOpen), .picker)
        XCTAssertEqual(route([filter(.mimeType("text/plain"))], takes: .everyOpen), .picker)
        XCTAssertNotEqual(route([], directory: true, takes: .everyOpen), .picker)
        XCTAssertNotEqual(route([], method: .saveFile, takes: .everyOpen), .picker)
    }

    func testTitleSaysWhoAsksAndForWhat() {
        let photos = [filter(.mimeType("image/*"))]
        XCTAssertEqual(CallerTitle.make(title: "", appID: "org.mozilla.firefox", appName: "Firefox", filters: photos), "Firefox wants photos")
        XCTAssertEqual(CallerTitle.make(title: "", appID: "org.example.App", appName: nil, filters: [filter(.glob("*.mp4"))]),
                       "org.example.App wants videos")
        XCTAssertEqual(CallerTitle.make(title: "", appID: "x", appName: "X", filters: [filter(.mimeType("image/png"), .mimeType("video/*"))]),
                       "X wants photos and videos")
        XCTAssertNil(CallerTitle.make(title: "", appID: "", appName: nil, filters: photos), "photopick's own title")
        XCTAssertEqual(CallerTitle.make(title: "Upload", appID: "x", appName: "X", filters: photos), "Upload")
    }
}
