import CGtk

/// Wraps `child` in a vertical box, which reports no baseline, centred.
///
/// GTK 4.8's horizontal GtkBox lines up its children's baselines when it measures its height
/// for a given width, but not for an unconstrained one. A text button (baseline 22 px) beside
/// an icon button (21 px) then measures 1 px taller for every width than without one, and a
/// box that trades height for width (it holds a wrapping label) trips GTK's size check
/// ("reports a minimum height of 47, but minimum height for width of 1048576 is 48").
/// Children without a baseline take no part in that alignment.
@MainActor
func baselineFree(_ child: some WidgetHandle) -> Gtk.Box {
    let box = Gtk.Box(GTK_ORIENTATION_VERTICAL)
    box.setVAlign(GTK_ALIGN_CENTER)
    box.append(child)
    return box
}
