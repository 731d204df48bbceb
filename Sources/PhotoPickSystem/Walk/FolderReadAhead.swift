import Foundation
import PhotoPickCore

/// A second thread for a one-shot walk (`photopick list`): it first runs `first` (the index
/// read), then lists the folders the walk will enter next (`FolderEntries`: getdents and a
/// `stat` per file, most of a listing's CPU), while the walk's own thread takes each folder
/// as it comes: read ahead, or not yet begun (it reads it itself); while the helper is still
/// on it, the walk's thread reads one further ahead. A machine with two cores then does the
/// kernel's share on both, where `find` uses one.
///
/// What the walk makes of a folder does not depend on which thread read it or when: the walk
/// still decides, in its own order, which folders it enters and what each entry is.
final class FolderReadAhead<Value: Sendable>: Sendable {
    /// How many folders may be read ahead of the walk (a folder of a thousand photos is about
    /// 70 kB of entries).
    let depth: Int
    private let read: @Sendable (RawPath) -> FolderEntries
    /// The helper waits on it for work, the walk for a folder.
    private let state = BlockingState(Shared())

    private struct Shared: Sendable {
        var upcoming: [RawPath] = []
        var done: [RawPath: FolderEntries] = [:]
        /// Folders being read, by either thread.
        var reading: Set<RawPath> = []
        var firstResult: Value?
        var stopping = false
        var stopped = false

        /// The next folder the walk will want that nobody has read or is reading, if there is
        /// room for it; marked as being read.
        mutating func takeNextToRead(depth: Int) -> RawPath? {
            guard done.count + reading.count < depth,
                  let next = upcoming.first(where: { done[$0] == nil && !reading.contains($0) }) else { return nil }
            reading.insert(next)
            return next
        }
    }

    /// Starts the helper on `first`; `read` lists a folder (tests slow or fail it).
    init(depth: Int = 8, read: @escaping @Sendable (RawPath) -> FolderEntries = FolderEntries.read,
         first: @escaping @Sendable () -> Value) {
        self.depth = depth
        self.read = read
        BlockingThread.start("pp-read-ahead", .disk) { [self] in run(first) }
    }

    /// The result of `first`, if it is ready (without waiting).
    var firstIfReady: Value? {
        state.withLock { $0.firstResult }
    }

    /// The result of `first`, waiting for it.
    func waitForFirst() -> Value {
        state.wait { $0.firstResult }
    }

    /// What the walk's thread does next for a folder it wants.
    private enum Step {
        /// Its entries, read ahead.
        case ready(FolderEntries)
        /// Read this folder here: the one wanted (`keeping` false), or one further ahead.
        case read(RawPath, keeping: Bool)
    }

    /// `folder`'s entries for the walk, which will enter the folders of `pending` next (the
    /// next one last): read ahead, or read here. While the helper is still reading it, this
    /// thread reads a folder further ahead instead of waiting, so both keep reading.
    func entries(of folder: RawPath, pending: [RawPath]) -> FolderEntries {
        let depth = depth
        state.withLock { s in
            s.upcoming = Array(pending.suffix(depth).reversed())
            // What was read ahead for a folder the walk passed over (a link to a folder it had
            // entered, a vanished one) is dropped, so no more than `depth` are ever held.
            if s.done.count >= depth {
                let wanted = Set(s.upcoming)
                s.done = s.done.filter { $0.key == folder || wanted.contains($0.key) }
            }
        }
        while true {
            let step = state.wait { s -> Step? in
                if let entries = s.done.removeValue(forKey: folder) { return .ready(entries) }
                if !s.reading.contains(folder) {
                    s.reading.insert(folder)
                    return .read(folder, keeping: false)
                }
                return s.takeNextToRead(depth: depth).map { .read($0, keeping: true) }
            }
            switch step {
            case .ready(let entries):
                return entries
            case .read(let other, let keeping):
                // With the lock released: the other thread reads on meanwhile.
                let entries = read(other)
                state.withLock { s in
                    s.reading.remove(other)
                    if keeping { s.done[other] = entries }
                }
                if !keeping { return entries }
            }
        }
    }

    /// Stops the helper and waits until it has (it finishes a folder it is reading).
    func stop() {
        state.withLock { $0.stopping = true }
        state.wait(until: { $0.stopped })
    }

    private func run(_ first: @Sendable () -> Value) {
        let value = first()
        state.withLock { $0.firstResult = value }
        let depth = depth
        while let next = state.wait({ s -> RawPath?? in
            if s.stopping { return .some(nil) }
            return s.takeNextToRead(depth: depth).map { .some($0) }
        }) {
            let entries = read(next)
            state.withLock { s in
                s.reading.remove(next)
                s.done[next] = entries
            }
        }
        state.withLock { $0.stopped = true }
    }
}
