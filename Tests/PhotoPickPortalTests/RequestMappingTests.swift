import PhotoPickCore
import PhotoPickPortal
import XCTest

/// Options to photopick's request file and its response file back to the portal's results.
final class RequestMappingTests: XCTestCase {
    private let images = PortalFilter(name: "Images", items: [.mimeType("image/*"), .glob("*.dng")])
    private let jpeg = PortalFilter(name: "JPEG", items: [.glob("*.jpg")])

    func testRequestFile() throws {
        var o = OpenFileOptions()
        o.acceptLabel = "_Attach"
        o.filters = [images, jpeg]
        o.currentFilter = jpeg
        o.choices = [PortalChoice(id: "strip", label: "Strip"),
                     PortalChoice(id: "size", label: "Size", options: [.init(id: "s", label: "Small")], initial: "s")]
        let text = String(decoding: PortalRequestFile.json(for: o, title: "Chat wants photos", currentFolder: [0x2F, 0x74, 0xFF]).serialized(),
                          as: UTF8.self)
        XCTAssertEqual(text, #"""
            {"version":1,"title":"Chat wants photos","accept_label":"_Attach","multiple":false,\#
            "filters":[{"name":"Images","patterns":["*.dng"],"mime_types":["image/*"]},{"name":"JPEG","patterns":["*.jpg"],"mime_types":[]}],\#
            "current_filter":{"name":"JPEG","patterns":["*.jpg"],"mime_types":[]},"current_folder":"/t\udcff",\#
            "choices":[{"id":"strip","label":"Strip"},{"id":"size","label":"Size","options":[{"id":"s","label":"Small"}],"default":"s"}]}
            """#)
    }

    /// photopick's own parser takes what the backend writes.
    func testPhotopickReadsTheRequestFile() throws {
        var o = OpenFileOptions()
        o.multiple = true
        o.filters = [images, jpeg]
        o.currentFilter = jpeg
        o.choices = [PortalChoice(id: "strip", label: "Strip", initial: "true")]
        let parsed = try RequestParser.parse(PortalRequestFile.bytes(for: o, title: nil, currentFolder: [0x2F, 0x74, 0xFF]))
        XCTAssertEqual(parsed.warnings, [])
        let request = parsed.request
        XCTAssertEqual(request.multiple, true)
        XCTAssertNil(request.title)
        XCTAssertEqual(request.filters, [NamedFilter(name: "Images", patterns: ["*.dng"], mimeTypes: ["image/*"]),
                                         NamedFilter(name: "JPEG", patterns: ["*.jpg"])])
        XCTAssertEqual(request.folders, [RawPath(bytes: [0x2F, 0x74, 0xFF])])
        XCTAssertEqual(request.choices, [ChooserChoice(id: "strip", label: "Strip", initial: "true")])
    }

    func testResponseGivesBackTheCallersOwnFilterAndItsChoices() throws {
        var o = OpenFileOptions()
        o.filters = [images, jpeg]
        o.choices = [PortalChoice(id: "strip", label: "Strip"), PortalChoice(id: "size", label: "Size", options: [.init(id: "s", label: "S")])]
        let response = ChooserResponse(status: .success, uris: ["file:///p/b.jpg", "file:///p/a.jpg"],
                                       currentFilter: NamedFilter(name: "Images", patterns: ["*.dng"], mimeTypes: ["image/*"]),
                                       choices: [("size", "s"), ("strip", "true")])
        let answer = try PortalResponseFile.answer(response.bytes(), for: o)
        XCTAssertEqual(answer.results, FileChooserResults(response: .success, uris: ["file:///p/b.jpg", "file:///p/a.jpg"],
                                                          choices: [("strip", "true"), ("size", "s")], currentFilter: images,
                                                          writable: true))
    }

    /// An export that wrote some picks: the caller gets those (response 0, as the frontend
    /// passes files on only with 0) and the failures are for the log. One that wrote none,
    /// or a plain error, stays 2.
    func testAPartialExportAnswersTheExportedFiles() throws {
        let o = OpenFileOptions()
        let outcomes = [ExportOutcome(source: RawPath("/p/broken.jpg"), result: .failed(reason: "the file is truncated")),
                        ExportOutcome(source: RawPath("/p/a.jpg"), result: .exported(path: RawPath("/out/a.jpg"), bytes: 10))]
        var partial = ChooserResponse(status: .error, uris: ["file:///out/a.jpg"], error: Array("1 of 2 files could not be exported".utf8))
        partial.errors = ExportErrorsJSON.array(outcomes)
        let answer = try PortalResponseFile.answer(partial.bytes(), for: o)
        XCTAssertEqual(answer.results, FileChooserResults(response: .success, uris: ["file:///out/a.jpg"], writable: true))
        XCTAssertEqual(answer.exportFailures, ["/p/broken.jpg: the file is truncated"])
        XCTAssertEqual(answer.error, "1 of 2 files could not be exported")

        var none = ChooserResponse(status: .error, error: Array("2 of 2 files could not be exported".utf8))
        none.errors = ExportErrorsJSON.array([outcomes[0], ExportOutcome(source: RawPath("/p/b.jpg"), result: .failed(reason: "gone"))])
        let failed = try PortalResponseFile.answer(none.bytes(), for: o)
        XCTAssertEqual(failed.results, .ended, "nothing exported: still an error")
        XCTAssertEqual(failed.exportFailures, [])

        // uris without an export's errors (not a response photopick writes): not a success.
        let odd = ChooserResponse(status: .error, uris: ["file:///p/a.jpg"], error: Array("no display".utf8))
        XCTAssertEqual(try PortalResponseFile.answer(odd.bytes(), for: o).results, .ended)
    }

    func testCancelAndErrorResponses() throws {
        let o = OpenFileOptions()
        XCTAssertEqual(try PortalResponseFile.answer(ChooserResponse(status: .cancelled).bytes(), for: o).results.response, .cancelled)
        let failed = try PortalResponseFile.answer(ChooserResponse.failure("no display").bytes(), for: o)
        XCTAssertEqual(failed.results, .ended)
        XCTAssertEqual(failed.error, "no display")
        XCTAssertThrowsError(try PortalResponseFile.answer(Array("{\"version\": 1}".utf8), for: o))
    }

    /// The caller's window and modality travel in the request file, as data photopick parses;
    /// Browse Files… is asked for there too, and its answer read back.
    func testWindowAndBrowseTravelInTheRequestFile() throws {
        var o = OpenFileOptions()
        o.modal = false
        let parsed = try RequestParser.parse(PortalRequestFile.bytes(for: o, title: nil, currentFolder: nil,
                                                                     parentWindow: .x11(0x400015), browse: true))
        XCTAssertEqual(parsed.warnings, [])
        XCTAssertEqual(parsed.request.parentWindow, .x11(0x400015))
        XCTAssertEqual(parsed.request.modal, false)
        XCTAssertEqual(parsed.request.browse, true)
        let plain = try RequestParser.parse(PortalRequestFile.bytes(for: o, title: nil, currentFolder: nil))
        XCTAssertNil(plain.request.parentWindow)
        XCTAssertNil(plain.request.modal, "no modality without a parent")
        XCTAssertNil(plain.request.browse)

        var browse = ChooserResponse(status: .cancelled)
        browse.browse = true
        let answer = try PortalResponseFile.answer(browse.bytes(), for: o)
        XCTAssertTrue(answer.browse)
        XCTAssertFalse(try PortalResponseFile.answer(ChooserResponse(status: .cancelled).bytes(), for: o).browse)
        // Only a cancel can ask for Browse: a success with the key is a success.
        var odd = ChooserResponse(status: .success, uris: ["file:///a.jpg"])
        odd.browse = true
        XCTAssertFalse(try PortalResponseFile.answer(odd.bytes(), for: o).browse)
    }
}
