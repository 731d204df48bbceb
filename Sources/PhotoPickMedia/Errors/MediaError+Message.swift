import PhotoPickCore

/// The one place a `MediaError` becomes words. Each message says what became of a file the
/// reader sees named just before it — "photopick: cannot export a.jpg: does not exist", the
/// preview under the photo's name — so none repeats the path; `description` adds it, for logs.
/// A library's own words (`reason`) are passed on as it gave them.
extension MediaError: CustomStringConvertible {
    /// The path (when the case names one) and the English message: for logs and test output.
    public var description: String {
        let words = message(in: .english)
        return path.map { "\($0): \(words)" } ?? words
    }

    /// The words in `t`'s language: the installed translation where a person reads them, English
    /// for machine output (an export's response file carries the reason in every language the same).
    public func message(in t: Translation = .current) -> String {
        switch self {
        case .unreadable(_, let reason): return Self.words(reason, t)
        case .unsupported(_, let type?):
            // TRANSLATORS: after a file's name: a MIME type ("video/x-matroska") no installed program reads.
            return t.tr("nothing installed here reads %s files", type)
        case .unsupported(_, nil): return t.tr("is not a photo or video")
        case .tooLarge(_, let width, let height, let limit): return Self.words(width, height, limit, t)
        case .failed(_, let step, let reason):
            let what = Self.words(step, t)
            // TRANSLATORS: what failed, then the library's own words (in English): "could not be decoded: Premature end of JPEG file".
            return reason.map { t.tr("%1$s: %2$s", what, $0) } ?? what
        case .failedBefore: return t.tr("failed before, and has not changed since")
        case .noPreview(_, false): return t.tr("has no embedded preview")
        case .noPreview(_, true): return t.tr("has no cached thumbnail and no embedded preview")
        case .thumbnailer(let name, let failure): return Self.words(failure, name, t)
        case .worker(_, let failure): return Self.words(failure, t)
        case .unwritable(let path?, let reason): return t.tr("cannot write into %1$s: %2$s", path.description, reason)
        case .unwritable(nil, let reason): return t.tr("cannot write the export: %s", reason)
        case .folderFull(_, true): return t.tr("the export folder is full: your disk quota is used up")
        case .folderFull(let free?, false): return t.tr("the export folder is full (%s free)", Self.megabytes(free))
        case .folderFull(nil, false): return t.tr("the export folder is full")
        case .metadata(let failure): return Self.words(failure, t)
        case .videoNotCleaned(let refusal): return Self.words(refusal, t)
        case .doesNotFit(let maxBytes, let smallest):
            return t.tr("cannot fit in %1$s bytes (the smallest try was %2$s bytes)", String(maxBytes), String(smallest))
        case .libraryUnavailable(let name): return t.tr("%s could not be started", name)
        }
    }

    private static func words(_ reason: ReadFailure, _ t: Translation) -> String {
        switch reason {
        // TRANSLATORS: this and the messages like it follow a file's name: "IMG_1.jpg: does not exist".
        case .missing: return t.tr("does not exist")
        case .notRegularFile: return t.tr("is not a regular file")
        case .empty: return t.tr("is empty")
        // TRANSLATORS: a Motion Photo whose embedded video goes past the file's end.
        case .endsEarly: return t.tr("ends before its embedded video does (it may have changed)")
        // TRANSLATORS: a Motion Photo's embedded video over the limit; the limit in bytes ("268435456").
        case .partTooLarge(let limit): return t.tr("has an embedded video larger than %s bytes", String(limit))
        case .error(let system?): return t.tr("cannot be read: %s", system)
        case .error(nil): return t.tr("cannot be read")
        }
    }

    private static func words(_ width: Int, _ height: Int, _ limit: PixelLimit, _ t: Translation) -> String {
        let (w, h) = (String(width), String(height))
        switch limit {
        case .cap(let pixels):
            let cap = pixels % 1_000_000 == 0
                ? t.trn("%s megapixel", "%s megapixels", pixels / 1_000_000, String(pixels / 1_000_000))
                : t.trn("%s pixel", "%s pixels", pixels, String(pixels))
            // TRANSLATORS: a photo's size in pixels (width, height) over photopick's limit ("100 megapixels"), set by PHOTOPICK_MAX_PIXELS.
            return t.tr("has %1$s × %2$s pixels, more than the limit of %3$s (PHOTOPICK_MAX_PIXELS)", w, h, cap)
        case .libheif(let maxWidth, let maxHeight):
            return t.tr("has %1$s × %2$s pixels, more than the %3$s × %4$s pixels libheif decodes",
                        w, h, String(maxWidth), String(maxHeight))
        case .memory:
            return t.tr("has %1$s × %2$s pixels, more than there is memory for", w, h)
        }
    }

