import CGtk

/// GTK hands out the same object as different pointer shapes: public structs import as
/// typed pointers, final (opaque) types as `OpaquePointer`. These convert at call sites.
typealias Widget = UnsafeMutablePointer<GtkWidget>

@inline(__always) func ptr<T>(_ p: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<T>? { p?.assumingMemoryBound(to: T.self) }
@inline(__always) func ptr(_ p: UnsafeMutableRawPointer?) -> OpaquePointer? { p.map(OpaquePointer.init) }
@inline(__always) func raw<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(p) }
@inline(__always) func raw(_ p: OpaquePointer) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(p) }

/// A widget as another GTK type: `cast(widget) as UnsafeMutablePointer<GtkBox>` or as `OpaquePointer`.
@inline(__always) func cast<T>(_ w: Widget) -> UnsafeMutablePointer<T> { raw(w).assumingMemoryBound(to: T.self) }
@inline(__always) func cast(_ w: Widget) -> OpaquePointer { OpaquePointer(w) }
@inline(__always) func widget(_ p: OpaquePointer) -> Widget { raw(p).assumingMemoryBound(to: GtkWidget.self) }
@inline(__always) func widget<T>(_ p: UnsafeMutablePointer<T>) -> Widget { raw(p).assumingMemoryBound(to: GtkWidget.self) }

func addClass(_ w: Widget, _ name: String) { gtk_widget_add_css_class(w, name) }
func removeClass(_ w: Widget, _ name: String) { gtk_widget_remove_css_class(w, name) }
func setClass(_ w: Widget, _ name: String, _ on: Bool) { on ? addClass(w, name) : removeClass(w, name) }
@MainActor func addClass(_ w: some WidgetHandle, _ name: String) { addClass(w.widget, name) }
@MainActor func removeClass(_ w: some WidgetHandle, _ name: String) { removeClass(w.widget, name) }
@MainActor func setClass(_ w: some WidgetHandle, _ name: String, _ on: Bool) { setClass(w.widget, name, on) }

/// The widget's style classes, in GTK's order.
func cssClasses(_ w: Widget) -> [String] { takeStringVector(gtk_widget_get_css_classes(w)) }

func label(_ text: String, classes: [String] = []) -> Widget {
    let l = gtk_label_new(text)!
    classes.forEach { addClass(l, $0) }
    return l
}
