import CGtk
import PhotoPickCore
import PhotoPickSystem

/// The bar under a playing video: play/pause, time played, a slider to move through it, time
/// left (`HumanFormat.playback`), and mute when it has sound. It shows what it is told and
/// reports what the user does; `VideoPlayer` connects it to the stream.
@MainActor
final class VideoControls {
    let root: Gtk.Box
    private let playButton: Gtk.Button
    private let elapsed: Gtk.Label
    private let slider: Gtk.Scale
    private let remaining: Gtk.Label
    private let muteButton: Gtk.Button
    private var shownDuration: Double?
    private var clock = ""

    var onPlayPause: () -> Void = {}
    /// The user moved the slider to this many seconds.
    var onSeek: (Double) -> Void = { _ in }
    var onMute: () -> Void = {}

    init() {
        root = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        addClass(root, "video-controls")
        playButton = Gtk.Button(iconName: "media-playback-start-symbolic")
        addClass(playButton, "flat")
        elapsed = Gtk.Label("0:00", classes: ["numeric", "video-clock"])
        slider = Gtk.Scale(GTK_ORIENTATION_HORIZONTAL, minimum: 0, maximum: 1, step: 0.1)
        slider.setDrawValue(false)
        slider.setHExpand(true)
        pp_accessible_set_label(slider.widget, tr("Position"))
        remaining = Gtk.Label(classes: ["numeric", "video-clock"])
        muteButton = Gtk.Button(iconName: "audio-volume-high-symbolic")
        addClass(muteButton, "flat")
        muteButton.setVisible(false)
        for w in [playButton.widget, elapsed.widget, slider.widget, remaining.widget, muteButton.widget] { root.append(w) }

        onSignal(playButton.widget, "clicked") { [unowned self] in self.onPlayPause() }
        onSignal(muteButton.widget, "clicked") { [unowned self] in self.onMute() }
        onChangeValue(slider.widget) { [unowned self] seconds in
            self.onSeek(seconds)
            return false  // the slider follows the pointer; the stream's time follows the seek
        }
        show(playing: false)
        show(elapsed: 0, duration: nil)
    }

    func show(playing: Bool) {
        playButton.setIconName(playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic")
        playButton.setTooltip(playing ? tr("Pause (P)") : tr("Play (P)"))
        pp_accessible_set_label(playButton.widget, playing ? tr("Pause") : tr("Play"))
    }

    /// Where playback is: the slider and both clocks.
    func show(elapsed seconds: Double, duration: Double?) {
        if duration != shownDuration {
            shownDuration = duration
            slider.setRange(0, max(duration ?? 0, 0.1))
            slider.setSensitive(duration != nil)
        }
        slider.setValue(seconds)
        let texts = HumanFormat.playback(elapsed: seconds, duration: duration)
        let text = texts.elapsed + " " + (texts.remaining ?? "")
        guard text != clock else { return }
        clock = text
        elapsed.setText(texts.elapsed)
        remaining.setText(texts.remaining ?? "")
        Trace.mark("video-clock \(text)")
    }

    func show(hasAudio: Bool, muted: Bool) {
        muteButton.setVisible(hasAudio)
        muteButton.setIconName(muted ? "audio-volume-muted-symbolic" : "audio-volume-high-symbolic")
        muteButton.setTooltip(muted ? tr("Unmute") : tr("Mute"))
    }
}
