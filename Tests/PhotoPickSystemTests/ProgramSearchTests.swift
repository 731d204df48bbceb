import Foundation
import PhotoPickCore
import PhotoPickSystem
import TestSupport
import XCTest

/// Finding the real kdialog on PATH, passing over photopick's own `kdialog` link.
final class ProgramSearchTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    private var dir: TemporaryDirectory!

    override func setUp() { dir = TemporaryDirectory() }

    private func program(_ folder: String, _ name: String = "kdialog", mode: Int = 0o755) throws -> String {
        let path = dir.path + "/" + folder + "/" + name
        try FileManager.default.createDirectory(atPath: dir.path + "/" + folder, withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, mode_t(mode))
        return path
    }

    private func find(_ folders: [String], excluding: String? = nil) -> String? {
        let path = folders.map { $0.hasPrefix("/") || $0.isEmpty ? $0 : dir.path + "/" + $0 }.joined(separator: ":")
        return ProgramSearch.find("kdialog", in: Array(path.utf8), excluding: excluding.flatMap { FileIdentity.of(RawPath($0)) })?.description
    }

    func testTheFirstExecutableOnThePath() throws {
        _ = try program("b")
        let c = try program("c")
        _ = try program("a", mode: 0o644)
        try FileManager.default.createDirectory(atPath: dir.path + "/d/kdialog", withIntermediateDirectories: true)
        XCTAssertEqual(find(["none", "a", "d", "c", "b"]), c, "not executable, a folder, missing: passed over")
    }

    func testItselfAndLinksToItArePassedOver() throws {
        let own = try program("self", "photopick")
        try FileManager.default.createDirectory(atPath: dir.path + "/links", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/links/kdialog", withDestinationPath: own)
        let real = try program("real")
        XCTAssertEqual(find(["links", "real"], excluding: own), real)
        XCTAssertNil(find(["links"], excluding: own))
        XCTAssertEqual(find(["links"]), dir.path + "/links/kdialog")
    }

    func testRelativeAndEmptyEntriesAreNotSearched() throws {
        _ = try program("rel")
        let cwd = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(dir.path + "/rel"))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(cwd) }
        XCTAssertNil(ProgramSearch.find("kdialog", in: Array("::.:rel".utf8), excluding: nil))
        XCTAssertNil(ProgramSearch.find("kdialog", in: Array(":".utf8), excluding: nil), "an empty entry is not the current folder")
    }

    func testItsOwnExecutableIsKnown() {
        XCTAssertEqual(ProgramSearch.ownExecutable(), FileIdentity.of(RawPath(CommandLine.arguments[0].hasPrefix("/")
            ? CommandLine.arguments[0] : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0])))
    }
}
