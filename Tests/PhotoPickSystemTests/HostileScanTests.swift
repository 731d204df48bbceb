import Foundation
import PhotoPickCore
import PhotoPickSystem
import PhotoPickMedia
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The scanner over the hostile library, and over files that change while it reads them:
/// it lists exactly what it must, byte for byte, and always returns.
final class HostileScanTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    /// Runs `body` on its own thread; fails (instead of hanging the suite) after `seconds`.
    private func withinDeadline<T: Sendable>(_ seconds: Double, _ what: String, _ body: @escaping @Sendable () -> T) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.value = body()
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else {
            XCTFail("\(what) did not return within \(Int(seconds)) s: it hangs")
            return nil
        }
        return box.value
    }

    func testTheHostileLibraryIsListedExactly() throws {
        let dir = TemporaryDirectory()
        let library = try HostileLibrary.make(in: dir)
        let scanner = FileSystemScanner(roots: [library.root], sniffer: GIOContentTypeSniffer(),
                                        metadataReader: Exiv2MetadataReader())
        let started = Date()
        let result = withinDeadline(60, "scanning the hostile library") { scanner.scanAll() }
        let (files, summary) = try XCTUnwrap(result)
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertLessThan(elapsed, 30, "20,000 files, 60 folders deep and the rest take \(elapsed) s")

        let listed = Set(files.map(\.path))
        XCTAssertEqual(files.count, listed.count, "no path is listed twice")
        let expected = library.expectedMedia(asRoot: getuid() == 0)
        XCTAssertEqual(expected.subtracting(listed).sorted().prefix(5).map(\.description), [], "missing from the scan")
        let unexpected = listed.subtracting(expected).subtracting(library.corpus)
        XCTAssertEqual(unexpected.sorted().map(\.description), [], "listed but not media")
        for path in library.notMedia { XCTAssertFalse(listed.contains(path), "\(path) is not a photo") }
        XCTAssertTrue(listed.contains(library.deepPhoto))
        XCTAssertEqual(files.filter { $0.path.parent == library.manyFolder }.count, library.manyCount)

        // Byte-exact names, content-decided types.
        for name in library.oddNames { XCTAssertTrue(listed.contains(name), "odd name \(name.bytes)") }
        XCTAssertTrue(listed.contains(library.oddFolderPhoto))
        let byPath = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(byPath[library.pngNamedJPEG]?.mimeType, "image/png")
        XCTAssertEqual(byPath[library.bombs[0]]?.mimeType, "image/png")
        XCTAssertEqual(byPath[library.bombs[1]]?.mimeType, "image/jpeg")
        // A link and the file it reaches are one inode: the library shows it once.
        for (alias, original) in library.aliases {
            XCTAssertEqual(byPath[alias]?.inode, byPath[original]?.inode, "\(alias)")
        }
        if getuid() == 0 { XCTAssertEqual(summary.problems, []) }
        XCTAssertEqual(summary.mediaFound, files.count)
    }

    /// Files deleted, truncated, replaced by FIFOs, folders, links, bombs or renamed while
    /// the scan is between them, including the file being read (swapped for a FIFO after
    /// its head was read, before its metadata is): the scan returns, and lists only files
    /// that existed.
    func testFilesChangingDuringTheScanNeverCrashOrHang() throws {
        let dir = TemporaryDirectory()
        let root = RawPath(dir.path + "/lib")
        let folder = root.appending(component: Array("changing".utf8))
        try ImageFactory.write(folder.description + "/seed.jpg", width: 64, height: 48, format: .jpeg)
        let jpeg = try RawFiles.read(folder.description + "/seed.jpg")
        try FileManager.default.removeItem(atPath: folder.description + "/seed.jpg")
        var names: [[UInt8]] = []
        for i in 0..<120 {
            let name = Array(String(format: "photo-%03d.jpg", i).utf8)
            try RawFiles.write(jpeg, to: folder.appending(component: name))
            names.append(name)
        }
        let mutator = ChangingSniffer(folder: folder, victims: names, jpeg: jpeg)
        let scanner = FileSystemScanner(roots: [root], sniffer: mutator, metadataReader: Exiv2MetadataReader())
        let result = withinDeadline(30, "a scan of files changing under it") { scanner.scanAll() }
        let (files, _) = try XCTUnwrap(result)
        XCTAssertGreaterThan(mutator.actions, 50, "the mutations ran")
        let created = Set(mutator.everCreated.map { folder.appending(component: $0) })
        for file in files {
            XCTAssertTrue(created.contains(file.path) || file.path.parent != folder, "\(file.path) never existed")
        }
    }

    /// Another process churning a folder (create, delete, truncate, swap for FIFOs and
    /// folders) while the scanner reads it, over several scans.
    func testConcurrentChurnDuringScans() throws {
        let dir = TemporaryDirectory()
        let root = RawPath(dir.path + "/lib")
        try ImageFactory.write(root.description + "/a/seed.jpg", width: 32, height: 32, format: .jpeg)
        let jpeg = try RawFiles.read(root.description + "/a/seed.jpg")
        let folders = (0..<4).map { root.appending(component: Array("f\($0)".utf8)) }
        for folder in folders {
            mkdir(folder.description, 0o755)
            for i in 0..<300 { try RawFiles.write(jpeg, to: folder.appending(component: Array("p\(i).jpg".utf8))) }
        }
        let stop = StopFlag()
        let churner = Thread {
            var random = SeededGenerator(seed: 7)
            while !stop.isSet {
                let folder = folders.randomElement(using: &random)!
                let path = folder.appending(component: Array("p\(Int.random(in: 0..<300, using: &random)).jpg".utf8))
                ChangingSniffer.mutate(path, action: Int.random(in: 0..<9, using: &random), jpeg: jpeg)
            }
        }
        churner.start()
        defer { stop.set() }
        for round in 0..<3 {
            let scanner = FileSystemScanner(roots: [root], sniffer: GIOContentTypeSniffer(), metadataReader: Exiv2MetadataReader())
            let result = withinDeadline(30, "scan \(round) under churn") { scanner.scanAll() }
            XCTAssertNotNil(result)
        }
    }
}

