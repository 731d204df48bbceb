internal import CMedia

/// Camera RAW files (CR2, CR3, NEF, ARW, RAF, ORF, RW2, DNG, PEF…): sensor data nothing here
/// develops, and the full-size JPEG the camera made of it and embedded, which is what
/// photopick shows and exports of them (`RawPreview`).
public enum CameraRaw {
    /// shared-mime-info makes every RAW format a sub-class of this one.
    static let parentType = "image/x-dcraw"

    /// Whether `mimeType` (as sniffed) is a camera RAW format.
    public static func isRaw(_ mimeType: String) -> Bool {
        // Every RAW type is `image/x-…`: the database is asked only about those.
        mimeType.hasPrefix("image/x-") && g_content_type_is_a(mimeType, parentType) != 0
    }
}
