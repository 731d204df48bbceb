import Foundation
import TestSupport
import XCTest

/// At a phone's 360 px, in English and in German, the header keeps the title and the window's
/// close button, and the search field shows its whole placeholder ("Search names", not
/// "Searc…"): the Show drop-down gives its room and stays in the view menu.
final class NarrowWindowTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
    }

    private func narrowFit(_ environment: [String: String]) throws -> (title: Int, controls: Int, text: Int, placeholder: Int) {
        let library = try GridLibrary.numbered(in: dir, count: 12)
        let picker = try PickerDriver(arguments: [library.root], environment: environment.merging(["PHOTOPICK_TRACE": "1"]) { $1 })
        try picker.resize(width: 360, height: 700)
        // The layout settles over a few frames (the sidebar folds, the header and toolbar make
        // room): wait for the state where the window is narrow, the close button alone showing.
        func narrowLine() -> Substring? {
            picker.process.stderrSoFar.split(separator: "\n").last { $0.contains(" header-fit ") && $0.contains(" controls ") }
        }
        _ = picker.waitForTrace(timeout: 10) { _ in
            guard let line = narrowLine() else { return false }
            let words = line.split(separator: " ")
            guard let i = words.firstIndex(of: "search"), let room = words.last, i + 1 < words.count else { return false }
            let parts = room.split(separator: "/").compactMap { Int($0) }
            return parts.count == 2 && parts[0] >= parts[1] && picker.process.stderrSoFar.contains("window-size 350x")
        }
        let line = try XCTUnwrap(narrowLine())
        // "… header-fit title 111 controls 34 search 112/97"
        let words = line.split(separator: " ").map(String.init)
        func after(_ key: String) -> String { words[words.firstIndex(of: key)! + 1] }
        let search = after("search").split(separator: "/").compactMap { Int($0) }
        try picker.press("Escape")
        _ = picker.finish()
        return (Int(after("title")) ?? 0, Int(after("controls")) ?? 0, search.first ?? 0, search.last ?? .max)
    }

    func testAt360PixelsNothingIsLostInEnglish() throws {
        let fit = try narrowFit(["LC_ALL": "C", "LANGUAGE": ""])
        XCTAssertGreaterThan(fit.title, 40, "the title is gone")
        XCTAssertGreaterThan(fit.controls, 0, "the close button is gone")
        XCTAssertGreaterThanOrEqual(fit.text, fit.placeholder, "the search field cuts its placeholder")
    }

    func testAt360PixelsNothingIsLostInGerman() throws {
        guard Catalogues.germanLocaleInstalled else { throw XCTSkip("no de_DE.UTF-8 locale (make deps generates it)") }
        let catalogues = try Catalogues()
        let fit = try narrowFit(catalogues.environment(language: "de"))
        XCTAssertGreaterThan(fit.title, 40, "the title is gone")
        XCTAssertGreaterThan(fit.controls, 0, "the close button is gone")
        XCTAssertGreaterThanOrEqual(fit.text, fit.placeholder, "the search field cuts its placeholder")
    }

    /// Around the width where the sidebar folds, the window settles: folding makes the layout
    /// narrow, and the narrow toolbar keeps asking for the width it asked before, so the
    /// sidebar does not unfold again and fold again frame after frame.
    func testAroundTheFoldTheSidebarSettles() throws {
        let library = try GridLibrary.numbered(in: dir, count: 12)
        let picker = try PickerDriver(arguments: [library.root], environment: ["PHOTOPICK_TRACE": "1"])
        func flips() -> Int { picker.traceCount(" sidebar folded") + picker.traceCount(" sidebar docked") }
        let before = flips()
        for width in stride(from: 640, through: 420, by: -10) {
            try picker.after({ try picker.resize(width: width, height: 700) }, expectTrace: " window-size ")
        }
        // One last state to wait for: a search typed and shown.
        try picker.press("ctrl+f")
        try picker.after({ try picker.type("p0") }, expectTrace: " grid-arranged ")
        XCTAssertLessThanOrEqual(flips() - before, 4, "the sidebar folded and unfolded \(flips() - before) times")
        try picker.press("Escape", "Escape")
        _ = picker.finish()
    }
}
