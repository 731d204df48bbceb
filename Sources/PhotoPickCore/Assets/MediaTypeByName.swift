/// A provisional MIME type from a file name's extension, for the first pass of a two-pass
/// scan: it costs no I/O, so a window can list a new library at the speed of `readdir` and
/// `stat`. Never the final word: the second pass sniffs the content and corrects or drops
/// what the name claimed (a text file named `.jpg` is not a photo).
public enum MediaTypeByName {
    public static func guess(_ name: [UInt8]) -> String? {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex,
              name.count - dot - 1 <= 5 else { return nil }
        var ext = ""
        for byte in name[(dot + 1)...] {
            guard byte < 0x80 else { return nil }
            ext.unicodeScalars.append(Unicode.Scalar(byte >= 65 && byte <= 90 ? byte + 32 : byte))
        }
        return types[ext]
    }

    /// Whether photopick shows files of `type` (a MIME type, or a family such as `image/*`).
    public static func shows(type: String) -> Bool {
        let lower = type.lowercased()
        return lower == "image/*" || lower == "video/*" || knownTypes.contains(lower)
    }

    private static let knownTypes = Set(types.values)

    /// The common photo and video extensions, named as shared-mime-info names them.
    static let types: [String: String] = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "jpe": "image/jpeg", "jfif": "image/jpeg",
        "png": "image/png", "gif": "image/gif", "webp": "image/webp", "bmp": "image/bmp",
        "tif": "image/tiff", "tiff": "image/tiff", "heic": "image/heif", "heif": "image/heif", "avif": "image/avif",
        "dng": "image/x-adobe-dng", "cr2": "image/x-canon-cr2", "nef": "image/x-nikon-nef",
        "arw": "image/x-sony-arw", "orf": "image/x-olympus-orf", "rw2": "image/x-panasonic-rw2",
        "raf": "image/x-fuji-raf", "cr3": "image/x-canon-cr3", "pef": "image/x-pentax-pef",
        "mp4": "video/mp4", "m4v": "video/mp4", "mov": "video/quicktime", "mkv": "video/x-matroska",
        "webm": "video/webm", "avi": "video/x-msvideo", "3gp": "video/3gpp", "mts": "video/mp2t",
        "m2ts": "video/mp2t", "mpg": "video/mpeg", "mpeg": "video/mpeg", "wmv": "video/x-ms-wmv",
        "ogv": "video/ogg",
    ]
}
