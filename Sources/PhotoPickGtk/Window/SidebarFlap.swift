import CGtk

/// The album sidebar beside the grid on a wide window, and folded away over it on a narrow
/// one (below the sidebar's width plus the grid column's narrowest), where the header's
/// Albums button or F9 slides it out. libadwaita 1.2 has no breakpoints; the flap folds by size.
@MainActor
enum SidebarFlap {
    static func make(sidebar: Widget, content: Widget) -> Widget {
        let flap = adw_flap_new()!
        adw_flap_set_flap(cast(flap), sidebar)
        adw_flap_set_separator(cast(flap), gtk_separator_new(GTK_ORIENTATION_VERTICAL))
        adw_flap_set_content(cast(flap), content)
        adw_flap_set_fold_policy(cast(flap), ADW_FLAP_FOLD_POLICY_AUTO)
        adw_flap_set_fold_threshold_policy(cast(flap), ADW_FOLD_THRESHOLD_POLICY_MINIMUM)
        adw_flap_set_transition_type(cast(flap), ADW_FLAP_TRANSITION_TYPE_OVER)
        // Over the grid it needs a background of its own; 240 px wide, as the sidebar was.
        addClass(sidebar, "background")
        gtk_widget_set_size_request(sidebar, 240, -1)
        return flap
    }
}
