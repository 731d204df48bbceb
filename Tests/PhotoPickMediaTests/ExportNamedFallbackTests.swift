import Foundation
import PhotoPickCore
@testable import PhotoPickMedia
import PhotoPickSystem
import TestSupport
import XCTest

/// Exports where the file system has no unnamed files (O_TMPFILE refused: vfat, NFS…),
/// forced here on any file system: named temporary files renamed into place, and what a
/// dead run left removed the next time an export writes into that folder.
final class ExportNamedFallbackTests: ExportTestCase {
    private func namedEngine(workers: Int = 2) -> ExportEngine {
        var engine = engine(workers: workers)
        engine.unnamedTemporaries = false
        return engine
    }

    func testNamedTemporariesExportAndLeaveNothing() async throws {
        let a = try photo("a.jpg"), b = try photo("b.png", format: .png)
        let report = try await export([a, b, a], settings { $0.format = .webp }, engine: namedEngine())
        XCTAssertTrue(report.isComplete, "\(report.outcomes)")
        XCTAssertEqual(names(in: dir.path + "/out"), ["a (2).webp", "a.webp", "b.webp"])
    }

    /// A run killed there left its half-made file: the next export into the folder removes it
    /// (unlocked, a minute old), and keeps a running export's (locked) and the folder's photos.
    func testADeadRunsFileGoesWithTheNextExport() async throws {
        let out = dir.path + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let dead = try ExportTemporary.make(in: RawPath(out), unnamed: false)
        let running = try ExportTemporary.make(in: RawPath(out), unnamed: false)
        defer { running.discard() }
        close(dead.fd)  // what a kill does: the lock goes, the file stays
        let hourAgo = Date().timeIntervalSince1970 - 3600
        for file in [dead, running] { try ImageFactory.setModified(try XCTUnwrap(file.name).description, hourAgo) }
        try Data("a photo".utf8).write(to: URL(fileURLWithPath: out + "/keep.jpg"))
        _ = original(out + "/keep.jpg")

        let report = try await export([try photo("a.jpg")], settings(), engine: namedEngine())
        XCTAssertTrue(report.isComplete, "\(report.outcomes)")
        XCTAssertEqual(names(in: out), [try XCTUnwrap(running.name).lastComponent, "a.jpg", "keep.jpg"].sorted())
    }
}
