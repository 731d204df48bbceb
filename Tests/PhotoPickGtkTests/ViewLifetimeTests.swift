import CGtk
import XCTest
@testable import PhotoPickGtk

/// The window's big views (the grid, the preview, the selection tray) are WidgetViews: a
/// window holding them can be destroyed, which frees them with their widgets, and made
/// again, round after round.
final class ViewLifetimeTests: XCTestCase {
    private func requireGtk() throws {
        try XCTSkipUnless(HeadlessGtk.start(), "GTK could not open a display")
    }

    /// Puts the view made by `make` in a window, shows it, destroys the window: three rounds,
    /// each view attached while shown and gone afterwards.
    @MainActor
    private static func destroyAndMakeAgain<V: WidgetView>(_ make: () -> V, file: StaticString = #filePath, line: UInt = #line) {
        for round in 1...3 {
            weak var weakView: V?
            do {
                let window = gtk_window_new()!
                let view = make()
                weakView = view
                Gtk.Window(window).setChild(view.widget)
                gtk_widget_set_visible(window, 1)
                HeadlessGtk.settle()
                XCTAssertTrue(view.isAttached, "round \(round)", file: file, line: line)
                XCTAssertTrue(V.of(view.widget) === view, "round \(round): the widget does not hold its view", file: file, line: line)
                Gtk.Window(window).destroy()
                XCTAssertFalse(view.isAttached, "round \(round): the view did not hear its widget go", file: file, line: line)
            }
            HeadlessGtk.settle()
            XCTAssertNil(weakView, "round \(round): the view outlived its window", file: file, line: line)
        }
    }

    func testTheSelectionTrayGoesWithItsWindow() throws {
        try requireGtk()
        MainActor.assumeIsolated {
            let thumbnails = SmallThumbnails(side: 96)
            Self.destroyAndMakeAgain { SelectionTray(thumbnails: thumbnails) }
        }
    }

    func testThePreviewGoesWithItsWindow() throws {
        try requireGtk()
        MainActor.assumeIsolated {
            let thumbnails = SmallThumbnails(side: 96)
            Self.destroyAndMakeAgain { PreviewView(thumbnails: thumbnails) }
        }
    }

    func testTheGridGoesWithItsWindow() throws {
        try requireGtk()
        MainActor.assumeIsolated {
            Self.destroyAndMakeAgain { ThumbnailGrid(tileSize: 128) }
        }
    }
}
