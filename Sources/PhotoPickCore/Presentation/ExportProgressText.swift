/// The export's title, counting photos and videos apart: "Exporting 260 photos and 1 video…",
/// "Exporting 3 videos…", and at the end "Exported 260 photos and 1 video, 48 MB".
///
/// Each is a whole sentence with its own plural forms (the first count's); the second count
/// comes in as "1 video"/"3 videos", a phrase with plural forms of its own, as the selection
/// bar's "2 videos, 1:05" does, so every language can agree each noun with its number.
public enum ExportProgressText {
    public static func exporting(photos: Int, videos: Int) -> String {
        let p = HumanFormat.count(photos), v = HumanFormat.count(videos)
        if videos == 0 { return trn("Exporting %s photo…", "Exporting %s photos…", photos, p) }
        if photos == 0 { return trn("Exporting %s video…", "Exporting %s videos…", videos, v) }
        // TRANSLATORS: the photos' count, then "1 video" or "3 videos": "Exporting 260 photos and 1 video…".
        return trn("Exporting %1$s photo and %2$s…", "Exporting %1$s photos and %2$s…", photos, p,
                   trn("%s video", "%s videos", videos, v))
    }

    /// What was written, with its real size.
    public static func exported(photos: Int, videos: Int, bytes: Int64) -> String {
        let p = HumanFormat.count(photos), v = HumanFormat.count(videos), size = HumanFormat.bytes(bytes)
        if photos == 0 && videos > 0 {
            // TRANSLATORS: after an export: "Exported 3 videos, 48 MB" (the files' real total).
            return trn("Exported %1$s video, %2$s", "Exported %1$s videos, %2$s", videos, v, size)
        }
        if videos == 0 {
            // TRANSLATORS: after an export: "Exported 5 photos, 8.3 MB" (the files' real total).
            return trn("Exported %1$s photo, %2$s", "Exported %1$s photos, %2$s", photos, p, size)
        }
        // TRANSLATORS: the photos' count, then "1 video" or "3 videos", then the real total:
        // "Exported 260 photos and 1 video, 48 MB".
        return trn("Exported %1$s photo and %2$s, %3$s", "Exported %1$s photos and %2$s, %3$s", photos, p,
                   trn("%s video", "%s videos", videos, v), size)
    }
}
