import CGtk
import PhotoPickGLib

/// Signal handlers: one non-capturing `@convention(c)` trampoline per C signature.
/// The Swift closure travels in PhotoPickGLib's `CallbackBox`, retained for GLib and released
/// by the closure's notify. GTK emits on the main thread, so the trampolines enter the main
/// actor directly. Main-loop sources (`MainLoopTimer`, `onUnixSignals`) and layouts
/// (`reportAllocations`) carry their closures in the same box.
private let releaseClosureBox: GClosureNotify = { data, _ in Retained.release(data) }

/// Connects `handler` through `trampoline`; the other signal files use it too.
@discardableResult
func connectRaw<F>(_ instance: UnsafeMutableRawPointer, _ signal: String, _ trampoline: GCallback, _ handler: F,
                   after: Bool = false) -> UInt {
    UInt(g_signal_connect_data(instance, signal, trampoline, CallbackBox(handler).retainedPointer(), releaseClosureBox,
                               after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0)))
}

/// The closure a trampoline's `data` carries (GLib keeps the box).
func unbox<F>(_ data: UnsafeMutableRawPointer?) -> F {
    CallbackBox<F>.from(data).call
}

typealias Action = @MainActor () -> Void

/// `void handler(Instance*, gpointer)`: activate, clicked, destroy, value-changed…
@discardableResult
func onSignal(_ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false, _ handler: @escaping Action) -> UInt {
    let t: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
        let call: Action = unbox(data)
        MainActor.assumeIsolated { call() }
    }
    return connectRaw(instance, signal, unsafeBitCast(t, to: GCallback.self), handler, after: after)
}

/// `gboolean handler(Instance*, gpointer)`: close-request.
@discardableResult
func onBoolSignal(_ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping @MainActor () -> Bool) -> UInt {
    let t: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
        let call: @MainActor () -> Bool = unbox(data)
        return MainActor.assumeIsolated { call() } ? 1 : 0
    }
    return connectRaw(instance, signal, unsafeBitCast(t, to: GCallback.self), handler)
}

/// `void handler(Instance*, gpointer arg, gpointer)`: factory setup/bind/unbind, row-selected, notify::…
@discardableResult
func onPointerSignal(_ instance: UnsafeMutableRawPointer, _ signal: String,
                     _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> UInt {
    let t: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, arg, data in
        let call: @MainActor (UnsafeMutableRawPointer?) -> Void = unbox(data)
        // Safe: GTK emits signals on the main thread, where `assumeIsolated` checks we are.
        nonisolated(unsafe) let arg = arg
        MainActor.assumeIsolated { call(arg) }
    }
    return connectRaw(instance, signal, unsafeBitCast(t, to: GCallback.self), handler)
}

struct KeyPress {
    let keyval: UInt32
    let state: GdkModifierType
    var control: Bool { state.rawValue & GDK_CONTROL_MASK.rawValue != 0 }
    var shift: Bool { state.rawValue & GDK_SHIFT_MASK.rawValue != 0 }
    var alt: Bool { state.rawValue & GDK_ALT_MASK.rawValue != 0 }
}

/// `gboolean key-pressed(GtkEventControllerKey*, guint keyval, guint keycode, GdkModifierType, gpointer)`.
@discardableResult
func onKeyPressed(_ controller: OpaquePointer, _ handler: @escaping @MainActor (KeyPress) -> Bool) -> UInt {
    let t: @convention(c) (UnsafeMutableRawPointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?) -> gboolean = { _, keyval, _, state, data in
        let call: @MainActor (KeyPress) -> Bool = unbox(data)
        return MainActor.assumeIsolated { call(KeyPress(keyval: keyval, state: state)) } ? 1 : 0
    }
    return connectRaw(raw(controller), "key-pressed", unsafeBitCast(t, to: GCallback.self), handler)
}

