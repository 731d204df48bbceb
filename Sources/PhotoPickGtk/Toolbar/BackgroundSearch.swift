import PhotoPickCore
import PhotoPickSystem

/// Runs the search field's keystrokes off the main thread: a million names take longer to
/// test than a frame lasts. Each keystroke cancels the search before it, and the session
/// drops a result that arrives after a newer keystroke, so the grid never shows a stale one.
@MainActor
final class BackgroundSearch {
    private let session: PickerSession
    private var running: Task<Void, Never>?

    init(session: PickerSession) { self.session = session }

    func search(_ text: String) {
        running?.cancel()
        running = nil
        guard let job = session.startSearch(text) else { return }
        running = Task.detached(priority: .userInitiated) { [weak self] in
            guard let result = await job.run() else { return }  // cancelled: a newer keystroke runs
            await self?.finish(result)
        }
    }

    /// Clears the search now (Escape), cancelling a search still running.
    func clear() {
        running?.cancel()
        running = nil
        session.setSearch("")
    }

    private func finish(_ result: SearchResult) {
        // Traced for the GUI tests, which type and then wait for the grid to show the result.
        if session.finishSearch(result) { Trace.mark("search-shown \(result.search.text)") }
    }
}
