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
    let root: Gtk.Box
    /// The stream, until `stop` lets go of it.
    private var stream: Gtk.MediaFile?
    private let picture: Gtk.Picture
    private let bigPlay: Gtk.Image
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
        picture.setContentFit(GTK_CONTENT_FIT_CONTAIN)
        picture.setCanShrink(true)
        let upright = QuarterTurnLayout.box(turn: Gtk.MediaFile.turnsFramesUpright ? .none : turn)
        upright.append(picture)

        let stage = Gtk.Overlay()
        stage.setChild(upright)
        stage.setVExpand(true)
        bigPlay = Gtk.Image(iconName: "media-playback-start-symbolic")
        bigPlay.setPixelSize(32)
        addClass(bigPlay, "video-big-play")
        bigPlay.setHAlign(GTK_ALIGN_CENTER)
        bigPlay.setVAlign(GTK_ALIGN_CENTER)
        bigPlay.setCanTarget(false)  // a click on it is a click on the picture
        stage.addOverlay(bigPlay)

        root = Gtk.Box(GTK_ORIENTATION_VERTICAL)
        root.append(stage)
        root.append(controls.root)

        Gtk.ClickGesture(on: stage.widget).onReleased { [unowned self] presses, _, _ in
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
        stream?.release(&handlers, showingIn: picture)
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
        bigPlay.setVisible(!playing)
        controls.show(playing: playing)
        let streamDuration = stream.duration
        let duration = streamDuration > 0 ? streamDuration : knownDuration
        let timestamp = stream.timestamp
        controls.show(elapsed: stream.hasEnded ? max(timestamp, duration ?? 0) : timestamp, duration: duration)
        controls.show(hasAudio: stream.hasAudio, muted: stream.isMuted)
    }
}
