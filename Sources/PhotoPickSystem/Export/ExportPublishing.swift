import CGio
#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// Names and places an export without ever replacing a file: the temporary file is made in
/// the destination folder, then renamed to the original's stem + the new extension with
/// RENAME_NOREPLACE, trying `stem (2).ext`, `stem (3).ext`… while a name is taken. A file
/// created meanwhile under the same name is never overwritten (the kernel checks), and an
/// original in the same folder is just another taken name.
public enum ExportPublishing {
    /// A new empty temporary file for one export in `folder` (mode 0600, created exclusively).
    public static func makeTemporary(in folder: RawPath) throws(SystemError) -> RawPath {
        let (fd, path) = try AtomicFile.makeTemporary(in: folder, prefix: ".photopick-export-")
        close(fd)
        return path
    }

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

    /// Renames `temporary` to the first free name for `stem`.`fileExtension` in its folder.
    public static func publish(_ temporary: RawPath, stem: [UInt8], fileExtension: [UInt8], mode: mode_t) throws(SystemError) -> RawPath {
        _ = try Syscall.retrying("chmod") { temporary.withCString { chmod($0, mode) } }
        let folder = temporary.parent
        for attempt in 1...10_000 {
            let target = folder.appending(component: name(stem: stem, fileExtension: fileExtension, attempt: attempt))
            do {
                try renameWithoutReplacing(temporary, to: target)
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
