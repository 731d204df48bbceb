@testable import PhotoPickCore
import TestSupportCore
import XCTest

/// Live Photos, RAW+JPEG and Motion Photos are one tile each: the library pairs a movie or a
/// RAW file with its still by the rules `PairTable` states, keeps the companion out of every
/// album, and gives it back as a tile of its own when the pair breaks.
final class PairedLibraryTests: XCTestCase {
    private let root = RawPath("/lib/DCIM")
    private var inode: UInt64 = 0
    private let uuid = "8C4F9D2A-51E0-4B7B-9F4A-3E2D1C0B9A87"

    private func file(_ name: String, _ mime: String, folder: String = "100APPLE", date: Double = 1_700_000_000,
                      identifier: String? = nil, motion: ByteRange? = nil, seconds: Double? = nil) -> DiscoveredFile {
        inode += 1
        // A movie is as long as a Live Photo's motion unless the test says otherwise.
        let length = seconds ?? (mime == "video/quicktime" ? 3 : nil)
        return DiscoveredFile(path: root.appending(component: Array(folder.utf8)).appending(component: Array(name.utf8)),
                              root: root, mimeType: mime, kind: mime.hasPrefix("video/") ? .video : .photo,
                              sizeBytes: 100_000, modified: date, device: 1, inode: inode,
                              metadata: AssetMetadata(captureDate: CaptureDate(seconds: date), dateSource: .exif,
                                                      durationSeconds: length, contentIdentifier: identifier, motionVideo: motion))
    }

    /// Every album as "title: names", and each shown asset's pair as "name=kind+companion".
    private func described(_ library: PhotoLibrary) -> [String] {
        library.albums.map { album in
            "\(album.title): " + album.assetIDs.compactMap { id -> String? in
                guard let asset = library.asset(id) else { return nil }
                guard let pair = library.pair(of: id) else { return asset.name }
                return "\(asset.name)=\(pair.kind.rawValue)" + (pair.companion.flatMap(library.asset).map { "+" + $0.name } ?? "")
            }.sorted().joined(separator: ",")
        }
    }

    private func library(_ batches: [DiscoveredFile]...) -> PhotoLibrary {
        let library = PhotoLibrary(roots: [root])
        for batch in batches { library.add(batch) }
        return library
    }

    func testARawAndAJpegOfOneStemAreOneTile() {
        let lib = library([file("DSC_0001.NEF", "image/x-nikon-nef"), file("DSC_0001.JPG", "image/jpeg"),
                           file("DSC_0002.JPG", "image/jpeg")])
        XCTAssertEqual(described(lib), ["All Photos: DSC_0001.JPG=raw+DSC_0001.NEF,DSC_0002.JPG",
                                        "100APPLE: DSC_0001.JPG=raw+DSC_0001.NEF,DSC_0002.JPG"])
        let raw = lib.id(of: root.appending(component: Array("100APPLE/DSC_0001.NEF".utf8)))!
        XCTAssertTrue(lib.facts[raw].traits.contains(.companion))
        XCTAssertEqual(lib.pair(of: raw)?.kind, .raw, "the companion knows its pair")
    }

    func testALiveMovieFindsItsStillByIdentifierWhateverTheNames() {
        let lib = library([file("IMG_0001.HEIC", "image/heic", identifier: uuid),
                           file("IMG_E0001.MOV", "video/quicktime", identifier: uuid)])
        XCTAssertEqual(described(lib).first, "All Photos: IMG_0001.HEIC=live+IMG_E0001.MOV")
        XCTAssertNil(lib.albums.first { $0.title == "Videos" }, "the movie is no video of its own")
    }

    func testIdentifiersThatDifferKeepTheSameStemApart() {
        let lib = library([file("IMG_0001.HEIC", "image/heic", identifier: uuid),
                           file("IMG_0001.MOV", "video/quicktime", identifier: "OTHER-ID")])
        XCTAssertEqual(described(lib).first, "All Photos: IMG_0001.HEIC,IMG_0001.MOV")
    }

    func testTheStemDecidesOnlyWhenBothHaveNoIdentifier() {
        XCTAssertEqual(described(library([file("IMG_0001.JPG", "image/jpeg"), file("IMG_0001.MOV", "video/quicktime")])).first,
                       "All Photos: IMG_0001.JPG=live+IMG_0001.MOV")
        XCTAssertEqual(described(library([file("IMG_0002.JPG", "image/jpeg", identifier: uuid),
                                          file("IMG_0002.MOV", "video/quicktime")])).first,
                       "All Photos: IMG_0002.JPG,IMG_0002.MOV", "a still with an identifier waits for its own movie")
        XCTAssertEqual(described(library([file("IMG_0003.JPG", "image/jpeg"),
                                          file("IMG_0003.MOV", "video/quicktime", identifier: uuid)])).first,
                       "All Photos: IMG_0003.JPG,IMG_0003.MOV", "a movie with an identifier pairs only by it")
    }

