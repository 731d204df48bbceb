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
final class FolderReadAhead<Value: Sendable>: @unchecked Sendable {
    /// How many folders may be read ahead of the walk (a folder of a thousand photos is about
    /// 70 kB of entries).
    let depth: Int
    private let read: @Sendable (RawPath) -> FolderEntries
    /// Guards everything below; the helper waits on it for work, the walk for a folder.
    private let condition = NSCondition()
    private var upcoming: [RawPath] = []
    private var done: [RawPath: FolderEntries] = [:]
    /// Folders being read, by either thread.
    private var reading: Set<RawPath> = []
    private var firstResult: Value?
    private var stopping = false
    private var stopped = false

    /// Starts the helper on `first`; `read` lists a folder (tests slow or fail it).
    init(depth: Int = 8, read: @escaping @Sendable (RawPath) -> FolderEntries = FolderEntries.read,
         first: @escaping @Sendable () -> Value) {
        self.depth = depth
        self.read = read
        let thread = Thread { [self] in run(first) }
        thread.name = "folder-read-ahead"
        thread.start()
    }

    /// The result of `first`, if it is ready (without waiting).
    var firstIfReady: Value? {
        condition.lock(); defer { condition.unlock() }
        return firstResult
    }

    /// The result of `first`, waiting for it.
    func waitForFirst() -> Value {
        condition.lock(); defer { condition.unlock() }
        while firstResult == nil { condition.wait() }
        return firstResult!
    }

    /// `folder`'s entries for the walk, which will enter the folders of `pending` next (the
    /// next one last): read ahead, or read here. While the helper is still reading it, this
    /// thread reads a folder further ahead instead of waiting, so both keep reading.
    func entries(of folder: RawPath, pending: [RawPath]) -> FolderEntries {
        condition.lock()
        defer { condition.unlock() }
        upcoming = Array(pending.suffix(depth).reversed())
        // What was read ahead for a folder the walk passed over (a link to a folder it had
        // entered, a vanished one) is dropped, so no more than `depth` are ever held.
        if done.count >= depth {
            let wanted = Set(upcoming)
            done = done.filter { $0.key == folder || wanted.contains($0.key) }
        }
        condition.broadcast()  // `upcoming` changed
        while true {
            if let entries = done.removeValue(forKey: folder) {
                condition.broadcast()  // room for one more
                return entries
            }
            if !reading.contains(folder) {
                return readHere(folder, keeping: false)!
            }
            if let other = nextToRead() {
                _ = readHere(other, keeping: true)
            } else {
                condition.wait()
            }
        }
    }

    /// The next folder the walk will want that nobody has read or is reading, if there is
    /// room for it.
    private func nextToRead() -> RawPath? {
        guard done.count + reading.count < depth else { return nil }
        return upcoming.first { done[$0] == nil && !reading.contains($0) }
    }

    /// Reads `folder` with the lock released; keeps it for the walk, or returns it.
    private func readHere(_ folder: RawPath, keeping: Bool) -> FolderEntries? {
        reading.insert(folder)
        condition.unlock()
        let entries = read(folder)
        condition.lock()
        reading.remove(folder)
        condition.broadcast()
        guard keeping else { return entries }
        done[folder] = entries
        return nil
    }

    /// Stops the helper and waits until it has (it finishes a folder it is reading).
    func stop() {
        condition.lock(); defer { condition.unlock() }
        stopping = true
        condition.broadcast()
        while !stopped { condition.wait() }
    }

    private func run(_ first: @Sendable () -> Value) {
        let value = first()
        condition.lock()
        firstResult = value
        condition.broadcast()
        while !stopping {
            if let next = nextToRead() {
                _ = readHere(next, keeping: true)
            } else {
                condition.wait()
            }
        }
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
