import CGtk

/// Short messages over the bottom of the window ("You can pick up to 3", "Copied 3 files"):
/// libadwaita's toast overlay, which times them out, queues them and has screen readers say them.
/// A newer message replaces the one shown, as a count that changed must not wait its turn.
@MainActor
final class ToastOverlay {
    let root: Widget
    private let overlay: Adw.ToastOverlay
    private var shown: OpaquePointer?

    init(_ content: Widget) {
        overlay = Adw.ToastOverlay()
        root = overlay.widget
        overlay.setChild(content)
    }

    func show(_ message: String) {
        if let shown { adw_toast_dismiss(shown) }
        let toast = adw_toast_new(markupEscaped(message))!
        adw_toast_set_timeout(toast, 3)
        // Dismissed (timed out or replaced): forget it, so it is not dismissed twice.
        onSignal(toast, "dismissed") { [weak self] in
            if self?.shown == toast { self?.shown = nil }
        }
        shown = toast
        overlay.add(toast)  // takes the toast's reference
        Trace.mark("toast \(message)")
    }
}
