import CGtk
import Foundation
import PhotoPickCore

/// The picker window: header bar with Cancel and the accept button, the album sidebar
/// and the thumbnail grid. It renders the session and forwards intents to it.
@MainActor
final class PickerWindow {
    let window: Widget
    private let session: PickerSession
    private let sidebar = AlbumSidebar()
    private let grid = ThumbnailGrid(tileSize: 160)
    private let acceptButton: Widget
    private var focusedOnce = false
    /// The chooser contract's additions (filters, choices, Copy, Open, drag out).
    private var chrome: ChooserChrome!
    /// How many times Copy mode put files on the clipboard.
    var copies: Int { chrome.copies }

    /// Called with the outcome: the picked assets, or nil when cancelled.
    var onFinish: (([Asset]?) -> Void)?
    /// Called once the scan is over and the grid shows it (a hook for tests and timing).
    var onReady: (() -> Void)?

    init(application: UnsafeMutablePointer<GtkApplication>, session: PickerSession, controls: ChooserControls) {
        self.session = session
        window = gtk_application_window_new(application)
        gtk_window_set_title(cast(window), session.configuration.title)
        gtk_window_set_default_size(cast(window), 1024, 720)
        gtk_window_set_icon_name(cast(window), "io.github.photopick.PhotoPick")

        let header = gtk_header_bar_new()!
        let cancel = gtk_button_new_with_mnemonic("_Cancel")!
        acceptButton = gtk_button_new_with_label(session.acceptTitle)
        gtk_button_set_use_underline(cast(acceptButton), 1)  // "_Open" as the portal spells it
        addClass(acceptButton, "suggested-action")
        gtk_header_bar_pack_start(cast(header), cancel)
        gtk_header_bar_pack_end(cast(header), acceptButton)
        gtk_window_set_titlebar(cast(window), header)

        let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
        gtk_paned_set_start_child(cast(paned), sidebar.scroller)
        gtk_paned_set_end_child(cast(paned), grid.scroller)
        gtk_paned_set_resize_start_child(cast(paned), 0)
        gtk_paned_set_shrink_start_child(cast(paned), 0)
        gtk_paned_set_position(cast(paned), 240)
        chrome = ChooserChrome(window: window, header: header, session: session, controls: controls)
        gtk_window_set_child(cast(window), chrome.wrap(paned))
        grid.onTileSetup = { [unowned self] tile in self.chrome.attach(to: tile) }

        grid.asset = { [unowned session] in session.asset($0) }
        grid.isSelected = { [unowned session] in session.selection.contains($0) }
        grid.onToggle = { [unowned session] in session.toggle($0) }
        sidebar.onSelect = { [unowned session] in session.showAlbum($0) }

        onSignal(raw(cancel), "clicked") { [unowned self] in self.cancel() }
        onSignal(raw(acceptButton), "clicked") { [unowned self] in self.accept() }
        onBoolSignal(raw(window), "close-request") { [unowned self] in
            self.cancel()
            return true
        }
        installKeys()
        session.onChange = { [unowned self] change in self.render(change) }
        render(.albums)
        render(.assets)
        render(.selection([]))
    }

    func present() { gtk_window_present(cast(window)) }

    // MARK: Rendering the session

    private func render(_ change: PickerSession.Change) {
        switch change {
        case .albums:
            sidebar.show(session.albums, current: session.currentAlbum)
            if session.scanFinished { becameReady() }
        case .album:
            sidebar.select(session.currentAlbum)
        case .assets:
            grid.show(session.shownAssets)
            if !focusedOnce, grid.itemCount > 0 {
                focusedOnce = true
                grid.focusFirst()
            }
        case .content(let ids):
            grid.reload(ids)
        case .selection(let ids):
            grid.refresh(ids)
            gtk_button_set_label(cast(acceptButton), session.acceptTitle)
            gtk_widget_set_sensitive(acceptButton, session.canAccept ? 1 : 0)
        }
    }

    private var readyReported = false
    private func becameReady() {
        guard !readyReported else { return }
        readyReported = true
        onReady?()
    }

    // MARK: Intents

    private func accept() {
        guard session.canAccept else { return }
        if session.configuration.copyMode { return chrome.copy(session.result) }
        onFinish?(session.result)
    }

    private func cancel() { onFinish?(nil) }

    private func installKeys() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        onKeyPressed(keys) { [unowned self] key in
            switch Int32(key.keyval) {
            case GDK_KEY_Escape:
                self.cancel()
                return true
            case GDK_KEY_Return, GDK_KEY_KP_Enter:
                self.accept()
                return true
            case GDK_KEY_space:
                guard let id = self.grid.focusedAsset(in: self.window) else { return false }
                self.session.toggle(id)
                return true
            case GDK_KEY_o where key.control:  // open the focused file with its default application
                guard let id = self.grid.focusedAsset(in: self.window), let asset = self.session.asset(id) else { return false }
                self.chrome.open(asset)
                return true
            default:
                return false
            }
        }
        gtk_widget_add_controller(window, keys)
    }
}
