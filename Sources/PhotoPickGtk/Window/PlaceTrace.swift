import Foundation
import PhotoPickCore
import PhotoPickSystem

/// With `PHOTOPICK_TRACE=1`, tells where the things a test points at are on the window, so a
/// test clicks a tile or an album row by what it is rather than by pixels read off a
/// screenshot: after each frame that moved one, `place <name> <x> <y> <width> <height>` in the
/// window's X coordinates (as xdotool's `--window` takes them), or `place <name> hidden` once
/// it left the screen. A view names its widgets (`tile <path>`, `album <key>`, `tray <path>`,
/// `button <what>`); a recycled widget is renamed when it shows something else.
@MainActor
enum PlaceTrace {
    private static var names: [UInt: (widget: Gtk.AnyWidget, name: String)] = [:]
    private static var lastLine: [String: String] = [:]
    private static var window: Gtk.Window?
    /// Asked for apart from the trace (`PHOTOPICK_TRACE_PLACES=1`, which the GUI tests set): a
    /// scroll moves every tile, and a line for each in every frame is work the bench's traced
    /// window must not measure.
    private static let enabled = Trace.isEnabled && ProcessInfo.processInfo.environment["PHOTOPICK_TRACE_PLACES"] == "1"

    /// Names `widget` (or renames it, for a recycled one); nothing when not tracing.
    static func name(_ widget: some WidgetHandle, _ name: String) {
        guard enabled else { return }
        let key = UInt(bitPattern: widget.widget)
        if names[key] == nil {
            Gtk.onDestroy(of: widget.widget) { names[key] = nil }
        }
        names[key] = (Gtk.AnyWidget(widget.widget), name)
    }

    /// Reports after every frame of `window` (the picker's main window).
    static func install(on window: Gtk.Window) {
        guard enabled, self.window == nil else { return }
        self.window = window
        Gtk.afterEveryFrame(of: window.widget) { report() }
    }

    /// Widgets no view names, found by their style classes (each class inside the one
    /// before): GTK's own close button, the pinned group header's Select, the preview's
    /// stage (an image's, a video's or a failure's: whichever shows).
    private static let byClass: [(classes: [String], name: String)] = [
        (["close"], "button close"),
        (["pinned-header", "select-group"], "button pinned-select"),
        (["preview-stage"], "preview stage"),
    ]
    private static var foundByClass: Set<String> = []

    private static var framesSinceSearch = 30

    private static func nameByClass() {
        // A walk of the whole tree: every 30th frame at most, until each is found.
        guard let window, foundByClass.count < byClass.count else { return }
        framesSinceSearch += 1
        guard framesSinceSearch >= 30 else { return }
        framesSinceSearch = 0
        for (classes, name) in byClass where !foundByClass.contains(name) {
            var found = [Gtk.AnyWidget(window.widget)]
            for cls in classes { found = found.flatMap { Gtk.descendants(of: $0, withClass: cls) } }
            guard !found.isEmpty else { continue }
            foundByClass.insert(name)
            for widget in found { self.name(widget, name) }
        }
    }

    private static func report() {
        nameByClass()
        var now: [String: String] = [:]
        for (widget, name) in names.values {
            guard let place = Gtk.screenPlace(of: widget.widget) else { continue }
            now[name] = "\(place.x) \(place.y) \(place.width) \(place.height)"
        }
        for (name, line) in now.sorted(by: { $0.key < $1.key }) where lastLine[name] != line {
            Trace.mark("place \(name) \(line)")
        }
        for name in lastLine.keys.sorted() where now[name] == nil {
            Trace.mark("place \(name) hidden")
        }
        lastLine = now
    }
}

extension AlbumID {
    /// The album's name in PlaceTrace's lines: `all-photos`, `screenshots`…, `folder <path>`.
    var placeName: String {
        switch self {
        case .allPhotos: "all-photos"
        case .videos: "videos"
        case .screenshots: "screenshots"
        case .recentlyAdded: "recently-added"
        case .favorites: "favorites"
        case .panoramas: "panoramas"
        case .folder(let path): "folder \(path)"
        }
    }
}
