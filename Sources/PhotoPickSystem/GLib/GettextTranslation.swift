import CGio
import Foundation
import Glibc
import PhotoPickCore

/// Core's `Translation` over gettext and GLib: messages from photopick's catalogue
/// (glibc's libintl through g_dgettext), sizes from g_format_size and dates from
/// g_date_time_format, so they read as the rest of the desktop in the user's language.
/// Each executable (the picker and the portal backend) installs it once, first thing; Core
/// never sees GLib.
public enum GettextTranslation {
    public static let domain = "photopick"

    /// Binds the catalogue and makes it Core's translation. Only the messages' category is
    /// taken from the environment here: the window's toolkit takes the rest when it starts
    /// (gtk_init), and the headless commands keep the C locale for everything they print
    /// or match, so their output is the same in every language.
    public static func install() {
        setlocale(LC_MESSAGES, "")
        if let directory = catalogueDirectory() { _ = bindtextdomain(domain, directory) }
        _ = bind_textdomain_codeset(domain, "UTF-8")
        Translation.current = Translation(
            // gettext returns its argument when the catalogue lacks the message: read the answer
            // while the C strings made for the call still live, and keep the Swift string then.
            singular: { message in
                message.withCString { id in
                    guard let found = g_dgettext(domain, id), found != id else { return message }
                    return String(cString: found)
                }
            },
            plural: { one, many, n in
                one.withCString { idOne in
                    many.withCString { idMany in
                        guard let found = g_dngettext(domain, idOne, idMany, gulong(clamping: n)) else { return n == 1 ? one : many }
                        if found == idOne { return one }
                        if found == idMany { return many }
                        return String(cString: found)
                    }
                }
            },
            bytes: { count in
                let text = g_format_size(guint64(clamping: count))!
                defer { g_free(text) }
                return String(cString: text)
            },
            date: { format, date, hour, minute in
                // GDateTime holds years 1…9999 only; other dates get the English built-in.
                guard let value = g_date_time_new_utc(gint(clamping: date.year), gint(clamping: date.month), gint(clamping: date.day),
                                                      gint(clamping: hour), gint(clamping: minute), 0) else { return nil }
                defer { g_date_time_unref(value) }
                guard let text = g_date_time_format(value, format) else { return nil }
                defer { g_free(text) }
                return String(cString: text)
            })
    }

    /// Where the compiled catalogues are: $PHOTOPICK_LOCALEDIR (the tests), `locale/` beside
    /// the executable (`make run` puts it there in the build tree), or `../share/locale` from
    /// the executable's folder when installed (bin/ for the picker, libexec/ for the portal
    /// backend). nil: gettext's default (the system's).
    static func catalogueDirectory() -> String? {
        if let forced = ProcessInfo.processInfo.environment["PHOTOPICK_LOCALEDIR"], !forced.isEmpty { return forced }
        // The executable itself (/proc/self/exe), also when started through a link (kdialog).
        guard let bin = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() else { return nil }
        for candidate in [bin.appendingPathComponent("locale"),
                          bin.deletingLastPathComponent().appendingPathComponent("share/locale")] {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), isFolder.boolValue {
                return candidate.path
            }
        }
        return nil
    }
}

// libintl.h (glibc) is in neither the Glibc module nor GLib's headers; these two are all
// photopick needs of it (lookups go through GLib's g_dgettext).
@_silgen_name("bindtextdomain")
private func bindtextdomain(_ domain: UnsafePointer<CChar>, _ directory: UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>?
@_silgen_name("bind_textdomain_codeset")
private func bind_textdomain_codeset(_ domain: UnsafePointer<CChar>, _ codeset: UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>?
