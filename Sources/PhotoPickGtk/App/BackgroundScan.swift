import Dispatch
import Foundation
import PhotoPickCore
import PhotoPickMedia

/// Runs the library scan on a background thread and hands its results to the main
/// actor in coalesced batches (at most every `interval`), so a big library fills the
/// window progressively without flooding the main loop.
enum BackgroundScan {
    static func start(roots: [RawPath], interval: Double = 0.15,
                      onBatch: @escaping @MainActor @Sendable ([DiscoveredFile]) -> Void,
                      onFinish: @escaping @MainActor @Sendable ([ScanProblem]) -> Void) {
        let scanner = FileSystemScanner(roots: roots, sniffer: GIOContentTypeSniffer())
        Thread.detachNewThread {
            var pending: [DiscoveredFile] = []
            var last = Date.distantPast
            let summary = scanner.scan { batch in
                pending += batch
                if Date().timeIntervalSince(last) >= interval {
                    let out = pending
                    pending.removeAll()
                    last = Date()
                    DispatchQueue.main.async { onBatch(out) }
                }
            }
            let rest = pending
            DispatchQueue.main.async {
                if !rest.isEmpty { onBatch(rest) }
                onFinish(summary.problems)
            }
        }
    }
}
