import CGtk
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem

/// A Live or Motion Photo's motion, played once over its still: muted (a Live Photo's sound
/// is rarely wanted, and a picker should not startle; the video's own player has the sound
/// button), no bar, no big ▶. The preview goes back to the still when it ends.
///
/// With `PHOTOPICK_TRACE=1`: `motion-playing true|false muted|sound` when that changes, and
/// `motion-frame` once the clock first moves (a frame was shown).
@MainActor
final class MotionPlayer {
    let root: Gtk.Box
    private var stream: Gtk.MediaFile?
    private let picture: Gtk.Picture
    /// A Motion Photo's memory file, kept open while GStreamer reads it by name.
    private var memory: MotionVideoFile?
    private var handlers: [SignalConnection] = []
    private var sawFrame = false
    private var finished = false

    /// Played to its end: back to the still.
    var onEnded: () -> Void = {}
    /// The motion could not be played: why, in GStreamer's words.
    var onFailure: (String) -> Void = { _ in }

    init(_ motion: PhotoMotion.Opened) {
        memory = motion.memory
        let stream = Gtk.MediaFile(path: motion.path)
        stream.setMuted(true)
        self.stream = stream
        picture = stream.picture()
        picture.setContentFit(GTK_CONTENT_FIT_CONTAIN)
        picture.setCanShrink(true)
        root = QuarterTurnLayout.box(turn: Gtk.MediaFile.turnsFramesUpright ? .none : motion.turn)
        root.append(picture)
        root.setVExpand(true)
        for property in ["playing", "ended", "timestamp", "error"] {
            handlers.append(stream.onNotify(property) { [weak self] in self?.changed(property) })
        }
        stream.play()
    }

    /// Stops the pipeline, then closes the memory file it read (never the other way round).
    func stop() {
        stream?.release(&handlers, showingIn: picture)
        stream = nil
        memory = nil
    }

    private func changed(_ property: String) {
        guard let stream, !finished else { return }
        if let error = stream.errorMessage {
            finished = true
            return onFailure(error)
        }
        switch property {
        case "playing": Trace.mark("motion-playing \(stream.isPlaying) \(stream.isMuted ? "muted" : "sound")")
        case "timestamp" where !sawFrame && stream.timestamp > 0:
            sawFrame = true
            Trace.mark("motion-frame")
        case "ended" where stream.hasEnded:
            finished = true
            Trace.mark("motion-ended")
            onEnded()
        default: break
        }
    }
}
