import Foundation

extension PickerDriver {
    /// Waits (up to `timeout` seconds) until the picker's trace (PHOTOPICK_TRACE=1) holds a
    /// line for which `done` is true of every trace line so far; returns whether it did.
    public func waitForTrace(timeout: Double = 20, until done: ([Substring]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if done(process.stderrSoFar.split(separator: "\n")) { return true }
            usleep(100_000)
        }
        return false
    }
}

extension PickerDriver {
    /// How many of the picker's trace lines so far contain `event`.
    public func traceCount(_ event: String) -> Int {
        process.stderrSoFar.split(separator: "\n").filter { $0.hasPrefix("photopick-trace ") && $0.contains(event) }.count
    }

    /// Does `action`, then waits until one more trace line contains `event` than before (e.g.
    /// " focus GtkListItemWidget.activatable": a list row took the keyboard focus; " video-opened ":
    /// the preview's player has the file), so the next step starts from what the user would
    /// see rather than after a guessed pause, however busy the machine.
    public func after(_ action: () throws -> Void, expectTrace event: String, timeout: Double = 20) throws {
        let before = traceCount(event)
        try action()
        guard waitForTrace(timeout: timeout, until: { _ in traceCount(event) > before }) else {
            throw GUITestError("no new trace line with '\(event)' in \(timeout) s: \(process.stderrSoFar)")
        }
    }
}

extension PickerDriver {
    /// The inputs InputTrace counts.
    public enum Input: String { case key, click, scroll }

    /// Does `send`, which makes `count` inputs of `kind` (a key press that is not a modifier
    /// alone, or a mouse button's release), and waits until the picker has handled them and
    /// painted what they changed, or has ended (Return on Done, Escape…).
    public func handling(_ kind: Input, count: Int = 1, _ send: () throws -> Void) throws {
        let event = " input-handled \(kind.rawValue) "
        let before = traceCount(event)
        try send()
        guard count > 0 else { return }
        guard waitForTrace(timeout: 20, until: { _ in traceCount(event) >= before + count || !process.isRunning }) else {
            throw GUITestError("the picker did not handle \(count) \(kind) input(s) in 20 s: \(process.stderrSoFar.suffix(3000))")
        }
    }
}

/// Where something the picker names is (PlaceTrace's `place <name> x y w h` lines): its
/// centre in window coordinates.
public struct Place: Sendable {
    public let name: String
    public let x: Int, y: Int
}

extension PickerDriver {
    /// What the PlaceTrace lines among `lines` last said is on screen, by name (a `hidden`
    /// line takes a name off): the one reading of those lines every lookup below shares.
    public static func placesOnScreen(in lines: [Substring]) -> [String: Place] {
        var found: [String: Place] = [:]
        for line in lines where line.hasPrefix("photopick-trace ") {
            guard let start = line.range(of: " place ") else { continue }
            let rest = line[start.upperBound...]
            if rest.hasSuffix(" hidden") {
                found[String(rest.dropLast(" hidden".count))] = nil
                continue
            }
            let words = rest.split(separator: " ", omittingEmptySubsequences: false)
            let numbers = words.suffix(4).compactMap { Int($0) }
            guard words.count > 4, numbers.count == 4 else { continue }
            let name = words.dropLast(4).joined(separator: " ")
            found[name] = Place(name: name, x: numbers[0] + numbers[2] / 2, y: numbers[1] + numbers[3] / 2)
        }
        return found
    }

