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

extension PickerDriver {
    /// The centre of what the picker names `name` (PlaceTrace: `tile <path>`, `album
    /// all-photos`, `album folder <path>`, `tray <path>`, `button cancel`…) in window
    /// coordinates, once it is on screen.
    public func place(_ name: String, timeout: Double = 20) throws -> (x: Int, y: Int) {
        let prefix = " place \(name) "
        var found: (x: Int, y: Int)?
        let shown = waitForTrace(timeout: timeout) { lines in
            guard let line = lines.last(where: { $0.hasPrefix("photopick-trace ") && $0.contains(prefix) }),
                  !line.hasSuffix(" hidden") else { return false }
            let numbers = line.split(separator: " ").suffix(4).compactMap { Int($0) }
            guard numbers.count == 4 else { return false }
            found = (numbers[0] + numbers[2] / 2, numbers[1] + numbers[3] / 2)
            return true
        }
        guard shown, let found else {
            throw GUITestError("'\(name)' is not on screen after \(timeout) s: \(process.stderrSoFar.suffix(3000))")
        }
        return found
    }

    /// Waits until what the picker names `name` has left the screen (a tile or a tray item
    /// whose file went away).
    public func waitUntilGone(_ name: String, timeout: Double = 20) throws {
        let prefix = " place \(name) "
        guard waitForTrace(timeout: timeout, until: { lines in
            lines.last { $0.hasPrefix("photopick-trace ") && $0.contains(prefix) }?.hasSuffix(" hidden") ?? false
        }) else { throw GUITestError("'\(name)' is still on screen after \(timeout) s") }
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

extension PickerDriver {
    /// The paths of the grid's tiles on screen, in reading order (the top row left to right
    /// first), as the picker's PlaceTrace lines in `lines` last told them.
    public func tilesOnScreen(in lines: [Substring]) -> [String] {
        var places: [String: (x: Int, y: Int)] = [:]
        for line in lines where line.hasPrefix("photopick-trace ") {
            guard let start = line.range(of: " place tile ") else { continue }
            let rest = line[start.upperBound...]
            if rest.hasSuffix(" hidden") {
                places[String(rest.dropLast(" hidden".count))] = nil
                continue
            }
            let words = rest.split(separator: " ", omittingEmptySubsequences: false)
            guard words.count > 4, let x = Int(words[words.count - 4]), let y = Int(words[words.count - 3]) else { continue }
            places[words.dropLast(4).joined(separator: " ")] = (x, y)
        }
        return places.sorted { ($0.value.y, $0.value.x) < ($1.value.y, $1.value.x) }.map(\.key)
    }

    /// Waits until the first tiles on screen are `paths`, in that order: the grid shows what
    /// the test expects before it clicks one of them by name.
    public func waitForTiles(_ paths: String..., timeout: Double = 20) throws {
        var seen: [String] = []
        let shown = waitForTrace(timeout: timeout) { lines in
            seen = tilesOnScreen(in: lines)
            return Array(seen.prefix(paths.count)) == paths
        }
        guard shown else { throw GUITestError("the first tiles on screen are \(seen.prefix(paths.count + 2)), not \(paths)") }
    }
}

extension PickerDriver {
    /// The places on screen of everything whose PlaceTrace name starts with `prefix` (e.g.
    /// "tile ", "tray "), as the lines so far last told them: name, and the centre.
    public func places(_ prefix: String) -> [(name: String, x: Int, y: Int)] {
        var found: [String: (x: Int, y: Int)] = [:]
        let marker = " place " + prefix
        for line in process.stderrSoFar.split(separator: "\n") where line.hasPrefix("photopick-trace ") {
            guard let start = line.range(of: marker) else { continue }
            let rest = line[start.upperBound...]
            if rest.hasSuffix(" hidden") {
                found[String(rest.dropLast(" hidden".count))] = nil
                continue
            }
            let words = rest.split(separator: " ", omittingEmptySubsequences: false)
            let numbers = words.suffix(4).compactMap { Int($0) }
            guard words.count > 4, numbers.count == 4 else { continue }
            found[words.dropLast(4).joined(separator: " ")] = (numbers[0] + numbers[2] / 2, numbers[1] + numbers[3] / 2)
        }
        return found.map { (name: $0.key, x: $0.value.x, y: $0.value.y) }.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// The centre of the tile in `column` of the `row`th row of tiles on screen (both from 0),
    /// once there is one.
    public func tileSpot(column: Int, row: Int, timeout: Double = 20) throws -> (x: Int, y: Int) {
        var spot: (x: Int, y: Int)?
        _ = waitForTrace(timeout: timeout) { _ in
            let tiles = places("tile ")
            let rows = Array(Set(tiles.map(\.y))).sorted()
            guard rows.indices.contains(row) else { return false }
            let inRow = tiles.filter { $0.y == rows[row] }
            guard inRow.indices.contains(column) else { return false }
            spot = (inRow[column].x, inRow[column].y)
            return true
        }
        guard let spot else { throw GUITestError("no tile at column \(column) of row \(row) on screen: \(places("tile "))") }
        return spot
    }

    /// The centre of the `index`th pick in the tray, from the left (from 0), once it is there.
    public func traySpot(_ index: Int, timeout: Double = 20) throws -> (x: Int, y: Int) {
        var spot: (x: Int, y: Int)?
        _ = waitForTrace(timeout: timeout) { _ in
            let items = places("tray ").sorted { $0.x < $1.x }
            guard items.indices.contains(index) else { return false }
            spot = (items[index].x, items[index].y)
            return true
        }
        guard let spot else { throw GUITestError("no pick \(index) in the tray: \(places("tray "))") }
        return spot
    }
}
