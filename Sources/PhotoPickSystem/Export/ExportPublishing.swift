import CGio
#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// Names an export without ever replacing a file: the original's stem + the new extension,
/// then `stem (2).ext`, `stem (3).ext`… while a name is taken. The file gets its name by a
/// call that fails on an existing name (linkat, renameat2 with RENAME_NOREPLACE), so a file
/// created meanwhile under the same name is never overwritten (the kernel checks), and an
/// original in the same folder is just another taken name. `ExportTemporary` is the file.
public enum ExportPublishing {
    /// The name without its last extension (`IMG_1.HEIC` → `IMG_1`); a name that is all
    /// extension (`.hidden`) keeps it whole.
    public static func stem(of source: RawPath) -> [UInt8] {
        let name = Array(source.lastComponentBytes)
        guard let dot = name.lastIndex(of: 0x2E), dot > 0 else { return name.isEmpty ? Array("export".utf8) : name }
        return Array(name[..<dot])
    }

    /// The `attempt`th name to try (1: `stem.ext`, n: `stem (n).ext`), shortened to fit NAME_MAX
    /// (255 bytes) without splitting a UTF-8 character.
    public static func name(stem: [UInt8], fileExtension: [UInt8], attempt: Int) -> [UInt8] {
        let suffix = Array((attempt > 1 ? " (\(attempt))" : "").utf8) + (fileExtension.isEmpty ? [] : [0x2E] + fileExtension)
        var base = stem
        if base.count + suffix.count > 255 {
            base = Array(base.prefix(max(1, 255 - suffix.count)))
            // Drop a UTF-8 sequence cut in half (continuation bytes, then their lead byte).
            while let last = base.last, last & 0xC0 == 0x80, base.count > 1 { base.removeLast() }
            if let last = base.last, last & 0xC0 == 0xC0, base.count > 1 { base.removeLast() }
        }
        return base + suffix
    }

    /// Calls `place` with each name in turn until one is not taken (`place` throws EEXIST
    /// for a taken one), then syncs the folder; returns the name.
    static func placeUnderFirstFreeName(in folder: RawPath, stem: [UInt8], fileExtension: [UInt8],
                                        _ place: (RawPath) throws(SystemError) -> Void) throws(SystemError) -> RawPath {
        for attempt in 1...10_000 {
            let target = folder.appending(component: name(stem: stem, fileExtension: fileExtension, attempt: attempt))
            do {
                try place(target)
                AtomicFile.syncFolder(folder)
                return target
            } catch where error.code == EEXIST {
                continue
            }
        }
        throw SystemError(call: "rename", code: EEXIST)
    }

    /// renameat2(RENAME_NOREPLACE); where the file system lacks it, link + unlink, which
    /// fails on an existing name just as well.
    static func renameWithoutReplacing(_ from: RawPath, to: RawPath) throws(SystemError) {
        let result = from.withCString { f in to.withCString { pp_rename_noreplace(f, $0) } }
        if result == 0 { return }
        let code = errno
        guard code == EINVAL || code == ENOSYS else { throw SystemError(call: "rename", code: code) }
        _ = try Syscall.retrying("link") { from.withCString { f in to.withCString { link(f, $0) } } }
        _ = from.withCString { unlink($0) }
    }
}
