import CGtk
import PhotoPickCore
import PhotoPickSystem

/// photopick's About window (Adw.About: AdwAboutDialog or, before libadwaita 1.5, AdwAboutWindow).
@MainActor
enum AboutWindow {
    static func present(over parent: Gtk.Window?, version: String) {
        let about = Adw.About()
        about.setApplicationName("photopick")
        about.setApplicationIcon(PickerApplication.applicationID)
        if !version.isEmpty { about.setVersion(version) }
        about.setComments(tr("Pick photos and videos from your folders, for any program that asks"))
        about.setDeveloperName(tr("The photopick authors"))
        about.setWebsite("https://github.com/photopick/photopick")
        about.setLicenseType(GTK_LICENSE_MIT_X11)
        // TRANSLATORS: your names, one per line; shown in the About window's credits.
        let credits = tr("translator-credits")
        if credits != "translator-credits" { about.setTranslatorCredits(credits) }
        // GTK keeps it until it is closed; each "About" makes a new one.
        about.present(over: parent?.widget)
        Trace.mark("about-window-presented")
    }
}
