import CGtk
import PhotoPickCore
import PhotoPickSystem

/// The preview's video player: GTK's media file (GStreamer) drawn upright — turned by the
/// container's `QuarterTurn`, which GTK 4.8's GtkVideo ignores, showing a phone's portrait
/// clip sideways (GTK 4.18 turns it itself, and is left to) — with our own bar
/// (`VideoControls`). It opens paused on the first frame, with a big ▶ over it; a click on
/// the picture (or P) plays or pauses, as in video players.
///
/// With `PHOTOPICK_TRACE=1`: `video-playing true|false` when that changes, `video-clock`
/// when the clocks do.
@MainActor
final class VideoPlayer {
    let root: Widget
    /// The stream, until `stop` lets go of it.
    private var stream: Gtk.MediaFile?
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
        let stream = Gtk.MediaFile(path: path)
        self.stream = stream
        picture = stream.picture()
        Gtk.Picture(picture).setContentFit(GTK_CONTENT_FIT_CONTAIN)
        Gtk.Picture(picture).setCanShrink(true)
        let upright = QuarterTurnLayout.box(turn: Gtk.MediaFile.turnsFramesUpright ? .none : turn)
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

        Gtk.ClickGesture(on: stage).onReleased { [unowned self] presses, _, _ in
            if presses == 1 { self.playOrPause() }
        }
        controls.onPlayPause = { [unowned self] in self.playOrPause() }
        controls.onSeek = { [unowned self] seconds in
            if let stream = self.stream, stream.isSeekable { stream.seek(to: seconds) }
        }
        controls.onMute = { [unowned self] in
            if let stream = self.stream { stream.setMuted(!stream.isMuted) }
        }
        follow()
        showState()
    }

    /// Pauses and lets go of the file (the pipeline stops now, not when GTK drops the picture).
    func stop() {
        handlers.forEach { $0.disconnect() }
        handlers = []
        stream?.pause()
        stream?.clear()
        Gtk.Picture(picture).setPaintable(nil)
        stream = nil
    }

    func playOrPause() {
        guard let stream, stream.errorMessage == nil else { return }
        if stream.isPlaying { return stream.pause() }
        if stream.hasEnded { stream.seek(to: 0) }  // again from the start
        stream.play()
    }

    /// The stream's properties drive the bar, the big ▶ and the trace.
    private func follow() {
        guard let stream else { return }
        for property in ["playing", "ended", "timestamp", "duration", "prepared", "has-audio", "muted", "error"] {
            handlers.append(stream.onNotify(property) { [weak self] in
                guard let self, let stream = self.stream else { return }
                if property == "playing" { Trace.mark("video-playing \(stream.isPlaying)") }
                self.showState()
            })
        }
    }

    private func showState() {
        guard let stream else { return }
        if let error = stream.errorMessage {
            guard !reportedFailure else { return }
            reportedFailure = true
            return onFailure(error)
        }
        let playing = stream.isPlaying
        gtk_widget_set_visible(bigPlay, playing ? 0 : 1)
        controls.show(playing: playing)
        let streamDuration = stream.duration
        let duration = streamDuration > 0 ? streamDuration : knownDuration
        let timestamp = stream.timestamp
        controls.show(elapsed: stream.hasEnded ? max(timestamp, duration ?? 0) : timestamp, duration: duration)
        controls.show(hasAudio: stream.hasAudio, muted: stream.isMuted)
    }
}
