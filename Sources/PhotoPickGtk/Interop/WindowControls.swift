import CGtk

/// The window's own buttons in the header (GtkSettings' gtk-decoration-layout, as the desktop
/// sets it: "appmenu:minimize,maximize,close", or with close on the left).
@MainActor
enum WindowControls {
    /// The desktop's layout with only the close button kept, on the side where the desktop
    /// puts it; nil (the desktop's own layout) when it cannot be read.
    static func closeOnly() -> String? {
        guard let settings = gtk_settings_get_default(),
              let layout = GObjectValues.string(object: raw(settings), "gtk-decoration-layout") else { return nil }
        return closeOnly(of: layout)
    }

    /// `layout` without minimize and maximize: "icon:minimize,maximize,close" is "icon:close".
    nonisolated static func closeOnly(of layout: String) -> String {
        layout.split(separator: ":", omittingEmptySubsequences: false).map { side in
            side.split(separator: ",").filter { $0 != "minimize" && $0 != "maximize" }.joined(separator: ",")
        }.joined(separator: ":")
    }
}
