/// What the grid area should say instead of (or above) photos: still scanning, nothing
/// found, a folder that cannot be read, or nothing in the shown album. Decided here, from
/// the session's facts, so the window only draws it.
public enum LibraryStatus: Equatable, Sendable {
    /// The scan is running and has found nothing yet.
    case searching(roots: [RawPath])
    /// Photos are (or are becoming) visible.
    case showing
    /// The scan is over and found nothing, and nothing went wrong.
    case empty(roots: [RawPath])
    /// The scan is over, found nothing, and some folders could not be read.
    case unreadable([ScanProblem])
    /// The library has photos but what is shown leaves none, and why.
    case noMatches(NoMatches)
    /// A first run: nobody named folders, and the desktop's Pictures and Videos folders are
    /// missing or hold nothing yet. A welcome, not an error.
    case welcome(looked: [RawPath])

    /// What hides everything, the first of these that is in effect: the name search, the
    /// "Show" filter, the application's file type, or nothing (the album itself is empty).
    public enum NoMatches: Equatable, Sendable {
        case search(NameSearch, filterToo: Bool)
        case filter(AssetFilter)
        case applicationFilter(name: String)
        case emptyAlbum
    }

    /// `defaultFolders`: the roots are the desktop's own (no folders were asked for), so an
    /// empty or missing library is a first run.
    public static func of(scanFinished: Bool, libraryCount: Int, shownCount: Int,
                          roots: [RawPath], problems: [ScanProblem], defaultFolders: Bool = false, search: NameSearch = .none,
                          filter: AssetFilter = .all, applicationFilter: String? = nil) -> LibraryStatus {
        if libraryCount == 0 {
            if !scanFinished { return .searching(roots: roots) }
            if defaultFolders, problems.allSatisfy({ $0.code == 2 && roots.contains($0.path) }) { return .welcome(looked: roots) }
            return problems.isEmpty ? .empty(roots: roots) : .unreadable(problems)
        }
        guard shownCount == 0 && scanFinished else { return .showing }
        if !search.isEmpty { return .noMatches(.search(search, filterToo: !filter.isEmpty)) }
        if !filter.isEmpty { return .noMatches(.filter(filter)) }
        if let applicationFilter { return .noMatches(.applicationFilter(name: applicationFilter)) }
        return .noMatches(.emptyAlbum)
    }

    /// What the user can do about it.
    public enum Action: Sendable, Equatable { case chooseFolder, tryAgain, clearSearch, showAllItems }

    public struct Message: Sendable, Equatable {
        public let icon: String
        public let title: String
        public let body: String
        /// The first is the suggested one.
        public let actions: [Action]
    }

    /// The words for a full-area status; nil for `.showing`. `home` abbreviates paths to "~".
    public func message(home: String?) -> Message? {
        func where_(_ roots: [RawPath]) -> String { HumanFormat.list(roots.map { HumanFormat.path($0, home: home) }) }
        switch self {
        case .showing:
            return nil
        case .welcome(let looked):
            // TRANSLATORS: the folders looked in: "It looked in ~/Pictures and ~/Videos and found none yet."
            return Message(icon: "io.github.photopick.PhotoPick", title: tr("Welcome to photopick"),
                           body: tr("Pick photos and videos from your folders, then hand them to the program that asked, copy them or drag them out.")
                               + "\n\n" + tr("photopick looked in %s and found none yet. Choose the folder where your photos are.", where_(looked)),
                           actions: [.chooseFolder])
        case .searching(let roots):
            // TRANSLATORS: the folders being searched: "Searching ~/Pictures and ~/Videos".
            return Message(icon: "folder-pictures-symbolic", title: tr("Looking for Photos…"),
                           body: tr("Searching %s", where_(roots)), actions: [])
        case .empty(let roots):
            // TRANSLATORS: the folders searched: "Nothing was found in ~/Pictures."
            return Message(icon: "folder-pictures-symbolic", title: tr("No Photos or Videos"),
                           body: tr("Nothing was found in %s.", where_(roots)) + "\n" + tr("Choose a folder that holds photos or videos."),
                           actions: [.chooseFolder])
        case .unreadable(let problems):
            let title: String
            if problems.count == 1 {
                // TRANSLATORS: a folder that could not be read: "Can’t Open “Pictures”".
                title = tr("Can’t Open “%s”", problems[0].path.lastComponent)
            } else {
                title = tr("Can’t Open These Folders")
            }
            let body = problems.prefix(4).map { Self.explain($0, home: home) }.joined(separator: "\n")
                + (problems.count > 4 ? "\n" + trn("and %s more", "and %s more", problems.count - 4, HumanFormat.count(problems.count - 4)) : "")
            return Message(icon: "action-unavailable-symbolic", title: title, body: body,
                           actions: [.chooseFolder, .tryAgain])
        case .noMatches(let cause):
            return Self.message(cause)
        }
    }

