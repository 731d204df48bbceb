import CGtk
import PhotoPickCore
import PhotoPickSystem

/// Dragging across tiles picks every tile from the first to the one under the pointer (or
/// unpicks them, when the first was picked), scrolling while the pointer is near the top or
/// bottom edge or beyond it.
///
/// The gesture sits on the list in the capture phase, so it sees the press before the
/// tiles do; it claims the drag once the pointer has moved, which cancels the tile's click.
/// A press held still for half a second before moving is left to the tile's drag source:
/// that is how a photo is dragged out to another program. Touch swipes are left to the
/// scrolled window.
@MainActor
final class GridDragSweep {
    private unowned let grid: ThumbnailGrid
    private let gesture: Gtk.DragGesture
    private let timer = MainLoopTimer()
    private var start = (x: 0.0, y: 0.0)
    private var pointer = (x: 0.0, y: 0.0)
    private var pressedAt = 0
    private var startTile: Int?
    private var sweep: SelectionSweep?
    private var declined = false

    /// Movement before a press becomes a sweep, and how long a still press waits before it
    /// becomes a drag out instead.
    private static let threshold = 8.0, holdForDragOut = 500_000
    /// The band along the top and bottom edges that scrolls, and the fastest scroll (pixels
    /// per 16-ms tick).
    private static let edge = 48.0, maxSpeed = 40.0

    init(grid: ThumbnailGrid) {
        self.grid = grid
        gesture = Gtk.DragGesture(on: grid.listView.widget, phase: GTK_PHASE_CAPTURE)
        gesture.onBegin { [unowned self] x, y in self.begin(x, y) }
        gesture.onUpdate { [unowned self] dx, dy in self.update(dx, dy) }
        gesture.onEnd { [unowned self] _, _ in self.end() }
        gesture.onCancel { [unowned self] in self.end() }
    }

    private func begin(_ x: Double, _ y: Double) {
        start = (x, y)
        pointer = start
        pressedAt = ThreadClock.monotonicMicroseconds()
        startTile = grid.tileIndex(x: x, y: y)
        sweep = nil
        declined = false
        // On a touchscreen a swipe scrolls, as everywhere else; tapping picks.
        if gesture.isTouchscreen {
            declined = true
            gesture.deny()
        }
    }

    private func update(_ dx: Double, _ dy: Double) {
        pointer = (start.x + dx, start.y + dy)
        if sweep == nil {
            guard !declined, (dx * dx + dy * dy).squareRoot() >= Self.threshold else { return }
            if startTile != nil, ThreadClock.monotonicMicroseconds() - pressedAt >= Self.holdForDragOut {
                declined = true
                gesture.deny()
                return
            }
            // A drag begun between tiles starts at the first tile it reaches.
            guard let index = startTile ?? tileUnderPointer(), let session = grid.session,
                  grid.collection.assetIDs.indices.contains(index) else { return }
            gesture.claim()
            grid.focus.keySweep = nil
            grid.grabKeyboardFocus()
            grid.userFocus(index, scroll: false)
            sweep = session.beginSweep(at: grid.collection.assetIDs[index])
            if let id = sweep?.anchor { grid.noticeIfRefused(id) }
        }
        track()
        followEdges()
    }

    private func end() {
        timer.stop()
        sweep = nil
    }

    /// The tile under the pointer, held inside the list while auto-scroll runs past its edges.
    private func tileUnderPointer() -> Int? {
        let height = Double(grid.listView.height)
        let width = Double(grid.listView.width)
        return grid.tileIndex(x: min(max(1, pointer.x), width - 2), y: min(max(1, pointer.y), height - 2))
    }

    /// Extends the sweep to the tile under the pointer.
    private func track() {
        guard var current = sweep, let session = grid.session, let index = tileUnderPointer(),
              grid.collection.assetIDs.indices.contains(index) else { return }
        let id = grid.collection.assetIDs[index]
        guard id != current.end else { return }
        session.continueSweep(&current, to: id)
        sweep = current
        grid.userFocus(index, scroll: false)
        if current.picking { grid.noticeIfRefused(id) }
    }

    /// How fast to scroll for the pointer's place: faster the deeper into the edge band.
    private var speed: Double {
        let height = Double(grid.listView.height)
        let edge = min(Self.edge, height / 4)
        let depth: Double
        if pointer.y < edge { depth = pointer.y - edge } else if pointer.y > height - edge { depth = pointer.y - (height - edge) } else { return 0 }
        let fraction = min(abs(depth) / (2 * edge), 1)
        return (depth < 0 ? -1 : 1) * (2 + fraction * (Self.maxSpeed - 2))
    }

    private func followEdges() {
        guard sweep != nil, speed != 0 else { return timer.stop() }
        guard !timer.isRunning else { return }
        timer.start(intervalMs: 16) { [unowned self] in
            let speed = self.speed
            guard self.sweep != nil, speed != 0 else { return self.timer.stop() }
            self.grid.scroll(by: speed)
            self.track()
        }
    }
}
