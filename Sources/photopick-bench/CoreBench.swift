import Foundation
import PhotoPickCore

/// The model's hot paths on 100,000 in-memory assets: computing the shown collection and
/// selecting everything. Reference: the standard library sorting the same 100,000 dates.
enum CoreBench {
    static func run(_ table: inout BenchTable) {
        let assets = SyntheticLibrary.assets()
        let source = SyntheticLibrary.source(assets)
        // The same dates in scan order (shuffled): sorting already sorted input would flatter it.
        var random = SplitMix(seed: 7)
        let dates = assets.map(\.dateSeconds).shuffled(using: &random)

        let reference = BenchTable.median {
            var copy = dates
            copy.sort()
            blackHole(copy)
        }
        table.add(section: "core", "reference: stdlib sort of 100k dates", ms: reference, reference: reference,
                  note: "shuffled Doubles")
        let indexMs = BenchTable.median(runs: 3) { blackHole(SyntheticLibrary.source(assets)) }
        table.add(section: "core", "fixture source: index 100k assets", ms: indexMs, reference: reference,
                  note: "facts + smart albums + folder tree")
        let files = SyntheticLibrary.discoveredFiles(assets)
        let libraryMs = BenchTable.median(runs: 3) {
            let library = PhotoLibrary(roots: [SyntheticLibrary.root], now: { 1_735_689_600 })
            library.add(files)
            blackHole(library.albums)
        }
        table.add(section: "core", "library: add 100k scanned files + albums", ms: libraryMs, reference: reference,
                  note: "what a finished scan costs")
        // During a scan every batch invalidates the albums: the cost of one rebuild.
        let library = PhotoLibrary(roots: [SyntheticLibrary.root], now: { 1_735_689_600 })
        library.add(files)
        var extra = files[0]
        var inode: UInt64 = 1 << 40
        let rebuildMs = BenchTable.median(runs: 5) {
            inode += 1
            // A new file each time (a new path): the same path again would change nothing.
            let path = files[0].path.parent.appending(component: Array("bench-\(inode).jpg".utf8))
            extra = DiscoveredFile(path: path, root: extra.root, mimeType: extra.mimeType, kind: extra.kind,
                                   sizeBytes: extra.sizeBytes, modified: extra.modified, device: 1, inode: inode)
            library.add([extra])
            blackHole(library.albums)
        }
        table.add(section: "core", "library: albums rebuild after a batch", ms: rebuildMs, reference: reference,
                  note: "100k assets")

        let filter = AssetFilter([.photo])
        let cases: [(String, AssetGrouping, AssetFilter, AssetSort)] = [
            ("week + photo filter + date-desc", .week, filter, .dateDescending),
            ("week + photo filter + date-asc", .week, filter, .dateAscending),
            ("week + photo filter + size", .week, filter, .size),
            ("month + jpeg|heic + favorite + date", .month, AssetFilter([.jpeg, .heic, .favorite]), .dateDescending),
            ("event + no filter + date-desc", .event(), .all, .dateDescending),
            ("week + glob:IMG_1* + date-desc", .week, AssetFilter([.glob("IMG_1*")]), .dateDescending),
            ("none + no filter + name", .none, .all, .name),
        ]
        for (name, grouping, filter, sort) in cases {
            var groups = 0, shown = 0
            let ms = BenchTable.median {
                let collection = source.collection(of: .allPhotos, grouping: grouping, filter: filter, sort: sort)
                groups = collection.groups.count
                shown = collection.count
                blackHole(collection)
            }
            table.add(section: "core", "collection: " + name, ms: ms, reference: reference,
                      note: "\(shown) shown, \(groups) groups")
        }

        let session = PickerSession(configuration: PickerConfiguration(roots: []), source: source)
        session.setGrouping(.week)
        session.setFilter(filter)
        let shown = session.shownAssets.count
        let selectAll = BenchTable.median {
            session.selectAll()
            session.clearSelection()
        }
        table.add(section: "core", "session: select all + clear", ms: selectAll, reference: reference,
                  note: "\(shown) assets")
    }
}
