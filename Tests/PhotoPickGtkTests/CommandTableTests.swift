import CGtk
import Foundation
import XCTest
@testable import PhotoPickGtk

/// The command table the accelerators, the shortcuts window and the menus are made from:
/// its names are unique and well formed, every key parses as GTK reads it, the shortcuts
/// window's XML lists every key, and the sets of actions switched off name real actions.
/// Also the grid's narrow layout. No display needed.
final class CommandTableTests: XCTestCase {
    func testActionNamesAreUniqueAndScoped() {
        let names = Commands.all.map(\.action)
        XCTAssertEqual(Set(names).count, names.count, "an action twice: \(names)")
        for name in names { XCTAssertTrue(name.hasPrefix("win.") || name.hasPrefix("app."), name) }
        XCTAssertEqual(Commands.all.first { $0.action == "win.select-all" }?.name, "select-all")
    }

    func testEveryKeyParsesAndNoKeyIsTwoCommands() {
        var seen: [String: String] = [:]
        for command in Commands.all {
            for key in command.accels + command.contextKeys {
                var keyval: guint = 0
                var modifiers = GdkModifierType(rawValue: 0)
                XCTAssertNotEqual(gtk_accelerator_parse(key, &keyval, &modifiers), 0, "\(command.action): \(key)")
                XCTAssertNotEqual(keyval, 0, "\(command.action): \(key)")
                let canonical = MainActor.assumeIsolated { Accelerators.canonical(key) }
                XCTAssertNil(seen[canonical], "\(key) is both \(seen[canonical] ?? "") and \(command.action)")
                seen[canonical] = command.action
            }
        }
        XCTAssertEqual(seen["<Control>question"], "app.shortcuts")
    }

    func testTheShortcutsWindowListsEveryKey() {
        let xml = MainActor.assumeIsolated { ShortcutsWindow.xml() }
        for command in Commands.all {
            for key in command.accels + command.contextKeys {
                XCTAssertTrue(xml.contains(markupEscaped(key)), "\(command.action)'s \(key) is missing from the shortcuts window")
            }
            if !(command.accels + command.contextKeys).isEmpty {
                XCTAssertTrue(xml.contains(markupEscaped(command.title)), command.title)
            }
        }
    }

    func testSwitchedOffSetsNameWindowActions() {
        let window = Set(Commands.all.filter { $0.action.hasPrefix("win.") }.map(\.name))
        XCTAssertTrue(Commands.browseOnly.isSubset(of: window), "\(Commands.browseOnly.subtracting(window))")
        XCTAssertTrue(Commands.notInText.isSubset(of: Commands.browseOnly))
    }

    /// A narrow grid keeps three columns (tiles shrink, not below the smallest size); a wide
    /// one keeps the chosen size.
    func testNarrowGridsKeepThreeColumns() {
        XCTAssertEqual(GridMetrics.layout(width: 360, target: 160)?.columns, 3)
        XCTAssertEqual(GridMetrics.layout(width: 360, target: 320)?.columns, 3)
        XCTAssertEqual(GridMetrics.layout(width: 200, target: 160)?.columns, 2, "not below the smallest tile")
        XCTAssertEqual(GridMetrics.layout(width: 784, target: 320)?.columns, 2, "a wide grid keeps the size asked for")
        XCTAssertEqual(GridMetrics.layout(width: 784, target: 160)?.columns, 4)
    }
}
