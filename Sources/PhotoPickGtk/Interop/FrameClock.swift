import CGtk

extension Gdk {
    /// A widget's frame clock: its `before-paint`, `layout` and `paint` signals mark the
    /// phases of each frame GTK draws.
    @MainActor
    struct FrameClock {
        let object: OpaquePointer
        /// Runs `handler` at each frame's `phase` ("layout", "paint"); `after`: after GTK's own handler.
        @discardableResult
        func on(_ phase: String, after: Bool = false, _ handler: @escaping Action) -> UInt {
            onSignal(object, phase, after: after, handler)
        }
    }
}

extension WidgetHandle {
    /// The clock of the window it is in; nil until it is realized.
    var frameClock: Gdk.FrameClock? { gtk_widget_get_frame_clock(widget).map(Gdk.FrameClock.init) }
}

extension WidgetView {
    /// `handler` at each of `clock`'s `phase`s, tracked like the view's other connections.
    @discardableResult
    func connect(_ clock: Gdk.FrameClock, _ phase: String, after: Bool = false,
                 _ handler: @escaping Action) -> SignalConnection {
        connect(clock.object, phase, after: after, handler)
    }
}
