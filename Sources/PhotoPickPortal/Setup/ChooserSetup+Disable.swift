import PhotoPickCore
import PhotoPickSystem

extension ChooserSetup {
    /// Puts back what `enable` changed: the old bytes and permissions exactly, or no file
    /// where there was none. A `portals.conf` edited since enable keeps the edits and loses
    /// photopick's line only. Without anything to undo it changes nothing and says so.
    public static func disable(_ environment: [String: String]) throws(SetupError) -> SetupReport {
        let paths = SetupPaths(environment: environment)
        let backup = try SetupBackup(paths)
        var report = SetupReport()
        var undone: [SetupRecord.Kind] = []
        for kind in SetupRecord.Kind.allCases {
            switch backup.load(kind) {
            case .none:
                continue
            case .damaged(let why):
                report.warnings.append(tr("cannot undo from %1$s: %2$s", backup.dir + "/" + kind.rawValue + ".record", why))
                report.status = ChooserStatusCode.error
            case .record(let record, let before, let written):
                do {
                    try undo(record, kind: kind, before: before, written: written, paths: paths, into: &report)
                    try backup.remove(kind)
                    undone.append(kind)
                } catch {
                    report.warnings.append(error.description)
                    report.status = ChooserStatusCode.error
                }
            }
        }
        backup.removeFolderIfEmpty()
        if undone.isEmpty {
            if report.status == 0 { report.lines.append(tr("Nothing to undo: photopick portal enable has changed nothing here.")) }
            return report
        }
        if let portal = try? InstalledPortal.find(paths) {
            PortalRestart.restart(paths, portal: portal, reloadUnits: undone.contains(.dropIn), into: &report)
        }
        return report
    }

    static func undo(_ record: SetupRecord, kind: SetupRecord.Kind, before: [UInt8]?, written: [UInt8]?,
                     paths: SetupPaths, into report: inout SetupReport) throws(SetupError) {
        guard record.isWhereEnableWrites(kind, paths) else {
            let now = (kind == .portalsConf ? paths.userConfigDir : paths.dropInPath) ?? ""
            throw SetupError(tr("the backup names %1$s, which is not where enable writes now (%2$s): nothing was changed; run disable with the XDG_CONFIG_HOME enable had",
                                LogText.value(record.path), now))
        }
        let current = try SetupFiles.replaceable(record.path)
        // Without the copy of what enable wrote, a file that is there may hold edits of the user's.
        if let current, written == nil || current.bytes != written {
            guard kind == .portalsConf else {
                throw SetupError(tr("%s was changed since enable (or photopick cannot tell): left as it is; remove it yourself to undo enable", record.path))
            }
            switch PortalsConfText.restoringFileChooser(current.bytes, original: before.flatMap(PortalsConfText.fileChooserLine)) {
            case .restored(let bytes):
                try SetupFiles.write(bytes, to: record.path, mode: current.mode)
                report.lines.append(tr("%s was changed after enable: only photopick's FileChooser line was taken back, the rest is as you left it.",
                                       record.path))
            case .stillNamed(let value):
                // Theirs now; photopick still answers, so disable has not done its job: it fails, keeping the backup.
                throw SetupError(tr("%1$s was changed after enable, and its FileChooser line (%2$s) still names photopick: left as it is; edit that line yourself, or put back photopick alone on it and run this again",
                                    record.path, LogText.value(value)))
            case .nothingToTakeBack:
                report.lines.append(tr("%s was changed after enable, and its FileChooser line no longer names photopick: nothing to take back, the file is as you left it.",
                                       record.path))
            }
            return
        }
        if let before {
            try SetupFiles.ensureFolder(RawPath(record.path).parent.description)
            try SetupFiles.write(before, to: record.path, mode: record.mode)
            report.lines.append(tr("Put back %s as it was before enable.", record.path))
        } else if current != nil {
            try SetupFiles.remove(record.path)
            report.lines.append(tr("Removed %s, which enable had written.", record.path))
        } else {
            report.lines.append(tr("%s, which enable had written, is gone already.", record.path))
        }
        if let created = record.created { SetupFiles.removeEmptyFolders(from: RawPath(record.path).parent.description, through: created) }
    }
}
