import Dispatch
import Foundation
import PhotoPickCore
import PhotoPickIndex
import PhotoPickMedia

/// Runs the library scan on a background thread and hands its results to the main
/// actor in coalesced batches (at most every `interval`), so a big library fills the
/// window progressively without flooding the main loop.
enum BackgroundScan {
    static func start(roots: [RawPath], interval: Double = 0.15,
                      onBatch: @escaping @MainActor @Sendable ([DiscoveredFile]) -> Void,
                      onFinish: @escaping @MainActor @Sendable ([ScanProblem]) -> Void) {
        Thread.detachNewThread {
            // Opening the index reads it whole: do it here, off the main thread. Without one
            // (unwritable cache folder) every file is simply read again.
            let scanner = FileSystemScanner(roots: roots, sniffer: GIOContentTypeSniffer(),
                                            metadataReader: Exiv2MetadataReader(), cache: try? MetadataIndex())
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
