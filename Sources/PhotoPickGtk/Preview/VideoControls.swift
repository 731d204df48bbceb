import CGtk
import PhotoPickCore
import PhotoPickSystem

/// The bar under a playing video: play/pause, time played, a slider to move through it, time
/// left (`HumanFormat.playback`), and mute when it has sound. It shows what it is told and
/// reports what the user does; `VideoPlayer` connects it to the stream.
@MainActor
final class VideoControls {
    let root: Widget
    private let playButton: Widget
    private let elapsed: Widget
    private let slider: Widget
    private let remaining: Widget
    private let muteButton: Widget
    private var shownDuration: Double?
    private var clock = ""

    var onPlayPause: () -> Void = {}
    /// The user moved the slider to this many seconds.
    var onSeek: (Double) -> Void = { _ in }
    var onMute: () -> Void = {}

    init() {
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        addClass(root, "video-controls")
        playButton = gtk_button_new_from_icon_name("media-playback-start-symbolic")!
        addClass(playButton, "flat")
        elapsed = label("0:00", classes: ["numeric", "video-clock"])
        slider = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 0.1)!
        Gtk.Scale(slider).setDrawValue(false)
        gtk_widget_set_hexpand(slider, 1)
        pp_accessible_set_label(slider, tr("Position"))
        remaining = label("", classes: ["numeric", "video-clock"])
        muteButton = gtk_button_new_from_icon_name("audio-volume-high-symbolic")!
        addClass(muteButton, "flat")
        gtk_widget_set_visible(muteButton, 0)
        for w in [playButton, elapsed, slider, remaining, muteButton] { Gtk.Box(root).append(w) }

        onSignal(playButton, "clicked") { [unowned self] in self.onPlayPause() }
        onSignal(muteButton, "clicked") { [unowned self] in self.onMute() }
        onChangeValue(slider) { [unowned self] seconds in
            self.onSeek(seconds)
            return false  // the slider follows the pointer; the stream's time follows the seek
        }
        show(playing: false)
        show(elapsed: 0, duration: nil)
    }

    func show(playing: Bool) {
        Gtk.Button(playButton).setIconName(playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic")
        gtk_widget_set_tooltip_text(playButton, playing ? tr("Pause (P)") : tr("Play (P)"))
        pp_accessible_set_label(playButton, playing ? tr("Pause") : tr("Play"))
    }

    /// Where playback is: the slider and both clocks.
    func show(elapsed seconds: Double, duration: Double?) {
        if duration != shownDuration {
            shownDuration = duration
            Gtk.Scale(slider).setRange(0, max(duration ?? 0, 0.1))
            gtk_widget_set_sensitive(slider, duration == nil ? 0 : 1)
        }
        Gtk.Scale(slider).setValue(seconds)
        let texts = HumanFormat.playback(elapsed: seconds, duration: duration)
        let text = texts.elapsed + " " + (texts.remaining ?? "")
        guard text != clock else { return }
        clock = text
        Gtk.Label(elapsed).setText(texts.elapsed)
        Gtk.Label(remaining).setText(texts.remaining ?? "")
        Trace.mark("video-clock \(text)")
    }

    func show(hasAudio: Bool, muted: Bool) {
        gtk_widget_set_visible(muteButton, hasAudio ? 1 : 0)
        Gtk.Button(muteButton).setIconName(muted ? "audio-volume-muted-symbolic" : "audio-volume-high-symbolic")
        gtk_widget_set_tooltip_text(muteButton, muted ? tr("Unmute") : tr("Mute"))
    }
}