/// The fingerprint the "nothing lost" test relies on notices every kind of change, and
/// reading does not count as one.
final class TreeFingerprintTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    func testNoticesEveryChangeButNotReading() throws {
        let dir = TemporaryDirectory()
        let root = RawPath(dir.path + "/tree")
        mkdir(root.description, 0o755)
        let file = root.appending(component: Array("a.jpg".utf8))
        try RawFiles.write([1, 2, 3], to: file)
        try RawFiles.makeFIFO(root.description + "/fifo")
        symlink("a.jpg", root.description + "/link")
        let before = try TreeFingerprint.take(root)
        _ = try RawFiles.read(file.description)
        XCTAssertEqual(before.differences(from: try TreeFingerprint.take(root)), [], "reading changes nothing")

        func changed(_ change: () throws -> Void) throws -> Bool {
            let start = try TreeFingerprint.take(root)
            usleep(10_000)
            try change()
            return !start.differences(from: try TreeFingerprint.take(root)).isEmpty
        }
        XCTAssertTrue(try changed { try ImageFactory.setModified(file.description, 1_600_000_000) })
        XCTAssertTrue(try changed { chmod(file.description, 0o600) })
        XCTAssertTrue(try changed {
            // Same size, same modification time, other bytes.
            var st = stat()
            stat(file.description, &st)
            try RawFiles.write([9, 9, 9], to: file)
            var times = [st.st_atim, st.st_mtim]
            utimensat(AT_FDCWD, file.description, &times, 0)
        })
        XCTAssertTrue(try changed { try RawFiles.write([], to: root.appending(component: Array(".hidden".utf8))) })
        XCTAssertTrue(try changed { rename(root.description + "/link", root.description + "/link2") })
        XCTAssertTrue(try changed { unlink(root.description + "/fifo") })
    }
}

/// A sniffer (the real one underneath) that changes the library as the scan goes: each
/// call applies the next mutation to the next victim, and every fourth call swaps the file
/// being read for a FIFO, so the metadata reader that follows meets it.
final class ChangingSniffer: ContentTypeSniffer, @unchecked Sendable {
    private let real = GIOContentTypeSniffer()
    private let folder: RawPath
    private let jpeg: [UInt8]
    private let lock = NSLock()
    private var victims: [[UInt8]]
    private var calls = 0
    private var created: Set<[UInt8]>

    init(folder: RawPath, victims: [[UInt8]], jpeg: [UInt8]) {
        self.folder = folder
        self.victims = victims.reversed()
        self.jpeg = jpeg
        created = Set(victims)
    }

    var headLength: Int { real.headLength }
    var actions: Int { lock.withLock { calls } }
    var everCreated: Set<[UInt8]> { lock.withLock { created } }

    func mimeType(name: [UInt8], head: [UInt8]) -> String? {
        let type = real.mimeType(name: name, head: head)
        lock.withLock {
            calls += 1
            if calls % 4 == 0 {
                Self.mutate(folder.appending(component: name), action: 3, jpeg: jpeg)  // this very file becomes a FIFO
            }
            guard let victim = victims.popLast() else { return }
            let action = calls % 9
            if action == 7 { created.insert(victim + Array(".moved.jpg".utf8)) }
            Self.mutate(folder.appending(component: victim), action: action, jpeg: jpeg)
        }
        return type
    }

    /// 0 delete, 1 truncate to 0, 2 truncate to half, 3 FIFO, 4 folder with a photo, 5 link to
    /// itself, 6 mode 000, 7 rename, 8 decompression bomb.
    static func mutate(_ path: RawPath, action: Int, jpeg: [UInt8]) {
        path.withCString { p in
            switch action {
            case 0: unlink(p)
            case 1: truncate(p, 0)
            case 2: truncate(p, off_t(jpeg.count / 2))
            case 3: unlink(p); mkfifo(p, 0o644)
            case 4:
                unlink(p)
                mkdir(p, 0o755)
                try? RawFiles.write(jpeg, to: path.appending(component: Array("inner.jpg".utf8)))
            case 5: unlink(p); symlink(String(decoding: path.lastComponentBytes, as: UTF8.self), p)
            case 6: chmod(p, 0)
            case 7: RawPath(bytes: path.bytes + Array(".moved.jpg".utf8)).withCString { _ = rename(p, $0) }
            default:
                if let bomb = try? HostileImages.jpegClaiming(width: 65_000, height: 65_000, from: jpeg) {
                    try? RawFiles.write(bomb, to: path)
                }
            }
        }
    }
}

private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    var isSet: Bool { lock.withLock { flag } }
    func set() { lock.withLock { flag = true } }
}
