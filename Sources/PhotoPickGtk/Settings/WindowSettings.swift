import Foundation
import PhotoPickCore
import PhotoPickSystem

/// The settings file as the window uses it: read once at start, written once at the end.
/// A settings file that cannot be written costs only the memory of it: a warning on stderr,
/// never a failed pick (stdout and the exit status are the caller's).
@MainActor
final class WindowSettings {
    private let file: SettingsFile?
    var values: PickerSettings

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        // The process's own folders, as for its caches: a missing HOME is the user database's.
        file = SettingsFile(folders: .ofThisProcess(environment))
        values = file?.load() ?? PickerSettings()
    }

    func save() {
        guard let file else { return }
        do {
            try file.save(values)
        } catch {
            FileHandle.standardError.write(Data(("photopick: " + tr("warning: cannot save the window's settings: %s", "\(error)") + "\n").utf8))
        }
    }
}
