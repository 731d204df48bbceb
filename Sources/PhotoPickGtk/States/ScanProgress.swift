import CGtk
import Foundation
import PhotoPickCore

/// While the scan runs: a thin pulsing line over the top of the grid and "Scanning… 12,345
/// photos" as the window's subtitle; afterwards the subtitle names the folders shown.
@MainActor
final class ScanProgress {
    let line: Widget
    private let title: WindowTitle
    private var pulsing: UInt32 = 0

    init(title: WindowTitle) {
        self.title = title
        line = gtk_progress_bar_new()
        addClass(line, "scan-progress")
        addClass(line, "osd")
        gtk_progress_bar_set_pulse_step(cast(line), 0.08)
        gtk_widget_set_valign(line, GTK_ALIGN_START)
        gtk_widget_set_can_target(line, 0)
        gtk_widget_set_visible(line, 0)
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
        guard pulsing == 0 else { return }
        gtk_widget_set_visible(line, 1)
        pulsing = g_timeout_add(120, { data in
            MainActor.assumeIsolated {
                let me = Unmanaged<ScanProgress>.fromOpaque(data!).takeUnretainedValue()
                gtk_progress_bar_pulse(cast(me.line))
            }
            return 1  // G_SOURCE_CONTINUE; removed in stop()
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func stop() {
        guard pulsing != 0 else { return }
        g_source_remove(pulsing)
        pulsing = 0
        gtk_widget_set_visible(line, 0)
    }
}
