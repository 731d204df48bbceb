import Foundation
import TestSupport
import XCTest

/// Opening a library whose thumbnails are all in the shared cache (a warm open): the first
/// screen is what the window makes first. GTK 4.8 binds some 200 rows of the grid and of the
/// sidebar around what is shown; only the rows near the screen make their tiles, and the
/// sidebar's covers wait until the grid's first screen shows its thumbnails.
final class WarmFirstScreenTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUp() {
        dir = TemporaryDirectory()
    }

    /// The trace lines of a run, as (event, detail) in order.
    private func events(_ stderr: String) -> [(event: String, detail: String)] {
        stderr.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ", maxSplits: 3)
            guard f.count >= 3, f[0] == "photopick-trace" else { return nil }
            return (String(f[2]), f.count > 3 ? String(f[3]) : "")
        }
    }

    /// 600 photos, about 150 rows of tiles: GTK binds most of them at once. The first screen
    /// makes the tiles of the screens near it only, every tile on screen shows its cached
    /// thumbnail, and the end of the grid gets its tiles and thumbnails when scrolled to.
    func testAWarmOpenMakesTheTilesOfTheFirstScreensOnly() throws {
        let (root, paths) = try GridLibrary.numbered(in: dir, count: 600)
        let cacheHome = dir.path + "/cache"
        try WarmThumbnailCache.fill(paths, cacheHome: cacheHome, sizes: [.large])
        let picker = try PickerDriver(arguments: [root], environment: ["PHOTOPICK_TRACE": "1", "XDG_CACHE_HOME": cacheHome])
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.contains(" grid-made ") } }, picker.process.stderrSoFar)
        try picker.press("End")
        // The last screen: the viewport reaches the last photo, and its tiles show thumbnails.
        let reachedEnd = picker.waitForTrace { lines in lines.contains { $0.contains(" viewport ") && $0.hasSuffix("-599 of 600") } }
        // Then a sample of the textures held, taken after the end was reached.
        _ = picker.waitForTrace { lines in
            guard let end = lines.lastIndex(where: { $0.contains(" viewport ") && $0.hasSuffix("-599 of 600") }) else { return false }
            return lines[end...].contains { $0.contains(" textures ") }
        }
        try picker.press("Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1, out.stderrText)
        XCTAssertTrue(reachedEnd, out.stderrText)

        let trace = events(out.stderrText)
        let visible = try XCTUnwrap(trace.first { $0.event == "visible-thumbnails" }.flatMap { Int($0.detail) },
                                    "every tile on screen shows its thumbnail: \(out.stderrText)")
        let made = try XCTUnwrap(trace.first { $0.event == "grid-made" }?.detail.split(separator: " "))
        let tiles = try XCTUnwrap(Int(made[0])), rows = try XCTUnwrap(Int(made[2]))
        // Each row bound with its tiles would make them all: 4 or more a row.
        XCTAssertGreaterThan(rows * 2, tiles, "\(tiles) tiles made for \(rows) rows bound")
        // The first screen, as the grid's height measures it before any viewport (whole rows
        // and one more), and the two screens the loader prefetches below it: a few screens,
        // not the 600 tiles of every row bound.
        XCTAssertLessThanOrEqual(tiles, 5 * visible + 16, "\(tiles) tiles for \(visible) on screen")

        // After End: the last screen's tiles hold their thumbnails (placeholders made theirs).
        let endViewport = try XCTUnwrap(trace.last { $0.event == "viewport" && $0.detail.hasSuffix("-599 of 600") })
        let span = endViewport.detail.split(separator: " ")[0].split(separator: "-").compactMap { Int($0) }
        let onScreen = span[1] - span[0] + 1
        let holding = trace.filter { $0.event == "textures" }.compactMap { sample -> Int? in
            let f = sample.detail.split(separator: " ")
            guard let at = f.firstIndex(of: "tiles"), at + 1 < f.count else { return nil }
            return Int(f[at + 1])
        }
        XCTAssertGreaterThanOrEqual(holding.last ?? 0, onScreen, "tiles holding a thumbnail after End: \(holding)")
    }

    /// The covers of a warm library wait for the grid: none is shown before every tile on
    /// screen shows its thumbnail, and then every album gets its cover.
    func testCoversWaitForTheGridsFirstScreen() throws {
        let root = dir.path + "/Albums"
        var covers: [String] = [], all: [String] = []
        for i in 0..<10 {
            for j in 0..<4 {
                let path = root + "/Album \(i)/photo-\(j).jpg"
                try ImageFactory.write(path, width: 64, height: 48, format: .jpeg, color: (UInt8(20 * i), UInt8(60 * j), 90))
                try ImageFactory.setModified(path, 1_700_000_000 - Double(i * 10 + j) * 60)
                all.append(path)
                if j == 0 { covers.append(path) }
            }
        }
        let cacheHome = dir.path + "/cache"
        try WarmThumbnailCache.fill(all, cacheHome: cacheHome)
        let picker = try PickerDriver(arguments: [root], environment: ["PHOTOPICK_TRACE": "1", "XDG_CACHE_HOME": cacheHome])
        let shownAll = picker.waitForTrace { lines in
            covers.allSatisfy { cover in lines.contains { $0.hasSuffix(" cover-shown " + cover) } }
        }
        try picker.press("Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1, out.stderrText)
        XCTAssertTrue(shownAll, "every album's cover is shown: \(out.stderrText)")

        let trace = events(out.stderrText)
        let screen = try XCTUnwrap(trace.firstIndex { $0.event == "visible-thumbnails" }, out.stderrText)
        let released = try XCTUnwrap(trace.firstIndex { $0.event == "covers-released" }, out.stderrText)
        XCTAssertEqual(trace[released].detail, "first-screen", out.stderrText)
        XCTAssertGreaterThan(released, screen, "covers released before the first screen: \(out.stderrText)")
        let firstCover = try XCTUnwrap(trace.firstIndex { $0.event == "cover-shown" })
        XCTAssertGreaterThan(firstCover, screen, "a cover was shown before the grid's first screen: \(out.stderrText)")
    }
}
