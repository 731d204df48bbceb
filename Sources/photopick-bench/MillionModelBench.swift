import Foundation
import PhotoPickSystem
import Glibc
import PhotoPickCore

/// The model at a million assets, in process: the library a finished scan builds, the shown
/// collection under date groups, filters and sorts, select all, a search keystroke, a
/// sidebar of 10,000 folders, and the memory each asset costs. In-memory assets like a real
/// library's (SyntheticLibrary), so no disk is involved. Reference: the standard library
/// sorting the same million dates.
enum MillionModelBench {
    static let section = "million"
    static let count = 1_000_000

    static func run(_ table: inout BenchTable) {
        // Fed in batches as a scan feeds the window, each dropped once added: the growth of
        // the resident set is what the library keeps (its assets, facts and albums).
        let assets = SyntheticLibrary.assets(count: count, perFolder: 1_000)
        var library: PhotoLibrary? = PhotoLibrary(roots: [SyntheticLibrary.root], now: { 1_735_689_600 })
        let before = residentBytes()
        var addMs = 0.0
        for start in stride(from: 0, to: count, by: 10_000) {
            // Paths copied: a scan's paths are the library's own, not shared with `assets`.
            let batch = SyntheticLibrary.discoveredFiles(Array(assets[start..<min(count, start + 10_000)])).map { f in
                DiscoveredFile(path: RawPath(bytes: f.path.bytes.map { $0 }), root: f.root, mimeType: f.mimeType,
                               kind: f.kind, sizeBytes: f.sizeBytes, modified: f.modified, device: f.device,
                               inode: f.inode, metadata: f.metadata)
            }
            addMs += wallMs { library!.add(batch) }
        }
        addMs += wallMs { blackHole(library!.albums) }
        let perAsset = Double(residentBytes() - before) / Double(count)
        table.add(section: section, "model: add 1M scanned files + albums", ms: addMs,
                  note: "in 100 batches, as a scan delivers them")
        table.add(section: section, "model: memory per asset", value: perAsset, unit: .bytes,
                  note: "resident-set growth while the library took 1M assets")
        library = nil
        MillionPairsBench.run(assets, &table)

        var random = SplitMix(seed: 7)
        let dates = assets.map(\.dateSeconds).shuffled(using: &random)
        let reference = BenchTable.median(runs: 5) {
            var copy = dates
            copy.sort()
            blackHole(copy)
        }
        table.add(section: section, "reference: stdlib sort of 1M dates", ms: reference, reference: reference,
                  note: "shuffled Doubles")
        let source = SyntheticLibrary.source(assets)
        collections(source, reference: reference, &table)
        dateStampedNameSort(assets, reference: reference, &table)
        session(source, reference: reference, &table)
        sidebar(reference: reference, &table)
    }

    private static func collections(_ source: FixtureAlbumSource, reference: Double, _ table: inout BenchTable) {
        let cases: [(String, AssetGrouping, AssetFilter, AssetSort, Double)] = [
            ("week + photo filter + date-desc", .week, AssetFilter([.photo]), .dateDescending, 100),
            ("month + jpeg|heic + favorite + date", .month, AssetFilter([.jpeg, .heic, .favorite]), .dateDescending, 100),
            ("day + no filter + date-asc", .day, .all, .dateAscending, 100),
            ("event + no filter + date-desc", .event(), .all, .dateDescending, 100),
            ("none + no filter + name", .none, .all, .name, 300),
            ("month + photo filter + name", .month, AssetFilter([.photo]), .name, 300),
        ]
        for (name, grouping, filter, sort, target) in cases {
            var groups = 0, shown = 0
            let ms = BenchTable.median(runs: 5) {
                let collection = source.collection(of: .allPhotos, grouping: grouping, filter: filter, sort: sort)
                groups = collection.groups.count
                shown = collection.count
                blackHole(collection)
            }
            table.add(section: section, "model: " + name, ms: ms, reference: reference, target: .atMost(target),
                      note: "\(shown) shown, \(groups) groups")
        }
    }

    /// Sorting by name where names start with the date (`IMG_20240501_140312.jpg`, as most
    /// phones name photos): the first 16 bytes of every name taken on one day are equal, so
    /// the day's names are ordered by their full keys (NameSortKeys' fallback).
    private static func dateStampedNameSort(_ assets: [Asset], reference: Double, _ table: inout BenchTable) {
        let renamed = assets.map { a in
            var t = time_t(a.dateSeconds), parts = tm()
            gmtime_r(&t, &parts)
            let name = String(format: "IMG_%04d%02d%02d_%02d%02d%02d.jpg", parts.tm_year + 1900, parts.tm_mon + 1,
                              parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec)
            return Asset(id: a.id, path: a.path.parent.appending(component: Array(name.utf8)), mimeType: a.mimeType,
                         kind: a.kind, sizeBytes: a.sizeBytes, modified: a.modified, albumID: a.albumID, metadata: a.metadata)
        }
        let source = SyntheticLibrary.source(renamed)
        var shown = 0
        let ms = BenchTable.median(runs: 5) {
            let collection = source.collection(of: .allPhotos, grouping: .none, filter: .all, sort: .name)
            shown = collection.count
            blackHole(collection)
        }
        table.add(section: section, "model: none + no filter + name, date-stamped names", ms: ms, reference: reference,
                  target: .atMost(300), note: "\(shown) shown, named IMG_YYYYMMDD_HHMMSS.jpg")
    }

