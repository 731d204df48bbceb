import CGtk

extension Gtk {
    /// A GtkDragSource on a widget (which owns the controller): what dragging the widget
    /// out offers, asked for when the drag starts.
    @MainActor
    struct DragSource {
        private let source: OpaquePointer

        /// A copy-only drag source, added to `widget`.
        init(copyingFrom widget: Widget) {
            source = gtk_drag_source_new()
            gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
            gtk_widget_add_controller(widget, source)
        }

        /// Drags `widget`'s look as it is now, held at (`x`, `y`) of it; the source keeps it.
        func setIcon(snapshotOf widget: Widget, hotX x: Int32, hotY y: Int32) {
            let icon = ObjectRef(adopting: gtk_widget_paintable_new(widget))
            gtk_drag_source_set_icon(source, icon.pointer, x, y)
        }

        /// `content` runs when a drag starts, at the pointer's place; it returns what the
        /// drag offers, or nil to refuse the drag.
        func onPrepare(_ content: @escaping @MainActor (Double, Double) -> Gdk.ContentProvider?) {
            onDragPrepare(source, content)
        }
    }
}
