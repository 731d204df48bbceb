import CGtk
import PhotoPickCore

/// photopick's About window (AdwAboutWindow, new in libadwaita 1.2).
@MainActor
enum AboutWindow {
    static func present(over parent: Widget?, version: String) {
        let about = adw_about_window_new()!
        let window = OpaquePointer(about)
        adw_about_window_set_application_name(window, "photopick")
        adw_about_window_set_application_icon(window, PickerApplication.applicationID)
        if !version.isEmpty { adw_about_window_set_version(window, version) }
        adw_about_window_set_comments(window, tr("Pick photos and videos from your folders, for any program that asks"))
        adw_about_window_set_developer_name(window, tr("The photopick authors"))
        adw_about_window_set_website(window, "https://github.com/photopick/photopick")
        adw_about_window_set_license_type(window, GTK_LICENSE_MIT_X11)
        // TRANSLATORS: your names, one per line; shown in the About window's credits.
        let credits = tr("translator-credits")
        if credits != "translator-credits" { adw_about_window_set_translator_credits(window, credits) }
        // GTK keeps the presented window until it is closed; each "About" makes a new one.
        Gtk.Window(about).setTransientFor(parent)
        Gtk.Window(about).present()
        Trace.mark("about-window-presented")
    }
}
