import ArgumentParser
import Foundation
import PhotoPickCore
import PhotoPickPortal

/// `photopick portal enable|disable|status`: photopick as the desktop's file chooser, in one
/// command, whichever xdg-desktop-portal is installed (PhotoPickPortal/Setup does the work).
struct Portal: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make photopick the desktop's photo chooser (xdg-desktop-portal's FileChooser), undo it, or say who answers.",
        discussion: """
            Works with whichever xdg-desktop-portal is installed: from 1.18 on through \
            ~/.config/xdg-desktop-portal/(DESKTOP-)portals.conf, on 1.16 (Debian 12) through a \
            systemd drop-in. 'photopick help portal enable' says what each writes.

            Exit status: 0 done (status: photopick answers), 1 (status) another backend \
            answers, 2 error (enable changes nothing then), 3 (status) the running portal started before \
            its configuration changed: restart it.
            """,
        subcommands: [Enable.self, Disable.self, Status.self])

    /// Prints a report: lines on stdout, warnings on stderr. Each line escaped
    /// (`LogText.line`): paths and values come from the environment and from files, and none
    /// may reach the terminal as a control code.
    static func print(_ report: SetupReport) -> Int32 {
        var out = ""
        for line in report.lines { out += LogText.line(line) + "\n" }
        FileHandle.standardOutput.write(Data(out.utf8))
        for warning in report.warnings {
            FileHandle.standardError.write(Data(("photopick: " + tr("warning: %s", LogText.line(warning)) + "\n").utf8))
        }
        return report.status
    }

    static func run(_ body: ([String: String]) throws(SetupError) -> SetupReport) throws -> Int32 {
        do {
            return print(try body(ProcessInfo.processInfo.environment))
        } catch {
            throw UserError(LogText.line(error.description))
        }
    }

    struct Enable: PhotopickCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make photopick the FileChooser of xdg-desktop-portal.",
            discussion: """
                Run it in your desktop session: what it writes is for the desktop named by \
                XDG_CURRENT_DESKTOP, and without one it changes nothing.

                With xdg-desktop-portal 1.18 or later, names photopick for \
                org.freedesktop.impl.portal.FileChooser in the file of \
                ~/.config/xdg-desktop-portal ($XDG_CONFIG_HOME) that the portal reads \
                (DESKTOP-portals.conf, then portals.conf): it gets that one line and keeps the \
                rest. Without one, it writes DESKTOP-portals.conf (such as gnome-portals.conf, \
                read by that desktop's sessions alone), with the [preferred] entries of the \
                desktop's own configuration (such as \
                /usr/share/xdg-desktop-portal/gnome-portals.conf), since it takes its place.

                With 1.16, writes the systemd drop-in \
                ~/.config/systemd/user/xdg-desktop-portal.service.d/photopick.conf, which starts \
                the portal with photopick first in XDG_CURRENT_DESKTOP.

                Then restarts the portal when systemd's user instance runs it, and otherwise \
                says what to do. What it replaced is kept in \
                ~/.local/state/photopick/portal-enable/ for 'photopick portal disable'.
                """)
        func execute() throws -> Int32 { try Portal.run(ChooserSetup.enable) }
    }

    struct Disable: PhotopickCommand {
        static let configuration = CommandConfiguration(
            abstract: "Undo 'photopick portal enable' exactly.",
            discussion: """
                Puts back the bytes and permissions of what enable replaced, or removes the file \
                it wrote, then restarts the portal. A portals.conf edited since keeps the edits \
                and loses photopick's line only; a FileChooser line the user changed is left \
                (exit status 2 while it still names photopick). Harmless when nothing was enabled.
                """)
        func execute() throws -> Int32 { try Portal.run(ChooserSetup.disable) }
    }

    struct Status: PhotopickCommand {
        static let configuration = CommandConfiguration(
            abstract: "Say which backend answers FileChooser requests (exit 0: photopick).",
            discussion: """
                Works out the backend as the installed portal chooses it (for the running \
                portal's environment when one runs), says whether photopick's .portal and \
                D-Bus service files are where the portal and the bus look, and whether the \
                running portal started before its configuration changed.

                Exit status: 0 photopick answers, 1 another backend (or none), 2 error, \
                3 restart the portal to apply its configuration.
                """)
        func execute() throws -> Int32 { try Portal.run(ChooserSetup.status) }
    }
}
