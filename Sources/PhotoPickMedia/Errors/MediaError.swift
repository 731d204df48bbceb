import PhotoPickCore

/// What went wrong with a photo or video: reading, decoding, thumbnailing, previewing or
/// exporting it, or the worker process doing that. A case says what happened and carries it
/// as data (sizes, limits, paths, types, a library's own words); its words for a person are
/// made in one place, `message(in:)`. Codable: a worker sends it to the window as it is
/// (`wireField`), and the window words it in its own language.
public enum MediaError: Error, Sendable, Equatable, Codable {
    /// `path` could not be opened or read.
    case unreadable(path: RawPath, reason: ReadFailure)
    /// Not a photo or video at all (`type` nil), or of a type (MIME) nothing installed reads.
    case unsupported(path: RawPath, type: String?)
    /// More pixels than `limit` allows: refused before any is decoded.
    case tooLarge(path: RawPath, width: Int, height: Int, limit: PixelLimit)
    /// A library gave up on the file at `step`, with its own words when it had any. `path` is
    /// nil where only the caller knows the file (a thumbnail's pixels being encoded).
    case failed(path: RawPath?, step: Step, reason: String?)
    /// The shared thumbnail cache records that this file, unchanged since, failed before.
    case failedBefore(path: RawPath)
    /// Nothing fast to show: no embedded preview, nor (`cacheChecked`) a valid cached thumbnail.
    case noPreview(path: RawPath, cacheChecked: Bool)
    /// The installed thumbnailer `name` (videos, other types) made no thumbnail.
    case thumbnailer(name: String, failure: ThumbnailerFailure)
    /// The work on `path` did not finish: its worker crashed, stalled or stopped, or it was cancelled.
    case worker(path: RawPath?, failure: WorkerFailure)
    /// Writing failed: into `path`, or (nil) into the export's own file, whose name is no one's.
    case unwritable(path: RawPath?, reason: String)
    /// The export folder has no room left: `free` bytes (nil: unknown), or the disk quota is used up.
    case folderFull(free: Int64?, quota: Bool)
    /// An export's metadata could not be made what its settings ask.
    case metadata(MetadataFailure)
    /// A video could not be exported without what it was asked to leave out (never with it).
    case videoNotCleaned(VideoRefusal)
    /// No quality or size tried fits in `maxBytes`; `smallest` is the smallest file made.
    case doesNotFit(maxBytes: Int64, smallest: Int64)
    /// A library (libvips, exiv2, libheif, libdeflate) could not be started.
    case libraryUnavailable(name: String)
}

extension MediaError {
    public enum ReadFailure: Sendable, Equatable, Codable {
        case missing, notRegularFile, empty
        /// The file ends before the part it says it holds (a Motion Photo's video): cut, or
        /// changed since its metadata was read.
        case endsEarly
        /// The part to read (a Motion Photo's video) is larger than the limit, in bytes.
        case partTooLarge(limit: Int64)
        /// The system's words (strerror), when it had any.
        case error(String?)
    }

    public enum PixelLimit: Sendable, Equatable, Codable {
        /// photopick's own cap on a photo's pixels (`PHOTOPICK_MAX_PIXELS`).
        case cap(Int)
        /// libheif's security limit, the largest size it stated.
        case libheif(width: Int, height: Int)
        /// No memory could be had for them.
        case memory
    }

    /// Where a library gave up: reading the header, decoding, turning upright, and the
    /// export's resize, flatten (onto white), convert (encode) and a video's copy; a
    /// thumbnail's PNG encoding.
    public enum Step: String, Sendable, Equatable, Codable {
        case header, decode, orient, resize, flatten, convert, copy, encode
    }

    public enum ThumbnailerFailure: Sendable, Equatable, Codable {
        case notInstalled(command: String)
        /// Its `Exec` line cannot be run, and why.
        case badCommand(String)
        case couldNotStart(String)
        case exited(status: Int32)
        case timedOut(seconds: Int)
        case wroteNothing
    }

    public enum WorkerFailure: Sendable, Equatable, Codable {
        case couldNotStart(program: String)
        /// Ended by signal `code`, or exited with status `code`, before it answered.
        case crashed(signal: Bool, code: Int32)
        case timedOut(seconds: Int)
        /// Withdrawn by the caller (newest wins, an export stopped).
        case cancelled
        /// The pool or the export ended first.
        case stopped
        case pipeClosed
        /// A reply that is not the protocol's.
        case nonsense
        /// A request line the worker could not read.
        case badRequest
    }

    public enum MetadataFailure: Sendable, Equatable, Codable {
        /// exiv2's words for each.
        case notWritten(String)
        case notRemoved(String)
        case notReadBack
        /// Tags the keep-list does not keep are still there.
        case notCutDown(tags: [String])
    }

    public enum VideoRefusal: Sendable, Equatable, Codable {
        /// All of a video's metadata goes only by re-encoding it, which photopick does not do.
        case allMetadata
        /// Its location cannot be taken out: `QuickTimeMetadata`'s reason.
        case location(String)
        case changedWhileCopied
        case copyUnreadable
        case copyNotClean
    }

    /// The file the failure is about, when the case names one.
    public var path: RawPath? {
        switch self {
        case .unreadable(let path, _), .unsupported(let path, _), .tooLarge(let path, _, _, _),
             .failedBefore(let path), .noPreview(let path, _):
            return path
        case .failed(let path, _, _), .worker(let path, _):
            return path
        case .thumbnailer, .unwritable, .folderFull, .metadata, .videoNotCleaned, .doesNotFit, .libraryUnavailable:
            return nil
        }
    }
}
