/// The export the caller asked for, and the user's part in it: where the request lets the
/// user choose (`ExportSettings.letsUserChoose`), the window's size and location controls
/// change these settings, and the summary bar shows what the picks will weigh after it.
extension PickerSession {
    /// The settings Done exports with; nil when the picks are handed back as they are.
    public var exportSettings: ExportSettings? { configuration.export }

    /// The window's size choice: the long side at most `maxSize` (nil: the original size).
    public func chooseExportSize(_ maxSize: Int?) {
        guard configuration.export?.letsUserChoose == true else { return }
        configuration.export?.maxSize = maxSize
        onChange?(.selection([]))  // the summary's estimate follows
    }

    /// The window's "Keep location" switch.
    public func keepExportLocation(_ keep: Bool) {
        guard configuration.export?.letsUserChoose == true else { return }
        configuration.export?.stripLocation = !keep
        onChange?(.selection([]))
    }

    /// What the picks will weigh once exported (an estimate); nil without an export.
    public var estimatedExportBytes: Int64? {
        exportSettings.map { ExportEstimate.total(result, settings: $0) }
    }
}
