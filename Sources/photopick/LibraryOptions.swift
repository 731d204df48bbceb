import ArgumentParser
import PhotoPickCore
import PhotoPickSystem

/// The folders a command works on: the arguments, or the user's Pictures and Videos.
struct LibraryOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Folders to show instead of your Pictures and Videos folders.", valueName: "folder"))
    var folders: [String] = []

    /// The folders as absolute paths. Taken from the argument bytes and resolved against the
    /// current folder's bytes (as the window does): file names need not be UTF-8.
    func roots(_ raw: RawArguments = .current()) throws -> [RawPath] {
        guard !folders.isEmpty else { return UserDirectories.current().defaultLibraryRoots() }
        let cwd = PathArgument.currentDirectory()
        return try raw.bytes(forEach: folders).map { folder in
            guard let path = PathArgument.resolve(folder, relativeTo: cwd), PathArgument.kind(of: path) == .directory else {
                throw UserError(path: folder, ": not a folder")
            }
            return path
        }
    }
}
