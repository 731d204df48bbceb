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

    func testCancelAndErrorResponses() throws {
        let o = OpenFileOptions()
        XCTAssertEqual(try PortalResponseFile.answer(ChooserResponse(status: .cancelled).bytes(), for: o).results.response, .cancelled)
        let failed = try PortalResponseFile.answer(ChooserResponse.failure("no display").bytes(), for: o)
        XCTAssertEqual(failed.results, .ended)
        XCTAssertEqual(failed.error, "no display")
        XCTAssertThrowsError(try PortalResponseFile.answer(Array("{\"version\": 1}".utf8), for: o))
    }
}
