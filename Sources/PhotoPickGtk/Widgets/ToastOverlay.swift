import CGtk
import PhotoPickSystem

/// Short messages ("You can pick up to 3", "Copied 3 files"): libadwaita's toast overlay,
/// which times them out, queues them and has screen readers say them.
///
/// An overlay wraps only the area a message is about, so it rises from that area's bottom
/// edge: the grid's (above the selection bar, whose summary and tray it must not cover) and
/// the preview's. A message goes to the one on screen. A newer message replaces the one
/// shown, as a count that changed must not wait its turn.
@MainActor
final class ToastOverlay {
    private var overlays: [Adw.ToastOverlay] = []
    private var shown: Adw.Toast?

    /// `content` under an overlay of its own, to put in its place.
    func wrap(_ content: some WidgetHandle) -> Adw.ToastOverlay {
        let overlay = Adw.ToastOverlay()
        overlay.setChild(content)
        overlays.append(overlay)
        return overlay
    }

    func show(_ message: String) {
        guard let overlay = overlays.first(where: { $0.isMapped }) ?? overlays.first else { return }
        shown?.dismiss()
        let toast = Adw.Toast(markup: markupEscaped(message), seconds: 3)
        // Dismissed (timed out or replaced): forget it, so it is not dismissed twice.
        toast.onDismissed { [weak self] in
            if self?.shown == toast { self?.shown = nil }
        }
        shown = toast
        overlay.add(toast)  // takes the toast's reference
        Trace.mark("toast \(message)")
    }
}
