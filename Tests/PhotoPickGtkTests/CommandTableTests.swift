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
        for name in names { XCTAssertTrue(name.hasPrefix("win.") || name.hasPrefix("app.") || name.hasPrefix("grid."), name) }
        for command in CommandName.allCases { XCTAssertEqual("\(command.group.rawValue).\(command.name)", command.action) }
        XCTAssertEqual(Commands.all.first { $0.action == "win.select-all" }?.name, "select-all")
    }

    /// Every key parses as GTK reads it; an accelerator (anywhere in the window) is no other
    /// command's key; and in one place a key is one command, except where the table says
    /// which one acts by switching the others off (Escape: Back in the grid, Stop while
    /// exporting; the preview's keys only while it shows).
    func testEveryKeyParsesAndNoKeyIsTwoCommands() {
        var accels: [String: String] = [:]
        var inPlace: [String: String] = [:]
        for command in Commands.all {
            for key in command.accels + command.keys {
                var keyval: guint = 0
                var modifiers = GdkModifierType(rawValue: 0)
                XCTAssertNotEqual(gtk_accelerator_parse(key, &keyval, &modifiers), 0, "\(command.action): \(key)")
                XCTAssertNotEqual(keyval, 0, "\(command.action): \(key)")
            }
            for key in command.accels {
                let canonical = MainActor.assumeIsolated { Accelerators.canonical(key) }
                XCTAssertNil(accels[canonical], "\(key) is both \(accels[canonical] ?? "") and \(command.action)")
                accels[canonical] = command.action
            }
            for key in command.keys {
                let canonical = "\(command.place) " + MainActor.assumeIsolated { Accelerators.canonical(key) }
                if let other = inPlace[canonical], !Self.switchedApart(other, command.action) {
                    XCTFail("\(key) is both \(other) and \(command.action)")
                }
                inPlace[canonical] = command.action
            }
        }
        for command in Commands.all {
            for key in command.keys {
                let canonical = MainActor.assumeIsolated { Accelerators.canonical(key) }
                XCTAssertNil(accels[canonical], "\(key) is the accelerator \(accels[canonical] ?? "") and \(command.action)'s key")
            }
        }
        XCTAssertEqual(accels["<Control>question"], "app.shortcuts")
        XCTAssertEqual(inPlace["grid space"], "win.toggle-pick")
        XCTAssertEqual(inPlace["preview space"], "win.preview-pick")
    }

    /// Two commands with one key in one place that are never on together.
    private static func switchedApart(_ a: String, _ b: String) -> Bool {
        Set([a, b]) == Set([CommandName.back.action, CommandName.cancelExport.action])
    }

    /// Every row with keys is bound in a place its action is found from: the grid's own
    /// actions only on the grid, the window's and the application's anywhere in the window.
    func testEveryKeyIsBoundWhereItsActionIsFound() {
        for command in Commands.all where !command.keys.isEmpty {
            XCTAssertTrue(KeyBindings.rows(in: command.place).contains { $0.id == command.id }, command.action)
            if command.id.group == .grid { XCTAssertEqual(command.place, .grid, command.action) }
        }
        // The preview's commands are rows of their own, each with its keys, on only while it shows.
        let preview = Set(KeyBindings.rows(in: .preview).map(\.id))
        XCTAssertEqual(preview, Commands.previewOnly)
        XCTAssertGreaterThanOrEqual(preview.count, 11)
        XCTAssertTrue(preview.isDisjoint(with: Commands.browseOnly))
        XCTAssertTrue(Commands.browseOnly.contains(.back), "Escape in the preview must not also cancel")
    }

    func testTheShortcutsWindowListsEveryKey() {
        let xml = MainActor.assumeIsolated { ShortcutsWindow.xml() }
        for command in Commands.all {
            for key in command.accels + command.keys where !Accelerators.isKeypadTwin(key) {
                XCTAssertTrue(xml.contains(markupEscaped(key)), "\(command.action)'s \(key) is missing from the shortcuts window")
            }
            if !(command.accels + command.keys).isEmpty {
                XCTAssertTrue(xml.contains(markupEscaped(command.title)), command.title)
            }
        }
    }

    /// The keys that act only where the focus is (the grid's arrows, the preview's, the
    /// tray's) are listed too; keypad twins, drawn like their main keys, are not repeated; and
    /// no row holds more than four keycaps, so two columns fit a 1024 px window.
    func testTheShortcutsWindowListsTheKeysOfTheGridPreviewAndTray() {
        let xml = MainActor.assumeIsolated { ShortcutsWindow.xml() }
        for help in KeyHelp.all {
            XCTAssertTrue(xml.contains(markupEscaped(help.title)), help.title)
            for key in help.keys { XCTAssertTrue(xml.contains(">\(markupEscaped(key))") || xml.contains(" \(markupEscaped(key))"), key) }
        }
        for key in ["<Shift>Left", "Delete", "<Primary>Left", "p", "plus", "minus", "1", "0", "Page_Down"] {
            XCTAssertTrue(xml.contains(markupEscaped(key)), "\(key) is not in the shortcuts window")
        }
        XCTAssertFalse(xml.contains("KP_"), "a keypad twin is listed")
        let rows = MainActor.assumeIsolated { Command.Section.allCases.flatMap { ShortcutsWindow.rows(in: $0) } }
        for row in rows {
            let caps = row.keys.map { $0.filter { $0 == "<" }.count + 1 }.reduce(0, +)
            XCTAssertLessThanOrEqual(caps, 4, "\(row.title): \(row.keys)")
        }
        // The preview's commands are listed in its group, each title once.
        let preview = MainActor.assumeIsolated { ShortcutsWindow.rows(in: .preview) }
        for command in KeyBindings.rows(in: .preview) {
            XCTAssertTrue(preview.contains { $0.title == command.title }, command.title)
        }
        XCTAssertEqual(Set(preview.map(\.title)).count, preview.count, "a title twice: \(preview)")
        let paged = MainActor.assumeIsolated { Set(ShortcutsWindow.pages.flatMap(\.groups)) }
        XCTAssertEqual(paged, Set(Command.Section.allCases), "every group is on a page")
    }

    func testSwitchedOffSetsNameWindowActions() {
        let window = Set(Commands.all.filter { !$0.id.isApplications }.map(\.id))
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

    /// A command is named by `CommandName` alone: no "win.…" or "app.…" string in the GTK
    /// front's code outside the table (comments may quote them).
    static func actionLiterals(in text: String) -> [String] {
        var found: [String] = []
        for line in text.split(separator: "\n") {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            for prefix in ["\"win.", "\"app."] where code.contains(prefix) { found.append(String(line)) }
        }
        return found
    }

    func testNoActionIsNamedByAStringOutsideTheTable() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PhotoPickGtk").path
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: folder))
        var checked = 0
        for case let file as String in walker where file.hasSuffix(".swift") && file != "App/Commands.swift" {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in Self.actionLiterals(in: text) { XCTFail("\(file): an action named by a string: \(line)") }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 50)
        XCTAssertEqual(Self.actionLiterals(in: "button.setAction(\"win.accept\")\n").count, 1, "the check can fail")
        XCTAssertEqual(Self.actionLiterals(in: "/// Cancel (\"win.cancel\")\nsetAction(.cancel)\n"), [])
    }
}
