#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// Whether anyone reads what photopick prints. A desktop launcher gives a program no
/// reader: stdout is closed, `/dev/null`, or the systemd journal (which announces itself
/// in `JOURNAL_STREAM=device:inode`). Then there is nobody to hand the picked files to,
/// and the window offers Copy instead. A terminal, pipe, file or socket is a reader.
public enum StdoutReader {
    public static func isAbsent(fd: Int32 = 1, environment: [String: String]) -> Bool {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return true }  // closed
        if (st.st_mode & S_IFMT) == S_IFCHR {
            var null = stat()
            return stat("/dev/null", &null) == 0 && null.st_rdev == st.st_rdev
        }
        if let stream = environment["JOURNAL_STREAM"] {
            let parts = stream.split(separator: ":")
            if parts.count == 2, let dev = UInt64(parts[0]), let ino = UInt64(parts[1]) {
                return UInt64(st.st_dev) == dev && UInt64(st.st_ino) == ino
            }
        }
        return false
    }
}
