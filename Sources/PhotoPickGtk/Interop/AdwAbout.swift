import CGtk

extension Adw {
    /// The application's name, version, credits and licence: an AdwAboutDialog from
    /// libadwaita 1.5 (over a GtkApplicationWindow it opens as a window of its own), an
    /// AdwAboutWindow (1.2) before. GTK keeps it until it is closed.
    @MainActor
    struct About {
        private let widget: Widget
        #if ADW_1_5
        init() { widget = raw(adw_about_dialog_new()).assumingMemoryBound(to: GtkWidget.self) }
        private var about: OpaquePointer { cast(widget) }
        func setApplicationName(_ name: String) { adw_about_dialog_set_application_name(about, name) }
        func setApplicationIcon(_ iconName: String) { adw_about_dialog_set_application_icon(about, iconName) }
        func setVersion(_ version: String) { adw_about_dialog_set_version(about, version) }
        func setComments(_ comments: String) { adw_about_dialog_set_comments(about, comments) }
        func setDeveloperName(_ name: String) { adw_about_dialog_set_developer_name(about, name) }
        func setWebsite(_ url: String) { adw_about_dialog_set_website(about, url) }
        func setLicenseType(_ license: GtkLicense) { adw_about_dialog_set_license_type(about, license) }
        /// Names, one per line, shown under "Translated by".
        func setTranslatorCredits(_ credits: String) { adw_about_dialog_set_translator_credits(about, credits) }
        /// Shows it over `parent`'s window (or alone).
        func present(over parent: Widget?) { adw_dialog_present(cast(widget), parent) }
        #else
        init() { widget = adw_about_window_new() }
        private var about: OpaquePointer { cast(widget) }
        func setApplicationName(_ name: String) { adw_about_window_set_application_name(about, name) }
        func setApplicationIcon(_ iconName: String) { adw_about_window_set_application_icon(about, iconName) }
        func setVersion(_ version: String) { adw_about_window_set_version(about, version) }
        func setComments(_ comments: String) { adw_about_window_set_comments(about, comments) }
        func setDeveloperName(_ name: String) { adw_about_window_set_developer_name(about, name) }
        func setWebsite(_ url: String) { adw_about_window_set_website(about, url) }
        func setLicenseType(_ license: GtkLicense) { adw_about_window_set_license_type(about, license) }
        /// Names, one per line, shown under "Translated by".
        func setTranslatorCredits(_ credits: String) { adw_about_window_set_translator_credits(about, credits) }
        /// Shows it over `parent`'s window (or alone).
        func present(over parent: Widget?) {
            let window = Gtk.Window(widget)
            window.setTransientFor(parent)
            window.present()
        }
        #endif
    }
}
