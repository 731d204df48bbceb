import PhotoPickCore
import PhotoPickSystem

extension ChooserSetup {
    /// Makes photopick the FileChooser: in `portals.conf` from 1.17 on, by the systemd drop-in
    /// on 1.16; then restarts the portal. Throws, having changed nothing, when it cannot.
    public static func enable(_ environment: [String: String]) throws(SetupError) -> SetupReport {
        let paths = SetupPaths(environment: environment)
        guard paths.home != nil else { throw SetupError(tr("HOME is not set to an absolute path")) }
        let portal = try InstalledPortal.find(paths)
        var report = SetupReport()
        report.lines.append(tr("xdg-desktop-portal %1$s (%2$s)", portal.version.description, portal.source))
        warnAboutDesktopNames(paths, into: &report)
        _ = try installed(paths, portal)
        let backup = try SetupBackup(paths)
        if portal.version.readsPortalsConf {
            if try enableInPortalsConf(paths, portal, backup, into: &report) {
                PortalRestart.restart(paths, portal: portal, reloadUnits: false, into: &report)
            }
        } else {
            guard let desktops = PortalDropIn.desktops(for: paths.currentDesktop) else { throw noDesktop }
            if try enableByDropIn(paths, desktops, backup, into: &report) {
                PortalRestart.restart(paths, portal: portal, reloadUnits: true, into: &report)
                if PortalRestart.systemctl(paths) == nil {
                    report.lines.append(tr("Without systemd the drop-in has no effect: start xdg-desktop-portal with XDG_CURRENT_DESKTOP=%s in its environment.",
                                           desktops.joined(separator: ":")))
                }
            }
        }
        return report
    }

    /// 1.16: the systemd drop-in putting `photopick` first in the portal's desktops.
    static func enableByDropIn(_ paths: SetupPaths, _ desktops: [String], _ backup: SetupBackup,
                               into report: inout SetupReport) throws(SetupError) -> Bool {
        guard let path = paths.dropInPath, let dir = paths.dropInDir else { throw SetupError(tr("HOME is not set to an absolute path")) }
        try checkManaged(path, kind: .dropIn)
        try SetupFiles.checkFolder(dir)
        let bytes = PortalDropIn.text(desktops: desktops)
        let existing = try SetupFiles.replaceable(path)
        if existing?.bytes == bytes {
            report.lines.append(tr("photopick is the FileChooser already: %s is in place.", path))
            return false
        }
        try replace(path, kind: .dropIn, existing: existing, with: bytes, mode: existing?.mode ?? 0o644,
                    within: paths.configHome ?? dir, backup: backup)
        report.lines.append(tr("Wrote %1$s: systemd starts xdg-desktop-portal 1.16 with XDG_CURRENT_DESKTOP=%2$s, so photopick answers the FileChooser and the desktop's backends the rest.",
                               path, desktops.joined(separator: ":")))
        if let later = DropIns.laterSetting(after: path, paths) {
            report.warnings.append(tr("%s, read after photopick's drop-in, sets XDG_CURRENT_DESKTOP too and wins: remove that line from it", later))
        }
        return true
    }
}
