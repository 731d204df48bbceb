import PhotoPickCore
import PhotoPickSystem

/// Restarting the user's xdg-desktop-portal so that it reads what was changed: through
/// systemd's user instance when it runs (the portal is its service there), else by telling
/// the user how.
enum PortalRestart {
    /// `systemctl`, when a systemd user instance runs for this session (its private socket is
    /// in `$XDG_RUNTIME_DIR/systemd`).
    static func systemctl(_ paths: SetupPaths) -> String? {
        guard let socket = paths.systemdPrivateSocket, (try? PathStatus.of(RawPath(socket)))??.kind == .other else { return nil }
        return ProgramSearch.find("systemctl", in: Array(paths.searchPath.utf8), excluding: nil)?.description
    }

    /// Restarts the portal if systemd runs it (after `daemon-reload` when a unit's drop-in
    /// changed) and says what happened, or what to do instead.
    static func restart(_ paths: SetupPaths, portal: InstalledPortal, reloadUnits: Bool, into report: inout SetupReport) {
        guard let systemctl = systemctl(paths) else {
            report.lines.append(tr("systemd's user instance does not run here, so photopick cannot restart xdg-desktop-portal: log out and in again, or run '%s --replace' in your session.",
                                   portal.executable))
            return
        }
        func run(_ arguments: [String]) -> ProgramOutput? { try? ProgramOutput.run([systemctl, "--user"] + arguments, seconds: 60) }
        if reloadUnits, run(["daemon-reload"])?.status != 0 {
            report.warnings.append(tr("'systemctl --user daemon-reload' failed: run it yourself, then 'systemctl --user restart %s'.", SetupPaths.portalUnit))
            return
        }
        guard run(["is-active", "--quiet", SetupPaths.portalUnit])?.status == 0 else {
            report.lines.append(tr("xdg-desktop-portal is not running now; it reads the new configuration when it next starts."))
            return
        }
        if let restarted = run(["restart", SetupPaths.portalUnit]), restarted.status == 0 {
            report.lines.append(tr("Restarted xdg-desktop-portal (systemctl --user restart %s).", SetupPaths.portalUnit))
        } else {
            report.warnings.append(tr("could not restart xdg-desktop-portal: run 'systemctl --user restart %s', or log out and in again.", SetupPaths.portalUnit))
        }
    }
}
