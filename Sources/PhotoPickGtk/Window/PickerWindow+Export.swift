import CGtk
import PhotoPickCore

/// Done with an export asked for: the picks are exported while the window stays up (the
/// progress view over it, every other command off), then handed on as the exported files;
/// Cancel ("win.cancel-export", Escape) stops at once and goes back to the grid with the
/// picks kept. In Copy mode the exported files, not the originals, go on the clipboard.
extension PickerWindow {
    func installExportActions() {
        actions.add(.cancelExport) { [unowned self] in self.exportTask.cancel() }
        actions.setEnabled(.cancelExport, false)
        exportTask.onCancelled = { [unowned self] in
            self.exporting(false)
            self.chrome.notify(tr("Export stopped; your picks are kept"))
        }
    }

    /// True when Done exports first.
    var exportsOnDone: Bool { session.exportSettings != nil && exporter != nil }

    func startExport() {
        guard let settings = session.exportSettings, let exporter else { return }
        let picked = session.result
        exporting(true)
        exportTask.onDone = { [unowned self] report in
            self.exporting(false)
            guard self.session.configuration.copyMode else {
                self.onExported?(picked, report)
                return
            }
            let files = ExportedAsset.pairs(report, originals: picked, settings: settings).map(\.exported)
            if !files.isEmpty { self.chrome.copy(files) }
            if !report.isComplete {
                let n = report.failures.count
                self.chrome.notify(trn("%s file could not be exported", "%s files could not be exported", n, HumanFormat.count(n)))
            }
        }
        exportTask.start(picked.map(\.path), videos: Set(picked.filter { $0.kind == .video }.map(\.path)),
                        settings: settings, exporter: exporter)
    }

    /// Stops an export still running (the window is closing).
    func stopExport() { if exportTask.isRunning { exportTask.cancel() } }

    /// While exporting only Stop Export acts; afterwards every command is as it was.
    private func exporting(_ on: Bool) {
        for name in actions.handled where name != .cancelExport { actions.setEnabled(name, !on) }
        actions.setEnabled(.cancelExport, on)
        exportCovered.setSensitive(!on)
        if !on {
            browsing(browsingNow)
            actions.setEnabled(.accept, session.canAccept)
            // Without any metadata there is no location to keep (ExportChoiceBar).
            if session.exportSettings?.removesMetadata == true { actions.setEnabled(.keepLocation, false) }
            grid.grabFocus()
        }
    }
}
