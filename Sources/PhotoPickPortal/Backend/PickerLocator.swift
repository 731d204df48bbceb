import Foundation

/// Finds the `photopick` program the backend runs: `PHOTOPICK_BIN`; beside the backend
/// (a build folder); `../bin/photopick` from `libexec/` (an install); then `PATH`.
enum PickerLocator {
    static func find(_ environment: BackendEnvironment) -> String? {
        if let override = environment.photopickOverride { return override }
        var folders: [String] = []
        for exe in [CommandLine.arguments.first ?? "", (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""]
        where exe.hasPrefix("/") {
            let folder = (exe as NSString).deletingLastPathComponent
            folders += [folder, (folder as NSString).deletingLastPathComponent + "/bin"]
        }
        folders += environment.path
        return folders.map { $0 + "/photopick" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
