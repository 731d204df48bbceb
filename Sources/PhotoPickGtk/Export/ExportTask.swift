import Foundation
import PhotoPickCore
import PhotoPickSystem

/// One export after Done: runs the exporter in a task, feeds the progress view (shown only
/// when the export takes longer than `showAfter`), and ends in exactly one of `onDone`
/// (every file tried; the report says which failed) or `onCancelled` (Cancel: the task is
/// cancelled at once, the exporter removes its partial output, the picks stay).
@MainActor
final class ExportTask {
    /// Exports shorter than this never flash a progress view.
    static let showAfter = 0.3
    /// How long the real total stays on screen before the window goes.
    static let finishedPause = 0.6

    private let view: ExportProgressView
    private var task: Task<Void, Never>?
    private var generation = 0
    /// The running export's videos (by source).
    private var videos: Set<RawPath> = []

    var onDone: ((ExportReport) -> Void)?
    var onCancelled: (() -> Void)?

    init(view: ExportProgressView) { self.view = view }

    var isRunning: Bool { task != nil }
    /// From Done until the window is told how it ended (running, or showing the total).
    private(set) var isBusy = false

    /// `videos`: which of `sources` are videos, so the titles count them apart.
    func start(_ sources: [RawPath], videos: Set<RawPath>, settings: ExportSettings, exporter: any AssetExporter) {
        guard !isBusy else { return }
        isBusy = true
        generation += 1
        let run = generation
        self.videos = videos
        let videoCount = sources.filter(videos.contains).count
        view.update(done: 0, total: sources.count, videos: videoCount, name: sources.first?.lastComponent)
        MainQueueBridge.after(Self.showAfter) { [weak self] in
            guard let self, self.generation == run, self.task != nil else { return }
            self.view.show()
            Trace.mark("export-progress-shown")
        }
        Trace.mark("export-started \(sources.count)")
        let view = self.view
        let progress: @Sendable (ExportProgress) -> Void = { [weak self] p in
            MainQueueBridge.post {
                guard let self, self.generation == run, self.task != nil else { return }
                view.update(done: p.done, total: p.total, videos: videoCount, name: p.current?.lastComponent)
            }
        }
        task = Task { @MainActor [weak self] in
            let report: ExportReport
            do {
                report = try await exporter.export(sources, settings: settings, progress: progress)
            } catch is CancellationError {
                return  // cancel() has already answered
            } catch {
                // Nothing could be exported (the folder cannot be made, the workers do not start).
                report = ExportReport(outcomes: sources.map { ExportOutcome(source: $0, result: .failed(reason: "\(error)")) })
            }
            guard let self, self.generation == run, !Task.isCancelled else { return }
            self.finish(report)
        }
    }

    /// Cancel: stop at once and go back to picking.
    func cancel() {
        guard let task else { return }
        task.cancel()
        self.task = nil
        generation += 1
        view.hide()
        isBusy = false
        Trace.mark("export-cancelled")
        onCancelled?()
    }

    private func finish(_ report: ExportReport) {
        task = nil
        let exported = report.outcomes.count - report.failures.count
        Trace.mark("export-finished \(exported) \(report.failures.count)")
        guard view.isShown else { return done(report) }
        let videos = report.outcomes.filter { $0.exportedPath != nil && self.videos.contains($0.source) }.count
        view.finished(photos: exported - videos, videos: videos, bytes: report.totalBytes)
        MainQueueBridge.after(Self.finishedPause) { [weak self] in self?.done(report) }
    }

    private func done(_ report: ExportReport) {
        isBusy = false
        view.hide()
        onDone?(report)
        Trace.mark("export-handed-over")  // printed, answered or copied
    }
}
