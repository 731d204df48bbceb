#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// Finds a program on a `PATH`-style list of folders, as a shell would, but passing over
/// one file (and every link to it): photopick looking for the real `kdialog` must not find
/// its own `kdialog` link.
public enum ProgramSearch {
    /// The first executable regular file called `name` in `searchPath`'s folders (empty and
    /// relative entries are skipped: a program handing a dialog on never runs one from the
    /// current folder) whose identity is not `excluding`.
    public static func find(_ name: String, in searchPath: [UInt8], excluding: FileIdentity?) -> RawPath? {
        for folder in searchPath.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: true)
        where folder.first == UInt8(ascii: "/") {
            let candidate = PathArgument.normalized(Array(folder)).appending(component: Array(name.utf8))
            guard let st = FileSystemCalls.stat(candidate), isProgram(st, candidate) else { continue }
            if let excluding, FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino)) == excluding { continue }
            return candidate
        }
        return nil
    }

    /// Whether `path` (links followed, as exec follows them) is a regular file this process
    /// may run: never a folder, which has the execute bit too.
    public static func isProgram(_ path: String) -> Bool {
        let raw = RawPath(path)
        guard let st = FileSystemCalls.stat(raw) else { return false }
        return isProgram(st, raw)
    }

    private static func isProgram(_ st: stat, _ path: RawPath) -> Bool {
        (st.st_mode & S_IFMT) == S_IFREG && path.withCString({ access($0, X_OK) }) == 0
    }

    /// The running program's file, from /proc/self/exe: never argv[0], which is a bare name
    /// when the program was found on PATH (and would then be looked up in the working folder).
    public static var runningExecutable: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments.first ?? "" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// This process's own executable.
    public static func ownExecutable() -> FileIdentity? {
        FileSystemCalls.identity(RawPath("/proc/self/exe"))
    }
}
