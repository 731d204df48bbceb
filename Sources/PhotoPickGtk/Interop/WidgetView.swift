import CGtk
import PhotoPickGLib

/// The base of a Swift view object: it owns one widget's Swift side and every signal
/// connection it makes, and its lifetime is tied to the widget's.
///
/// The widget keeps the view alive (qdata whose destroy notify releases it), so nothing else
/// needs to: a view lives exactly as long as its widget, the way SwiftGtk's wrappers live
/// with their GObject. When the widget is destroyed (a window closed, a popover or a row torn
/// down), every handler the view connected, on the widget or on any other object, is
/// disconnected before anything is freed, so no handler can run into a view that is gone;
/// a window or popover can therefore be destroyed and made again. The Swift side can go
/// first too: `detach()` disconnects everything and lets the widget drop the view.
///
/// Handlers may capture `[unowned self]`: they are disconnected before the view can go.
@MainActor
class WidgetView {
    /// Valid while `isAttached` (the widget keeps the view, not the other way round).
    let widget: Widget
    /// The same widget, weakly: whether it still exists, for a view someone else also keeps.
    private let alive: WeakObject
    private var connections: [SignalConnection] = []
    private var destroyHandler: SignalConnection?
    private(set) var isAttached = true

    init(widget: Widget) {
        self.widget = widget
        alive = WeakObject(raw(widget))
        g_object_set_qdata_full(raw(widget).assumingMemoryBound(to: GObject.self), Self.quark(for: Self.self),
                                Retained.pointer(self), releaseBox)
        // Not tracked as a connection: it ends with the widget itself.
        destroyHandler = SignalConnection(instance: raw(widget),
                                          handler: onSignal(raw(widget), "destroy") { [unowned self] in self.widgetDestroyed() })
    }

    /// The view of this class attached to `widget`, if any (a widget has at most one of each).
    static func of(_ widget: Widget) -> Self? {
        guard let data = g_object_get_qdata(raw(widget).assumingMemoryBound(to: GObject.self), quark(for: self)) else { return nil }
        return Retained.object(data, as: self)
    }

    /// Keeps `handler` (an id from one of the `on…` connectors, on `instance`) for as long as
    /// the view and the widget live.
    @discardableResult
    func track(_ handler: UInt, on instance: UnsafeMutableRawPointer) -> SignalConnection {
        let connection = SignalConnection(instance: instance, handler: handler)
        connections.append(connection)
        return connection
    }

    /// Keeps `handler` on `instance` (any GObject pointer GTK hands out), tracked.
    @discardableResult
    func track<T>(_ handler: UInt, on instance: UnsafeMutablePointer<T>) -> SignalConnection {
        track(handler, on: UnsafeMutableRawPointer(instance))
    }

    @discardableResult
    func track(_ handler: UInt, on instance: OpaquePointer) -> SignalConnection {
        track(handler, on: UnsafeMutableRawPointer(instance))
    }

    /// Connects a plain `void handler(Instance*, gpointer)` signal on `instance`, tracked;
    /// `after` runs it after the class handler (G_CONNECT_AFTER).
    @discardableResult
    func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
                 _ handler: @escaping Action) -> SignalConnection {
        track(onSignal(instance, signal, after: after, handler), on: instance)
    }

    @discardableResult
    func connect<T>(_ instance: UnsafeMutablePointer<T>, _ signal: String, after: Bool = false,
                    _ handler: @escaping Action) -> SignalConnection {
        connect(UnsafeMutableRawPointer(instance), signal, after: after, handler)
    }

    @discardableResult
    func connect(_ instance: OpaquePointer, _ signal: String, after: Bool = false,
                 _ handler: @escaping Action) -> SignalConnection {
        connect(UnsafeMutableRawPointer(instance), signal, after: after, handler)
    }

    @discardableResult
    func connect(_ adjustment: Gtk.Adjustment, _ signal: String, after: Bool = false,
                 _ handler: @escaping Action) -> SignalConnection {
        connect(adjustment.object, signal, after: after, handler)
    }

    /// Called once when the widget is destroyed, after the view's handlers are disconnected.
    func widgetWillGo() {}

    /// The Swift side goes first: disconnects everything and lets the widget drop the view.
    func detach() {
        guard isAttached else { return }
        isAttached = false
        disconnectAll()
        destroyHandler?.disconnect()
        // Steal (no destroy notify) and balance the retain the qdata held.
        let data = alive.with { g_object_steal_qdata($0.assumingMemoryBound(to: GObject.self), Self.quark(for: Self.self)) } ?? nil
        Retained.release(data)
    }

    private func widgetDestroyed() {
        guard isAttached else { return }
        isAttached = false
        disconnectAll()
        widgetWillGo()
        // The qdata (and with it this view) goes when the widget is finalized.
    }

    private func disconnectAll() {
        let all = connections
        connections = []
        for connection in all { connection.disconnect() }
    }

    /// One key per view class, so a widget may carry views of different classes.
    private static func quark(for type: WidgetView.Type) -> GQuark {
        g_quark_from_string("photopick-view-\(String(reflecting: type))")
    }
}
