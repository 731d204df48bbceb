import CGtk
import Foundation
import PhotoPickSystem

/// Light or dark like the desktop: libadwaita's style manager follows the desktop's
/// color-scheme preference by itself, as the Settings portal tells it (libadwaita 1.2 also
/// reads GNOME's setting when no portal answers; 1.4 and later only with ADW_DISABLE_PORTAL=1).
///
/// GTK_THEME=Adwaita:dark (or Adwaita-dark), as some users and guides set it, makes GTK load
/// its own plain Adwaita over libadwaita's stylesheet: square corners, other colours. For
/// Adwaita's names only, photopick takes it as "dark, please": the variable is dropped before
/// GTK starts and libadwaita is asked for dark, so dark looks the same either way. Any other
/// theme the user names is left to GTK.
@MainActor
enum Appearance {
    private static var darkAsked = false
    /// The GTK_THEME photopick dropped for itself, handed on to the programs it opens.
    private(set) static var droppedTheme: String?

    /// Before GTK starts (GTK reads GTK_THEME once, when it initialises).
    static func prepare() {
        guard let theme = ProcessInfo.processInfo.environment["GTK_THEME"], let dark = adwaitaVariant(theme) else { return }
        darkAsked = dark
        droppedTheme = theme
        unsetenv("GTK_THEME")
    }

    /// For GTK_THEME's Adwaita names: whether dark is asked; nil for any other theme.
    nonisolated static func adwaitaVariant(_ theme: String) -> Bool? {
        switch theme.lowercased() {
        case "adwaita", "adwaita:light": return false
        case "adwaita:dark", "adwaita-dark": return true
        default: return nil
        }
    }

    static func followDesktop() {
        guard let manager = Adw.StyleManager.forDisplay else { return }
        manager.setForcesDark(darkAsked)
        Trace.mark("style \(manager.isDark ? "dark" : "light")")
    }
}
