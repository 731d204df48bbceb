import CGtk

extension Gtk {
    /// The modifier keys held during the event a controller is handling.
    struct Modifiers {
        let state: GdkModifierType
        var control: Bool { state.rawValue & GDK_CONTROL_MASK.rawValue != 0 }
        var shift: Bool { state.rawValue & GDK_SHIFT_MASK.rawValue != 0 }
    }

    /// A GtkGestureClick on a widget (which owns the controller): presses and releases of
    /// one mouse button, with the press count (2 for a double-click) and the place.
    @MainActor
    struct ClickGesture {
        private let gesture: OpaquePointer

        init(on widget: Widget, button: Int32 = GDK_BUTTON_PRIMARY, phase: GtkPropagationPhase = GTK_PHASE_BUBBLE) {
            gesture = gtk_gesture_click_new()
            gtk_gesture_single_set_button(gesture, guint(button))
            gtk_event_controller_set_propagation_phase(gesture, phase)
            gtk_widget_add_controller(widget, gesture)
        }

        func onPressed(_ handler: @escaping @MainActor (_ presses: Int, _ x: Double, _ y: Double) -> Void) {
            onClick(gesture, "pressed") { n, x, y in handler(Int(n), x, y) }
        }
        func onReleased(_ handler: @escaping @MainActor (_ presses: Int, _ x: Double, _ y: Double) -> Void) {
            onClick(gesture, "released") { n, x, y in handler(Int(n), x, y) }
        }
        var modifiers: Modifiers { Modifiers(state: gtk_event_controller_get_current_event_state(gesture)) }
    }

    /// A GtkEventControllerScroll on a widget (which owns it): wheel and touchpad scrolling.
    @MainActor
    struct ScrollController {
        private let controller: OpaquePointer

        init(on widget: Widget, axes: GtkEventControllerScrollFlags = GTK_EVENT_CONTROLLER_SCROLL_VERTICAL,
             phase: GtkPropagationPhase = GTK_PHASE_BUBBLE) {
            controller = gtk_event_controller_scroll_new(axes)
            gtk_event_controller_set_propagation_phase(controller, phase)
            gtk_widget_add_controller(widget, controller)
        }

        /// `handler` gets the deltas and returns whether it used the scroll (then nothing else scrolls).
        func onScroll(_ handler: @escaping @MainActor (_ dx: Double, _ dy: Double) -> Bool) { onScrollSignal(controller, handler) }
        var modifiers: Modifiers { Modifiers(state: gtk_event_controller_get_current_event_state(controller)) }
    }

    /// A GtkEventControllerMotion on a widget (which owns it): where the pointer is over it.
    @MainActor
    struct MotionController {
        private let controller: OpaquePointer

        init(on widget: Widget) {
            controller = gtk_event_controller_motion_new()
            gtk_widget_add_controller(widget, controller)
        }

        func onMotion(_ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) { onPointSignal(controller, "motion", handler) }
        func onEnter(_ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) { onPointSignal(controller, "enter", handler) }
    }

    /// A GtkEventControllerFocus on a widget (which owns it): the keyboard focus entering
    /// the widget or one of its children, and leaving.
    @MainActor
    struct FocusController {
        let object: OpaquePointer

        init(on widget: Widget) {
            object = gtk_event_controller_focus_new()
            gtk_widget_add_controller(widget, object)
        }

        /// The handler ids, to track on `object`.
        func onEnter(_ handler: @escaping Action) -> UInt { onSignal(object, "enter", handler) }
        func onLeave(_ handler: @escaping Action) -> UInt { onSignal(object, "leave", handler) }
        /// The focus came to the widget itself (not one inside it).
        func onIsFocus(_ handler: @escaping Action) -> UInt {
            onPointerSignal(UnsafeMutableRawPointer(object), "notify::is-focus") { [object] _ in
                if gtk_event_controller_focus_is_focus(object) != 0 { handler() }
            }
        }
    }

    /// A GtkEventControllerKey on a widget (which owns it).
    @MainActor
    struct KeyController {
        private let controller: OpaquePointer

        init(on widget: Widget, phase: GtkPropagationPhase = GTK_PHASE_BUBBLE) {
            controller = gtk_event_controller_key_new()
            gtk_event_controller_set_propagation_phase(controller, phase)
            gtk_widget_add_controller(widget, controller)
        }

        /// `handler` returns whether it handled the key (then it goes no further).
        func onKeyPressed(_ handler: @escaping @MainActor (KeyPress) -> Bool) { PhotoPickGtk.onKeyPressed(controller, handler) }
    }
}
