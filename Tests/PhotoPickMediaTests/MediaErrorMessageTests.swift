import Foundation
import PhotoPickCore
@testable import PhotoPickMedia
import XCTest

/// The words of every `MediaError`, tested here once: each says what happened with the data
/// it carries, none repeats the file's path (the reader sees it named just before), every one
/// goes through the translation, and each crosses a worker's pipe whole.
final class MediaErrorMessageTests: XCTestCase {
    private let photo = RawPath("/p/IMG_1.jpg")

    /// One of each case and kind, with its English message.
    private var samples: [(MediaError, String)] {
        [
            (.unreadable(path: photo, reason: .missing), "does not exist"),
            (.unreadable(path: photo, reason: .notRegularFile), "is not a regular file"),
            (.unreadable(path: photo, reason: .empty), "is empty"),
            (.unreadable(path: photo, reason: .endsEarly), "ends before its embedded video does (it may have changed)"),
            (.unreadable(path: photo, reason: .partTooLarge(limit: 268_435_456)), "has an embedded video larger than 268435456 bytes"),
            (.unreadable(path: photo, reason: .error("Permission denied")), "cannot be read: Permission denied"),
            (.unreadable(path: photo, reason: .error(nil)), "cannot be read"),
            (.unsupported(path: photo, type: nil), "is not a photo or video"),
            (.unsupported(path: photo, type: "video/x-matroska"), "nothing installed here reads video/x-matroska files"),
            (.tooLarge(path: photo, width: 60000, height: 60000, limit: .cap(100_000_000)),
             "has 60000 × 60000 pixels, more than the limit of 100 megapixels (PHOTOPICK_MAX_PIXELS)"),
            (.tooLarge(path: photo, width: 300, height: 200, limit: .cap(50000)),
             "has 300 × 200 pixels, more than the limit of 50000 pixels (PHOTOPICK_MAX_PIXELS)"),
            (.tooLarge(path: photo, width: 40000, height: 40000, limit: .libheif(width: 16384, height: 16384)),
             "has 40000 × 40000 pixels, more than the 16384 × 16384 pixels libheif decodes"),
            (.tooLarge(path: photo, width: 8000, height: 6000, limit: .memory), "has 8000 × 6000 pixels, more than there is memory for"),
            (.failed(path: photo, step: .header, reason: nil), "is not an image photopick can read"),
            (.failed(path: photo, step: .decode, reason: "Premature end of JPEG file"), "could not be decoded: Premature end of JPEG file"),
            (.failed(path: photo, step: .orient, reason: nil), "could not be turned upright"),
            (.failed(path: photo, step: .resize, reason: "out of memory"), "could not be resized: out of memory"),
            (.failed(path: photo, step: .flatten, reason: nil), "could not be flattened"),
            (.failed(path: photo, step: .convert, reason: "No space left on device"), "could not be converted: No space left on device"),
            (.failed(path: photo, step: .copy, reason: "Input/output error"), "could not be copied: Input/output error"),
            (.failed(path: nil, step: .encode, reason: "libdeflate compressed nothing"),
             "its thumbnail could not be encoded: libdeflate compressed nothing"),
            (.failedBefore(path: photo), "failed before, and has not changed since"),
            (.noPreview(path: photo, cacheChecked: false), "has no embedded preview"),
            (.noPreview(path: photo, cacheChecked: true), "has no cached thumbnail and no embedded preview"),
            (.thumbnailer(name: "ffmpeg", failure: .notInstalled(command: "ffmpegthumbnailer")),
             "the thumbnailer ffmpeg needs ffmpegthumbnailer, which is not installed"),
            (.thumbnailer(name: "ffmpeg", failure: .badCommand("no output (%o)")), "the thumbnailer ffmpeg cannot be run: no output (%o)"),
            (.thumbnailer(name: "ffmpeg", failure: .couldNotStart("posix_spawn: Permission denied")),
             "the thumbnailer ffmpeg could not be started: posix_spawn: Permission denied"),
            (.thumbnailer(name: "ffmpeg", failure: .exited(status: 2)), "the thumbnailer ffmpeg failed (status 2)"),
            (.thumbnailer(name: "ffmpeg", failure: .timedOut(seconds: 8)), "the thumbnailer ffmpeg took longer than 8 s and was stopped"),
            (.thumbnailer(name: "ffmpeg", failure: .wroteNothing), "the thumbnailer ffmpeg wrote no thumbnail"),
            (.worker(path: photo, failure: .couldNotStart(program: "/usr/libexec/photopick/photopick-exporter")),
             "the worker /usr/libexec/photopick/photopick-exporter could not be started"),
            (.worker(path: photo, failure: .crashed(signal: true, code: 11)), "the worker process crashed (signal 11)"),
            (.worker(path: photo, failure: .crashed(signal: false, code: 3)), "the worker process crashed (status 3)"),
            (.worker(path: photo, failure: .timedOut(seconds: 10)), "timed out after 10 s"),
            (.worker(path: photo, failure: .cancelled), "cancelled"),
            (.worker(path: photo, failure: .stopped), "the workers stopped first"),
            (.worker(path: photo, failure: .pipeClosed), "the pipe to the worker closed"),
            (.worker(path: nil, failure: .nonsense), "the worker answered nonsense"),
            (.worker(path: nil, failure: .badRequest), "the worker could not read its request"),
            (.unwritable(path: RawPath("/out"), reason: "Permission denied"), "cannot write into /out: Permission denied"),
            (.unwritable(path: nil, reason: "Input/output error"), "cannot write the export: Input/output error"),
            (.folderFull(free: 204_800, quota: false), "the export folder is full (0.2 MB free)"),
            (.folderFull(free: nil, quota: false), "the export folder is full"),
            (.folderFull(free: 5_000_000_000, quota: true), "the export folder is full: your disk quota is used up"),
            (.metadata(.notWritten("unsupported format")), "its metadata could not be written: unsupported format"),
            (.metadata(.notRemoved("unsupported format")), "its metadata could not be removed: unsupported format"),
            (.metadata(.notReadBack), "its metadata could not be read back"),
            (.metadata(.notCutDown(tags: ["Exif.GPSInfo.GPSLatitude", "Exif.Photo.UserComment", "Xmp.dc.title", "Xmp.dc.subject"])),
             "its metadata could not be cut down to what is kept (Exif.GPSInfo.GPSLatitude, Exif.Photo.UserComment, Xmp.dc.title)"),
            (.videoNotCleaned(.allMetadata), "removing a video's metadata needs re-encoding, which photopick does not do"),
            (.videoNotCleaned(.location("it is cut short")), "could not be cleaned of its location: it is cut short"),
            (.videoNotCleaned(.changedWhileCopied), "could not be cleaned of its location: it changed while it was copied"),
            (.videoNotCleaned(.copyUnreadable), "could not be cleaned of its location: its cleaned copy could not be read back"),
            (.videoNotCleaned(.copyNotClean), "could not be cleaned of its location: its cleaned copy did not read back clean"),
            (.doesNotFit(maxBytes: 2048, smallest: 3100), "cannot fit in 2048 bytes (the smallest try was 3100 bytes)"),
            (.libraryUnavailable(name: "libvips"), "libvips could not be started"),
        ]
    }

