import CGtk
import PhotoPickGLib

/// GTK 4 has no size-allocate signal. `widget` (a container of one child) passes its child's
/// size through and calls `handler` with every allocation it gets; the handler goes with the
/// widget. Called during size allocation: defer changes to the widget tree (MainQueueBridge).
@MainActor
func reportAllocations(of widget: Widget, _ handler: @escaping @MainActor (_ width: Int, _ height: Int) -> Void) {
    g_object_set_qdata_full(raw(widget).assumingMemoryBound(to: GObject.self), sizeHandlerQuark,
                            CallbackBox(handler).retainedPointer(), releaseBox)
    pp_report_size(widget, sizeReport)
}

private let sizeHandlerQuark = g_quark_from_static_string("photopick-size-handler")

private let sizeReport: pp_size_callback = { widget, width, height in
    guard let widget, let data = g_object_get_qdata(raw(widget).assumingMemoryBound(to: GObject.self), sizeHandlerQuark)
    else { return }
    let handler: @MainActor (Int, Int) -> Void = unbox(data)
    MainActor.assumeIsolated { handler(Int(width), Int(height)) }
}
