import CGtk

/// A box showing the first of its children that fits its width: a label's words when there
/// is room, else its icon. AdwSqueezer did this until libadwaita 1.4 deprecated it with no
/// like-for-like replacement (breakpoints act on a window's or bin's size, not on a header's
/// room); the layout (`pp_first_fit_*` in the shim) works the same on every version. It asks
/// for the narrowest child's minimum width and the widest child's natural width, so the first
/// child comes back once there is room for it.
@MainActor
enum FirstFitBox {
    /// `children` in order of preference. `xAlign` places a child wider than the box (0: start).
    static func make(_ children: [Widget], xAlign: Float = 0) -> Widget {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        pp_make_first_fit(box, xAlign)
        for child in children { gtk_box_append(cast(box), child) }
        return box
    }

    /// The same for typed handles, as one.
    static func make(_ children: [any WidgetHandle], xAlign: Float = 0) -> Gtk.AnyWidget {
        Gtk.AnyWidget(make(children.map { $0.widget }, xAlign: xAlign))
    }
}
