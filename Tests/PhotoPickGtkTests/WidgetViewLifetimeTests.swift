import CGtk
import XCTest
@testable import PhotoPickGtk

/// A Swift view lives exactly as long as its widget: destroying the widget (or a whole window)
/// disconnects every handler the view made, on any object, and frees the view; a view can also
/// let go first; and a window can be destroyed and made again.
///
/// XCTest runs tests on the main thread here, where the GTK side's main-actor code lives
/// (a @MainActor test class breaks XCTest's discovery on Linux).
final class WidgetViewLifetimeTests: XCTestCase {
    /// A view counting a button's shows and an adjustment's changes (an object it does not own).
    @MainActor
    private final class CountingView: WidgetView {
        var shows = 0, changes = 0, wentAway = false
        init(button: Widget, adjustment: UnsafeMutablePointer<GtkAdjustment>) {
            super.init(widget: button)
            connect(raw(button), "show") { [unowned self] in shows += 1 }
            connect(raw(adjustment), "value-changed") { [unowned self] in changes += 1 }
        }
        override func widgetWillGo() { wentAway = true }
    }

    private static func hasHandlers(_ adjustment: UnsafeMutablePointer<GtkAdjustment>, _ signal: String) -> Bool {
        g_signal_has_handler_pending(raw(adjustment), g_signal_lookup(signal, gtk_adjustment_get_type()), 0, 0) != 0
    }

    /// Hides and shows `widget` again: one "show" emission.
    @MainActor
    private static func reshow(_ widget: Widget) {
        gtk_widget_set_visible(widget, 0)
        gtk_widget_set_visible(widget, 1)
    }

    private func requireGtk() throws {
        try XCTSkipUnless(HeadlessGtk.start(), "GTK could not open a display")
    }

    func testDestroyingTheWindowDisconnectsEveryHandlerAndFreesTheView() throws {
        try requireGtk()
        MainActor.assumeIsolated {
            let adjustment = gtk_adjustment_new(0, 0, 100, 1, 10, 0)!
            g_object_ref_sink(raw(adjustment))
            defer { g_object_unref(raw(adjustment)) }
            weak var weakView: CountingView?
            var counts = (shows: 0, changes: 0)
            do {
                let window = gtk_window_new()!
                let button = gtk_button_new_with_label("Count")!
                gtk_window_set_child(cast(window), button)
                let view = CountingView(button: button, adjustment: adjustment)
                weakView = view
                Self.reshow(button)
                gtk_adjustment_set_value(adjustment, 5)
                counts = (view.shows, view.changes)
                gtk_window_destroy(cast(window))
                XCTAssertTrue(view.wentAway)
                XCTAssertFalse(view.isAttached)
            }
            HeadlessGtk.settle()
            XCTAssertEqual(counts.shows, 1)
            XCTAssertEqual(counts.changes, 1)
            XCTAssertNil(weakView, "the view outlived its widget")
            // The adjustment outlives the view: its handler must be gone, not run into freed memory.
            gtk_adjustment_set_value(adjustment, 9)
            XCTAssertFalse(Self.hasHandlers(adjustment, "value-changed"))
        }
    }

    /// Disposed (what GTK 4 calls destroying) while someone still holds a reference: the
    /// view's handlers are gone at once, the view itself goes with the last reference.
    func testADestroyedWidgetsViewHearsNothingEvenBeforeItIsFreed() throws {
        try requireGtk()
        MainActor.assumeIsolated {
            let adjustment = gtk_adjustment_new(0, 0, 100, 1, 10, 0)!
            g_object_ref_sink(raw(adjustment))
            defer { g_object_unref(raw(adjustment)) }
            let button = gtk_button_new_with_label("Count")!
            g_object_ref_sink(raw(button))
            weak var weakView: CountingView?
            do {
                let view = CountingView(button: button, adjustment: adjustment)
                weakView = view
                gtk_adjustment_set_value(adjustment, 1)
                XCTAssertEqual(view.changes, 1)
                g_object_run_dispose(raw(button).assumingMemoryBound(to: GObject.self))
                XCTAssertTrue(view.wentAway)
                XCTAssertFalse(view.isAttached)
                gtk_adjustment_set_value(adjustment, 2)
                XCTAssertEqual(view.changes, 1, "a destroyed widget's view still heard another object")
                XCTAssertFalse(Self.hasHandlers(adjustment, "value-changed"))
            }
            XCTAssertNotNil(weakView, "the widget is not freed yet")
            g_object_unref(raw(button))
            HeadlessGtk.settle()
            XCTAssertNil(weakView, "the view outlived its widget")
        }
    }

    func testAViewThatLetsGoFirstHearsNothingMore() throws {
        try requireGtk()
        MainActor.assumeIsolated {
            let adjustment = gtk_adjustment_new(0, 0, 100, 1, 10, 0)!
            g_object_ref_sink(raw(adjustment))
            defer { g_object_unref(raw(adjustment)) }
            let button = gtk_button_new_with_label("Count")!
            g_object_ref_sink(raw(button))
            weak var weakView: CountingView?
            var view: CountingView? = CountingView(button: button, adjustment: adjustment)
            weakView = view
            view!.detach()
            view = nil
            XCTAssertNil(weakView, "the widget still kept the detached view")
            Self.reshow(button)  // would crash if a handler were left
            gtk_adjustment_set_value(adjustment, 3)
            XCTAssertNil(CountingView.of(button))
            g_object_unref(raw(button))
            HeadlessGtk.settle()
            XCTAssertFalse(Self.hasHandlers(adjustment, "value-changed"))
        }
    }

    func testAWindowCanBeDestroyedAndMadeAgain() throws {
        try requireGtk()
        MainActor.assumeIsolated {
            let adjustment = gtk_adjustment_new(0, 0, 100, 1, 10, 0)!
            g_object_ref_sink(raw(adjustment))
            defer { g_object_unref(raw(adjustment)) }
            for round in 1...3 {
                weak var weakView: CountingView?
                do {
                    let window = gtk_window_new()!
                    let button = gtk_button_new_with_label("Round \(round)")!
                    gtk_window_set_child(cast(window), button)
                    let view = CountingView(button: button, adjustment: adjustment)
                    weakView = view
                    gtk_widget_set_visible(window, 1)
                    HeadlessGtk.settle()
                    gtk_adjustment_set_value(adjustment, Double(round * 10))
                    XCTAssertEqual(view.changes, 1, "round \(round): only this round's view hears the change")
                    XCTAssertTrue(CountingView.of(button) === view)
                    gtk_window_destroy(cast(window))
                }
                HeadlessGtk.settle()
                XCTAssertNil(weakView, "round \(round): the view outlived its window")
            }
        }
    }
}
