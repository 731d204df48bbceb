import CGtk

extension Gtk {
    /// A GtkGestureDrag on a widget (which owns the controller): a press, the pointer's moves
    /// as offsets from it, and the release.
    @MainActor
    struct DragGesture {
        /// The controller, for tracking the handler ids the `on…` methods return.
        let object: OpaquePointer
        private var gesture: OpaquePointer { object }

        init(on widget: Widget, button: Int32 = GDK_BUTTON_PRIMARY, phase: GtkPropagationPhase = GTK_PHASE_BUBBLE) {
            object = gtk_gesture_drag_new()
            gtk_gesture_single_set_button(object, guint(button))
            gtk_event_controller_set_propagation_phase(object, phase)
            gtk_widget_add_controller(widget, object)
        }

        /// The press, where it happened.
        @discardableResult
        func onBegin(_ handler: @escaping @MainActor (Double, Double) -> Void) -> UInt { onPointSignal(gesture, "drag-begin", handler) }
        /// A move, as the offset from the press.
        @discardableResult
        func onUpdate(_ handler: @escaping @MainActor (Double, Double) -> Void) -> UInt { onPointSignal(gesture, "drag-update", handler) }
        /// The release, as the offset from the press.
        @discardableResult
        func onEnd(_ handler: @escaping @MainActor (Double, Double) -> Void) -> UInt { onPointSignal(gesture, "drag-end", handler) }
        /// Another gesture or a grab took the sequence over.
        @discardableResult
        func onCancel(_ handler: @escaping Action) -> UInt { onPointerSignal(gesture, "cancel") { _ in handler() } }

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
