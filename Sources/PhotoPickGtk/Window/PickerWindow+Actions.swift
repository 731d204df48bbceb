import CGtk
import PhotoPickCore
import PhotoPickSystem

/// The window's commands as GActions ("win.…", listed with their keys in `Commands.all`).
/// Buttons and menus name them; the application binds their accelerators, and the shortcut
/// controllers of the window, the grid, the preview and the search field their keys
/// (`KeyBindings`). The preview's commands are on only while it shows.
extension PickerWindow {
    func installActions() {
        actions.add(.accept) { [unowned self] in self.accept() }
        actions.add(.cancel) { [unowned self] in self.cancelAsked() }
        actions.add(.back) { [unowned self] in self.back() }
        actions.add(.browseFiles) { [unowned self] in self.browseFiles() }
        actions.setEnabled(.browseFiles, session.configuration.offersBrowse)
        actions.add(.togglePick) { [unowned self] in
            if self.focusedAsset != nil { self.grid.toggleFocused() }
        }
        actions.add(.selectAll) { [unowned self] in self.grid.selectAll() }
        actions.add(.selectNone) { [unowned self] in self.session.clearSelection() }
        actions.add(.selectGroup) { [unowned self] in
            if self.focusedAsset != nil { self.grid.selectFocusedGroup() }
        }
        actions.add(.undo) { [unowned self] in self.session.undo() }
        actions.add(.redo) { [unowned self] in self.session.redo() }
        actions.add(.preview) { [unowned self] in
            if self.focusedAsset != nil { self.grid.previewFocused() }
        }
        actions.add(.search) { [unowned self] in self.toolbar.focusSearch() }
        actions.add(.zoomIn) { [unowned self] in self.grid.zoom(by: 1) }
        actions.add(.zoomOut) { [unowned self] in self.grid.zoom(by: -1) }
        actions.add(.zoomReset) { [unowned self] in self.grid.setTarget(GridMetrics.defaultTarget) }
        actions.addToggle(.toggleSidebar, initial: sidebarFold.isRevealed) { [unowned self] on in
            self.sidebarFold.setRevealed(on)
            // Slid out over the grid, the albums take the keys until Escape puts them away.
            if on, self.sidebarFold.isFolded { self.focusSidebar() }
        }
        actions.add(.reload) { [unowned self] in self.onRescan?(nil) }
        actions.add(.open) { [unowned self] in
            guard let id = self.focusedAsset, let asset = self.session.asset(id) else { return }
            self.chrome.open(asset)
        }
        actions.add(.copy) { [unowned self] in
            let assets = self.focusedAsset.map { self.chrome.transferAssets(for: $0) } ?? self.session.result
            if !assets.isEmpty { self.chrome.copy(assets) }
        }
        actions.add(.openItem) { [unowned self] raw in
            if let asset = self.session.asset(AssetID(raw)) { self.chrome.open(asset) }
        }
        actions.add(.copyItems) { [unowned self] raw in self.chrome.copy(self.chrome.transferAssets(for: AssetID(raw))) }
        actions.add(.contextMenu) { [unowned self] in
            if self.focusedAsset != nil { self.grid.openFocusedMenu() }
        }
        actions.setEnabled(.accept, session.canAccept)
        installPreviewActions()

        // Ctrl+A, Ctrl+Z and Ctrl+Y edit the text in a text field: the commands step aside there.
        track(onPointerSignal(window.widget, "notify::focus-widget") { [unowned self] _ in self.updateEnabled() }, on: window.widget)
        followSidebarFold()
    }

    /// The preview's commands, on only while it shows (`browsing`).
    private func installPreviewActions() {
        let preview = self.preview
        let commands: [(CommandName, @MainActor () -> Void)] = [
            (.previewBack, { [unowned preview] in preview.close() }),
            (.previewPrevious, { [unowned preview] in preview.previous() }),
            (.previewNext, { [unowned preview] in preview.next() }),
            (.previewFirst, { [unowned preview] in preview.first() }),
            (.previewLast, { [unowned preview] in preview.last() }),
            (.previewPick, { [unowned preview] in preview.togglePick() }),
            (.previewPlay, { [unowned preview] in preview.playOrPause() }),
            (.previewZoomIn, { [unowned preview] in preview.zoomIn() }),
            (.previewZoomOut, { [unowned preview] in preview.zoomOut() }),
            (.previewActualSize, { [unowned preview] in preview.actualSize() }),
            (.previewFit, { [unowned preview] in preview.fit() }),
        ]
        for (name, handler) in commands { actions.add(name, handler) }
        actions.setEnabled(Commands.previewOnly, false)
    }

    /// The focused tile's asset, when the grid has the keyboard focus.
    private var focusedAsset: AssetID? { grid.focusedAsset(in: window) }

    /// The preview covers the grid (false) or not: the grid's commands are only on without it,
    /// the preview's only with it, so a key shared by both (Escape) means the one shown.
    func browsing(_ on: Bool) {
        browsingNow = on
        updateEnabled()
    }

    /// Also on every move of the focus, which an export's progress view makes too: while it
    /// runs, these stay off (Escape is Stop Export's then, not Back's).
    private func updateEnabled() {
        let inText = focusInText, exporting = exportTask.isBusy
        for name in Commands.browseOnly {
            actions.setEnabled(name, browsingNow && !exporting && !(inText && Commands.notInText.contains(name)))
        }
        actions.setEnabled(Commands.previewOnly, !browsingNow && !exporting)
    }

    private var focusInText: Bool {
        guard let focused = window.focus else { return false }
        return Gtk.isEditable(focused.widget)
    }

    /// The sidebar toggle shows whether the sidebar is out; the window is narrow when it folds.
    private func followSidebarFold() {
        let update: @MainActor (_ laidOut: Bool) -> Void = { [unowned self] laidOut in
            let folded = self.sidebarFold.isFolded
            let revealed = self.sidebarFold.isRevealed
            self.actions.setState(.toggleSidebar, revealed)
            if laidOut { self.setNarrow(folded) }  // before the first layout the sidebar has not folded yet
            Trace.mark("sidebar \(folded ? "folded" : "docked") \(revealed ? "revealed" : "hidden")")
        }
        let notifier = sidebarFold.notifier.widget
        for signal in SidebarFold.changeSignals {
            track(onPointerSignal(notifier, signal) { _ in update(true) }, on: notifier)
        }
        update(false)
        // The opening guess (by the remembered width) meets the fold's own answer once it has
        // been laid out: the fold notifies only changes, and it starts unfolded.
        afterNextFrame(of: window.widget) { [unowned self] in self.setNarrow(self.sidebarFold.isFolded) }
    }
}
