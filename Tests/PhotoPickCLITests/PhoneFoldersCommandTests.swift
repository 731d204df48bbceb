import Foundation
import PhotoPickCore
import TestSupport
import TestSupportCore
import XCTest

/// Folders as phones and cameras leave them, read by `photopick albums` and `list --json`
/// through the real scan: an iPhone's Live Photos (paired by their content identifiers), a
/// Pixel's Motion Photos (the video inside), a camera's RAW+JPEG, and the hostile samples,
/// each of which must end as a tile of its own or a pair by the rules, never an error.
final class PhoneFoldersCommandTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUp() { dir = TemporaryDirectory() }

    private func listed(_ root: String) throws -> [[String: Any]] {
        let out = try ProcessRunner.run(Binaries.photopick, ["list", "--json", root], environment: ["XDG_CACHE_HOME": dir.path + "/cache"])
        XCTAssertEqual(out.status, 0, out.stderrText)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [[String: Any]])
    }

    /// "name: kind file,file" per listed asset, by name.
    private func described(_ assets: [[String: Any]]) -> [String] {
        assets.map { asset in
            let name = asset["name"] as? String ?? "?"
            guard let pair = asset["pair"] as? [String: Any] else { return name }
            let files = (pair["files"] as? [String] ?? []).map { ($0 as NSString).lastPathComponent }
            return "\(name): \(pair["kind"] as? String ?? "?") " + files.joined(separator: ",")
        }.sorted()
    }

    func testAnIPhoneAPixelAndACameraGiveOneTileAShot() throws {
        let root = dir.path + "/copied"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try PairSamples.livePhotoJPEG(in: root, stem: "IMG_0001")
        // An edited still keeps its identifier under another name: paired by the identifier.
        try PairSamples.stillJPEG(in: root, name: "IMG_E0002.JPG",
                                  makerNote: PairSamples.appleMakerNote(identifier: Array("A1B2C3D4-0000-4000-8000-000000000002".utf8)))
        try PairSamples.liveMovie(in: root, name: "IMG_0002.MOV", identifier: "A1B2C3D4-0000-4000-8000-000000000002")
        let motion = try PairSamples.motionPhotoJPEG(in: root)
        let jpeg = root + "/DSC_0003.JPG"
        try ImageFactory.write(jpeg, width: 64, height: 48, format: .jpeg)
        try CameraRawWriter.write(root + "/DSC_0003.NEF", format: .nef, preview: Array(try Data(contentsOf: URL(fileURLWithPath: jpeg))))

        let assets = try listed(root)
        XCTAssertEqual(described(assets), [
            "DSC_0003.JPG: raw DSC_0003.JPG,DSC_0003.NEF",
            "IMG_0001.JPG: live IMG_0001.JPG,IMG_0001.MOV",
            "IMG_E0002.JPG: live IMG_E0002.JPG,IMG_0002.MOV",
            "PXL_0001.MP.jpg: motion PXL_0001.MP.jpg",
        ])
        XCTAssertEqual(assets.first { $0["name"] as? String == "PXL_0001.MP.jpg" }?["size_bytes"] as? Int,
                       Int(motion.video.end!), "the Motion Photo's video ends the file")
        let albums = try ProcessRunner.run(Binaries.photopick, ["albums", root], environment: ["XDG_CACHE_HOME": dir.path + "/cache"])
        XCTAssertEqual(albums.stdoutText, "All Photos\t4\nRecently Added\t4\ncopied\t4\n", "no Videos: each movie is its still's")
    }

    func testHostileSamplesEndAsTilesOrPairsByTheRules() throws {
        let root = dir.path + "/hostile"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        _ = try PairSamples.hostile(in: root)
        XCTAssertEqual(described(try listed(root)), [
            // Identifiers with control bytes are no identifiers: then the names decide.
            "control-bytes.JPG: live control-bytes.JPG,control-bytes.MOV",
            "garbage-video.jpg",
            // Two stills claim the movie: the one of its name has it.
            "IMG_0100.JPG: live IMG_0100.JPG,IMG_0100.MOV",
            "IMG_0101.JPG",
            // A movie whose still is missing is a video.
            "IMG_0200.MOV",
            "not-motion.jpg",
            "note-count-huge.JPG", "note-offset-out.JPG", "note-truncated.JPG",
            "samsung-garbage.jpg", "samsung-lying.jpg",
            "video-cut-off.jpg",
            "xmp-length-past-end.jpg",
        ].sorted())
    }
}
