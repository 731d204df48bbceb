import PhotoPickCore
import PhotoPickSystem

/// `photopick portal enable|disable|status`: make photopick the desktop's file chooser in
/// the way the installed xdg-desktop-portal reads it, undo that exactly, and say who answers.
/// Each takes the environment of the session it is run in.
public enum ChooserSetup {
    /// What `enable` and `status` check first: photopick's `.portal` file where this portal
    /// reads them, and its D-Bus service file where the bus finds it.
    struct Installed {
        let portalFile: String
        let service: String
    }

    static func installed(_ paths: SetupPaths, _ portal: InstalledPortal) throws(SetupError) -> Installed {
        let dirs = paths.portalFileDirs(portal.version)
        guard let portalFile = SetupFiles.first(SetupPaths.portalFileName, in: dirs) else {
            let elsewhere = ((paths.dataHome.map { [$0] } ?? []) + paths.dataDirs + ["/usr/local/share"])
                .map { $0 + "/xdg-desktop-portal/portals" }.filter { !dirs.contains($0) }
            if let found = SetupFiles.first(SetupPaths.portalFileName, in: elsewhere) {
                throw SetupError(tr("xdg-desktop-portal %1$s reads .portal files from %2$s, and photopick.portal is in %3$s: link it there (sudo ln -s %4$s %5$s/) or install photopick with PREFIX=/usr",
                                    portal.version.description, dirs.joined(separator: ", "), String(found.dropLast(SetupPaths.portalFileName.count + 1)),
                                    found, dirs[dirs.count - 1]))
            }
            throw SetupError(tr("photopick's portal backend is not installed: no photopick.portal in %s", dirs.joined(separator: ", ")))
        }
        guard let service = SetupFiles.first(SetupPaths.backendServiceName, in: paths.dbusServiceDirs) else {
            throw SetupError(tr("photopick's D-Bus service file %1$s is in none of %2$s: the session bus could not start photopick's backend",
                                SetupPaths.backendServiceName, paths.dbusServiceDirs.joined(separator: ", ")))
        }
        if !portal.version.readsPortalsConf {
            let useIn: [String]
            if case .keyFile(let file, _) = SetupFiles.load(portalFile) { useIn = file.stringList("portal", "UseIn") ?? [] } else { useIn = [] }
            guard useIn.contains(where: { $0.lowercased() == PortalDropIn.desktop }) else {
                throw SetupError(tr("%1$s says UseIn=%2$s: with xdg-desktop-portal 1.16, 'photopick portal enable' needs UseIn=photopick (what make install writes unless PORTAL_USE_IN says otherwise)",
                                    portalFile, useIn.joined(separator: ";")))
            }
        }
        return Installed(portalFile: portalFile, service: service)
    }

    /// Writes `bytes` to `path` (what was there, if anything: `existing`), making its folder
    /// (recorded, up to `root` at most, for disable to remove), and keeping what was there for
    /// `disable`. A second enable over the bytes the first wrote keeps the first backup: it
    /// holds what was there before photopick. Over a file the user changed since, the user's
    /// file is what disable puts back: their edits are not photopick's to undo. The backup is
    /// complete before anything changes; when the file cannot be written, folders made for it
    /// are removed and the backup is as it was.
    static func replace(_ path: String, kind: SetupRecord.Kind, existing: (bytes: [UInt8], mode: UInt32)?, with bytes: [UInt8],
                        mode: UInt32, within root: String, backup: SetupBackup) throws(SetupError) {
        try checkManaged(path, kind: kind)
        let folder = RawPath(path).parent.description
        let made = try SetupFiles.missingFolder(folder, within: root)
        let previous = backup.load(kind)
        var record = SetupRecord(path: path, existed: existing != nil, mode: (existing?.mode ?? mode) & 0o777, created: made)
        var before = existing?.bytes
        switch previous {
        case .record(let old, let oldBefore, let written):
            guard old.path == path else {
                throw SetupError(tr("photopick portal enable changed %s before: run 'photopick portal disable' first", old.path))
            }
            if let written, existing?.bytes == written {
                (record, before) = (old, oldBefore)
            } else if made == nil {
                record.created = old.created
            }
        case .damaged(let why):
            throw SetupError(tr("the backup in %1$s cannot be used (%2$s): move it away, then run this again", backup.dir, why))
        case .none:
            break
        }
        do {
            try backup.save(record, before: before, written: bytes, kind: kind)
            try SetupFiles.ensureFolder(folder)
            try SetupFiles.write(bytes, to: path, mode: mode)
        } catch {
            if let made { SetupFiles.removeEmptyFolders(from: folder, through: made) }
            backup.putBack(previous, kind: kind)
            throw error
        }
    }

    /// Only a file disable can put back is written: one whose record it will accept.
    static func checkManaged(_ path: String, kind: SetupRecord.Kind) throws(SetupError) {
        guard SetupRecord.isManaged(path, kind: kind) else {
            throw SetupError(tr("photopick does not write %s: an unusual path for this file (a .. in it, or a control character)", LogText.value(path)))
        }
    }

    /// Why enable stops without a desktop: what it writes is for one desktop's sessions.
    static let noDesktop = SetupError(tr("XDG_CURRENT_DESKTOP names no desktop, so photopick cannot tell whose portal configuration to change: run 'photopick portal enable' in your desktop session, or set XDG_CURRENT_DESKTOP as it is there (such as GNOME or ubuntu:GNOME)"))

    /// A warning for each entry of `XDG_CURRENT_DESKTOP` that is not a desktop name.
    static func warnAboutDesktopNames(_ paths: SetupPaths, into report: inout SetupReport) {
        for name in paths.currentDesktop.rejected {
            report.warnings.append(tr("XDG_CURRENT_DESKTOP holds '%s', which is not a desktop name (letters, digits, - and _): left out",
                                      LogText.value(name, limit: 40)))
        }
    }
}
