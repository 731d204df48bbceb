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
    private let page: Widget
    private let spinner: Widget
    private let buttons: Widget
    private(set) var status: LibraryStatus = .showing

    var onAction: (LibraryStatus.Action) -> Void = { _ in }

    init() {
        page = adw_status_page_new()
        addClass(page, "status-page")
        spinner = gtk_spinner_new()
        gtk_widget_set_size_request(spinner, 48, 48)
        gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
        buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        let child = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_box_append(cast(child), spinner)
        gtk_box_append(cast(child), buttons)
        adw_status_page_set_child(cast(page), child)
        // The page is an overlay over the grid: it needs a background of its own.
        root = page
        addClass(root, "view")
        gtk_widget_set_visible(root, 0)
    }

    func show(_ status: LibraryStatus) {
        guard status != self.status else { return }
        self.status = status
        guard let message = status.message(home: ProcessInfo.processInfo.environment["HOME"]) else {
            gtk_spinner_stop(cast(spinner))
            return gtk_widget_set_visible(root, 0)
        }
        let searching: Bool
        if case .searching = status { searching = true } else { searching = false }
        gtk_widget_set_visible(spinner, searching ? 1 : 0)
        searching ? gtk_spinner_start(cast(spinner)) : gtk_spinner_stop(cast(spinner))
        adw_status_page_set_icon_name(cast(page), searching ? nil : message.icon)
        adw_status_page_set_title(cast(page), message.title)
        adw_status_page_set_description(cast(page), markupEscaped(message.body))
        while let child = gtk_widget_get_first_child(buttons) { gtk_box_remove(cast(buttons), child) }
        for (i, action) in message.actions.enumerated() {
            let button = gtk_button_new_with_mnemonic(Self.title(action, alone: message.actions.count == 1))!
            if i == 0 { addClass(button, "suggested-action") }
            addClass(button, "pill")
            onSignal(raw(button), "clicked") { [unowned self] in self.onAction(action) }
            gtk_box_append(cast(buttons), button)
        }
        gtk_widget_set_visible(buttons, message.actions.isEmpty ? 0 : 1)
        setClass(root, "problem", { if case .unreadable = status { return true } else { return false } }())
        gtk_widget_set_visible(root, 1)
    }

    private static func title(_ action: LibraryStatus.Action, alone: Bool) -> String {
        switch action {
        case .chooseFolder: return alone ? tr("_Choose Folder…") : tr("_Choose Another Folder…")
        case .tryAgain: return tr("_Try Again")
        }
    }
}
