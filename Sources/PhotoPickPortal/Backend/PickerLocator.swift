import Foundation
import PhotoPickSystem

/// Finds the `photopick` program the backend runs: `PHOTOPICK_BIN`; beside the backend
/// (a build folder); `../bin/photopick` from `libexec/` (an install); then `PATH`. Only a
/// regular executable file counts: an install also has a `libexec/photopick/` folder (the
/// workers'), right beside the backend.
public enum PickerLocator {
    public static func find(_ environment: BackendEnvironment, running: [String] = runningProgram) -> String? {
        if let override = environment.photopickOverride { return override }
        var folders: [String] = []
        for exe in running where exe.hasPrefix("/") {
            let folder = (exe as NSString).deletingLastPathComponent
            folders += [folder, (folder as NSString).deletingLastPathComponent + "/bin"]
        }
        // Absolute PATH entries only: an empty or relative one would run a `photopick` from
        // whatever folder the backend happens to be in.
        folders += environment.path.filter { $0.hasPrefix("/") }
        return folders.map { $0 + "/photopick" }.first(where: ProgramSearch.isProgram)
    }

    /// The backend's own file, as started and as the kernel has it (links resolved).
    public static var runningProgram: [String] {
        [CommandLine.arguments.first ?? "", ProgramSearch.runningExecutable]
    }
}
