/// What a reader found in a file, as raw as it came: the assembler decides what it means.
public struct MetadataFindings: Sendable, Hashable {
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    public var orientation: Int?
    /// EXIF DateTimeOriginal and OffsetTimeOriginal, as written.
    public var exifDateTimeOriginal: String?
    public var exifOffsetTimeOriginal: String?
    /// XMP dates best first: photoshop:DateCreated, exif:DateTimeOriginal, xmp:CreateDate.
    public var xmpDates: [String] = []
    /// Xmp.xmp.Rating as written ("3", "-1", "2.0").
    public var xmpRating: String?
    /// EXIF Rating (0x4746).
    public var exifRating: Int?
    public var cameraMake: String?
    public var cameraModel: String?
    public var location: GeoLocation?
    /// A video's length and its container's creation time (seconds since 1970, UTC).
    public var durationSeconds: Double?
    public var containerCreation: Double?
    /// The writing program as the tags name it: EXIF Software, then XMP xmp:CreatorTool and
    /// tiff:Software, then a PNG's tEXt Software.
    public var software: [String] = []
    /// EXIF UserComment, then XMP exif:UserComment, as exiv2 prints them.
    public var userComments: [String] = []
    /// A PNG's tEXt Title.
    public var pngTitle: String?
    /// Apple's content identifier: an Apple maker note's (`AppleMakerNote`), a movie's key.
    public var contentIdentifier: String?
    /// A Motion Photo's video, as found in the file and checked there (`EmbeddedVideo`).
    public var motionVideo: ByteRange?

    public init() {}

    /// The findings of a video's header (`QuickTimeHeader`).
    public init(video: QuickTimeHeader) {
        (pixelWidth, pixelHeight) = (video.width, video.height)
        durationSeconds = video.durationSeconds
        containerCreation = video.creationSeconds
    }
}

/// Turns findings into an `AssetMetadata`: the date by precedence (EXIF, then XMP, then a
/// video container's creation time, then the file name, then nothing, so the modification
/// time is used), the rating (XMP, then EXIF,
/// clamped to −1…5), orientation (1…8, anything else 1) and screenshot detection (by name,
/// folder and tags: `ScreenshotDetector`).
public enum MetadataAssembler {
    public static func assemble(_ f: MetadataFindings, path: RawPath, mimeType: String) -> AssetMetadata {
        var m = AssetMetadata()
        if let w = f.pixelWidth, let h = f.pixelHeight, w > 0, h > 0 { (m.pixelWidth, m.pixelHeight) = (w, h) }
        m.orientation = f.orientation.flatMap { (1...8).contains($0) ? $0 : nil } ?? 1
        let name = path.lastComponent
        // The first source with a date photopick can name wins; an impossible one (year 0000,
        // a container time near 2^64) is passed over, not believed.
        let representable = { (date: CaptureDate?) in date.flatMap { RepresentableTime.contains($0.seconds) ? $0 : nil } }
        if let exif = representable(f.exifDateTimeOriginal.flatMap({ ExifDate.parse($0, offset: f.exifOffsetTimeOriginal) })) {
            (m.captureDate, m.dateSource) = (exif, .exif)
        } else if let xmp = f.xmpDates.lazy.compactMap({ representable(ExifDate.parseXMP($0)) }).first {
            (m.captureDate, m.dateSource) = (xmp, .xmp)
        } else if let made = representable(f.containerCreation.map { CaptureDate(seconds: $0) }) {
            // A moment in UTC, shown in local time: the container records no zone.
            (m.captureDate, m.dateSource) = (made, .container)
        } else if let named = representable(FileNameDate.parse(name)) {
            (m.captureDate, m.dateSource) = (named, .fileName)
        } else {
            (m.captureDate, m.dateSource) = (nil, .modified)
        }
        m.rating = (f.xmpRating.flatMap(parseRating) ?? f.exifRating).map { min(5, max(-1, $0)) }
        m.cameraMake = f.cameraMake.map(\.trimmingWhitespace).flatMap { $0.isEmpty ? nil : $0 }
        m.cameraModel = f.cameraModel.map(\.trimmingWhitespace).flatMap { $0.isEmpty ? nil : $0 }
        m.location = f.location
        m.durationSeconds = f.durationSeconds
        m.contentIdentifier = f.contentIdentifier
        m.motionVideo = f.motionVideo
        let folders = path.parent.bytes.split(separator: UInt8(ascii: "/"))
            .filter { ScreenshotDetector.mayNameScreenshotFolder($0) }.map { String(decoding: $0, as: UTF8.self) }
        m.isScreenshot = ScreenshotDetector.isScreenshot(
            name: name, folderPath: folders, tags: .init(software: f.software, comments: f.userComments, title: f.pngTitle))
        return m
    }

    /// "3", "-1", "2.0" → 3, −1, 2 (clamped before converting, so "1e300" cannot trap); junk → nil.
    static func parseRating(_ text: String) -> Int? {
        guard let value = Double(text.trimmingWhitespace), value.isFinite else { return nil }
        return Int(min(5, max(-1, value)).rounded())
    }
}
