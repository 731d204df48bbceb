import CGtk
import PhotoPickCore

/// The preview's video player: GTK's media file (GStreamer) drawn upright — turned by the
/// container's `QuarterTurn`, which GTK 4.8's GtkVideo ignores, showing a phone's portrait
/// clip sideways — with our own bar (`VideoControls`). It opens paused on the first frame,
/// with a big ▶ over it; a click on the picture (or P) plays or pauses, as in video players.
///
/// With `PHOTOPICK_TRACE=1`: `video-playing true|false` when that changes, `video-clock`
/// when the clocks do.
@MainActor
final class VideoPlayer {
    let root: Widget
    private let stream: UnsafeMutablePointer<GtkMediaStream>
    /// The reference made with the stream, given back by `stop`.
    private var streamRef: ObjectRef?
    private let picture: Widget
    private let bigPlay: Widget
    private let controls = VideoControls()
    /// The container's length, until the stream knows its own.
    private let knownDuration: Double?
    private var handlers: [SignalConnection] = []
    private var reportedFailure = false

    /// The stream could not be played: why, in its words.
    var onFailure: (String) -> Void = { _ in }

    init(path: RawPath, turn: QuarterTurn, duration: Double?) {
        knownDuration = duration
        let file = path.withCString { gtk_media_file_new_for_filename($0) }!
        stream = file
        streamRef = ObjectRef(adopting: OpaquePointer(file))
        picture = gtk_picture_new_for_paintable(OpaquePointer(stream))
        Gtk.Picture(picture).setContentFit(GTK_CONTENT_FIT_CONTAIN)
        Gtk.Picture(picture).setCanShrink(true)
        let upright = QuarterTurnLayout.box(turn: turn)
        Gtk.Box(upright).append(picture)

        let stage = gtk_overlay_new()!
        Gtk.Overlay(stage).setChild(upright)
        gtk_widget_set_vexpand(stage, 1)
        bigPlay = gtk_image_new_from_icon_name("media-playback-start-symbolic")
        Gtk.Image(bigPlay).setPixelSize(32)
        addClass(bigPlay, "video-big-play")
        gtk_widget_set_halign(bigPlay, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(bigPlay, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(bigPlay, 0)  // a click on it is a click on the picture
        Gtk.Overlay(stage).addOverlay(bigPlay)

        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        Gtk.Box(root).append(stage)
        Gtk.Box(root).append(controls.root)

        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, guint(GDK_BUTTON_PRIMARY))
        onClick(click, "released") { [unowned self] presses, _, _ in
            if presses == 1 { self.playOrPause() }
        }
        gtk_widget_add_controller(stage, click)
        controls.onPlayPause = { [unowned self] in self.playOrPause() }
        controls.onSeek = { [unowned self] seconds in
            if gtk_media_stream_is_seekable(self.stream) != 0 { gtk_media_stream_seek(self.stream, gint64(seconds * 1_000_000)) }
        }
        controls.onMute = { [unowned self] in
            gtk_media_stream_set_muted(self.stream, gtk_media_stream_get_muted(self.stream) != 0 ? 0 : 1)
        }
        follow()
        showState()
    }

    /// Pauses and lets go of the file (the pipeline stops now, not when GTK drops the picture).
    func stop() {
        handlers.forEach { $0.disconnect() }
        handlers = []
        gtk_media_stream_pause(stream)
        Gtk.clearMediaFile(stream)
        Gtk.Picture(picture).setPaintable(nil)
        streamRef = nil
    }

    func playOrPause() {
        guard gtk_media_stream_get_error(stream) == nil else { return }
        if gtk_media_stream_get_playing(stream) != 0 { return gtk_media_stream_pause(stream) }
        if gtk_media_stream_get_ended(stream) != 0 { gtk_media_stream_seek(stream, 0) }  // again from the start
        gtk_media_stream_play(stream)
    }

    /// The stream's properties drive the bar, the big ▶ and the trace.
    private func follow() {
        for property in ["playing", "ended", "timestamp", "duration", "prepared", "has-audio", "muted", "error"] {
            let id = onPointerSignal(stream, "notify::" + property) { [weak self] _ in
                guard let self else { return }
                if property == "playing" { Trace.mark("video-playing \(gtk_media_stream_get_playing(self.stream) != 0)") }
                self.showState()
            }
            handlers.append(SignalConnection(instance: UnsafeMutableRawPointer(stream), handler: id))
        }
    }

    private func showState() {
        if let error = gtk_media_stream_get_error(stream) {
            guard !reportedFailure else { return }
            reportedFailure = true
            return onFailure(String(cString: error.pointee.message))
        }
        let playing = gtk_media_stream_get_playing(stream) != 0
        gtk_widget_set_visible(bigPlay, playing ? 0 : 1)
        controls.show(playing: playing)
        let streamDuration = Double(gtk_media_stream_get_duration(stream)) / 1_000_000
        let duration = streamDuration > 0 ? streamDuration : knownDuration
        let timestamp = Double(gtk_media_stream_get_timestamp(stream)) / 1_000_000
        let ended = gtk_media_stream_get_ended(stream) != 0
        controls.show(elapsed: ended ? max(timestamp, duration ?? 0) : timestamp, duration: duration)
        controls.show(hasAudio: gtk_media_stream_has_audio(stream) != 0, muted: gtk_media_stream_get_muted(stream) != 0)
    }
}
