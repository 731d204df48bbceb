import Foundation
@testable import PhotoPickCore
@testable import PhotoPickSystem
import PhotoPickMedia
import Synchronization
import TestSupport
import XCTest

/// Helpers shared by the Watching* tests.
enum Watching {
    /// A small real JPEG; `size` changes the byte count, `color` the content.
    static func photo(_ path: String, size: Int = 32, color: (UInt8, UInt8, UInt8) = (10, 120, 200)) throws {
        try ImageFactory.write(path, width: size, height: size * 3 / 4, format: .jpeg, color: color)
    }

    static func text(_ path: String, _ contents: String = "not a photo\n") throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func files(_ roots: [String]) -> [DiscoveredFile] {
        FileSystemScanner(roots: roots.map(RawPath.init), sniffer: GIOContentTypeSniffer()).scanAll().files
    }

    /// The snapshot a library holding everything a full scan finds would give.
    static func snapshot(_ roots: [String]) -> LibrarySnapshot {
        LibrarySnapshotStore(files: files(roots)).snapshot()
    }

    static func paths(_ paths: [RawPath]) -> [String] { paths.map(\.description).sorted() }
    static func paths(_ files: [DiscoveredFile]) -> [String] { paths(files.map(\.path)) }

    /// Polls `condition` until it holds or `timeout` passes; no timing is asserted.
    @discardableResult
    static func wait(timeout: Double = 10, until condition: () -> Bool, _ message: @autoclosure () -> String = "",
                     file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        if condition() { return true }
        XCTFail("timed out after \(timeout) s: \(message())", file: file, line: line)
        return false
    }

    /// Seconds of calm, to show that nothing more arrives (only used after a positive wait).
    static func settle(_ seconds: Double = 1.0) { usleep(UInt32(seconds * 1_000_000)) }

    /// How many inotify instances this process holds open.
    static func openInotifyDescriptors() -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == "anon_inode:inotify"
        }.count
    }
}

/// Collects what a watcher reports.
final class DirtyRecorder: Sendable {
    private let reports = Mutex<[DirtyFolders]>([])

    func record(_ dirty: DirtyFolders) { reports.withLock { $0.append(dirty) } }

    var all: [DirtyFolders] { reports.withLock { $0 } }
    var folders: Set<String> { Set(all.flatMap { $0.folders.map(\.description) }) }
    var problems: [ScanProblem] { all.flatMap(\.problems) }
    var count: Int { all.count }
}

/// Stands in for the library: applies every delivered change set to a snapshot store
/// (as the window will) and keeps the batches for the test to inspect.
final class ChangeRecorder: Sendable {
    let store: LibrarySnapshotStore
    private let batches = Mutex<[LibraryChangeSet]>([])

    init(files: [DiscoveredFile]) { store = LibrarySnapshotStore(files: files) }

    func deliver(_ changes: LibraryChangeSet) {
        store.apply(changes)
        batches.withLock { $0.append(changes) }
    }

    var all: [LibraryChangeSet] { batches.withLock { $0 } }
    var count: Int { all.count }
    var inserted: [String] { all.flatMap { $0.inserted.map(\.path.description) } }
    var updated: [String] { all.flatMap { $0.updated.map(\.path.description) } }
    var deleted: [String] { all.flatMap { $0.deleted.map(\.description) } }
    var problems: [ScanProblem] { all.flatMap(\.problems) }
    /// Every path any batch mentioned.
    var mentioned: [String] { inserted + updated + deleted }
    /// The paths the library holds now.
    var known: Set<String> { Set(store.snapshot().values.flatMap { $0.keys.map(\.description) }) }
}

extension LibraryMonitor {
    /// A monitor over `roots` with the real GIO sniffer, reporting to `recorder`.
    static func recording(_ roots: [String], into recorder: ChangeRecorder, metadataReader: (any MetadataReader)? = nil,
                          watchLimit: Int? = nil) -> LibraryMonitor {
        LibraryMonitor(roots: roots.map(RawPath.init), sniffer: GIOContentTypeSniffer(), metadataReader: metadataReader,
                       quietPeriod: 0.3, maxLatency: 2.0, watchLimit: watchLimit,
                       snapshot: { recorder.store.snapshot() }, deliver: { recorder.deliver($0) })
    }
}
