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
            let desktops = PortalDropIn.desktops(for: paths.currentDesktop)
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

    /// 1.17 and later: photopick named for the FileChooser in the user's `portals.conf` (or
    /// in the user's `DESKTOP-portals.conf` the portal reads first, when there is one).
    /// Returns whether a file changed.
    static func enableInPortalsConf(_ paths: SetupPaths, _ portal: InstalledPortal, _ backup: SetupBackup,
                                    into report: inout SetupReport) throws(SetupError) -> Bool {
        guard let userDir = paths.userConfigDir else { throw SetupError(tr("HOME is not set to an absolute path")) }
        if let override = paths.portalDirOverride {
            report.warnings.append(tr("XDG_DESKTOP_PORTAL_DIR is set: a portal started with it reads its configuration from %1$s alone, not from %2$s",
                                      override, userDir))
        }
        try SetupFiles.checkFolder(userDir)
        // The file of the user's folder that the portal reads: the first usable one. A plain
        // portals.conf is the one to write when none is, and must be usable to be edited.
        var target: (path: String, usable: Bool)?
        for path in SetupFiles.configFiles(in: userDir, desktop: paths.currentDesktop) {
            let plain = path.hasSuffix("/portals.conf")
            switch SetupFiles.load(path) {
            case .missing:
                continue
            case .unusable(let why):
                if plain { throw SetupError(tr("%1$s cannot be used (%2$s): correct it or move it away, then run this again", path, why)) }
                report.warnings.append(tr("xdg-desktop-portal passes over %1$s (%2$s)", path, why))
            case .keyFile(let file, _):
                if SetupFiles.preferred(file) != nil {
                    target = (path, true)
                } else if plain {
                    target = (path, false)
                } else {
                    report.warnings.append(tr("xdg-desktop-portal passes over %1$s (%2$s)", path, tr("no usable [preferred] entry")))
                }
            }
            if target != nil { break }
        }
        let path = target?.path ?? userDir + "/portals.conf"
        try checkManaged(path, kind: .portalsConf)
        let usable = target?.usable ?? false
        let existing = try SetupFiles.replaceable(path)
        if let existing, usable, PortalsConfText.fileChooserValue(existing.bytes)?.trimmingSpaces == PortalsConfText.photopick {
            report.lines.append(tr("photopick is the FileChooser already, in %s.", path))
            return false
        }
        let system = usable ? nil : SetupFiles.configInEffect(dirs: paths.systemConfigSearch, desktop: paths.currentDesktop)
        let bytes = existing.map { PortalsConfText.settingFileChooser($0.bytes, to: PortalsConfText.photopick, inherited: system?.raw ?? []) }
            ?? PortalsConfText.newFile(inherited: system?.raw ?? [], source: system?.config.path)
        try verify(bytes, keeping: usable ? existing?.bytes : nil, path: path)
        try SetupFiles.ensureFolder(userDir)
        try replace(path, kind: .portalsConf, existing: existing, with: bytes, mode: existing?.mode ?? 0o644, backup: backup)
        if usable {
            report.lines.append(tr("photopick is now the FileChooser in %s (one line added or changed, the rest as it was).", path))
        } else if let system {
            report.lines.append(tr("photopick is now the FileChooser in %1$s; the other portals as %2$s says (copied, since this file takes its place).",
                                   path, system.config.path))
        } else {
            report.lines.append(tr("photopick is now the FileChooser in %s; the other portals are chosen as before (no default= line: the desktop has no portals.conf).",
                                   path))
        }
        return true
    }

    /// Checks the edit with GLib's parser before anything is written: FileChooser names
    /// photopick alone, and every other `[preferred]` entry of the old file is as it was.
    static func verify(_ bytes: [UInt8], keeping old: [UInt8]?, path: String) throws(SetupError) {
        let failed = SetupError(tr("the change to %s did not come out as intended; nothing was written (please report this)", path))
        guard let file = KeyFile(bytes: bytes),
              file.stringList(PortalsConfText.group, PortalsConfText.fileChooserKey) == [PortalsConfText.photopick] else { throw failed }
        if let old, let before = KeyFile(bytes: old) {
            for key in before.keys(PortalsConfText.group) where key != PortalsConfText.fileChooserKey {
                guard file.rawValue(PortalsConfText.group, key) == before.rawValue(PortalsConfText.group, key) else { throw failed }
            }
        }
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
        try SetupFiles.ensureFolder(dir)
        try replace(path, kind: .dropIn, existing: existing, with: bytes, mode: existing?.mode ?? 0o644, backup: backup)
        report.lines.append(tr("Wrote %1$s: systemd starts xdg-desktop-portal 1.16 with XDG_CURRENT_DESKTOP=%2$s, so photopick answers the FileChooser and the desktop's backends the rest.",
                               path, desktops.joined(separator: ":")))
        if let later = DropIns.laterSetting(after: path, paths) {
            report.warnings.append(tr("%s, read after photopick's drop-in, sets XDG_CURRENT_DESKTOP too and wins: remove that line from it", later))
        }
        return true
    }
}
