import PhotoPickCore
import PhotoPickSystem

/// The xdg-desktop-portal the session bus would start, and its version. Found as the bus
/// finds it: the first `org.freedesktop.portal.Desktop.service` in the bus's service folders
/// (`$XDG_DATA_HOME`, `$XDG_DATA_DIRS`), whose `Exec` is the program; the version is what
/// that program says to `--version` (every release since 1.0 answers it).
public struct InstalledPortal: Sendable {
    public let executable: String
    public let version: PortalVersion
    /// How the version was learnt, for the user: `/usr/libexec/xdg-desktop-portal --version`.
    public var source: String { executable + " --version" }

    public init(executable: String, version: PortalVersion) {
        self.executable = executable
        self.version = version
    }

    /// `seconds`: how long `--version` may take.
    public static func find(_ paths: SetupPaths, seconds: UInt32 = 10) throws(SetupError) -> InstalledPortal {
        var program: String?
        for dir in paths.dbusServiceDirs {
            let path = dir + "/" + SetupPaths.frontendServiceName
            guard case .keyFile(let file, _) = SetupFiles.load(path) else { continue }
            let exec = file.string("D-BUS Service", "Exec")?.split(separator: " ").first.map(String.init)
            guard let exec, exec.hasPrefix("/") else {
                throw SetupError(tr("%s names no program to start (Exec=)", path))
            }
            program = exec
            break
        }
        guard let program else {
            throw SetupError(tr("xdg-desktop-portal is not installed (no %1$s in %2$s); install it first (on Debian and Ubuntu: sudo apt install xdg-desktop-portal)",
                                SetupPaths.frontendServiceName, paths.dbusServiceDirs.joined(separator: ", ")))
        }
        let output: ProgramOutput
        do {
            output = try ProgramOutput.run([program, "--version"], seconds: seconds)
        } catch {
            throw SetupError(tr("cannot run %1$s: %2$s", program, error.description))
        }
        if output.timedOut {
            throw SetupError(tr("%1$s did not answer --version within %2$s s", program, String(seconds)))
        }
        guard output.status == 0, let version = PortalVersion.parse(output.stdoutText) else {
            throw SetupError(tr("cannot tell the version of %1$s: --version answered %2$s", program,
                                LogText.value(output.stdoutText + output.stderrText, limit: 200)))
        }
        return InstalledPortal(executable: program, version: version)
    }
}
