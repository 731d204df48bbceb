/// What an asset is, decided from its sniffed MIME type.
public enum MediaKind: String, Sendable, Codable, CaseIterable {
    case photo
    case video

    /// The kind for a MIME type, or nil when the type is not a photo or video.
    public init?(mimeType: String) {
        if mimeType.hasPrefix("image/") { self = .photo }
        else if mimeType.hasPrefix("video/") { self = .video }
        else { return nil }
    }
}
