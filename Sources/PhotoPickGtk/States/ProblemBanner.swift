import CGtk
import Foundation
import PhotoPickCore

/// A strip above the grid when photos were found but some folders could not be read: which,
/// and why, with Try Again; dismissible, since the photos that were found are usable.
@MainActor
final class ProblemBanner {
    let root: Widget
    private let text: Gtk.Label
    private var dismissed: [ScanProblem] = []

    var onTryAgain: () -> Void = {}

    init() {
        let box = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        root = box.widget
        addClass(root, "problem-banner")
        let icon = gtk_image_new_from_icon_name("dialog-warning-symbolic")!
        text = Gtk.Label("")
        text.setXAlign(0)
        text.setWrap(true)
        gtk_widget_set_hexpand(text.widget, 1)
        let retry = gtk_button_new_with_mnemonic(tr("_Try Again"))!
        let close = gtk_button_new_from_icon_name("window-close-symbolic")!
        addClass(close, "flat")
        gtk_widget_set_tooltip_text(close, tr("Dismiss"))
        // The buttons' baselines differ: without this the wrapping label's box misreports its height.
        for w in [icon, text.widget, baselineFree(retry), baselineFree(close)] { box.append(w) }
        gtk_widget_set_visible(root, 0)
        onSignal(retry, "clicked") { [unowned self] in self.onTryAgain() }
        onSignal(close, "clicked") { [unowned self] in
            gtk_widget_set_visible(self.root, 0)
            self.dismissed = self.shown
        }
    }

    private var shown: [ScanProblem] = []

    /// Shows the problems of a library that has photos; hidden when there are none or the
    /// user dismissed these very problems.
    func show(_ problems: [ScanProblem]) {
        shown = problems
        guard problems != dismissed, let message = LibraryStatus.banner(problems, home: ProcessInfo.processInfo.environment["HOME"]) else {
            return gtk_widget_set_visible(root, 0)
        }
        text.setText(message)
        gtk_widget_set_visible(root, 1)
    }
}
