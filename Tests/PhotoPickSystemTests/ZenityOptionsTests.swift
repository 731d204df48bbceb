import PhotoPickCore
import PhotoPickSystem
import TestSupport
import XCTest

final class ZenityOptionsTests: SampleLibraryTestCase {
    private func translate(_ build: (inout ZenityOptions) -> Void) throws -> ZenityOptions.Translation {
        var z = ZenityOptions()
        build(&z)
        return try z.translate(cwd: RawPath(dir.path))
    }

    func testDefaultsAreZenitys() throws {
        let t = try translate { _ in }
        XCTAssertEqual(t.output, .zenity(separator: "|"))
        XCTAssertEqual(t.request.multiple, false)
        XCTAssertNil(t.request.folders)
        XCTAssertNil(t.request.filters)
        XCTAssertEqual(t.warnings, [])
    }

    func testFilenameNamingAFolderOpensIt() throws {
        XCTAssertEqual(try translate { $0.filename = Array("Pictures/2024/".utf8) }.request.folders,
                       [RawPath(sample.root + "/2024")])
        XCTAssertEqual(try translate { $0.filename = Array("Pictures/2024".utf8) }.request.folders,
                       [RawPath(sample.root + "/2024")], "a folder without the slash is still the folder")
    }

    func testFilenameNamingAFilePreselectsItInItsFolder() throws {
        let t = try translate { $0.filename = Array((sample.root + "/Screenshots/shot-1.png").utf8) }
        XCTAssertEqual(t.request.folders, [RawPath(sample.root + "/Screenshots")])
        XCTAssertEqual(t.request.preselect, [RawPath(sample.root + "/Screenshots/shot-1.png")])
        let missing = try translate { $0.filename = Array((sample.root + "/Screenshots/new.png").utf8) }
        XCTAssertEqual(missing.request.folders, [RawPath(sample.root + "/Screenshots")])
        XCTAssertNil(missing.request.preselect)
    }

    func testMissingFolderFallsBackWithAWarning() throws {
        let t = try translate { $0.filename = Array("/no/such/dir/".utf8) }
        XCTAssertNil(t.request.folders)
        XCTAssertEqual(t.warnings.count, 1)
        XCTAssertTrue(t.warnings[0].contains("not a folder"), t.warnings[0])
    }

    func testFiltersSeparatorAndMultiple() throws {
        let t = try translate {
            $0.multiple = true
            $0.separator = "\n"
            $0.fileFilters = ["Photos | *.jpg *.png", "*.gif"]
        }
        XCTAssertEqual(t.request.multiple, true)
        XCTAssertEqual(t.output, .zenity(separator: "\n"))
        XCTAssertEqual(t.request.filters, [NamedFilter(name: "Photos", patterns: ["*.jpg", "*.png"]),
                                           NamedFilter(name: "*.gif", patterns: ["*.gif"])])
        XCTAssertThrowsError(try translate { $0.fileFilters = ["Nothing |"] })
    }

    func testSaveAndDirectoryAreRefused() {
        XCTAssertThrowsError(try translate { $0.save = true }) { XCTAssertTrue("\($0)".contains("--save")) }
        XCTAssertThrowsError(try translate { $0.directory = true }) { XCTAssertTrue("\($0)".contains("--directory")) }
    }
}
