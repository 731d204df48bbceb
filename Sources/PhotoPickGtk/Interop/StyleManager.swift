import CGtk

extension Adw {
    /// libadwaita's style manager: whether the window is drawn light or dark.
    @MainActor
    struct StyleManager {
        private let manager: OpaquePointer
        /// The display's, once GTK has started; nil before.
        static var forDisplay: StyleManager? { adw_style_manager_get_default().map(StyleManager.init) }
        private init(_ manager: OpaquePointer) { self.manager = manager }
        /// Dark whatever the desktop prefers, or (false) as the desktop prefers.
        func setForcesDark(_ on: Bool) {
            adw_style_manager_set_color_scheme(manager, on ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_DEFAULT)
        }
        var isDark: Bool { adw_style_manager_get_dark(manager) != 0 }
    }
}
