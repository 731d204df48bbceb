import Foundation
import TestSupport
import XCTest

/// A tooltip never stays over the menu just opened from its widget (GTK 4.8 left a tile's name,
/// or a button's tooltip, on top of the menu's first items).
final class TooltipOverMenuTests: XCTestCase {
    /// The windows mapped on the display besides the picker's own (tooltips and popovers are
    /// override-redirect windows of their own under X11), as "WIDTHxHEIGHT".
    private func popups(_ picker: PickerDriver) throws -> [String] {
        let env = ["DISPLAY": picker.server.display, "PATH": "/usr/bin:/bin"]
        let tree = try ProcessRunner.run("/usr/bin/env", ["xwininfo", "-root", "-children"], environment: env, timeout: 10)
        var found: [String] = []
        for line in tree.stdoutText.split(separator: "\n") {
            guard let id = line.split(separator: " ").first, id.hasPrefix("0x"), String(id) != picker.windowID,
                  Int(String(id.dropFirst(2)), radix: 16) != Int(picker.windowID) else { continue }
            let info = try ProcessRunner.run("/usr/bin/env", ["xwininfo", "-id", String(id)], environment: env, timeout: 10).stdoutText
            guard info.contains("IsViewable") else { continue }
            func value(_ key: String) -> String {
                info.split(separator: "\n").first { $0.contains(key + ":") }.map { $0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces) } ?? "?"
            }
            found.append(value("Width") + "x" + value("Height"))
        }
        return found
    }

    private func waitFor(_ picker: PickerDriver, _ what: String, until done: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(10)
        var seen: [String] = []
        while Date() < deadline {
            seen = try popups(picker)
            if done(seen) { return seen }
            usleep(100_000)
        }
        throw GUITestError("\(what): the display shows \(seen)")
    }

    /// Hovering a tile shows its name; the right-click menu that opens takes it down.
    func testATilesMenuTakesDownItsNameTooltip() throws {
        let dir = TemporaryDirectory()
        let library = try GridLibrary.numbered(in: dir, count: 12)
        let picker = try PickerDriver(arguments: [library.root], environment: ["PHOTOPICK_TRACE": "1"])
        let tile = try picker.tileSpot(column: 0, row: 1)
        try picker.xdo(["mousemove", "--window", picker.windowID, String(tile.x - 40), String(tile.y)])
        try picker.xdo(["mousemove", "--window", picker.windowID, String(tile.x), String(tile.y)])
        let tooltip = try waitFor(picker, "no tooltip over the tile") { $0.count == 1 }
        try picker.xdo(["click", "3"])
        let menu = try waitFor(picker, "the tooltip stayed over the menu") { $0.count == 1 && $0 != tooltip }
        XCTAssertEqual(menu.count, 1, "\(menu)")
        try picker.press("Escape")
        try picker.press("Escape")
        _ = picker.finish()
    }
}
