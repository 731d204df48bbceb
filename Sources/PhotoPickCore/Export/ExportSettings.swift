/// What the caller wants the picked files turned into before they are handed back: the
/// `export` object of a request, `photopick export`'s options, or the same options on the
/// picker's command line. Every field is optional, as in `PickerOptions`: nil means "not
/// asked", and the computed properties below supply the defaults.
public struct ExportSettings: Sendable, Equatable {
    /// The encoder asked for; `keep` writes the original's format where it can, JPEG otherwise.
    public enum Format: String, Sendable, CaseIterable {
        case jpeg, png, webp, keep

        /// The format a photo of `mimeType` (as sniffed) is written in: `keep` is the original's
        /// where photopick writes that format, JPEG otherwise (HEIC, TIFF, GIF…). The one rule
        /// the estimate and the export worker both follow.
        public func written(forMIMEType mimeType: String) -> Format {
            guard self == .keep else { return self }
            return Format(writtenMIMEType: mimeType) ?? .jpeg
        }

        /// The format of a photo of `mimeType` when photopick writes that format; nil otherwise.
        public init?(writtenMIMEType mimeType: String) {
            switch mimeType {
            case "image/jpeg": self = .jpeg
            case "image/png": self = .png
            case "image/webp": self = .webp
            default: return nil
            }
        }
    }

    public var format: Format?
    /// The long side, in pixels, is at most this (never enlarged); nil keeps the size.
    public var maxSize: Int?
    /// JPEG/WebP quality 1–100.
    public var quality: Int?
    public var stripLocation: Bool?
    public var stripMetadata: Bool?
    /// Lower quality (then size) step by step until each file fits in this many bytes.
    public var maxBytes: Int64?
    /// Where the exports go; nil for a fresh private folder under the cache.
    public var directory: RawPath?
    /// The caller lets the user choose the size and whether location is kept, in the window.
    public var userChoice: Bool?

    public init() {}

    public static let defaultQuality = 85
    /// The sizes the window offers when the user may choose (nil = original).
    public static let windowSizes: [Int?] = [nil, 2048, 1024, 512]

    public var resolvedFormat: Format { format ?? .keep }
    public var resolvedQuality: Int { quality ?? Self.defaultQuality }
    public var removesLocation: Bool { (stripLocation ?? false) || removesMetadata }
    public var removesMetadata: Bool { stripMetadata ?? false }
    public var letsUserChoose: Bool { userChoice ?? false }

    /// These settings, with every field `other` sets taken from `other`.
    public func overriding(with other: ExportSettings) -> ExportSettings {
        var merged = self
        if let v = other.format { merged.format = v }
        if let v = other.maxSize { merged.maxSize = v }
        if let v = other.quality { merged.quality = v }
        if let v = other.stripLocation { merged.stripLocation = v }
        if let v = other.stripMetadata { merged.stripMetadata = v }
        if let v = other.maxBytes { merged.maxBytes = v }
        if let v = other.directory { merged.directory = v }
        if let v = other.userChoice { merged.userChoice = v }
        return merged
    }

    /// The first value out of range, in words (machine-facing, like every option error); nil when all are fine.
    public var problem: String? {
        if let maxSize, maxSize < 1 || maxSize > 65_535 {
            return "export max size must be 1–65535 pixels (got \(maxSize))"
        }
        if let quality, quality < 1 || quality > 100 {
            return "export quality must be 1–100 (got \(quality))"
        }
        if let maxBytes, maxBytes < 1024 {
            return "export max bytes must be at least 1024 (got \(maxBytes))"
        }
        return nil
    }
}
