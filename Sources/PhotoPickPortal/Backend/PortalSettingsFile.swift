import PhotoPickGLib
import PhotoPickSystem
/// portal.conf, read at each request.
@MainActor
enum PortalSettingsFile {
    static func load(_ environment: BackendEnvironment) -> PortalSettings {
        let path = environment.settingsPath
        guard let file = KeyFile(path: path, problem: { Log.line("cannot read \($0); using the defaults") }) else {
            return PortalSettings()
        }
        return PortalSettings.from(file.group(PortalSettings.group), warn: Log.line)
    }
}
