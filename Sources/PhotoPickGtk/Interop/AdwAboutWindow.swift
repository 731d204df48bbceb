import CGtk

extension Adw {
    /// An AdwAboutWindow (new in libadwaita 1.2): the application's name, version, credits
    /// and licence. GTK keeps a presented window until it is closed.
    @MainActor
    struct AboutWindow {
        let widget: Widget
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
        /// As a window: transient parent, present, destroy.
        var window: Gtk.Window { Gtk.Window(widget) }
    }
}
