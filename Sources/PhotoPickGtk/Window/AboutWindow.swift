import CGtk
import PhotoPickCore

/// photopick's About window (AdwAboutWindow, new in libadwaita 1.2).
@MainActor
enum AboutWindow {
    static func present(over parent: Widget?, version: String) {
        let about = Adw.AboutWindow()
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
        // GTK keeps the presented window until it is closed; each "About" makes a new one.
        about.window.setTransientFor(parent)
        about.window.present()
        Trace.mark("about-window-presented")
    }
}
