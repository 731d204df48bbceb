/// What a file's contents say about it beyond the file system: filled by a
/// `MetadataReader` during the scan (EXIF/XMP, the file name), empty when unknown.
public struct AssetMetadata: Sendable, Hashable {
    /// Stored pixel size, before orientation is applied.
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    /// EXIF orientation 1…8 (1 = upright). For HEIF the container's rotation is applied by
    /// the decoder and this stays 1, so nothing is rotated twice.
    public var orientation: Int
    /// When the photo was taken, if the file says; see `Asset.dateSeconds` for the date used.
    public var captureDate: CaptureDate?
    public var dateSource: DateSource
    public var location: GeoLocation?
    public var cameraMake: String?
    public var cameraModel: String?
    /// XMP/EXIF rating 0…5 (−1 = rejected), as Shotwell, digiKam and darktable write it.
    public var rating: Int?
    public var isScreenshot: Bool
    /// Video length, when known (may be filled lazily).
    public var durationSeconds: Double?
    /// Apple's content identifier: a Live Photo's still (maker note tag 0x11) and its movie
    /// (`com.apple.quicktime.content.identifier`) carry the same one.
    public var contentIdentifier: String?
    /// The video a Motion Photo carries after its still (Google's `Container:Directory` or
    /// the older `MicroVideoOffset`), checked by the reader to start with an MP4 header.
    public var motionVideo: ByteRange?

    public init(pixelWidth: Int? = nil, pixelHeight: Int? = nil, orientation: Int = 1,
                captureDate: CaptureDate? = nil, dateSource: DateSource = .modified,
                location: GeoLocation? = nil, cameraMake: String? = nil, cameraModel: String? = nil,
                rating: Int? = nil, isScreenshot: Bool = false, durationSeconds: Double? = nil,
                contentIdentifier: String? = nil, motionVideo: ByteRange? = nil) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.orientation = orientation
        self.captureDate = captureDate
        self.dateSource = dateSource
        self.location = location
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.rating = rating
        self.isScreenshot = isScreenshot
        self.durationSeconds = durationSeconds
        self.contentIdentifier = contentIdentifier
        self.motionVideo = motionVideo
    }

    /// Width and height as displayed (swapped for orientations 5–8).
    public var displaySize: (width: Int, height: Int)? {
        guard let w = pixelWidth, let h = pixelHeight else { return nil }
        return orientation >= 5 && orientation <= 8 ? (h, w) : (w, h)
    }

    /// "Canon EOS R6", without repeating the make when the model already starts with it.
    public var camera: String? {
        let make = cameraMake?.trimmingWhitespace, model = cameraModel?.trimmingWhitespace
        switch (make, model) {
        case let (m?, n?) where !m.isEmpty && !n.isEmpty:
            return n.lowercased().hasPrefix(m.lowercased().split(separator: " ").first.map(String.init) ?? m.lowercased())
                ? n : "\(m) \(n)"
        case let (m?, _) where !m.isEmpty: return m
        case let (_, n?) where !n.isEmpty: return n
        default: return nil
        }
    }
}

/// Where an asset's date came from, best first.
public enum DateSource: String, Sendable, Hashable, Codable, CaseIterable {
    case exif, xmp, container, fileName = "file_name", modified
}

/// A moment, with the UTC offset the camera recorded when it recorded one.
public struct CaptureDate: Sendable, Hashable {
    /// Seconds since 1970 (UTC). Without an offset, the wall-clock time read as local time.
    public var seconds: Double
    /// Seconds east of UTC, when known (EXIF OffsetTimeOriginal, XMP with a zone).
    public var utcOffset: Int?

    public init(seconds: Double, utcOffset: Int? = nil) {
        self.seconds = seconds
        self.utcOffset = utcOffset
    }
}

/// A run of bytes inside a file: where it starts and how many there are.
public struct ByteRange: Sendable, Hashable {
    public var offset: Int64
    public var length: Int64

    public init(offset: Int64, length: Int64) {
        self.offset = offset
        self.length = length
    }

    /// One past the last byte, or nil when the sum does not fit.
    public var end: Int64? {
        let (sum, overflow) = offset.addingReportingOverflow(length)
        return overflow ? nil : sum
    }
}

public struct GeoLocation: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double
    public var altitude: Double?

    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }
}
