import PhotoPickCore

extension SettingsFile {
    /// The stored settings; the defaults when the file is missing, unreadable or corrupt.
    public func load() -> PickerSettings {
        guard let bytes = try? FileContents.read(path, limit: Self.maximumBytes) else { return PickerSettings() }
        return PickerSettings(json: bytes)
    }

    /// Stores `settings`, creating the folder (0700, like the rest of a private config).
    public func save(_ settings: PickerSettings) throws {
        do {
            try Folders.create(path.parent)
        } catch {
            throw AtomicFile.Failure(action: "cannot create", path: path.parent, error: error)
        }
        var bytes = settings.json.pretty()
        bytes.append(0x0A)
        try AtomicFile.write(bytes, to: path, mode: 0o600)
    }
}
