import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The preview decodes in a worker process, not in the window: the worker's reply is what it
/// shows, and with a stand-in worker that crashes on every preview decode, the preview says
/// the photo can't be shown, moves on to the next photo (a fresh worker), and the window
/// still picks and returns.
final class PreviewWorkerTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    /// Polls `condition` every 50 ms for up to `seconds`.
    private func eventually(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    /// The paths of the `large` requests the stand-in worker logged, in order.
    private func requestedPaths(_ log: String) -> [String] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 5, fields[1] == "large" else { return nil }
            return Self.unhex(fields[4])
        }
    }

    private static func unhex(_ text: Substring) -> String? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[i...i + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The real worker: the preview gets pixels fitting the window and the whole photo's
    /// displayed size (stored 2400 × 1600, turned by orientation 6), which only the worker's
    /// reply carries, since the pixels sent are fewer.
    func testThePreviewShowsTheWorkersDecodeWithTheDisplayedSize() throws {
        let turned = library.newestFirst[0]
        try ImageFactory.write(turned, width: 2400, height: 1600, format: .jpeg)
        try ExifWriter.write(turned, tags: [("Exif.Image.Orientation", "6")])
        let picker = try PickerDriver(arguments: [library.root],
                                      environment: ["PHOTOPICK_TRACE": "1", "XDG_CACHE_HOME": dir.path + "/cache"])
        try picker.after({ try picker.press("alt+Return") }, expectTrace: " preview-decoded ")
        try picker.press("space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText.split(separator: "\n").map(String.init), [turned])
        XCTAssertTrue(out.stderrText.contains("preview-decoded 1600x2400"), out.stderrText)
    }

    func testAPreviewDecodeThatCrashesItsWorkerCostsOnlyThatPreview() throws {
        let programs = TemporaryDirectory()
        let copy = programs.path + "/photopick"
        try FileManager.default.copyItem(atPath: Binaries.photopick, toPath: copy)
        let log = programs.path + "/large.log"
        // Thumbnails are refused at once; a preview decode is logged, then the worker crashes.
        let standIn = """
            #!/bin/sh
            while IFS= read -r line; do
                set -- $line
                if [ "$2" = large ]; then printf '%s\\n' "$line" >> '\(log)'; kill -SEGV $$; fi
                printf '%s err 6e6f\\n' "$1"
            done

            """
        let worker = programs.path + "/photopick-thumbnailer"
        try Data(standIn.utf8).write(to: URL(fileURLWithPath: worker))
        chmod(worker, 0o755)
        setenv("PHOTOPICK_BIN", copy, 1)
        defer { unsetenv("PHOTOPICK_BIN") }

        let picker = try PickerDriver(arguments: [library.root],
                                      environment: ["PHOTOPICK_TRACE": "1", "XDG_CACHE_HOME": dir.path + "/cache"])
        try picker.press("alt+Return")
        XCTAssertTrue(eventually(10) { requestedPaths(log).count >= 1 }, "the preview asked a worker to decode")
        try picker.press("Right")
        XCTAssertTrue(eventually(10) { requestedPaths(log).count >= 2 }, "the next photo went to a fresh worker")
        XCTAssertTrue(picker.stillRunning(), "the window survived its preview worker crashing")
        try picker.press("space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText.split(separator: "\n").map(String.init), [library.newestFirst[1]])
        XCTAssertEqual(Array(requestedPaths(log).prefix(2)), Array(library.newestFirst.prefix(2)))
        XCTAssertTrue(out.stderrText.contains("preview-failed"), "the preview showed the can't-be-shown state")
        XCTAssertFalse(out.stderrText.contains("preview-decoded"), "nothing was decoded in the window itself")
    }
}