    private static func words(_ step: Step, _ t: Translation) -> String {
        switch step {
        case .header: return t.tr("is not an image photopick can read")
        case .decode: return t.tr("could not be decoded")
        case .orient: return t.tr("could not be turned upright")
        case .resize: return t.tr("could not be resized")
        case .flatten: return t.tr("could not be flattened")
        case .convert: return t.tr("could not be converted")
        case .copy: return t.tr("could not be copied")
        case .encode: return t.tr("its thumbnail could not be encoded")
        }
    }

    private static func words(_ failure: ThumbnailerFailure, _ name: String, _ t: Translation) -> String {
        switch failure {
        case .notInstalled(let command):
            return t.tr("the thumbnailer %1$s needs %2$s, which is not installed", name, command)
        case .badCommand(let why): return t.tr("the thumbnailer %1$s cannot be run: %2$s", name, why)
        case .couldNotStart(let why): return t.tr("the thumbnailer %1$s could not be started: %2$s", name, why)
        case .exited(let status): return t.tr("the thumbnailer %1$s failed (status %2$s)", name, String(status))
        case .timedOut(let seconds):
            return t.tr("the thumbnailer %1$s took longer than %2$s s and was stopped", name, String(seconds))
        case .wroteNothing: return t.tr("the thumbnailer %s wrote no thumbnail", name)
        }
    }

    private static func words(_ failure: WorkerFailure, _ t: Translation) -> String {
        switch failure {
        case .couldNotStart(let program): return t.tr("the worker %s could not be started", program)
        case .crashed(true, let code): return t.tr("the worker process crashed (signal %s)", String(code))
        case .crashed(false, let code): return t.tr("the worker process crashed (status %s)", String(code))
        case .timedOut(let seconds): return t.tr("timed out after %s s", String(seconds))
        case .cancelled: return t.tr("cancelled")
        case .stopped: return t.tr("the workers stopped first")
        case .pipeClosed: return t.tr("the pipe to the worker closed")
        case .nonsense: return t.tr("the worker answered nonsense")
        case .badRequest: return t.tr("the worker could not read its request")
        }
    }

    private static func words(_ failure: MetadataFailure, _ t: Translation) -> String {
        switch failure {
        case .notWritten(let why): return t.tr("its metadata could not be written: %s", why)
        case .notRemoved(let why): return t.tr("its metadata could not be removed: %s", why)
        case .notReadBack: return t.tr("its metadata could not be read back")
        case .notCutDown(let tags):
            // TRANSLATORS: the first few tags that are still there: "Exif.GPSInfo.GPSLatitude, Exif.Photo.UserComment".
            return t.tr("its metadata could not be cut down to what is kept (%s)", tags.prefix(3).joined(separator: ", "))
        }
    }

    private static func words(_ refusal: VideoRefusal, _ t: Translation) -> String {
        let why: String
        switch refusal {
        case .allMetadata: return t.tr("removing a video's metadata needs re-encoding, which photopick does not do")
        case .location(let reason): why = reason
        case .changedWhileCopied: why = t.tr("it changed while it was copied")
        case .copyUnreadable: why = t.tr("its cleaned copy could not be read back")
        case .copyNotClean: why = t.tr("its cleaned copy did not read back clean")
        }
        // TRANSLATORS: a video exported without its location, and why it could not be: "…: it is cut short".
        return t.tr("could not be cleaned of its location: %s", why)
    }

    /// "0.2 MB", "12 MB", "1500 MB": decimal megabytes, a tenth below ten, the same in every
    /// language (the sentence goes into the response file as well as on the screen).
    static func megabytes(_ bytes: Int64) -> String {
        let tenths = (max(0, bytes) + 50_000) / 100_000
        return tenths < 100 ? "\(tenths / 10).\(tenths % 10) MB" : "\((tenths + 5) / 10) MB"
    }
}
