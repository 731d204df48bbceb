import PhotoPickCore
import PhotoPickSystem

/// Where `enable` keeps what it replaced: `$XDG_STATE_HOME/photopick/portal-enable/`
/// (`~/.local/state/…`, private: 0700), per file it changed a record (`KIND.record`), the
/// old bytes (`KIND.before`, when there was a file) and the bytes it writes (`KIND.written`:
/// `disable` tells from them whether the user edited the file since). All three are saved
/// before the file changes, the record last; it is removed first, so a record always has
/// its bytes beside it.
struct SetupBackup {
    let dir: String

    init(_ paths: SetupPaths) throws(SetupError) {
        guard let dir = paths.backupDir else { throw SetupError(tr("HOME is not set to an absolute path")) }
        self.dir = dir
    }

    private func file(_ kind: SetupRecord.Kind, _ ext: String) -> String { dir + "/" + kind.rawValue + "." + ext }

    enum Stored {
        case none
        case record(SetupRecord, before: [UInt8]?, written: [UInt8]?)
        case damaged(String)
    }

    func load(_ kind: SetupRecord.Kind) -> Stored {
        switch SmallFile.read(RawPath(file(kind, "record"))) {
        case .missing: return .none
        case .unreadable(let why): return .damaged(why)
        case .bytes(let bytes):
            guard let record = SetupRecord(bytes, kind: kind) else { return .damaged(tr("not a record photopick wrote")) }
            var before: [UInt8]?
            if record.existed {
                guard case .bytes(let old) = SmallFile.read(RawPath(file(kind, "before"))) else {
                    return .damaged(tr("the copy of the old file is missing"))
                }
                before = old
            }
            var written: [UInt8]?
            if case .bytes(let bytes) = SmallFile.read(RawPath(file(kind, "written"))) { written = bytes }
            return .record(record, before: before, written: written)
        }
    }

    /// Keeps `record`, the old bytes and the bytes about to be written, before the file is
    /// replaced. Without `written` (putting back an older backup that had none) there is none.
    func save(_ record: SetupRecord, before: [UInt8]?, written: [UInt8]?, kind: SetupRecord.Kind) throws(SetupError) {
        try SetupFiles.ensureFolder(dir)
        if let written { try SetupFiles.write(written, to: file(kind, "written"), mode: 0o600) } else { try SetupFiles.remove(file(kind, "written")) }
        if let before { try SetupFiles.write(before, to: file(kind, "before"), mode: 0o600) } else { try SetupFiles.remove(file(kind, "before")) }
        try SetupFiles.write(record.text, to: file(kind, "record"), mode: 0o600)
    }

    /// Puts `stored` back after a failed enable (best effort: enable reports its own error).
    func putBack(_ stored: Stored, kind: SetupRecord.Kind) {
        switch stored {
        case .record(let record, let before, let written): try? save(record, before: before, written: written, kind: kind)
        case .none:
            try? remove(kind)
            removeFolderIfEmpty()
        case .damaged: break  // enable stops before writing anything then
        }
    }

    func remove(_ kind: SetupRecord.Kind) throws(SetupError) {
        for ext in ["record", "before", "written"] { try SetupFiles.remove(file(kind, ext)) }
    }

    /// The backup folder goes when nothing is left in it.
    func removeFolderIfEmpty() { Folders.removeIfEmpty(RawPath(dir)) }
}
