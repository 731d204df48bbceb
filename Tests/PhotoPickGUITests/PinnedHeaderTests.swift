import Foundation
import TestSupport
import XCTest

/// The date group's header pinned over the top of the grid while its photos scroll under it.
final class PinnedHeaderTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUp() {
        dir = TemporaryDirectory()
    }

    /// Three days of 40 photos each, newest day first: 3, 2 and 1 May 2024.
    private func makeLibrary() throws -> String {
        let root = dir.path + "/Pictures"
        for day in 1...3 {
            for n in 1...40 {
                let path = root + "/p-\(day)-\(n).jpg"
                try ImageFactory.write(path, width: 40, height: 30, format: .jpeg)
                let date = Date(timeIntervalSince1970: 1_714_564_800 + Double(day - 1) * 86_400 + Double(n) * 60)  // 1 May 2024 12:00 UTC
                try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
            }
        }
        return root
    }

    private func pinnedTitles(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("photopick-trace "), let r = line.range(of: " pinned-header ") else { return nil }
            return String(line[r.upperBound...])
        }
    }

    func testThePinnedHeaderFollowsTheScrollAndItsButtonPicksTheGroup() throws {
        let root = try makeLibrary()
        let picker = try PickerDriver(arguments: ["--group", "day", root],
                                      environment: ["PHOTOPICK_TRACE": "1", "TZ": "UTC"])
        // Two pages down: the first day's photos are under the top edge, its header is not.
        try picker.press("Page_Down", "Page_Down")
        // The end: the last (oldest) day.
        try picker.press("End")
        // The pinned header's Select button, at the right end of the grid's top edge.
        try picker.click(on: "button pinned-select")
        // Back to the top: the first header row is there itself, the pinned one goes.
        try picker.press("Home")
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        let picked = out.stdoutText.split(separator: "\n").map(String.init)
        XCTAssertEqual(picked.count, 40, "the pinned Select picks the whole day: \(picked)")
        XCTAssertTrue(picked.allSatisfy { $0.hasPrefix(root + "/p-1-") }, "\(picked)")
        XCTAssertEqual(pinnedTitles(out.stderrText), ["Friday, 3 May 2024", "Wednesday, 1 May 2024", "none"])
        // Whenever it showed, it had its whole height (made visible after the frame's layout,
        // it was once painted before it had any: a clipped sliver).
        let heights = out.stderrText.split(separator: "\n").compactMap { line -> (Int, Int)? in
            guard let r = line.range(of: " pinned-height ") else { return nil }
            let words = line[r.upperBound...].split(separator: " ")
            return words.count == 3 ? (Int(words[0]) ?? -1, Int(words[2]) ?? -2) : nil
        }
        XCTAssertFalse(heights.isEmpty, out.stderrText)
        for (height, natural) in heights { XCTAssertEqual(height, natural, "the pinned header was painted \(height) px high of \(natural)") }
    }
}
