import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// Failures an export meets, said in words a person acts on, with nothing left behind.
final class ExportFailureWordsTests: ExportTestCase {
    private var mounted: String?

    override func tearDownWithError() throws {
        if let mounted { try ProcessRunner.run("/bin/umount", [mounted]) }
        try super.tearDownWithError()
    }

    /// A 200 KiB tmpfs, mounted for this test (it needs root and a kernel that lets it).
    private func tinyFileSystem() throws -> String {
        let point = dir.path + "/tiny"
        try FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
        let mount = try ProcessRunner.run("/bin/mount", ["-t", "tmpfs", "-o", "size=200k,mode=0755", "tmpfs", point])
        guard mount.status == 0 else { throw XCTSkip("cannot mount a tmpfs here: \(mount.stderrText)") }
        mounted = point
        return point
    }

    /// Each encoder (and the video copy) runs out of room its own way; each says the folder
    /// is full and how much room it has, and leaves nothing there.
    func testAFullFolderSaysSoAndHowMuchIsFree() async throws {
        let tiny = try tinyFileSystem()
        let noise = dir.path + "/noise.png"
        let made = try ProcessRunner.run("/usr/bin/env", ["convert", "-size", "900x600", "xc:gray", "+noise", "Random", noise])
        XCTAssertEqual(made.status, 0, made.stderrText)
        let video = dir.path + "/clip.mp4"  // copied as it is: anything in an MP4's clothes will do
        try Data([0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8) + [UInt8](repeating: 7, count: 400_000))
            .write(to: URL(fileURLWithPath: video))
        let sources = [original(noise), original(video)]
        for format in [ExportSettings.Format.png, .jpeg, .webp] {
            let report = try await export(sources, settings { $0.format = format; $0.directory = RawPath(tiny) })
            for (outcome, error) in zip(report.outcomes, errors(report)) {
                guard case .folderFull(_?, false)? = error else {
                    XCTFail("\(format), \(outcome.source.lastComponent): \(String(describing: error))"); continue
                }
            }
            XCTAssertEqual(names(in: tiny), [], "\(format): nothing is left in the full folder")
        }
    }

    /// A HEIC whose size is over libheif's security limit (its ispe box says 40000×40000).
    func testAHEICOverLibheifsLimitSaysHowLarge() async throws {
        guard HEIFWriter.canEncode else { throw XCTSkip("libheif has no HEVC encoder here") }
        let path = dir.path + "/huge.heic"
        try HEIFWriter.write(path, width: 64, height: 64)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let ispe = try XCTUnwrap((0..<(bytes.count - 16)).first { Array(bytes[$0..<($0 + 4)]) == Array("ispe".utf8) })
        for offset in [8, 12] { bytes.replaceSubrange((ispe + offset)..<(ispe + offset + 4), with: [0, 0, 0x9C, 0x40]) }  // 40000
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let report = try await export([original(path)], settings())
        // libvips 8.14 fails on the header already, with libheif's limit in its words; 8.16 reads
        // the header, and photopick's own pixel limit refuses the photo before a pixel is decoded.
        guard case .tooLarge(_, 40000, 40000, let limit)? = errors(report).first else { return XCTFail("\(report)") }
        switch limit {
        case .libheif, .cap: break
        case .memory: XCTFail("\(limit)")
        }
    }
}
