import CGtk

extension Gtk {
    /// A GtkGestureDrag on a widget (which owns the controller): a press, the pointer's moves
    /// as offsets from it, and the release.
    @MainActor
    struct DragGesture {
        private let gesture: OpaquePointer

        init(on widget: Widget, button: Int32 = GDK_BUTTON_PRIMARY, phase: GtkPropagationPhase = GTK_PHASE_BUBBLE) {
            gesture = gtk_gesture_drag_new()
            gtk_gesture_single_set_button(gesture, guint(button))
            gtk_event_controller_set_propagation_phase(gesture, phase)
            gtk_widget_add_controller(widget, gesture)
        }

        /// The press, where it happened.
        func onBegin(_ handler: @escaping @MainActor (Double, Double) -> Void) { onPointSignal(gesture, "drag-begin", handler) }
        /// A move, as the offset from the press.
        func onUpdate(_ handler: @escaping @MainActor (Double, Double) -> Void) { onPointSignal(gesture, "drag-update", handler) }
        /// The release, as the offset from the press.
        func onEnd(_ handler: @escaping @MainActor (Double, Double) -> Void) { onPointSignal(gesture, "drag-end", handler) }
        /// Another gesture or a grab took the sequence over.
        func onCancel(_ handler: @escaping Action) { onPointerSignal(gesture, "cancel") { _ in handler() } }

        /// Whether the press came from a touchscreen.
        var isTouchscreen: Bool {
            guard let device = gtk_gesture_get_device(gesture) else { return false }
            return gdk_device_get_source(device) == GDK_SOURCE_TOUCHSCREEN
        }

        /// Takes the sequence: other gestures (a tile's click) are cancelled.
        func claim() { gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED) }
        /// Leaves the sequence to others (scrolling, a drag source).
        func deny() { gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_DENIED) }
    }
}
