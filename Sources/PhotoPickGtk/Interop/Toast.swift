import CGtk

extension Adw {
    /// An AdwToast: a short message an overlay shows, times out and queues. Not owning: the
    /// overlay it is added to takes it over, and frees it once it is dismissed.
    struct Toast: Equatable {
        let object: OpaquePointer

        /// A toast saying `markup` (Pango markup, escaped by the caller) for `seconds`; a new
        /// reference, for `ToastOverlay.add`.
        @MainActor
        init(markup: String, seconds: UInt32) {
            object = adw_toast_new(markup)
            adw_toast_set_timeout(object, seconds)
        }

        /// Hides it now; it is dismissed (and then freed by its overlay).
        @MainActor func dismiss() { adw_toast_dismiss(object) }

        /// `handler` runs once it is dismissed: timed out, closed or replaced.
        @MainActor func onDismissed(_ handler: @escaping Action) { onSignal(object, "dismissed", handler) }
    }
}
