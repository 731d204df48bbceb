import ArgumentParser
import Foundation
import PhotoPickCore
import PhotoPickOpen
import PhotoPickSystem

/// Scans a library synchronously with the same scanner, index and model the window uses.
func loadLibrary(_ options: LibraryOptions) throws -> PhotoLibrary {
    let roots = try options.roots()
    let library = PhotoLibrary(roots: roots)
    // One batch: the library then sizes its tables once instead of growing them 400 times.
    // No whole-index check: it read all of a million-row index on every run; damage the
    // scan's reads meet still sets the index aside.
    let (files, summary) = LibraryScanner.make(roots: roots, checkingWholeIndex: false).scanAll()
    library.add(files)
    KeptUntilExit.keep(files)
    KeptUntilExit.keep(library)
    library.record(problems: summary.problems)
    printWarnings(summary.problems)
    return library
}

/// One stderr line for each folder or file a listing could not read.
func printWarnings(_ problems: [ScanProblem]) {
    for problem in problems {
        FileHandle.standardError.write(Data(Array("photopick: warning: ".utf8) + problem.lineBytes + [0x0A]))
    }
}

/// `photopick albums`: the albums and their counts, smart albums first, then the folder tree.
struct Albums: PhotopickCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the albums of a library: name and count, tab-separated.",
        discussion: """
            Smart albums come first (All Photos always; Videos, Screenshots, Recently Added, \
            Favorites and Panoramas when not empty), then one album per folder that holds \
            media, each after the folder album that encloses it. With --filter, counts and \
            posters are of the matching assets and albums without any are left out; --group \
            and --sort are accepted so one set of options serves both commands.
            """)

    @OptionGroup var library: LibraryOptions
    @OptionGroup var view: CollectionOptions
    @Flag(help: "Print a JSON array of {name, kind, smart_kind, count, path, parent, depth, poster}.") var json = false

    func execute() throws -> Int32 {
        let lib = try loadLibrary(library)
        let albums = lib.albums(matching: view.filter)
        let names = AlbumNames(lib.albums)
        if json {
            let titles = Dictionary(albums.map { ($0.id, names.name(of: $0)) }, uniquingKeysWith: { a, _ in a })
            let items = albums.map { album -> JSONValue in
                var members: [(String, JSONValue)] = [
                    ("name", .string(names.name(of: album))),
                    ("kind", .string(album.kind.name)),
                    ("smart_kind", album.id.smartKind.map { .string($0.rawValue) } ?? .null),
                    ("count", .int(Int64(album.count))),
                ]
                if let path = album.id.folder { members.append(("path", .bytes(path.bytes))) }
                members += [
                    ("parent", album.parent.flatMap { titles[$0] }.map(JSONValue.string) ?? .null),
                    ("depth", .int(Int64(album.depth))),
                    ("poster", album.posterID.flatMap(lib.asset).map { .bytes($0.path.bytes) } ?? .null),
                ]
                return .object(members)
            }
            FileHandle.standardOutput.write(Data(JSONValue.array(items).pretty() + [0x0A]))
        } else {
            let text = albums.map { "\(names.name(of: $0))\t\($0.count)\n" }.joined()
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        return 0
    }
}

/// `photopick list`: the assets of one album, newest first unless told otherwise.
struct List: PhotopickCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the assets of an album (default: All Photos), newest first.",
        discussion: """
            With --json and a --group other than none, prints an array of groups, \
            {"title": …, "assets": [asset objects]}; otherwise a flat array (or one path a line).
            """)

    @OptionGroup var library: LibraryOptions
    @OptionGroup var view: CollectionOptions
    @Option(help: ArgumentHelp("The album to list: its name as 'photopick albums' prints it (smart albums too), or a folder album's path.",
                               valueName: "name")) var album: String?
    @Flag(help: "Print a JSON array of asset objects.") var json = false

    func execute() throws -> Int32 {
        let shown = view.shown
        if !json, album == nil, DatedLines.serves(shown), try DatedLines.print(roots: library.roots(), sort: shown.sort) {
            return 0
        }
        let lib = try loadLibrary(library)
        let albumID = try chosenAlbum(in: lib)
        let collection = lib.collection(of: albumID, grouping: shown.grouping, filter: shown.filter, sort: shown.sort)
        let formatter = AssetFormatter()
        let albumTitle = { (asset: Asset) in lib.title(forFolder: asset.path.parent) }
        let bytes: [UInt8]
        if !json {
            // A filter asking for videos only lists a Live Photo as its movie.
            let listed = collection.assetIDs.compactMap(lib.asset)
            bytes = formatter.lines(shown.filter.asksForVideosOnly
                ? PairHandback.files(listed, choice: .video, source: lib).map(\.asset) : listed)
        } else if shown.grouping == .none {
            bytes = formatter.json(handedBack: collection.assetIDs.compactMap(lib.asset).map { PairHandback.described($0, source: lib) },
                                   albumTitle: albumTitle, numbered: false)
        } else {
            let groups = collection.groups.map { group -> JSONValue in
                let assets = group.assetIDs.compactMap(lib.asset).map {
                    formatter.object($0, album: albumTitle($0), pair: PairHandback.described($0, source: lib).pair)
                }
                return .object([("title", .string(group.title(in: .english))), ("assets", .array(assets))])
            }
            bytes = JSONValue.array(groups).pretty() + [0x0A]
        }
        FileHandle.standardOutput.write(Data(bytes))
        return 0
    }

    private func chosenAlbum(in lib: PhotoLibrary) throws -> AlbumID {
        guard let album else { return .allPhotos }
        if let found = AlbumNames(lib.albums).album(named: album) { return found }
        if album.hasPrefix("/"), let found = lib.album(.folder(PathArgument.normalized(RawArguments.current().bytes(for: album)))) {
            return found.id
        }
        throw UserError("no album named '\(album)'; 'photopick albums' lists them")
    }
}
