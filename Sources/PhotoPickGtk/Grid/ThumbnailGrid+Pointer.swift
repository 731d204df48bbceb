import CGtk

/// Geometry for the pointer: which tile is under a point, and scrolling by pixels (the
/// drag's auto-scroll).
extension ThumbnailGrid {
    /// Scrolls the list by `delta` pixels (the drag's auto-scroll).
    func scroll(by delta: Double) {
        let v = Gtk.ScrolledWindow(scrolled).vadjustment
        let top = v.upper - v.pageSize
        v.setValue(min(max(v.lower, v.value + delta), top))
    }

    /// The flat index of the tile at (`x`, `y`) in list coordinates; nil over a header or a gap.
    func tileIndex(x: Double, y: Double) -> Int? {
        for view in rowViews {
            guard case .tiles(_, let range)? = view.row, gtk_widget_get_mapped(view.root) != 0 else { continue }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(view.root, listView, &bounds) != 0,
                  y >= Double(bounds.origin.y), y < Double(bounds.origin.y + bounds.size.height) else { continue }
            return range.lowerBound + view.column(atX: x, relativeTo: listView, shown: range.count)
        }
        return nil
    }
}
