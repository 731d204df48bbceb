import CGtk

extension Gtk {
    /// A GtkAdjustment: a scrolled window's range along one axis (the scroll offset in
    /// `value`, the visible length in `pageSize`). Its scrolled window owns it.
    @MainActor
    struct Adjustment {
        let object: UnsafeMutablePointer<GtkAdjustment>
        init(_ object: UnsafeMutablePointer<GtkAdjustment>) { self.object = object }

        var value: Double { gtk_adjustment_get_value(object) }
        func setValue(_ value: Double) { gtk_adjustment_set_value(object, value) }
        var lower: Double { gtk_adjustment_get_lower(object) }
        var upper: Double { gtk_adjustment_get_upper(object) }
        var pageSize: Double { gtk_adjustment_get_page_size(object) }

        /// Sets everything at once, so no clamping happens on the way: the range runs from
        /// `lower` to `upper`, `pageSize` of it is visible, and the keys step by `step` and `page`.
        func configure(value: Double, lower: Double, upper: Double, step: Double, page: Double, pageSize: Double) {
            gtk_adjustment_configure(object, value, lower, upper, step, page, pageSize)
        }
    }
}
