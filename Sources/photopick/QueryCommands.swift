import ArgumentParser
import Foundation
import PhotoPickCore
import PhotoPickMedia

/// Scans a library synchronously with the same scanner and model the window uses.
func loadLibrary(_ options: LibraryOptions) throws -> PhotoLibrary {
    let roots = try options.roots()
    let library = PhotoLibrary(roots: roots)
    let summary = FileSystemScanner(roots: roots, sniffer: GIOContentTypeSniffer()).scan { library.add($0) }
    library.record(problems: summary.problems)
    for problem in summary.problems {
        FileHandle.standardError.write(Data("photopick: warning: \(problem)\n".utf8))
    }
    return library
}

/// `photopick albums`: the albums and their counts.
struct Albums: PhotopickCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the albums of a library: name and count, tab-separated.")

    @OptionGroup var library: LibraryOptions
    @Flag(help: "Print a JSON array of {name, kind, count}.") var json = false

    func execute() throws -> Int32 {
        let albums = try loadLibrary(library).albums
        if json {
            let items = albums.map { album -> JSONValue in
                let kind: String = album.id == .allPhotos ? "smart" : "folder"
                var members: [(String, JSONValue)] = [("name", .string(album.title)), ("kind", .string(kind)),
                                                      ("count", .int(Int64(album.count)))]
                if case .folder(let path) = album.id { members.append(("path", .bytes(path.bytes))) }
                return .object(members)
            }
            FileHandle.standardOutput.write(Data(JSONValue.array(items).pretty() + [0x0A]))
        } else {
            let text = albums.map { "\($0.title)\t\($0.count)\n" }.joined()
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        return 0
    }
}

/// `photopick list`: the assets of one album, newest first.
struct List: PhotopickCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the assets of an album (default: All Photos), newest first.")

    @OptionGroup var library: LibraryOptions
    @Option(help: "The album to list, by name as 'photopick albums' prints it.") var album: String?
    @Flag(help: "Print a JSON array of asset objects.") var json = false

    func execute() throws -> Int32 {
        let lib = try loadLibrary(library)
        let chosen: Album?
        if let album {
            guard let found = lib.album(titled: album) else {
                throw UserError("no album named '\(album)'; 'photopick albums' lists them")
            }
            chosen = found
        } else {
            chosen = lib.album(.allPhotos)
        }
        let assets = (chosen?.assetIDs ?? []).compactMap(lib.asset)
        let formatter = AssetFormatter()
        let bytes = json
            ? formatter.json(assets, albumTitle: { lib.title(forFolder: $0.path.parent) }, numbered: false)
            : formatter.lines(assets)
        FileHandle.standardOutput.write(Data(bytes))
        return 0
    }
}