    func testEachCaseSaysWhatHappenedWithItsData() {
        for (error, words) in samples {
            XCTAssertEqual(error.message(in: .english), words)
            XCTAssertFalse(words.contains(photo.description), "\(words): the path is named before it, not in it")
        }
    }

    /// Untranslated, the installed language is the English source.
    func testTheDefaultLanguageIsTheInstalledOne() {
        XCTAssertEqual(MediaError.unreadable(path: photo, reason: .missing).message(), "does not exist")
    }

    /// The description, for logs, is the path and the English words.
    func testTheDescriptionNamesTheFile() {
        XCTAssertEqual(MediaError.failedBefore(path: photo).description, "/p/IMG_1.jpg: failed before, and has not changed since")
        XCTAssertEqual(MediaError.libraryUnavailable(name: "exiv2").description, "exiv2 could not be started")
        XCTAssertEqual(MediaError.worker(path: nil, failure: .cancelled).path, nil)
        XCTAssertEqual(MediaError.tooLarge(path: photo, width: 1, height: 1, limit: .memory).path, photo)
    }

    /// Every message goes through the translation: in a pseudo-language each reads ⟦…⟧.
    func testEveryMessageIsTranslated() {
        let pseudo = Translation(singular: { "⟦\($0)⟧" }, plural: { one, many, n in "⟦\(n == 1 ? one : many)⟧" })
        for (error, words) in samples {
            let translated = error.message(in: pseudo)
            XCTAssertTrue(translated.hasPrefix("⟦") && translated.hasSuffix("⟧"), "\(words): \(translated)")
        }
    }

    func testMegabytesHaveATenthBelowTen() {
        XCTAssertEqual(MediaError.megabytes(0), "0.0 MB")
        XCTAssertEqual(MediaError.megabytes(12_345_678), "12 MB")
        XCTAssertEqual(MediaError.megabytes(9_949_999), "9.9 MB")
        XCTAssertEqual(MediaError.megabytes(9_950_000), "10 MB")
        XCTAssertEqual(MediaError.megabytes(1_500_400_000), "1500 MB")
    }

    /// A worker's error reaches the window as the same case: any bytes in a path, any words in
    /// a reason, on one line with no space. A field that is not one is refused.
    func testEachCrossesTheWireWhole() {
        let odd = RawPath(bytes: Array("/p/caf".utf8) + [0xE9, 0x0A, 0xFF, 0x20] + Array(".jpg".utf8))
        let errors = samples.map(\.0) + [.failed(path: odd, step: .decode, reason: "bad\nthing \u{0}"),
                                         .unreadable(path: odd, reason: .error("Input/output error"))]
        for error in errors {
            let field = error.wireField
            XCTAssertFalse(field.contains(" ") || field.contains("\n"), "\(error)")
            XCTAssertEqual(MediaError(wireField: Substring(field)), error)
        }
        for junk in ["", "6e6f", "zz", "7b7d"] {  // "no", not hex, "{}"
            XCTAssertNil(MediaError(wireField: Substring(junk)), junk)
        }
    }
}
