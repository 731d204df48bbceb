import Foundation
import TestSupport
import XCTest

/// Scrolling a long grid: the textures kept alive are the caches' (bounded by bytes) and
/// those of the tiles near the viewport. GTK 4.8 keeps up to 200 rows bound, most far off
/// screen, and their tiles used to keep every thumbnail they had shown.
final class ThumbnailMemoryTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUp() {
        dir = TemporaryDirectory()
    }

    /// One `textures LIVE BYTES cached N BYTES budget BYTES tiles HOLDING near NEAR` trace line.
    private struct Census {
        let live: Int, cached: Int, tiles: Int, near: Int
    }

    private func censuses(_ stderr: String) -> [Census] {
        stderr.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("photopick-trace "), let r = line.range(of: " textures ") else { return nil }
            let f = line[r.upperBound...].split(separator: " ")
            guard f.count == 11, f[2] == "cached", f[5] == "budget", f[7] == "tiles", f[9] == "near",
                  let live = Int(f[0]), let cached = Int(f[3]), let tiles = Int(f[8]), let near = Int(f[10]) else { return nil }
            return Census(live: live, cached: cached, tiles: tiles, near: near)
        }
    }

    private func visibleCount(_ stderr: String) -> Int? {
        stderr.split(separator: "\n").lazy.compactMap { line -> Int? in
            guard let r = line.range(of: " visible-thumbnails ") else { return nil }
            return Int(line[r.upperBound...])
        }.first
    }

    func testTilesFarOffScreenLetGoOfTheirThumbnailsAndGetThemBack() throws {
        let (root, _) = try GridLibrary.numbered(in: dir, count: 480)
        let picker = try PickerDriver(arguments: [root],
                                      environment: ["PHOTOPICK_TRACE": "1", "XDG_CACHE_HOME": dir.path + "/cache"])
        // Some twenty screens down, slowly enough for each screen's thumbnails to arrive.
        // Paced on purpose, as a hand scrolls: the test is of what the grid lets go of over time.
        for _ in 0..<30 {
            try picker.press("Page_Down")
            usleep(250_000)
        }
        usleep(1_000_000)
        // Back to the top: its tiles are still bound (GTK keeps them), parked, and show
        // their thumbnails again.
        try picker.press("Home")
        usleep(1_500_000)  // on purpose: censuses over a while after, not one moment
        try picker.press("Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1, out.stderrText)

        let samples = censuses(out.stderrText)
        let visible = try XCTUnwrap(visibleCount(out.stderrText), "no visible-thumbnails trace")
        let last = try XCTUnwrap(samples.last, "no textures trace")
        let mostTiles = samples.map(\.tiles).max() ?? 0, widestNear = samples.map(\.near).max() ?? 0
        // The viewport and the two screens prefetched on each side, at most.
        XCTAssertLessThanOrEqual(widestNear, 5 * visible, "near range \(widestNear) for \(visible) tiles on screen")
        XCTAssertLessThanOrEqual(mostTiles, widestNear, "tiles holding a texture: \(samples.map(\.tiles))")
        XCTAssertGreaterThanOrEqual(last.tiles, visible, "the first screen shows its thumbnails again: \(samples.map(\.tiles))")
        // Every texture alive is the caches' or a tile's: nothing leaks past them.
        XCTAssertLessThanOrEqual(last.live, last.cached + last.tiles + 2 * visible, "\(last)")
    }
}
