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
    /// The library has photos but the shown album or filter leaves none.
    case noMatches

    public static func of(scanFinished: Bool, libraryCount: Int, shownCount: Int,
                          roots: [RawPath], problems: [ScanProblem]) -> LibraryStatus {
        if libraryCount == 0 {
            if !scanFinished { return .searching(roots: roots) }
            return problems.isEmpty ? .empty(roots: roots) : .unreadable(problems)
        }
        return shownCount == 0 && scanFinished ? .noMatches : .showing
    }

    /// What the user can do about it.
    public enum Action: Sendable, Equatable { case chooseFolder, tryAgain }

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
        case .searching(let roots):
            return Message(icon: "folder-pictures-symbolic", title: "Looking for Photos…",
                           body: "Searching \(where_(roots))", actions: [])
        case .empty(let roots):
            return Message(icon: "folder-pictures-symbolic", title: "No Photos or Videos",
                           body: "Nothing was found in \(where_(roots)).\nChoose a folder that holds photos or videos.",
                           actions: [.chooseFolder])
        case .unreadable(let problems):
            let title: String
            if problems.count == 1 {
                title = "Can’t Open “\(problems[0].path.lastComponent)”"
            } else {
                title = "Can’t Open These Folders"
            }
            let body = problems.prefix(4).map { Self.explain($0, home: home) }.joined(separator: "\n")
                + (problems.count > 4 ? "\nand \(problems.count - 4) more" : "")
            return Message(icon: "action-unavailable-symbolic", title: title, body: body,
                           actions: [.chooseFolder, .tryAgain])
        case .noMatches:
            return Message(icon: "edit-find-symbolic", title: "Nothing to Show",
                           body: "No photos or videos here match what is shown.", actions: [])
        }
    }

    /// "You don’t have permission to read ~/Pictures." or "~/Pictures: Input/output error".
    public static func explain(_ problem: ScanProblem, home: String?) -> String {
        let path = HumanFormat.path(problem.path, home: home)
        if problem.isPermissionDenied { return "You don’t have permission to read \(path)." }
        if problem.code == 2 { return "\(path) does not exist (any more)." }  // ENOENT
        return "\(path) could not be read: \(problem.reason)."
    }

    /// A one-line notice when photos were found but some folders could not be read.
    public static func banner(_ problems: [ScanProblem], home: String?) -> String? {
        guard let first = problems.first else { return nil }
        let path = HumanFormat.path(first.path, home: home)
        let why = first.isPermissionDenied ? "permission denied" : first.reason
        let files = problems.filter(\.isFile).count
        let what = files == 0 ? "folders" : files == problems.count ? "files" : "folders and files"
        let others = problems.dropFirst()
        let other = others.allSatisfy { !$0.isFile } ? ("other folder", "other folders")
            : others.allSatisfy(\.isFile) ? ("other file", "other files") : ("other", "others")
        let more = others.isEmpty ? "" : " and \(HumanFormat.plural(others.count, other.0, other.1))"
        return "Some \(what) could not be read: \(path) (\(why))\(more)."
    }

    /// The header's subtitle while scanning: "Scanning… 12,345 photos, 3 videos".
    public static func scanningSubtitle(photos: Int, videos: Int) -> String {
        var found = [HumanFormat.plural(photos, "photo", "photos")]
        if videos > 0 { found.append(HumanFormat.plural(videos, "video", "videos")) }
        return "Scanning… " + found.joined(separator: ", ")
    }
}