    /// What hides everything, in the user's words, with the way back.
    private static func message(_ cause: NoMatches) -> Message {
        switch cause {
        case .search(let search, let filterToo):
            // TRANSLATORS: the search field's text: "No file name here contains “beach”."
            let body = search.isPattern ? tr("No file name here matches “%s”.", search.text)
                : tr("No file name here contains “%s”.", search.text)
            return Message(icon: "edit-find-symbolic", title: tr("No Results"), body: body,
                           actions: filterToo ? [.clearSearch, .showAllItems] : [.clearSearch])
        case .filter(let filter):
            return Message(icon: "edit-find-symbolic", title: filterTitle(filter),
                           body: tr("The filter hides everything in this album."), actions: [.showAllItems])
        case .applicationFilter(let name):
            // TRANSLATORS: the file type an application asked for: "Nothing here is of the type “Images”."
            return Message(icon: "edit-find-symbolic", title: tr("Nothing to Show"),
                           body: tr("Nothing here is of the type “%s”.", name), actions: [])
        case .emptyAlbum:
            return Message(icon: "folder-pictures-symbolic", title: tr("Nothing to Show"),
                           body: tr("This album is empty now."), actions: [])
        }
    }

    /// "No Videos Here" for the filter "Show: Videos"; a filter of several terms in general words.
    private static func filterTitle(_ filter: AssetFilter) -> String {
        guard filter.terms.count == 1 else { return tr("Nothing Matches the Filter") }
        switch filter.terms[0] {
        case .photo: return tr("No Photos Here")
        case .video: return tr("No Videos Here")
        case .screenshot: return tr("No Screenshots Here")
        case .favorite: return tr("No Favorites Here")
        case .jpeg: return tr("No JPEG Files Here")
        case .png: return tr("No PNG Files Here")
        case .heic: return tr("No HEIC Files Here")
        case .gif: return tr("No GIF Files Here")
        case .mimeType, .glob: return tr("Nothing Matches the Filter")
        }
    }

    /// "You don’t have permission to read ~/Pictures." or "~/Pictures: Input/output error".
    public static func explain(_ problem: ScanProblem, home: String?) -> String {
        let path = HumanFormat.path(problem.path, home: home)
        if problem.isPermissionDenied { return tr("You don’t have permission to read %s.", path) }
        if problem.code == 2 { return tr("%s does not exist (any more).", path) }  // ENOENT
        // TRANSLATORS: a folder and the system's reason: "~/Pictures could not be read: Input/output error."
        return tr("%1$s could not be read: %2$s.", path, problem.reason)
    }

    /// A one-line notice when photos were found but some folders could not be read.
    public static func banner(_ problems: [ScanProblem], home: String?) -> String? {
        guard let first = problems.first else { return nil }
        let path = HumanFormat.path(first.path, home: home)
        let why = first.isPermissionDenied ? tr("permission denied") : first.reason
        let files = problems.filter(\.isFile).count
        let others = problems.dropFirst()
        let n = others.count, count = HumanFormat.count(n)
        // Whole sentences, so a translation can agree words with the kind and the count.
        let more = others.isEmpty ? ""
            : others.allSatisfy({ !$0.isFile }) ? trn(" and %s other folder", " and %s other folders", n, count)
            : others.allSatisfy(\.isFile) ? trn(" and %s other file", " and %s other files", n, count)
            : trn(" and %s other", " and %s others", n, count)
        // TRANSLATORS: "Some folders could not be read: ~/Pictures (permission denied) and 2 other folders."
        // (the first path, why, the " and 2 other folders" part or nothing).
        if files == 0 { return tr("Some folders could not be read: %1$s (%2$s)%3$s.", path, why, more) }
        if files == problems.count { return tr("Some files could not be read: %1$s (%2$s)%3$s.", path, why, more) }
        return tr("Some folders and files could not be read: %1$s (%2$s)%3$s.", path, why, more)
    }

    /// The header's subtitle while scanning: "Scanning… 12,345 photos, 3 videos".
    public static func scanningSubtitle(photos: Int, videos: Int) -> String {
        let found = trn("%s photo", "%s photos", photos, HumanFormat.count(photos))
        guard videos > 0 else { return tr("Scanning… %s", found) }
        // TRANSLATORS: what the scan found so far: "Scanning… 12,345 photos, 3 videos".
        return tr("Scanning… %1$s, %2$s", found, trn("%s video", "%s videos", videos, HumanFormat.count(videos)))
    }
}