    private static func session(_ source: FixtureAlbumSource, reference: Double, _ table: inout BenchTable) {
        let session = PickerSession(configuration: PickerConfiguration(roots: []), source: source)
        session.setGrouping(.week)
        blackHole(session.collection)
        let shown = session.shownAssets.count
        let selectAll = BenchTable.median(runs: 5) {
            session.selectAll()
            session.clearSelection()
        }
        table.add(section: section, "model: select all + clear", ms: selectAll, reference: reference,
                  target: .atMost(50), note: "\(shown) assets")
        pickedCounts(session, &table)

        // A keystroke: the main thread only starts the job and applies its result; the
        // matching runs on a worker. Both halves are timed; the target is the whole.
        var keys = ["1", "12", "123", "1234"].makeIterator()
        var mainMs: [Double] = [], workerMs: [Double] = []
        var found = 0
        for _ in 0..<4 {
            let text = keys.next()!
            var job: SearchJob?
            mainMs.append(wallMs { job = session.startSearch(text) })
            var result: SearchResult?
            workerMs.append(wallMs { result = job.flatMap { job in waitFor { await job.run() } } })
            mainMs[mainMs.count - 1] += wallMs { if let result { session.finishSearch(result) } }
            found = session.shownAssets.count
        }
        let whole = zip(mainMs, workerMs).map { $0 + $1 }
        // The first keystroke searches every name; the next ones narrow its result. Every
        // keystroke must meet the target, so it applies to the slowest.
        table.add(section: section, "model: search keystroke applied, slowest", ms: whole.max()!, reference: reference,
                  target: .atMost(50), note: "\(found) match \"1234\"; the first (all names) "
                  + String(format: "%.1f ms; median %.1f ms, on the main thread %.1f ms",
                           whole[0], median(whole), median(mainMs)))
    }

    /// The sidebar's picked badges, counted after every pick: with 10 picks spread over the
    /// library and with all of it picked, against a pass over every album's members with the
    /// picks in a hashed set (how they were counted before MemberCounts).
    private static func pickedCounts(_ session: PickerSession, _ table: inout BenchTable) {
        let shown = session.shownAssets
        for i in stride(from: 0, to: shown.count, by: max(1, shown.count / 10)) { session.toggle(shown[i]) }
        for picked in [session.selection.count, shown.count] {
            if picked == shown.count { session.selectAll() }
            let albums = session.albums, ids = session.selection.ordered
            let pass = BenchTable.median(runs: 5) {
                let set = Set(ids)
                var counts: [AlbumID: Int] = [:]
                for album in albums {
                    var n = 0
                    for id in album.assetIDs where set.contains(id) { n += 1 }
                    if n > 0 { counts[album.id] = n }
                }
                blackHole(counts)
            }
            let ms = BenchTable.median(runs: 5) { blackHole(session.pickedCounts()) }
            table.add(section: section, "model: picked counts per album, \(picked) picked", ms: ms, reference: pass,
                      note: String(format: "the sidebar's badges after a pick; reference: a pass over %d albums' members, %.1f ms",
                                   albums.count, pass))
        }
        session.clearSelection()
    }

    /// 10,000 folders of 100 photos: the albums the sidebar lists, rebuilt after a scan batch
    /// and narrowed by a filter.
    private static func sidebar(reference: Double, _ table: inout BenchTable) {
        let files = SyntheticLibrary.discoveredFiles(SyntheticLibrary.assets(count: count, perFolder: 100))
        let library = PhotoLibrary(roots: [SyntheticLibrary.root], now: { 1_735_689_600 })
        library.add(files)
        let folders = library.albums.filter { $0.kind == .folder }.count
        var inode: UInt64 = 1 << 40
        let rebuild = BenchTable.median(runs: 5) {
            inode += 1
            let path = files[0].path.parent.appending(component: Array("bench-\(inode).jpg".utf8))
            let f = files[0]
            library.add([DiscoveredFile(path: path, root: f.root, mimeType: f.mimeType, kind: f.kind,
                                        sizeBytes: f.sizeBytes, modified: f.modified, device: 1, inode: inode)])
            blackHole(library.albums)
        }
        table.add(section: section, "model: sidebar albums after a batch", ms: rebuild, reference: reference,
                  target: .atMost(50), note: "\(folders) folders, 1M assets")
        let session = PickerSession(configuration: PickerConfiguration(roots: []), source: library)
        var photo = true
        let filtered = BenchTable.median(runs: 5) {
            photo.toggle()
            session.setFilter(photo ? AssetFilter([.photo]) : AssetFilter([.video]))
            blackHole(session.albums)
        }
        table.add(section: section, "model: sidebar albums under a filter", ms: filtered, reference: reference,
                  target: .atMost(100), note: "\(folders) folders narrowed, counts exact")
    }

    /// Runs async work to completion from synchronous code (the bench's thread waits).
    static func waitFor<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        BlockingThread.wait(for: Task.detached { await body() })
    }

    /// The process's resident set in bytes (/proc/self/statm).
    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = Int(statm.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