    /// The places on screen now whose names start with `prefix` ("tile ", "tray "), in reading
    /// order (top row first, left to right).
    public func places(_ prefix: String) -> [Place] {
        Self.placesOnScreen(in: process.stderrSoFar.split(separator: "\n")).values
            .filter { $0.name.hasPrefix(prefix) }.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// Waits (up to `timeout`) until `pick` finds something in the places on screen.
    private func waitForPlace<T>(timeout: Double, _ pick: ([String: Place]) -> T?) -> T? {
        var found: T?
        _ = waitForTrace(timeout: timeout) { lines in
            found = pick(Self.placesOnScreen(in: lines))
            return found != nil
        }
        return found
    }

    /// The centre of what the picker names `name` (`tile <path>`, `album all-photos`, `album
    /// folder <path>`, `tray <path>`, `button cancel`…) in window coordinates, once it is on screen.
    public func place(_ name: String, timeout: Double = 20) throws -> (x: Int, y: Int) {
        guard let found = waitForPlace(timeout: timeout, { $0[name] }) else {
            throw GUITestError("'\(name)' is not on screen after \(timeout) s: \(process.stderrSoFar.suffix(3000))")
        }
        return (found.x, found.y)
    }

    /// Waits until what the picker names `name` has left the screen (a tile or a tray item
    /// whose file went away).
    public func waitUntilGone(_ name: String, timeout: Double = 20) throws {
        guard waitForPlace(timeout: timeout, { $0[name] == nil ? true : nil }) != nil else {
            throw GUITestError("'\(name)' is still on screen after \(timeout) s")
        }
    }

    /// Waits until the first tiles on screen are `paths`, in that order: the grid shows what
    /// the test expects before it clicks one of them by name.
    public func waitForTiles(_ paths: String..., timeout: Double = 20) throws {
        var seen: [String] = []
        let shown = waitForPlace(timeout: timeout) { places -> Bool? in
            seen = places.values.filter { $0.name.hasPrefix("tile ") }.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
                .map { String($0.name.dropFirst("tile ".count)) }
            return Array(seen.prefix(paths.count)) == paths ? true : nil
        }
        guard shown != nil else { throw GUITestError("the first tiles on screen are \(seen.prefix(paths.count + 2)), not \(paths)") }
    }

    /// The centre of the tile in `column` of the `row`th row of tiles on screen (both from 0).
    public func tileSpot(column: Int, row: Int, timeout: Double = 20) throws -> (x: Int, y: Int) {
        let spot = waitForPlace(timeout: timeout) { places -> Place? in
            let tiles = places.values.filter { $0.name.hasPrefix("tile ") }
            let rows = Set(tiles.map(\.y)).sorted()
            guard rows.indices.contains(row) else { return nil }
            let inRow = tiles.filter { $0.y == rows[row] }.sorted { $0.x < $1.x }
            return inRow.indices.contains(column) ? inRow[column] : nil
        }
        guard let spot else { throw GUITestError("no tile at column \(column) of row \(row) on screen: \(places("tile "))") }
        return (spot.x, spot.y)
    }

    /// The centre of the `index`th pick in the tray, from the left (from 0), once it is there.
    public func traySpot(_ index: Int, timeout: Double = 20) throws -> (x: Int, y: Int) {
        let spot = waitForPlace(timeout: timeout) { places -> Place? in
            let items = places.values.filter { $0.name.hasPrefix("tray ") }.sorted { $0.x < $1.x }
            return items.indices.contains(index) ? items[index] : nil
        }
        guard let spot else { throw GUITestError("no pick \(index) in the tray: \(places("tray "))") }
        return (spot.x, spot.y)
    }

    /// Clicks the middle of what the picker names `name`.
    public func click(on name: String) throws {
        let spot = try place(name)
        try click(x: spot.x, y: spot.y)
    }

    /// Double-clicks the middle of what the picker names `name`.
    public func doubleClick(on name: String) throws {
        let spot = try place(name)
        try doubleClick(x: spot.x, y: spot.y)
    }

    /// Right-clicks the middle of what the picker names `name` (a tile's context menu).
    public func rightClick(on name: String) throws {
        let spot = try place(name)
        try xdotool.move(windowID, x: spot.x, y: spot.y)
        try handling(.click) { try xdo(["click", "3"]) }
    }

    /// Clicks the middle of what the picker names `name` with Shift held.
    public func shiftClick(on name: String) throws {
        let spot = try place(name)
        try shiftClick(x: spot.x, y: spot.y)
    }
}
