import PhotoPickCore

/// photopick's own table of photo and video extensions: used for titles, and where GIO's
/// guess says nothing.
public enum MediaTypeGuess {
    public static func byExtension(_ ext: String) -> String? {
        MediaTypeByName.guess(Array("file.\(ext)".utf8))
    }
}
