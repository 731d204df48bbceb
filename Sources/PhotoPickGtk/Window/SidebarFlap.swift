import CGtk

/// The album sidebar beside the grid on a wide window, and folded away over it on a narrow
/// one (below the sidebar's width plus the grid column's narrowest), where the header's
/// Albums button or F9 slides it out. libadwaita 1.2 has no breakpoints; the flap folds by size.
@MainActor
enum SidebarFlap {
    static func make(sidebar: Widget, content: Widget) -> Adw.Flap {
        let flap = Adw.Flap()
        flap.setFlap(sidebar)
        flap.setSeparator(gtk_separator_new(GTK_ORIENTATION_VERTICAL))
        flap.setContent(content)
        flap.setFoldPolicy(ADW_FLAP_FOLD_POLICY_AUTO)
        flap.setFoldThresholdPolicy(ADW_FOLD_THRESHOLD_POLICY_MINIMUM)
        flap.setTransitionType(ADW_FLAP_TRANSITION_TYPE_OVER)
        // Over the grid it needs a background of its own; 240 px wide, as the sidebar was.
        addClass(sidebar, "background")
        gtk_widget_set_size_request(sidebar, 240, -1)
        return flap
    }
}
