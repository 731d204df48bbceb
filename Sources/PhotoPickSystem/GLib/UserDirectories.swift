import CGio
import PhotoPickCore

/// The user's home, Pictures and Videos folders, as GLib reads them from xdg-user-dirs'
/// `user-dirs.dirs` (`g_get_user_special_dir`, honouring `HOME` and `XDG_CONFIG_HOME`), and
/// the library photopick shows when given no folders.
///
/// Two rules of xdg-user-dirs are applied on top of GLib: a folder set to the home folder
/// itself means "disabled" (GLib returns the home folder), and trailing slashes are dropped
/// (GLib drops one), so `$HOME/Pictures/` names the same album root as `$HOME/Pictures`.
public struct UserDirectories: Sendable, Equatable {
    public let home: String
    public let pictures: String?
    public let videos: String?

    /// Folders as found; a relative or empty folder, or the home folder itself, counts as unset.
    public init(home: String, pictures: String?, videos: String?) {
        let home = Self.withoutTrailingSlashes(home)
        func usable(_ folder: String?) -> String? {
            guard let folder, folder.hasPrefix("/") else { return nil }
            let trimmed = Self.withoutTrailingSlashes(folder)
            return trimmed == home ? nil : trimmed
        }
        self.home = home
        self.pictures = usable(pictures)
        self.videos = usable(videos)
    }

    /// This process's folders, read by GLib once (it caches them for the process's life).
    public static func current() -> UserDirectories {
        func special(_ directory: GUserDirectory) -> String? { g_get_user_special_dir(directory).map { String(cString: $0) } }
        return UserDirectories(home: String(cString: g_get_home_dir()),
                               pictures: special(G_USER_DIRECTORY_PICTURES), videos: special(G_USER_DIRECTORY_VIDEOS))
    }

    /// The default library: the Pictures and Videos folders that exist, else `~/Pictures`.
    public func defaultLibraryRoots(isFolder: (String) -> Bool = FolderCheck.isFolder) -> [RawPath] {
        var roots: [String] = []
        for folder in [pictures, videos].compactMap({ $0 }) where isFolder(folder) && !roots.contains(folder) {
            roots.append(folder)
        }
        if roots.isEmpty { roots = [home + "/Pictures"] }
        return roots.map(RawPath.init)
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}

/// Whether a path is a folder (following symbolic links), asked of GLib like the folders above.
public enum FolderCheck {
    public static func isFolder(_ path: String) -> Bool { g_file_test(path, G_FILE_TEST_IS_DIR) != 0 }
}
