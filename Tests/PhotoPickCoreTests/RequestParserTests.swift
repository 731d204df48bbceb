import Foundation
import PhotoPickCore
import TestSupportCore
import XCTest

final class RequestParserTests: XCTestCase {
    private func parse(_ text: String) throws -> RequestParser.Parsed { try RequestParser.parse(Array(text.utf8)) }

    private func assertInvalid(_ text: String, contains fragment: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try parse(text), file: file, line: line) { error in
            XCTAssertTrue("\(error)".contains(fragment), "\(error) should mention \(fragment)", file: file, line: line)
        }
    }

    func testAFullRequest() throws {
        let parsed = try parse(#"""
            {"version": 1, "title": "Attach", "accept_label": "_Attach", "multiple": true, "max": 5, "min": 2,
             "filters": [{"name": "Images", "patterns": ["*.jpg", "*.png"]}, {"name": "Videos", "mime_types": ["video/*"]}],
             "current_filter": "Videos", "current_folder": "file:///home/me/My%20Pictures",
             "preselect": ["/home/me/My Pictures/a.jpg", "file:///home/me/My%20Pictures/b%FF.jpg"],
             "choices": [{"id": "resize", "label": "Resize", "options": [{"id": "s", "label": "Small"}, {"id": "l", "label": "Large"}], "default": "l"},
                         {"id": "strip", "label": "Remove location", "default": "true"}]}
            """#)
        XCTAssertEqual(parsed.warnings, [])
        let r = parsed.request
        XCTAssertEqual(r.title, "Attach")
        XCTAssertEqual(r.acceptLabel, "_Attach")
        XCTAssertEqual(r.multiple, true)
        XCTAssertEqual(r.maximum, 5)
        XCTAssertEqual(r.minimum, 2)
        XCTAssertEqual(r.filters, [NamedFilter(name: "Images", patterns: ["*.jpg", "*.png"]),
                                   NamedFilter(name: "Videos", mimeTypes: ["video/*"])])
        XCTAssertEqual(r.currentFilter, .name("Videos"))
        XCTAssertEqual(r.folders, [RawPath("/home/me/My Pictures")])
        XCTAssertEqual(r.preselect, [RawPath("/home/me/My Pictures/a.jpg"),
                                     RawPath(bytes: Array("/home/me/My Pictures/b".utf8) + [0xFF] + Array(".jpg".utf8))])
        XCTAssertEqual(r.choices?.map(\.id), ["resize", "strip"])
        XCTAssertEqual(r.choices?[0].initial, "l")
        XCTAssertEqual(r.choices?[1].isCheckBox, true)
        XCTAssertEqual(r.choices?[1].initial, "true")
    }

    func testEmptyRequestAndNulls() throws {
        XCTAssertEqual(try parse("{}").request, PickerOptions())
        XCTAssertEqual(try parse(#"{"title": null, "max": null, "filters": null}"#).request, PickerOptions())
    }

    func testNonUTF8PathsViaSurrogateEscapes() throws {
        let r = try parse(#"{"preselect": ["/p/\udcff\udcfe.jpg"]}"#).request
        XCTAssertEqual(r.preselect, [RawPath(bytes: Array("/p/".utf8) + [0xFF, 0xFE] + Array(".jpg".utf8))])
    }

    func testCurrentFilterAsObject() throws {
        let r = try parse(#"{"current_filter": {"name": "PNG", "patterns": ["*.png"]}}"#).request
        XCTAssertEqual(r.currentFilter, .filter(NamedFilter(name: "PNG", patterns: ["*.png"])))
    }

    func testUnknownKeysAreWarningsAtEveryLevel() throws {
        let parsed = try parse(#"{"titel": "x", "filters": [{"name": "A", "patterns": ["*"], "colour": 1}], "handle_token": "t"}"#)
        XCTAssertEqual(parsed.warnings, ["request: unknown key 'titel' ignored",
                                         "request: unknown key 'filters[0].colour' ignored",
                                         "request: unknown key 'handle_token' ignored"])
    }

    func testWrongTypesAreErrorsNamingTheKey() {
        assertInvalid(#"{"title": 3}"#, contains: "'title' must be a string, not a number")
        assertInvalid(#"{"multiple": "yes"}"#, contains: "'multiple' must be true or false, not a string")
        assertInvalid(#"{"max": 2.5}"#, contains: "'max' must be a whole number")
        assertInvalid(#"{"max": 99999999999}"#, contains: "'max' is out of range")
        assertInvalid(#"{"filters": {}}"#, contains: "'filters' must be an array, not an object")
        assertInvalid(#"{"filters": [{"patterns": ["*.jpg"]}]}"#, contains: "'filters[0]' needs 'name'")
        assertInvalid(#"{"filters": [{"name": "A"}]}"#, contains: "'filters[0]' has neither patterns nor mime_types")
        assertInvalid(#"{"filters": [{"name": "A", "patterns": [1]}]}"#, contains: "'filters[0].patterns[0]' must be a string")
        assertInvalid(#"{"filters": [{"name": "A", "mime_types": ["jpeg"]}]}"#, contains: "is not a MIME type")
        assertInvalid(#"{"filters": [{"name": "A", "patterns": ["a/*.jpg"]}]}"#, contains: "cannot match a file name")
        assertInvalid(#"{"preselect": ["relative.jpg"]}"#, contains: "'preselect[0]' must be an absolute path or a file:// URI")
        assertInvalid(#"{"current_folder": "http://example.com/"}"#, contains: "'current_folder' must be an absolute path")
        assertInvalid(#"{"choices": [{"id": "c", "label": "C", "options": [{"id": "a", "label": "A"}], "default": "z"}]}"#,
                      contains: "default ('z') that is not one of its options")
        assertInvalid(#"{"choices": [{"id": "c", "label": "C", "default": "maybe"}]}"#, contains: "default ('maybe')")
        assertInvalid(#"{"directory": true}"#, contains: "picks files, not folders")
        assertInvalid(#"{"title": "\udcff"}"#, contains: "'title' must be valid UTF-8")
    }

    func testVersionAndShape() {
        assertInvalid(#"{"version": 2}"#, contains: "request version 2 is not supported")
        assertInvalid(#"[1]"#, contains: "must be a JSON object")
        assertInvalid(#"{"title": "x""#, contains: "not valid JSON")
        XCTAssertNoThrow(try parse(#"{"version": 1}"#))
    }

    func testOversizeIsRefusedBeforeParsing() {
        let big = "{\"title\": \"" + String(repeating: "x", count: RequestParser.maximumBytes) + "\"}"
        assertInvalid(big, contains: "larger than 1048576 bytes")
        let justFits = "{\"title\": \"" + String(repeating: "x", count: RequestParser.maximumBytes - 14) + "\"}"
        XCTAssertNoThrow(try parse(justFits))
    }
}
