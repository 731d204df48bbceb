import CGtk
import Foundation
import PhotoPickCore

/// While the scan runs: a thin pulsing line over the top of the grid and "Scanning… 12,345
/// photos" as the window's subtitle; afterwards the subtitle names the folders shown.
@MainActor
final class ScanProgress {
    var line: Gtk.ProgressBar { bar }
    private let bar: Gtk.ProgressBar
    private let title: WindowTitle
    private let pulse = MainLoopTimer()

    init(title: WindowTitle) {
        self.title = title
        bar = Gtk.ProgressBar()
        addClass(bar, "scan-progress")
        addClass(bar, "osd")
        bar.setPulseStep(0.08)
        bar.setVAlign(GTK_ALIGN_START)
        bar.setCanTarget(false)
        bar.setVisible(false)
    }

    /// `albums` gives the counts: All Photos is everything, Videos the videos.
    func update(scanning: Bool, albums: [Album], roots: [RawPath]) {
        if scanning {
            let all = albums.first { $0.id == .allPhotos }?.count ?? 0
            let videos = albums.first { $0.id == .videos }?.count ?? 0
            title.setSubtitle(all == 0 ? tr("Scanning…") : LibraryStatus.scanningSubtitle(photos: all - videos, videos: videos))
            start()
        } else {
            let home = ProcessInfo.processInfo.environment["HOME"]
            title.setSubtitle(roots.map { HumanFormat.path($0, home: home) }.joined(separator: ", "))
            stop()
        }
    }

    private func start() {
        guard !pulse.isRunning else { return }
        bar.setVisible(true)
        pulse.start(intervalMs: 120) { [bar] in bar.pulse() }
    }

    private func stop() {
        guard pulse.isRunning else { return }
        pulse.stop()
        bar.setVisible(false)
    }
}
