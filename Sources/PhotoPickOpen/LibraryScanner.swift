import PhotoPickCore
import PhotoPickSystem
import PhotoPickIndex
import PhotoPickMedia

/// The one scanner the window and the headless commands (`list`, `albums`) use: content
/// sniffing, EXIF, and the metadata index, so an unchanged library is reopened without
/// opening any file, whichever of them opened it last.
public enum LibraryScanner {
    /// Opening the index reads its schema: call this off the main thread. Without an index
    /// (unwritable cache folder) every file is simply read again. `checkingWholeIndex: false`
    /// is for one-shot commands (see `MetadataIndex.init`).
    public static func make(roots: [RawPath], checkingWholeIndex: Bool = true, in location: IndexLocation = .standard) -> FileSystemScanner {
        make(roots: roots, index: try? MetadataIndex(path: location.path, checksWholeFile: checkingWholeIndex))
    }

    /// Over an index the caller opened (nil: none), for a caller that reads it directly too
    /// (`photopick list`'s known files).
    public static func make(roots: [RawPath], index: MetadataIndex?) -> FileSystemScanner {
        FileSystemScanner(roots: roots, sniffer: GIOContentTypeSniffer(), metadataReader: Exiv2MetadataReader(), cache: index)
    }
}
