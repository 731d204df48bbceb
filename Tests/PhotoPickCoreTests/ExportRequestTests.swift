import Foundation
import PhotoPickCore
import TestSupportCore
import XCTest

/// The request's `export` object, and how it stacks with the picker's command line.
final class ExportRequestTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var cwd: RawPath { RawPath(dir.path) }

    override func setUp() { dir = TemporaryDirectory() }

    private func parse(_ text: String) throws -> RequestParser.Parsed { try RequestParser.parse(Array(text.utf8)) }

    private func assertInvalid(_ text: String, contains fragment: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try parse(text), file: file, line: line) { error in
            XCTAssertTrue("\(error)".contains(fragment), "\(error) should mention \(fragment)", file: file, line: line)
        }
    }

    private func plan(request: String?, _ build: (inout ChooserInvocation) -> Void = { _ in }) throws -> ChooserInvocation.Plan {
        var i = ChooserInvocation()
        if request != nil { i.request = Array("r.json".utf8) }
        build(&i)
        return try i.plan(cwd: cwd, defaultRoots: [cwd], stdoutHasReader: true,
                          readRequest: { _ in Array((request ?? "{}").utf8) })
    }

    func testEveryKey() throws {
        let parsed = try parse(#"""
            {"version": 1, "export": {"format": "webp", "max_size": 2048, "quality": 70, "strip_location": true,
             "strip_metadata": false, "max_bytes": 5000000000, "directory": "file:///tmp/out%20here", "user_choice": true}}
            """#)
        XCTAssertEqual(parsed.warnings, [])
        let e = try XCTUnwrap(parsed.request.export)
        XCTAssertEqual(e.format, .webp)
        XCTAssertEqual(e.maxSize, 2048)
        XCTAssertEqual(e.quality, 70)
        XCTAssertEqual(e.stripLocation, true)
        XCTAssertEqual(e.stripMetadata, false)
        XCTAssertEqual(e.maxBytes, 5_000_000_000, "byte counts may pass 2^31")
        XCTAssertEqual(e.directory, RawPath("/tmp/out here"))
        XCTAssertEqual(e.userChoice, true)
        XCTAssertTrue(e.letsUserChoose)
    }

    func testAbsentNullAndEmpty() throws {
        XCTAssertNil(try parse(#"{"version": 1}"#).request.export, "an old request still reads, without export")
        XCTAssertNil(try parse(#"{"export": null}"#).request.export)
        let empty = try XCTUnwrap(try parse(#"{"export": {}}"#).request.export, "{} exports with the defaults")
        XCTAssertEqual(empty, ExportSettings())
        XCTAssertEqual(empty.resolvedFormat, .keep)
        let nulls = try XCTUnwrap(try parse(#"{"export": {"format": null, "max_size": null, "directory": null}}"#).request.export)
        XCTAssertEqual(nulls, ExportSettings())
    }

    func testUnknownKeysAreWarningsLikeTheRestOfTheRequest() throws {
        let parsed = try parse(#"{"export": {"format": "jpeg", "resize": 12}}"#)
        XCTAssertEqual(parsed.request.export?.format, .jpeg)
        XCTAssertEqual(parsed.warnings, ["request: unknown key 'export.resize' ignored"])
    }

    func testWrongTypesAreErrorsWithTheKeysPath() {
        assertInvalid(#"{"export": true}"#, contains: "'export' must be an object, not a boolean")
        assertInvalid(#"{"export": {"format": 1}}"#, contains: "'export.format' must be a string")
        assertInvalid(#"{"export": {"format": "heic"}}"#, contains: "'export.format' must be one of jpeg, png, webp, keep (got 'heic')")
        assertInvalid(#"{"export": {"format": "JPEG"}}"#, contains: "'export.format' must be one of")
        assertInvalid(#"{"export": {"max_size": "1024"}}"#, contains: "'export.max_size' must be a whole number, not a string")
        assertInvalid(#"{"export": {"max_size": 10.5}}"#, contains: "'export.max_size' must be a whole number")
        assertInvalid(#"{"export": {"quality": true}}"#, contains: "'export.quality' must be a whole number")
        assertInvalid(#"{"export": {"strip_location": "yes"}}"#, contains: "'export.strip_location' must be true or false")
        assertInvalid(#"{"export": {"strip_metadata": 1}}"#, contains: "'export.strip_metadata' must be true or false")
        assertInvalid(#"{"export": {"user_choice": "true"}}"#, contains: "'export.user_choice' must be true or false")
        assertInvalid(#"{"export": {"max_bytes": "1k"}}"#, contains: "'export.max_bytes' must be a whole number, not a string")
        assertInvalid(#"{"export": {"directory": 5}}"#, contains: "'export.directory' must be a path or file:// URI")
        assertInvalid(#"{"export": {"directory": "relative/out"}}"#, contains: "'export.directory' must be an absolute path")
    }

    func testValuesOutOfRangeAreErrors() {
        assertInvalid(#"{"export": {"max_size": 0}}"#, contains: "'export.max_size' is out of range: export max size must be 1–65535")
        assertInvalid(#"{"export": {"max_size": 65536}}"#, contains: "'export.max_size' is out of range")
        assertInvalid(#"{"export": {"max_size": 99999999999}}"#, contains: "'export.max_size' is out of range")
        assertInvalid(#"{"export": {"quality": 0}}"#, contains: "'export.quality' is out of range: export quality must be 1–100")
        assertInvalid(#"{"export": {"quality": 101}}"#, contains: "'export.quality' is out of range")
        assertInvalid(#"{"export": {"max_bytes": 1023}}"#, contains: "'export.max_bytes' is out of range: export max bytes must be at least 1024")
        assertInvalid(#"{"export": {"max_bytes": -5}}"#, contains: "'export.max_bytes' is out of range")
        assertInvalid(#"{"export": {"max_bytes": 18014398509481985}}"#, contains: "'export.max_bytes' is out of range")
        XCTAssertNoThrow(try parse(#"{"export": {"max_size": 1, "quality": 100, "max_bytes": 1024}}"#))
    }

    func testTheCommandLineStacksOverTheRequestFieldByField() throws {
        let p = try plan(request: #"{"export": {"format": "png", "max_size": 512, "strip_location": true, "user_choice": true}}"#) { i in
            var cli = ExportSettings()
            cli.maxSize = 1024
            cli.quality = 60
            i.options.export = cli
            i.exportDirectory = Array("out".utf8)
        }
        let e = try XCTUnwrap(p.configuration.export)
        XCTAssertEqual(e.format, .png, "from the request")
        XCTAssertEqual(e.maxSize, 1024, "the command line wins")
        XCTAssertEqual(e.quality, 60)
        XCTAssertEqual(e.stripLocation, true)
        XCTAssertEqual(e.userChoice, true)
        XCTAssertEqual(e.directory, cwd.appending(component: Array("out".utf8)), "--export-dir against the current folder")
    }

    /// (A file in the way of --export-dir is refused too: PhotoPickCLITests, which has a file system.)
    func testExportDirBytesAreKept() throws {
        let odd: [UInt8] = Array("out".utf8) + [0xFF]
        let p = try plan(request: nil) { $0.exportDirectory = odd }
        XCTAssertEqual(p.configuration.export?.directory, cwd.appending(component: odd))
        XCTAssertNil(try plan(request: nil).configuration.export, "no export option, no export")
        XCTAssertThrowsError(try plan(request: #"{"export": {"quality": 200}}"#))
    }

    func testZenityModeIgnoresExport() throws {
        let p = try plan(request: nil) { i in
            i.zenity = ZenityOptions()
            i.options.export = ExportSettings()
            i.options.export?.format = .jpeg
        }
        XCTAssertNil(p.configuration.export)
        XCTAssertTrue(p.warnings.contains("export options are ignored in zenity mode"), "\(p.warnings)")
    }
}
