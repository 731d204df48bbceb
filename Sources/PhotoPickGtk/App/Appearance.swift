import CGtk
import Foundation

/// Light or dark like the desktop: libadwaita's style manager follows the desktop's
/// color-scheme preference (the settings portal, or GNOME's setting) by itself. GTK_THEME
/// with a dark variant ("Adwaita:dark"), as the screenshots and some users set it, asks for
/// dark here, since libadwaita ignores GTK_THEME's variant.
@MainActor
enum Appearance {
    static func followDesktop() {
        guard let manager = adw_style_manager_get_default() else { return }
        let theme = ProcessInfo.processInfo.environment["GTK_THEME"] ?? ""
        adw_style_manager_set_color_scheme(manager, theme.hasSuffix(":dark") ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_DEFAULT)
        Trace.mark("style \(adw_style_manager_get_dark(manager) != 0 ? "dark" : "light")")
    }
}
