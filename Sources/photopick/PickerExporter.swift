import Foundation
import PhotoPickCore
import PhotoPickMedia

/// The exporter the window runs after Done: made here, in the program, and handed to the
/// window as an `AssetExporter` (the GTK layer knows only the protocol). The engine's
/// workers are photopick-exporter beside photopick; nil when it is missing.
enum PickerExporter {
    static func make() -> (any AssetExporter)? {
        guard let worker = ExportEngine.siblingExecutable() else { return nil }
        return DelayedExporter.wrapIfAsked(ExportEngine(executable: worker))
    }
}

/// Test hook: `PHOTOPICK_TEST_EXPORT_DELAY_MS=N` holds every export N milliseconds before the
/// engine starts (with the progress at 0 of M, the first file named), so a GUI test can see
/// the progress view and press Cancel mid-export deterministically. The wait is cancellable:
/// Cancel during it ends the export at once, before anything is written.
struct DelayedExporter: AssetExporter {
    let inner: any AssetExporter
    let delay: Duration

    static func wrapIfAsked(_ exporter: any AssetExporter) -> any AssetExporter {
        guard let text = ProcessInfo.processInfo.environment["PHOTOPICK_TEST_EXPORT_DELAY_MS"],
              let ms = Int(text), ms > 0 else { return exporter }
        return DelayedExporter(inner: exporter, delay: .milliseconds(ms))
    }

    func export(_ sources: [RawPath], settings: ExportSettings,
                progress: @escaping @Sendable (ExportProgress) -> Void) async throws -> ExportReport {
        progress(ExportProgress(done: 0, total: sources.count, current: sources.first))
        try await Task.sleep(for: delay)
        return try await inner.export(sources, settings: settings, progress: progress)
    }
}
