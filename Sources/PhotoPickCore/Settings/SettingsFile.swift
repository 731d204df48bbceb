/// `$XDG_CONFIG_HOME/photopick/settings.json` (`~/.config` when unset): read leniently,
/// written atomically so a crash or a second picker closing at the same moment leaves
/// either the old file or the new one, never half of one. The reading and writing live in
/// PhotoPickSystem (`load`, `save`); this says where the file is.
public struct SettingsFile: Sendable {
    public let path: RawPath
    /// Larger than any settings file we write; a bigger one is not ours, so it is ignored.
    public static let maximumBytes = 64 * 1024

    /// The file for these folders, or nil when they name no config folder.
    public init?(folders: BaseDirectories) {
        guard let config = folders.configHome else { return nil }
        path = RawPath(config).appending(component: Array("photopick".utf8)).appending(component: Array("settings.json".utf8))
    }
}