    func testALongMovieBesideAPhotoOfItsNameStaysAVideo() {
        XCTAssertEqual(described(library([file("party.jpg", "image/jpeg"), file("party.MOV", "video/quicktime", seconds: 2_400)])).first,
                       "All Photos: party.MOV,party.jpg", "a 40-minute video is no Live Photo's motion")
        XCTAssertEqual(described(library([file("IMG_1.JPG", "image/jpeg"), file("IMG_1.MOV", "video/quicktime", seconds: -1)])).first,
                       "All Photos: IMG_1.JPG,IMG_1.MOV", "nor one of unknown length")
        XCTAssertEqual(described(library([file("IMG_2.HEIC", "image/heic", identifier: uuid),
                                          file("IMG_2.MOV", "video/quicktime", identifier: uuid, seconds: 2_400)])).first,
                       "All Photos: IMG_2.HEIC=live+IMG_2.MOV", "the identifier says it is the still's, whatever its length")
    }

    func testOnlyCompanionNamesPair() {
        XCTAssertEqual(described(library([file("IMG_1.JPG", "image/jpeg"), file("IMG_1.mp4", "video/quicktime")])).first,
                       "All Photos: IMG_1.JPG,IMG_1.mp4", "QuickTime content named .mp4 is a video")
        XCTAssertEqual(described(library([file("IMG_2.JPG", "image/jpeg"), file("IMG_2.tif", "image/x-nikon-nef")])).first,
                       "All Photos: IMG_2.JPG,IMG_2.tif")
    }

    func testTwoStillsClaimingOneMovieLeaveOneStillSingle() {
        let lib = library([file("IMG_0001.HEIC", "image/heic", identifier: uuid), file("IMG_0009.HEIC", "image/heic", identifier: uuid),
                           file("IMG_0009.MOV", "video/quicktime", identifier: uuid)])
        XCTAssertEqual(described(lib).first, "All Photos: IMG_0001.HEIC,IMG_0009.HEIC=live+IMG_0009.MOV",
                       "the still of the movie's own stem wins")
    }

    func testAMovieWhoseStillIsMissingIsAVideo() {
        let lib = library([file("IMG_0001.MOV", "video/quicktime", identifier: uuid), file("IMG_0002.JPG", "image/jpeg")])
        XCTAssertEqual(described(lib), ["All Photos: IMG_0001.MOV,IMG_0002.JPG", "Videos: IMG_0001.MOV",
                                        "100APPLE: IMG_0001.MOV,IMG_0002.JPG"])
    }

    func testPairsAreMadeInTheirFolderOnly() {
        let lib = library([file("IMG_0001.JPG", "image/jpeg", folder: "a"), file("IMG_0001.CR2", "image/x-canon-cr2", folder: "b"),
                           file("IMG_0002.HEIC", "image/heic", folder: "a", identifier: uuid),
                           file("IMG_0002.MOV", "video/quicktime", folder: "b", identifier: uuid)])
        XCTAssertEqual(described(lib).first, "All Photos: IMG_0001.CR2,IMG_0001.JPG,IMG_0002.HEIC,IMG_0002.MOV")
    }

    func testTheCompanionMayComeFirstInAnEarlierBatch() {
        let lib = library([file("IMG_0001.MOV", "video/quicktime", identifier: uuid)],
                          [file("IMG_0001.HEIC", "image/heic", identifier: uuid)])
        XCTAssertEqual(described(lib), ["All Photos: IMG_0001.HEIC=live+IMG_0001.MOV", "100APPLE: IMG_0001.HEIC=live+IMG_0001.MOV"])
    }

    func testABrokenPairGivesTheCompanionItsTileBack() {
        let still = file("IMG_0001.JPG", "image/jpeg"), movie = file("IMG_0001.MOV", "video/quicktime")
        let lib = library([still, movie])
        lib.apply(LibraryChangeSet(deleted: [still.path]))
        XCTAssertEqual(described(lib), ["All Photos: IMG_0001.MOV", "Videos: IMG_0001.MOV", "100APPLE: IMG_0001.MOV"])
        lib.apply(LibraryChangeSet(inserted: [still]))
        XCTAssertEqual(described(lib).first, "All Photos: IMG_0001.JPG=live+IMG_0001.MOV", "paired again")
        lib.apply(LibraryChangeSet(deleted: [movie.path]))
        XCTAssertEqual(described(lib).first, "All Photos: IMG_0001.JPG")
        XCTAssertFalse(lib.facts[lib.id(of: still.path)!].traits.contains(.live))
    }

