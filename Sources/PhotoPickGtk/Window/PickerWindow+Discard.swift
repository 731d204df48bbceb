import CGtk
import PhotoPickCore
import PhotoPickSystem

/// Cancelling never throws the user's picks away on one stray key: Escape, Cancel and closing
/// the window ask first when picks would be lost, as GNOME apps ask before discarding unsaved
/// work. "Keep Picking" is the default (Return and Escape choose it); "Discard" is
/// destructive. A caller's own cancel (a signal, the portal's Close) ends at once
/// (PickerApplication), and a window with nothing to lose cancels at once.
extension PickerWindow {
    /// The user asked to cancel.
    func cancelAsked() {
        // In Copy mode, closing after a Copy is how the user finishes: nothing is lost.
        guard session.hasPicksToLose, copies == 0 else { return cancel() }
        guard !discardAsked else { return }
        discardAsked = true
        let totals = session.totals
        let count = HumanFormat.count(totals.count)
        let heading = totals.videos == 0
            ? trn("Discard %s Picked Photo?", "Discard %s Picked Photos?", totals.count, count)
            : totals.videos == totals.count
                ? trn("Discard %s Picked Video?", "Discard %s Picked Videos?", totals.count, count)
                : trn("Discard %s Picked Item?", "Discard %s Picked Items?", totals.count, count)
        let dialog = Adw.AlertDialog(over: window.widget, heading: heading,
                                       body: tr("If you cancel now, nothing is handed back and your picks are lost."))
        dialog.addResponse("keep", tr("_Keep Picking"))
        dialog.addResponse("discard", tr("_Discard"), destructive: true)
        dialog.setResponses(default: "keep", close: "keep")
        dialog.present { [weak self] response in
            guard let self else { return }
            self.discardAsked = false
            Trace.mark("discard-answered \(response)")
            if response == "discard" { self.cancel() }  // else GTK gives the focus back where it was
        }
        Trace.mark("discard-asked \(totals.count)")
    }
}
