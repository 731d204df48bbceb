import PhotoPickCore
import PhotoPickGLib
import PhotoPickSystem

extension ChooserSetup {
    /// 1.17 and later: photopick named for the FileChooser in the file of the user's folder
    /// the portal reads (`portals.conf` or a `DESKTOP-portals.conf`), or, when none there is
    /// usable, in a new `DESKTOP-portals.conf` for this session's desktop alone, with the
    /// entries of the desktop's own configuration. Returns whether a file changed.
    static func enableInPortalsConf(_ paths: SetupPaths, _ portal: InstalledPortal, _ backup: SetupBackup,
                                    into report: inout SetupReport) throws(SetupError) -> Bool {
        guard let userDir = paths.userConfigDir else { throw SetupError(tr("HOME is not set to an absolute path")) }
        let desktops = paths.currentDesktop
        guard !desktops.valid.isEmpty else { throw noDesktop }
        if let override = paths.portalDirOverride {
            report.warnings.append(tr("XDG_DESKTOP_PORTAL_DIR is set: a portal started with it reads its configuration from %1$s alone, not from %2$s",
                                      override, userDir))
        }
        try SetupFiles.checkFolder(userDir)
        if let path = try fileToEdit(in: userDir, desktops, into: &report) {
            try checkManaged(path, kind: .portalsConf)
            guard let existing = try SetupFiles.replaceable(path) else { throw SetupError(tr("%s is gone: run this again", path)) }
            if PortalsConfText.fileChooserValue(existing.bytes)?.trimmingSpaces == PortalsConfText.photopick {
                report.lines.append(tr("photopick is the FileChooser already, in %s.", path))
                return false
            }
            let bytes = PortalsConfText.settingFileChooser(existing.bytes, to: PortalsConfText.photopick, inherited: [])
            try verify(bytes, keeping: existing.bytes, path: path)
            try replace(path, kind: .portalsConf, existing: existing, with: bytes, mode: existing.mode, within: userDir, backup: backup)
            report.lines.append(tr("photopick is now the FileChooser in %s (one line added or changed, the rest as it was).", path))
            return true
        }
        let system = SetupFiles.configInEffect(dirs: paths.systemConfigSearch, desktop: desktops)
        guard let name = desktops.userConfigFileName(copying: system?.config.path) else { throw noDesktop }
        let path = userDir + "/" + name
        try checkManaged(path, kind: .portalsConf)
        let existing = try SetupFiles.replaceable(path)
        if existing != nil {
            // Passed over by the portal: a key file without entries is filled, anything else is the user's to correct.
            guard case .keyFile(let file, _) = SetupFiles.load(path), file.keys(PortalsConfText.group).isEmpty else {
                throw SetupError(tr("%1$s cannot be used (%2$s): correct it or move it away, then run this again", path, tr("no usable [preferred] entry")))
            }
        }
        let inherited = system?.raw ?? []
        let bytes = existing.map { PortalsConfText.settingFileChooser($0.bytes, to: PortalsConfText.photopick, inherited: inherited) }
            ?? PortalsConfText.newFile(inherited: inherited, source: system?.config.path)
        try verify(bytes, keeping: nil, path: path)
        try replace(path, kind: .portalsConf, existing: existing, with: bytes, mode: existing?.mode ?? 0o644,
                    within: paths.configHome ?? userDir, backup: backup)
        if let system {
            report.lines.append(tr("photopick is now the FileChooser in %1$s; the other portals as %2$s says (copied, since this file takes its place).",
                                   path, system.config.path))
        } else {
            report.lines.append(tr("photopick is now the FileChooser in %s; the other portals are chosen as before (no default= line: the desktop has no portals.conf).",
                                   path))
        }
        return true
    }

    /// The file of the user's folder the portal reads, to edit: the first usable one, in the
    /// portal's order. A desktop's file it passes over is only warned about; a `portals.conf`
    /// it cannot read stops enable (the user means it to count), one without entries does not.
    static func fileToEdit(in userDir: String, _ desktops: DesktopNames, into report: inout SetupReport) throws(SetupError) -> String? {
        for path in SetupFiles.configFiles(in: userDir, desktop: desktops) {
            let plain = path.hasSuffix("/portals.conf")
            var why: String
            switch SetupFiles.load(path) {
            case .missing:
                continue
            case .unusable(let problem):
                why = problem
            case .keyFile(let file, _):
                if SetupFiles.preferred(file) != nil { return path }
                guard let bad = SetupFiles.unreadableEntry(file) else {
                    if !plain { report.warnings.append(tr("xdg-desktop-portal passes over %1$s (%2$s)", path, tr("no usable [preferred] entry"))) }
                    continue
                }
                why = tr("the value of %s is not a list xdg-desktop-portal reads", LogText.value(bad))
            }
            if plain { throw SetupError(tr("%1$s cannot be used (%2$s): correct it or move it away, then run this again", path, why)) }
            report.warnings.append(tr("xdg-desktop-portal passes over %1$s (%2$s)", path, why))
        }
        return nil
    }

    /// Checks the edit with GLib's parser before anything is written, as the portal will read
    /// it: every `[preferred]` entry a list (else the portal passes over the whole file), the
    /// FileChooser photopick alone, and every other entry of the old file as it was.
    static func verify(_ bytes: [UInt8], keeping old: [UInt8]?, path: String) throws(SetupError) {
        let failed = SetupError(tr("the change to %s did not come out as intended; nothing was written (please report this)", path))
        guard let file = KeyFile(bytes: bytes), let entries = SetupFiles.preferred(file),
              entries.last(where: { $0.key == PortalsConfText.fileChooserKey })?.portals == [PortalsConfText.photopick] else { throw failed }
        if let old, let before = KeyFile(bytes: old) {
            for key in before.keys(PortalsConfText.group) where key != PortalsConfText.fileChooserKey {
                guard file.rawValue(PortalsConfText.group, key) == before.rawValue(PortalsConfText.group, key) else { throw failed }
            }
        }
    }
}
