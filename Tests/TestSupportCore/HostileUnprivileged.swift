import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs programs as `nobody`, so tests of permissions mean something when the suite runs
/// as root (as CI does): root reads every file whatever its mode.
public enum Unprivileged {
    public static let setpriv = "/usr/bin/setpriv"

    /// Why the tests cannot switch user here, or nil when they can.
    public static var unavailableReason: String? {
        guard getuid() == 0 else { return "not running as root: cannot switch to nobody (the tests then run as this user)" }
        guard FileManager.default.isExecutableFile(atPath: setpriv) else { return "setpriv (util-linux) is not installed" }
        guard getpwnam("nobody") != nil, getgrnam("nogroup") != nil else { return "no nobody/nogroup accounts" }
        return nil
    }

    /// Copies photopick and its thumbnail and export workers into a 0755 folder `nobody` can reach
    /// (the build folder may be under a private home); returns the copy of photopick.
    public static func installPrograms(in dir: TemporaryDirectory) throws -> String {
        chmod(dir.path, 0o755)
        let bin = dir.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        chmod(bin, 0o755)
        for program in [Binaries.photopick, Binaries.thumbnailer, Binaries.exporter] {
            let target = bin + "/" + (program as NSString).lastPathComponent
            try FileManager.default.copyItem(atPath: program, toPath: target)
            chmod(target, 0o755)
        }
        return bin + "/photopick"
    }

    /// A folder `nobody` may write (for its caches), removed with `dir`.
    public static func writableFolder(in dir: TemporaryDirectory, _ name: String) throws -> String {
        let path = dir.path + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        chmod(path, 0o777)
        return path
    }

    /// The command line that runs `executable` as nobody:nogroup with no supplementary groups.
    public static func command(_ executable: String, _ arguments: [String]) -> (String, [String]) {
        (setpriv, ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", executable] + arguments)
    }

    public static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                           timeout: Double = 60) throws -> ProcessRunner.Output {
        let (program, args) = command(executable, arguments)
        return try ProcessRunner.run(program, args, environment: environment, timeout: timeout)
    }
}
