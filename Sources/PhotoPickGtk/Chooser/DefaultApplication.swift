import PhotoPickCore

/// Opens files with the user's default application for their type.
@MainActor
enum DefaultApplication {
    /// Opens `path`; on failure returns GIO's reason.
    static func open(_ path: RawPath, from widget: some WidgetHandle) -> String? {
        LaunchContext(for: widget.widget).openWithDefaultApplication(FileURI.encode(path))
    }
}
