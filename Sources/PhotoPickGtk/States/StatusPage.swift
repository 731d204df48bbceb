import CGtk
import Foundation
import PhotoPickCore

/// A message over the grid area when there is nothing to show: still looking, an empty
/// library (and where it looked), a folder that cannot be read (which, and why), with
/// buttons for the way forward. libadwaita's status page lays it out; the words come from
/// `LibraryStatus`.
@MainActor
final class StatusPage {
    let root: Widget
    private let page: Adw.StatusPage
    private let spinner: Gtk.Spinner
    private let buttons: Gtk.Box
    private(set) var status: LibraryStatus = .showing

    var onAction: (LibraryStatus.Action) -> Void = { _ in }

    init() {
        page = Adw.StatusPage()
        addClass(page.widget, "status-page")
        spinner = Gtk.Spinner(gtk_spinner_new())
        gtk_widget_set_size_request(spinner.widget, 48, 48)
        gtk_widget_set_halign(spinner.widget, GTK_ALIGN_CENTER)
        buttons = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        gtk_widget_set_halign(buttons.widget, GTK_ALIGN_CENTER)
        let child = Gtk.Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        child.append(spinner.widget)
        child.append(buttons.widget)
        page.setChild(child.widget)
        // The page is an overlay over the grid: it needs a background of its own.
        root = page.widget
        addClass(root, "view")
        gtk_widget_set_visible(root, 0)
    }

    func show(_ status: LibraryStatus) {
        guard status != self.status else { return }
        self.status = status
        guard let message = status.message(home: ProcessInfo.processInfo.environment["HOME"]) else {
            spinner.stop()
            return gtk_widget_set_visible(root, 0)
        }
        let searching: Bool
        if case .searching = status { searching = true } else { searching = false }
        gtk_widget_set_visible(spinner.widget, searching ? 1 : 0)
        searching ? spinner.start() : spinner.stop()
        page.setIconName(searching ? nil : message.icon)
        page.setTitle(message.title)
        page.setDescription(markupEscaped(message.body))
        while let child = gtk_widget_get_first_child(buttons.widget) { buttons.remove(child) }
        for (i, action) in message.actions.enumerated() {
            let button = gtk_button_new_with_mnemonic(Self.title(action, alone: message.actions.count == 1))!
            if i == 0 { addClass(button, "suggested-action") }
            addClass(button, "pill")
            onSignal(button, "clicked") { [unowned self] in self.onAction(action) }
            buttons.append(button)
        }
        gtk_widget_set_visible(buttons.widget, message.actions.isEmpty ? 0 : 1)
        setClass(root, "problem", { if case .unreadable = status { return true } else { return false } }())
        gtk_widget_set_visible(root, 1)
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
