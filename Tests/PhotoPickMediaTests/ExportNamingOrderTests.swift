import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// Picks with the same name get `a.jpg`, `a (2).jpg`, `a (3).jpg`… in the order they were
/// picked, whichever finishes first: here the first pick is by far the slowest to export,
/// so names given as files finish would come out the other way round.
final class ExportNamingOrderTests: ExportTestCase {
    func testSameStemNamesFollowTheRequestsOrderNotTheFinishingOrder() async throws {
        let slow = try photo("big/a.jpg", width: 6000, height: 4000)
        let quick = try (1...3).map { try photo("small\($0)/a.jpg", width: 64, height: 48) }
        let report = try await export([slow] + quick, settings { $0.format = .jpeg })
        XCTAssertTrue(report.isComplete, "\(report.failures)")
        XCTAssertEqual(report.outcomes.map { $0.exportedPath?.lastComponent }, ["a.jpg", "a (2).jpg", "a (3).jpg", "a (4).jpg"])
        XCTAssertGreaterThan(try ExportProbe.pixels(report.outcomes[0].exportedPath!.description).width, 64, "the big one is a.jpg")
    }

    /// A name already taken is skipped the same way every time, and a failed pick takes no name.
    func testTakenNamesAndFailuresDoNotShiftTheOrder() async throws {
        let out = dir.path + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try Data("taken".utf8).write(to: URL(fileURLWithPath: out + "/a (2).jpg"))
        let slow = try photo("big/a.jpg", width: 6000, height: 4000)
        let quick = try (1...2).map { try photo("small\($0)/a.jpg", width: 64, height: 48) }
        let report = try await export([slow, RawPath(dir.path + "/gone/a.jpg")] + quick,
                                      settings { $0.format = .jpeg; $0.directory = RawPath(out) })
        XCTAssertEqual(report.outcomes.map { $0.exportedPath?.lastComponent }, ["a.jpg", nil, "a (3).jpg", "a (4).jpg"])
        XCTAssertEqual(names(in: out), ["a (2).jpg", "a (3).jpg", "a (4).jpg", "a.jpg"], "no temporary file is left")
    }
}