    func testAStillWhoseIdentifierChangesLetsItsMovieGo() {
        let still = file("IMG_0001.HEIC", "image/heic", identifier: uuid)
        let lib = library([still, file("IMG_0001.MOV", "video/quicktime", identifier: uuid)])
        var changed = still
        changed.metadata.contentIdentifier = "ANOTHER"
        lib.apply(LibraryChangeSet(updated: [changed]))
        XCTAssertEqual(described(lib).first, "All Photos: IMG_0001.HEIC,IMG_0001.MOV")
    }

    func testAMotionPhotoIsOneFilePair() {
        let lib = library([file("PXL_1.MP.jpg", "image/jpeg", motion: ByteRange(offset: 60_000, length: 40_000))])
        let id = lib.id(of: root.appending(component: Array("100APPLE/PXL_1.MP.jpg".utf8)))!
        XCTAssertEqual(lib.pair(of: id), AssetPair(kind: .motion, still: id, companion: nil))
        XCTAssertTrue(lib.facts[id].traits.contains(.motion))
    }

    func testAPreparedLibraryKeepsItsPairs() {
        let builder = PreparedLibrary.Builder(roots: [root], restriction: .none)
        builder.add(file("DSC_1.ARW", "image/x-sony-arw"))
        builder.add(file("DSC_1.JPG", "image/jpeg"))
        let lib = PhotoLibrary(roots: [root])
        XCTAssertTrue(lib.adopt(builder.finish()))
        XCTAssertEqual(described(lib).first, "All Photos: DSC_1.JPG=raw+DSC_1.ARW")
    }

    /// Batches, deletions, changes and renames in any order: the pairs kept up to date are
    /// those a library filled at once with the same files makes.
    func testPairsKeptUpToDateEqualPairsMadeAtOnce() {
        for seed: UInt64 in [29, 1_129, 77_777] { checkPairsKeptUpToDate(seed: seed) }
    }

    private func checkPairsKeptUpToDate(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let lib = PhotoLibrary(roots: [root])
        var present: [RawPath: DiscoveredFile] = [:]
        let kinds: [(ext: String, mime: String)] = [("JPG", "image/jpeg"), ("HEIC", "image/heic"), ("MOV", "video/quicktime"),
                                                    ("DNG", "image/x-adobe-dng"), ("PNG", "image/png")]
        func randomFile() -> DiscoveredFile {
            // One still, one movie and one RAW per stem at most: no contested pairs, so the
            // order things arrive in cannot matter.
            let stem = random.next(below: 12), kind = kinds[random.next(below: kinds.count)]
            let ext = kind.ext == "HEIC" || kind.ext == "PNG" ? "JPG" : kind.ext
            let mime = ext == "JPG" ? kinds[random.next(below: 2) == 0 ? 0 : 4].mime : kind.mime
            return file("IMG_\(stem).\(ext)", mime, folder: random.next(below: 4) == 0 ? "b" : "a",
                        date: 1_700_000_000 + Double(random.next(below: 5)))
        }
        for step in 0..<300 {
            var changes = LibraryChangeSet()
            let roll = random.next(below: 10)
            if roll < 4 || present.isEmpty {
                let batch = (0..<(1 + random.next(below: 5))).map { _ in randomFile() }.filter { present[$0.path] == nil }
                var seen = Set<RawPath>()
                let unique = batch.filter { seen.insert($0.path).inserted }
                lib.add(unique)
                for f in unique { present[f.path] = f }
            } else if roll < 7 {
                let path = present.keys.sorted()[random.next(below: present.count)]
                changes.deleted.append(path)
                present[path] = nil
            } else {  // a still becomes a PNG or back: it leaves or joins its pair
                let path = present.keys.sorted()[random.next(below: present.count)]
                var f = present[path]!
                guard f.mimeType == "image/jpeg" || f.mimeType == "image/png" else { continue }
                f = DiscoveredFile(path: f.path, root: root, mimeType: f.mimeType == "image/png" ? "image/jpeg" : "image/png",
                                   kind: .photo, sizeBytes: 5, modified: f.modified, device: 1, inode: f.inode, metadata: f.metadata)
                changes.updated.append(f)
                present[path] = f
            }
            if !changes.isEmpty { lib.apply(changes) }
            let fresh = PhotoLibrary(roots: [root])
            fresh.add(present.values.sorted { $0.path < $1.path })
            XCTAssertEqual(described(lib), described(fresh), "seed \(seed) step \(step)")
        }
    }

