import Foundation
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem
import Synchronization
import XCTest

/// The disk's differences from `snapshot`, found the way an index-first open finds them
/// (`LibraryOpening`): the watcher's one re-listing of every folder,
/// `LibraryMonitor.recheckEverything`, delivered as a change set marked `completesRecheck`.
func watcherRecheck(_ roots: [RawPath], against snapshot: LibrarySnapshot,
                    file: StaticString = #filePath, line: UInt = #line) throws -> LibraryChangeSet {
    let answers = Mutex<[LibraryChangeSet]>([])
    let monitor = LibraryMonitor(roots: roots, sniffer: GIOContentTypeSniffer(), metadataReader: Exiv2MetadataReader(),
                                 snapshot: { snapshot }, deliver: { changes in answers.withLock { $0.append(changes) } })
    monitor.start()
    defer { monitor.stop() }
    monitor.recheckEverything()
    let deadline = Date().addingTimeInterval(30)
    while !answers.withLock({ $0.contains(where: \.completesRecheck) }), Date() < deadline { usleep(10_000) }
    let delivered = answers.withLock { $0 }
    XCTAssertEqual(delivered.filter { !$0.completesRecheck }, [], "nothing but the re-check was delivered", file: file, line: line)
    return try XCTUnwrap(delivered.first(where: \.completesRecheck), "the re-check's answer", file: file, line: line)
}