/// `void pressed/released(GtkGestureClick*, gint n_press, gdouble x, gdouble y, gpointer)`.
@discardableResult
func onClick(_ gesture: OpaquePointer, _ signal: String, _ handler: @escaping @MainActor (Int32, Double, Double) -> Void) -> UInt {
    let t: @convention(c) (UnsafeMutableRawPointer?, gint, gdouble, gdouble, UnsafeMutableRawPointer?) -> Void = { _, n, x, y, data in
        let call: @MainActor (Int32, Double, Double) -> Void = unbox(data)
        MainActor.assumeIsolated { call(n, x, y) }
    }
    return connectRaw(raw(gesture), signal, unsafeBitCast(t, to: GCallback.self), handler)
}

/// `GdkContentProvider* prepare(GtkDragSource*, gdouble x, gdouble y, gpointer)`: the handler
/// returns the content (or nil to refuse the drag); GTK gets a new reference to it.
@discardableResult
func onDragPrepare(_ source: OpaquePointer, _ handler: @escaping @MainActor (Double, Double) -> Gdk.ContentProvider?) -> UInt {
    let t: @convention(c) (UnsafeMutableRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?) -> UnsafeMutablePointer<GdkContentProvider>? = { _, x, y, data in
        let call: @MainActor (Double, Double) -> Gdk.ContentProvider? = unbox(data)
        // A pointer is not Sendable; its address crosses the isolation boundary instead.
        return UnsafeMutablePointer(bitPattern: MainActor.assumeIsolated {
            guard let content = call(x, y) else { return 0 }
            g_object_ref(UnsafeMutableRawPointer(content.object))  // transfer full, to GTK
            return Int(bitPattern: content.object)
        })
    }
    return connectRaw(raw(source), "prepare", unsafeBitCast(t, to: GCallback.self), handler)
}

/// A tooltip whose text is asked for only when it is about to show:
/// `gboolean query-tooltip(GtkWidget*, gint x, gint y, gboolean keyboard, GtkTooltip*, gpointer)`.
/// Setting a tooltip's text makes GTK ask the display where the pointer is (an X round trip
/// each time), too slow for rows that are bound by the hundred while scrolling.
func onQueryTooltip(_ widget: Widget, _ text: @escaping @MainActor () -> String?) {
    gtk_widget_set_has_tooltip(widget, 1)
    let t: @convention(c) (UnsafeMutableRawPointer?, gint, gint, gboolean, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = { _, _, _, _, tooltip, data in
        let call: @MainActor () -> String? = unbox(data)
        guard let text = MainActor.assumeIsolated({ call() }), !text.isEmpty, let tooltip else { return 0 }
        gtk_tooltip_set_text(tooltip, text)
        return 1
    }
    connectRaw(raw(widget), "query-tooltip", unsafeBitCast(t, to: GCallback.self), text)
}

// Typed entry points: any GObject pointer GTK hands out (a widget, a controller, an
// adjustment), so views never turn one into a raw pointer themselves.

@discardableResult
func onSignal<T>(_ instance: UnsafeMutablePointer<T>, _ signal: String, after: Bool = false, _ handler: @escaping Action) -> UInt {
    onSignal(UnsafeMutableRawPointer(instance), signal, after: after, handler)
}

@discardableResult
func onSignal(_ instance: OpaquePointer, _ signal: String, after: Bool = false, _ handler: @escaping Action) -> UInt {
    onSignal(UnsafeMutableRawPointer(instance), signal, after: after, handler)
}

@discardableResult
func onBoolSignal<T>(_ instance: UnsafeMutablePointer<T>, _ signal: String, _ handler: @escaping @MainActor () -> Bool) -> UInt {
    onBoolSignal(UnsafeMutableRawPointer(instance), signal, handler)
}

@discardableResult
func onPointerSignal<T>(_ instance: UnsafeMutablePointer<T>, _ signal: String,
                        _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> UInt {
    onPointerSignal(UnsafeMutableRawPointer(instance), signal, handler)
}

@discardableResult
func onPointerSignal(_ instance: OpaquePointer, _ signal: String,
                     _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> UInt {
    onPointerSignal(UnsafeMutableRawPointer(instance), signal, handler)
}
