import CGtk

/// GTK 4.8's GtkVideo draws a big ▶ over a paused video but does nothing when it is clicked:
/// only the small button in its bar plays. A click anywhere on the picture (not on the bar)
/// plays or pauses, as in every video player. With `PHOTOPICK_TRACE=1` each change of the
/// stream's playing state is marked `video-playing true|false`.
@MainActor
enum VideoClickToPlay {
    static func install(on video: Widget) {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, guint(GDK_BUTTON_PRIMARY))
        onClick(click, "released") { presses, x, y in
            guard presses == 1, !onControls(video, x, y), let stream = gtk_video_get_media_stream(cast(video)) else { return }
            gtk_media_stream_set_playing(stream, gtk_media_stream_get_playing(stream) != 0 ? 0 : 1)
        }
        gtk_widget_add_controller(video, click)
        traceStream(of: video)
    }

    /// True when (x, y) falls on the video's own bar (its buttons and slider handle their clicks).
    private static func onControls(_ video: Widget, _ x: Double, _ y: Double) -> Bool {
        var w = gtk_widget_pick(video, x, y, GTK_PICK_DEFAULT)
        while let widget = w, widget != video {
            if String(cString: gtk_widget_get_name(widget)) == "GtkMediaControls" { return true }
            w = gtk_widget_get_parent(widget)
        }
        return false
    }

    private static func traceStream(of video: Widget) {
        guard Trace.isEnabled, let stream = gtk_video_get_media_stream(cast(video)) else { return }
        onPointerSignal(raw(stream), "notify::playing") { _ in
            Trace.mark("video-playing \(gtk_media_stream_get_playing(stream) != 0)")
        }
    }
}
