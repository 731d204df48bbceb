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
        onChange?(.summary)  // the summary's estimate follows
    }

    /// The window's "Keep location" switch.
    public func keepExportLocation(_ keep: Bool) {
        guard configuration.export?.letsUserChoose == true else { return }
        configuration.export?.stripLocation = !keep
        onChange?(.summary)
    }

    /// What the picks will weigh once exported (an estimate); nil without an export.
    public var estimatedExportBytes: Int64? {
        // One pass over the picks, looked up as they go: no array of every picked asset.
        exportSettings.map { ExportEstimate.total(selection.ordered.lazy.compactMap(source.asset), settings: $0) }
    }
}
