import CGio
import Foundation
import Glibc
import PhotoPickCore

/// The portal backend's words (the title it gives a window an application left untitled)
/// in the user's language: Core's `Translation` over gettext, as the window's
/// GettextTranslation does, with photopick's catalogue found from where the backend is
/// installed (`$(LIBEXECDIR)/../share/locale`) or `$PHOTOPICK_LOCALEDIR`.
public enum PortalTranslation {
    public static func install() {
        setlocale(LC_MESSAGES, "")
        let domain = "photopick"
        let forced = ProcessInfo.processInfo.environment["PHOTOPICK_LOCALEDIR"].flatMap { $0.isEmpty ? nil : $0 }
        let installed = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("share/locale").path
        if let directory = forced ?? installed { _ = bindtextdomain(domain, directory) }
        _ = bind_textdomain_codeset(domain, "UTF-8")
        Translation.current = Translation(
            // gettext answers with its own argument when it has no translation: read it while
            // the C string made for the call lives.
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
            })
    }
}

// libintl.h (glibc) is in neither the Glibc module nor GIO's headers.
@_silgen_name("bindtextdomain")
private func bindtextdomain(_ domain: UnsafePointer<CChar>, _ directory: UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>?
@_silgen_name("bind_textdomain_codeset")
private func bind_textdomain_codeset(_ domain: UnsafePointer<CChar>, _ codeset: UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>?
