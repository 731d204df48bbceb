import Foundation

/// A name search to run off the main thread: the session hands one out for each keystroke
/// (`PickerSession.startSearch`), a worker runs it, and the session takes the result back
/// on the main thread (`finishSearch`), dropping it when a newer keystroke came meanwhile.
/// Holds copies only (the collection to narrow, a snapshot of the names), so the worker
/// touches nothing the session changes.
public struct SearchJob: Sendable {
    /// Which keystroke this is: results of older ones are dropped.
    public let generation: Int
    public let search: NameSearch
    /// The collection the search narrows (album, filter, sort and grouping applied).
    let base: AssetCollection
    /// Which computation of the session's base collection `base` is.
    let baseToken: Int
    let names: AssetNames

    /// The narrowed collection; nil when the task running it was cancelled (a newer
    /// keystroke superseded it, so the work is not finished for nothing).
    public func run() -> SearchResult? {
        guard !Task.isCancelled else { return nil }
        let ids = base.assetIDs
        var keep = [Bool](repeating: false, count: ids.count)
        // Both halves of a big collection at once: the cores are there, the user waits.
        let chunks = min(ProcessInfo.processInfo.activeProcessorCount, max(1, ids.count / 20_000))
        keep.withUnsafeMutableBufferPointer { buffer in
            let marks = Marks(buffer.baseAddress)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let range = (ids.count * chunk / chunks)..<(ids.count * (chunk + 1) / chunks)
                for i in range { marks.base?[i] = names.withName(ids[i]) { search.matches(bytes: $0) } ?? false }
            }
        }
        // Cancelled meanwhile: a newer keystroke runs; its result is the one wanted.
        if Task.isCancelled { return nil }
        let collection = base.narrowed(keepingAt: { keep[$0] })
        return SearchResult(generation: generation, search: search, collection: collection, baseToken: baseToken)
    }
}

/// The match marks the workers write, each its own range of them: never the same slot.
private struct Marks: @unchecked Sendable {
    let base: UnsafeMutablePointer<Bool>?
    init(_ base: UnsafeMutablePointer<Bool>?) { self.base = base }
}

/// What a `SearchJob` found, for `PickerSession.finishSearch`.
public struct SearchResult: Sendable {
    public let generation: Int
    public let search: NameSearch
    let collection: AssetCollection
    let baseToken: Int

    /// How many assets the search kept.
    public var count: Int { collection.count }
}
