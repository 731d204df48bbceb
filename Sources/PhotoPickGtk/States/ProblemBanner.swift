import CGtk
import Foundation
import PhotoPickCore

/// A strip above the grid when photos were found but some folders could not be read: which,
/// and why, with Try Again; dismissible, since the photos that were found are usable.
@MainActor
final class ProblemBanner {
    private let box = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
    var root: Gtk.Box { box }
    private let text: Gtk.Label
    private var dismissed: [ScanProblem] = []

    var onTryAgain: () -> Void = {}

    init() {
        addClass(box, "problem-banner")
        let icon = Gtk.Image(iconName: "dialog-warning-symbolic")
        text = Gtk.Label("")
        text.setXAlign(0)
        text.setWrap(true)
        text.setHExpand(true)
        let retry = Gtk.Button(mnemonic: tr("_Try Again"))
        let close = Gtk.Button(iconName: "window-close-symbolic")
        addClass(close, "flat")
        close.setTooltip(tr("Dismiss"))
        // The buttons' baselines differ: without this the wrapping label's box misreports its height.
        let parts: [any WidgetHandle] = [icon, text, baselineFree(retry), baselineFree(close)]
        for part in parts { box.append(part) }
        box.setVisible(false)
        onSignal(retry.widget, "clicked") { [unowned self] in self.onTryAgain() }
        onSignal(close.widget, "clicked") { [unowned self] in
            self.box.setVisible(false)
            self.dismissed = self.shown
        }
    }

    private var shown: [ScanProblem] = []

    /// Shows the problems of a library that has photos; hidden when there are none or the
    /// user dismissed these very problems.
    func show(_ problems: [ScanProblem]) {
        shown = problems
        guard problems != dismissed, let message = LibraryStatus.banner(problems, home: ProcessInfo.processInfo.environment["HOME"]) else {
            return box.setVisible(false)
        }
        text.setText(message)
        box.setVisible(true)
    }
}
