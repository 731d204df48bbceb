import CGtk

/// Typed handles over the libadwaita widgets the window uses (1.2 and later; the newer
/// ones behind the versions Package.swift defines, ADW_1_4 and ADW_1_5).
enum Adw {
    #if !ADW_1_4
    /// The sidebar beside the content, or over it on a narrow window (AdwOverlaySplitView from 1.4).
    @MainActor
    struct Flap {
        let widget: Widget
        init() { widget = adw_flap_new() }
        init(_ widget: Widget) { self.widget = widget }
        private var flap: OpaquePointer { cast(widget) }
        func setFlap(_ child: Widget) { adw_flap_set_flap(flap, child) }
        func setFlap(_ child: some WidgetHandle) { setFlap(child.widget) }
        func setSeparator(_ child: Widget) { adw_flap_set_separator(flap, child) }
        func setContent(_ child: Widget) { adw_flap_set_content(flap, child) }
        func setContent(_ child: some WidgetHandle) { setContent(child.widget) }
        func setFoldPolicy(_ policy: AdwFlapFoldPolicy) { adw_flap_set_fold_policy(flap, policy) }
        func setFoldThresholdPolicy(_ policy: AdwFoldThresholdPolicy) { adw_flap_set_fold_threshold_policy(flap, policy) }
        func setTransitionType(_ type: AdwFlapTransitionType) { adw_flap_set_transition_type(flap, type) }
        var isFolded: Bool { adw_flap_get_folded(flap) != 0 }
        var isRevealed: Bool { adw_flap_get_reveal_flap(flap) != 0 }
        func setRevealed(_ on: Bool) { adw_flap_set_reveal_flap(flap, on ? 1 : 0) }
    }
    #endif

    @MainActor
    struct StatusPage {
        let widget: Widget
        init() { widget = adw_status_page_new() }
        private var page: OpaquePointer { cast(widget) }
        func setChild(_ child: Widget) { adw_status_page_set_child(page, child) }
        func setChild(_ child: some WidgetHandle) { setChild(child.widget) }
        func setIconName(_ name: String?) { adw_status_page_set_icon_name(page, name) }
        func setTitle(_ title: String) { adw_status_page_set_title(page, title) }
        /// `markup`: Pango markup, escaped by the caller.
        func setDescription(_ markup: String) { adw_status_page_set_description(page, markup) }
    }

    @MainActor
    struct ToastOverlay {
        let widget: Widget
        init() { widget = adw_toast_overlay_new() }
        private var overlay: OpaquePointer { cast(widget) }
        func setChild(_ child: Widget) { adw_toast_overlay_set_child(overlay, child) }
        func setChild(_ child: some WidgetHandle) { setChild(child.widget) }
        /// Shows `toast`, taking it over.
        func add(_ toast: Toast) { adw_toast_overlay_add_toast(overlay, toast.object) }
    }
}