    // MARK: What picks hand back, and filters asking for videos

    private func handedNames(_ lib: PhotoLibrary, _ picked: [String], _ choice: PairsChoice) -> [String] {
        let assets = picked.compactMap { lib.id(of: root.appending(component: Array("100APPLE/\($0)".utf8))).flatMap(lib.asset) }
        return PairHandback.files(assets, choice: choice, source: lib).map { item in
            item.asset.name + (item.pair.map { " (\($0.kind.rawValue): " + $0.files.map(\.lastComponent).joined(separator: ",") + ")" } ?? "")
        }
    }

    func testPairsHandBackWhatTheCallerAsks() {
        let lib = library([file("IMG_1.HEIC", "image/heic", identifier: uuid), file("IMG_1.MOV", "video/quicktime", identifier: uuid),
                           file("DSC_2.JPG", "image/jpeg"), file("DSC_2.CR3", "image/x-canon-cr3"), file("solo.png", "image/png"),
                           file("PXL_3.jpg", "image/jpeg", motion: ByteRange(offset: 10, length: 20))])
        let picked = ["DSC_2.JPG", "solo.png", "IMG_1.HEIC", "PXL_3.jpg"]
        XCTAssertEqual(handedNames(lib, picked, .still), ["DSC_2.JPG (raw: DSC_2.JPG,DSC_2.CR3)", "solo.png",
                                                          "IMG_1.HEIC (live: IMG_1.HEIC,IMG_1.MOV)", "PXL_3.jpg (motion: PXL_3.jpg)"])
        XCTAssertEqual(handedNames(lib, picked, .raw).map { $0.prefix(while: { $0 != " " }) }, ["DSC_2.CR3", "solo.png", "IMG_1.HEIC", "PXL_3.jpg"])
        XCTAssertEqual(handedNames(lib, picked, .video).map { $0.prefix(while: { $0 != " " }) }, ["DSC_2.JPG", "solo.png", "IMG_1.MOV", "PXL_3.jpg"])
        XCTAssertEqual(handedNames(lib, picked, .all).map { $0.prefix(while: { $0 != " " }) },
                       ["DSC_2.JPG", "DSC_2.CR3", "solo.png", "IMG_1.HEIC", "IMG_1.MOV", "PXL_3.jpg"], "each pair together, still first, in pick order")
        XCTAssertEqual(handedNames(lib, ["IMG_1.MOV", "IMG_1.HEIC"], .all).map { $0.prefix(while: { $0 != " " }) }, ["IMG_1.MOV", "IMG_1.HEIC"],
                       "a companion picked on its own (by --select) and its still: each file once")
    }

    func testAFilterAskingForVideosShowsLiveAndMotionPhotos() {
        let lib = library([file("IMG_1.JPG", "image/jpeg"), file("IMG_1.MOV", "video/quicktime"), file("clip.mp4", "video/mp4"),
                           file("DSC_2.JPG", "image/jpeg"), file("DSC_2.NEF", "image/x-nikon-nef"),
                           file("PXL_3.jpg", "image/jpeg", motion: ByteRange(offset: 10, length: 20))])
        let names = { (filter: AssetFilter) in
            lib.collection(of: .allPhotos, grouping: .none, filter: filter, sort: .name).assetIDs.compactMap { lib.asset($0)?.name }
        }
        XCTAssertEqual(names(AssetFilter([.video])), ["clip.mp4", "IMG_1.JPG", "PXL_3.jpg"])
        XCTAssertEqual(names(AssetFilter([.mimeType("video/*")])), ["clip.mp4", "IMG_1.JPG", "PXL_3.jpg"])
        XCTAssertEqual(names(AssetFilter([.photo])), ["DSC_2.JPG", "IMG_1.JPG", "PXL_3.jpg"])
        XCTAssertFalse(AssetFilter([.video, .jpeg]).asksForVideosOnly)
        XCTAssertTrue(AssetFilter([.video, .favorite]).asksForVideosOnly)
        let videos = NamedFilter(name: "Videos", mimeTypes: ["video/*"])
        let still = lib.asset(lib.id(of: root.appending(component: Array("100APPLE/IMG_1.JPG".utf8)))!)!
        XCTAssertTrue(videos.matches(still, traits: lib.facts[still.id].traits))
        XCTAssertFalse(videos.matches(still, traits: []))
        XCTAssertFalse(NamedFilter(name: "Mixed", patterns: ["*.jpg"], mimeTypes: ["video/*"]).asksForVideosOnly)
    }
}
