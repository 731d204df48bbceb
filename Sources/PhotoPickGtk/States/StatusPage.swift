import CGtk
import Foundation
import PhotoPickCore

/// A message over the grid area when there is nothing to show: still looking, an empty
/// library (and where it looked), a folder that cannot be read (which, and why), with
/// buttons for the way forward. It draws `LibraryStatus`; the words come from there.
@MainActor
final class StatusPage {
    let root: Widget
    private let icon: Widget
    private let spinner: Widget
    private let title: Widget
    private let body: Widget
    private let buttons: Widget
    private(set) var status: LibraryStatus = .showing

    var onAction: (LibraryStatus.Action) -> Void = { _ in }

    init() {
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        addClass(root, "status-page")
        gtk_widget_set_halign(root, GTK_ALIGN_FILL)
        gtk_widget_set_valign(root, GTK_ALIGN_FILL)
        let center = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_set_valign(center, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(center, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(center, 1)
        gtk_widget_set_size_request(center, 360, -1)
        icon = gtk_image_new()
        gtk_image_set_pixel_size(cast(icon), 96)
        addClass(icon, "status-icon")
        spinner = gtk_spinner_new()
        gtk_widget_set_size_request(spinner, 48, 48)
        title = label("", classes: ["title-1", "status-title"])
        gtk_label_set_wrap(cast(title), 1)
        gtk_label_set_justify(cast(title), GTK_JUSTIFY_CENTER)
        body = label("", classes: ["status-body"])
        gtk_label_set_wrap(cast(body), 1)
        gtk_label_set_wrap_mode(cast(body), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_justify(cast(body), GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(cast(body), 72)
        gtk_label_set_selectable(cast(body), 1)  // a path to copy into a terminal
        gtk_widget_set_focusable(body, 0)
        buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(buttons, 12)
        for w in [icon, spinner, title, body, buttons] { gtk_box_append(cast(center), w) }
        gtk_box_append(cast(root), center)
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
        gtk_widget_set_visible(icon, searching ? 0 : 1)
        gtk_widget_set_visible(spinner, searching ? 1 : 0)
        searching ? gtk_spinner_start(cast(spinner)) : gtk_spinner_stop(cast(spinner))
        gtk_image_set_from_icon_name(cast(icon), message.icon)
        gtk_label_set_text(cast(title), message.title)
        gtk_label_set_text(cast(body), message.body)
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
