import CGtk
import Foundation
import PhotoPickCore

/// A message over the grid area when there is nothing to show: still looking, an empty
/// library (and where it looked), a folder that cannot be read (which, and why), with
/// buttons for the way forward. libadwaita's status page lays it out; the words come from
/// `LibraryStatus`.
@MainActor
final class StatusPage {
    var root: Adw.StatusPage { page }
    private let page: Adw.StatusPage
    private let spinner: Gtk.Spinner
    private let buttons: Gtk.Box
    private(set) var status: LibraryStatus = .showing

    var onAction: (LibraryStatus.Action) -> Void = { _ in }

    init() {
        page = Adw.StatusPage()
        addClass(page, "status-page")
        spinner = Gtk.Spinner()
        spinner.setSizeRequest(width: 48, height: 48)
        spinner.setHAlign(GTK_ALIGN_CENTER)
        buttons = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        buttons.setHAlign(GTK_ALIGN_CENTER)
        let child = Gtk.Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        child.append(spinner)
        child.append(buttons)
        page.setChild(child)
        // The page is an overlay over the grid: it needs a background of its own.
        addClass(page, "view")
        page.setVisible(false)
    }

    func show(_ status: LibraryStatus) {
        guard status != self.status else { return }
        self.status = status
        guard let message = status.message(home: ProcessInfo.processInfo.environment["HOME"]) else {
            spinner.stop()
            return page.setVisible(false)
        }
        let searching: Bool
        if case .searching = status { searching = true } else { searching = false }
        spinner.setVisible(searching)
        searching ? spinner.start() : spinner.stop()
        page.setIconName(searching ? nil : message.icon)
        page.setTitle(message.title)
        page.setDescription(markupEscaped(message.body))
        for child in buttons.children { buttons.remove(child) }
        for (i, action) in message.actions.enumerated() {
            let button = Gtk.Button(mnemonic: Self.title(action, alone: message.actions.count == 1))
            if i == 0 { addClass(button, "suggested-action") }
            PlaceTrace.name(button, "button status \(i)")
            addClass(button, "pill")
            onSignal(button.widget, "clicked") { [unowned self] in self.onAction(action) }
            buttons.append(button)
        }
        buttons.setVisible(!message.actions.isEmpty)
        setClass(page, "problem", { if case .unreadable = status { return true } else { return false } }())
        page.setVisible(true)
    }

    private static func title(_ action: LibraryStatus.Action, alone: Bool) -> String {
        switch action {
        case .chooseFolder: return alone ? tr("_Choose Folder…") : tr("_Choose Another Folder…")
        case .tryAgain: return tr("_Try Again")
        case .clearSearch: return tr("_Clear Search")
        case .showAllItems: return tr("Show _All Items")
        }
    }
}
