import Foundation
import PhotoPickCore
import PhotoPickSystem
import TestSupport
import XCTest

/// The command line's meaning, option by option, without a window.
final class ChooserInvocationTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!
    private var cwd: RawPath { RawPath(dir.path) }

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    private func plan(reader: Bool = true, _ build: (inout ChooserInvocation) -> Void) throws -> ChooserInvocation.Plan {
        var i = ChooserInvocation()
        build(&i)
        return try i.plan(cwd: cwd, defaultRoots: [RawPath("/default")], stdoutHasReader: reader)
    }

    private func assertUsageError(_ fragment: String, file: StaticString = #filePath, line: UInt = #line,
                                  _ build: (inout ChooserInvocation) -> Void) {
        XCTAssertThrowsError(try plan(build), file: file, line: line) { error in
            XCTAssertTrue(error is PickerOptions.Invalid, "\(error)", file: file, line: line)
            XCTAssertTrue("\(error)".contains(fragment), "'\(error)' should contain '\(fragment)'", file: file, line: line)
            XCTAssertFalse("\(error)".contains("\n"), "one line", file: file, line: line)
        }
    }

    func testDefaults() throws {
        let p = try plan { _ in }
        XCTAssertEqual(p.configuration.roots, [RawPath("/default")])
        XCTAssertEqual(p.configuration.title, "Select Photos")
        XCTAssertEqual(p.configuration.acceptLabel, "Add")
        XCTAssertNil(p.configuration.maximum)
        XCTAssertEqual(p.configuration.minimum, 0)
        XCTAssertEqual(p.stdout, .format(.lines))
        XCTAssertNil(p.responsePath)
        XCTAssertFalse(p.configuration.copyMode)
        XCTAssertTrue(p.configuration.restriction.isNone)
    }

    func testSelectionOptions() throws {
        XCTAssertEqual(try plan { $0.options.multiple = false }.configuration.maximum, 1)
        let p = try plan { $0.options.maximum = 3; $0.options.minimum = 2 }
        XCTAssertEqual(p.configuration.maximum, 3)
        XCTAssertEqual(p.configuration.minimum, 2)
        assertUsageError("contradicts single selection") { $0.options.multiple = false; $0.options.maximum = 2 }
        assertUsageError("min 4 is more than max 3") { $0.options.maximum = 3; $0.options.minimum = 4 }
        assertUsageError("max must be at least 1") { $0.options.maximum = 0 }
    }

    func testFoldersAndPreselect() throws {
        let p = try plan {
            $0.folders = [Array("Pictures/2024/../Screenshots/".utf8)]
            $0.preselect = [Array("Pictures/Screenshots/shot-1.png".utf8),
                            Array(FileURI.encode(RawPath(self.library.root + "/Screenshots/shot-2.png")).utf8)]
        }
        XCTAssertEqual(p.configuration.roots, [RawPath(library.root + "/Screenshots")])
        XCTAssertEqual(p.configuration.preselect, [RawPath(library.root + "/Screenshots/shot-1.png"),
                                                   RawPath(library.root + "/Screenshots/shot-2.png")])
        XCTAssertEqual(p.warnings, [])
        assertUsageError("nowhere: not a folder") { $0.folders = [Array("nowhere".utf8)] }
        let warned = try plan { $0.folders = [Array("Pictures/Screenshots".utf8)]; $0.preselect = [Array("Pictures/beach.jpg".utf8), Array("gone.jpg".utf8)] }
        XCTAssertEqual(warned.warnings.count, 2)
        XCTAssertTrue(warned.warnings[0].contains("not inside the folders shown"), warned.warnings[0])
        XCTAssertTrue(warned.warnings[1].contains("no such file"), warned.warnings[1])
    }

    func testWhatTheWindowShows() throws {
        let p = try plan {
            $0.kinds = .photos; $0.mimeTypes = ["image/*"]; $0.patterns = ["*.jpg"]
            $0.filters = ["Images | *.jpg *.png", "GIF | image/gif"]
            $0.options.album = "2024/Trip"; $0.options.grouping = .month; $0.options.sort = .name
            $0.options.title = "Choose"; $0.options.acceptLabel = "_Attach"
        }
        let c = p.configuration
        XCTAssertEqual(c.restriction, AssetRestriction(kinds: .photos, mimeTypes: ["image/*"], patterns: ["*.jpg"]))
        XCTAssertEqual(c.filters, [NamedFilter(name: "Images", patterns: ["*.jpg", "*.png"]),
                                   NamedFilter(name: "GIF", mimeTypes: ["image/gif"])])
        XCTAssertEqual(c.currentFilter, 0)
        XCTAssertEqual(c.initialAlbum, "2024/Trip")
        XCTAssertEqual(c.grouping, .month)
        XCTAssertEqual(c.sort, .name)
        XCTAssertEqual(c.title, "Choose")
        XCTAssertEqual(c.acceptLabel, "_Attach")
        assertUsageError("--mime-type: 'jpeg' is not a MIME type") { $0.mimeTypes = ["jpeg"] }
        assertUsageError("--pattern: 'a/*.jpg' cannot match") { $0.patterns = ["a/*.jpg"] }
        assertUsageError("--filter: filter 'Empty |' has no patterns") { $0.filters = ["Empty |"] }
    }

    func testOutputFormats() throws {
        for format in OutputFormat.allCases {
            XCTAssertEqual(try plan { $0.format = format }.stdout, .format(format))
        }
        XCTAssertEqual(try plan { $0.print0 = true }.stdout, .format(.null))
        XCTAssertEqual(try plan { $0.print0 = true; $0.format = .null }.stdout, .format(.null))
        assertUsageError("--print0 contradicts --format json") { $0.print0 = true; $0.format = .json }
    }

    func testResponseFilesAndStdout() throws {
        try Data("{}".utf8).write(to: dir.url("req.json"))
        let p = try plan { $0.request = Array("req.json".utf8); $0.response = Array("out/../resp.json".utf8) }
        XCTAssertEqual(p.responsePath, RawPath(dir.path + "/resp.json"))
        XCTAssertNil(p.stdout, "a response file answers: stdout stays quiet")
        XCTAssertEqual(try plan { $0.response = Array("r.json".utf8); $0.format = .json }.stdout, .format(.json),
                       "unless a format is asked for")
        let portal = try plan { $0.portal = Array("req.json".utf8) }
        XCTAssertEqual(portal.responsePath, RawPath(dir.path + "/req.json"))
        assertUsageError("leave out --request and --response") { $0.portal = Array("a".utf8); $0.response = Array("b".utf8) }
    }

    func testRequestFileIsOverriddenByTheCommandLine() throws {
        let request = #"{"title": "File", "max": 4, "current_folder": "\#(library.root)", "x-extra": 1}"#
        try Data(request.utf8).write(to: dir.url("req.json"))
        let p = try plan { $0.request = Array("req.json".utf8); $0.options.title = "CLI" }
        XCTAssertEqual(p.configuration.title, "CLI")
        XCTAssertEqual(p.configuration.maximum, 4)
        XCTAssertEqual(p.configuration.roots, [RawPath(library.root)])
        XCTAssertEqual(p.warnings, ["request: unknown key 'x-extra' ignored"])

        try Data(#"{"current_folder": "/no/such/folder"}"#.utf8).write(to: dir.url("bad.json"))
        assertUsageError("'current_folder' /no/such/folder is not a folder") { $0.request = Array("bad.json".utf8) }
        assertUsageError("cannot read the request") { $0.request = Array("missing.json".utf8) }
    }

    func testCopyMode() throws {
        let desktop = try plan(reader: false) { _ in }
        XCTAssertTrue(desktop.configuration.copyMode, "nobody reads stdout: Copy")
        XCTAssertEqual(desktop.configuration.acceptLabel, "Copy")
        XCTAssertNil(desktop.stdout)
        XCTAssertFalse(try plan(reader: false) { $0.format = .json }.configuration.copyMode, "an explicit format prints")
        XCTAssertFalse(try plan(reader: false) { $0.response = Array("r".utf8) }.configuration.copyMode)
        XCTAssertFalse(try plan(reader: false) { $0.options.copy = false }.configuration.copyMode)
        let forced = try plan { $0.options.copy = true; $0.options.acceptLabel = "Share" }
        XCTAssertTrue(forced.configuration.copyMode)
        XCTAssertEqual(forced.configuration.acceptLabel, "Share")
        assertUsageError("cannot be combined with --format") { $0.options.copy = true; $0.format = .json }
        assertUsageError("cannot be combined with --response") { $0.options.copy = true; $0.response = Array("r".utf8) }
    }

    func testZenityMode() throws {
        var z = ZenityOptions()
        z.filename = Array((library.root + "/Screenshots/").utf8)
        z.fileFilters = ["Photos | *.jpg *.png"]
        let p = try plan { $0.zenity = z; $0.options.title = "Pick" }
        XCTAssertEqual(p.stdout, .zenity(separator: "|"))
        XCTAssertEqual(p.configuration.maximum, 1, "zenity picks one unless --multiple")
        XCTAssertEqual(p.configuration.roots, [RawPath(library.root + "/Screenshots")])
        XCTAssertEqual(p.configuration.filters, [NamedFilter(name: "Photos", patterns: ["*.jpg", "*.png"])])
        XCTAssertEqual(p.configuration.title, "Pick")
        z.multiple = true
        z.separator = "\n"
        let multiple = try plan { $0.zenity = z }
        XCTAssertNil(multiple.configuration.maximum)
        XCTAssertEqual(multiple.stdout, .zenity(separator: "\n"))
        assertUsageError("leave out --format") { $0.zenity = ZenityOptions(); $0.format = .json }
        assertUsageError("--separator is a zenity option; it needs --file-selection") { $0.strayZenityOption = "--separator" }
    }
}
