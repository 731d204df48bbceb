import PhotoPickCore

/// The window title when the caller gives none: who asks, and for what ("Firefox wants
/// photos"), so a picker that opens on its own says whose it is.
public enum CallerTitle {
    /// `appName`: the display name of the caller's desktop entry, if it has one.
    /// Nil when nothing names the caller: photopick's own title then.
    public static func make(title: String, appID: String, appName: String?, filters: [PortalFilter]) -> String? {
        guard title.isEmpty else { return title }
        let who = appName.flatMap { $0.isEmpty ? nil : $0 } ?? (appID.isEmpty ? nil : appID)
        guard let who = who.map({ LogText.cutForDisplay($0, RequestBounds.labelCharacters) }) else { return nil }
        // Whole sentences, so a translation can build its own.
        switch wanted(filters) {
        // TRANSLATORS: the picker's title when an application asks for files without one: "Firefox wants photos".
        case .videos: return tr("%s wants videos", who)
        case .both: return tr("%s wants photos and videos", who)
        case .photos: return tr("%s wants photos", who)
        }
    }

    enum Wanted { case photos, videos, both }

    /// Photos, videos or both, from the MIME types and extensions asked for.
    static func wanted(_ filters: [PortalFilter]) -> Wanted {
        var images = false, videos = false
        for item in filters.flatMap(\.items) {
            let text: String
            switch item {
            case .mimeType(let m): text = m.lowercased()
            case .glob(let g): text = MediaFilters.extensionOf(g).flatMap { MediaTypeGuess.byExtension($0) } ?? ""
            }
            if text.hasPrefix("image/") { images = true }
            if text.hasPrefix("video/") { videos = true }
        }
        switch (images, videos) {
        case (false, true): return .videos
        case (true, true): return .both
        default: return .photos
        }
    }
}
