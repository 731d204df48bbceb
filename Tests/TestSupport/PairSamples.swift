import Foundation
import PhotoPickCore
import TestSupportCore

/// Real-format samples of issue 29's pairs, made at test time with the tools the tests
/// already use: a Live Photo (a still with Apple's maker note, a QuickTime movie with the
/// same content identifier from ffmpeg), Motion Photos (a JPEG or HEIC with Google's XMP
/// and an MP4 after it, or in an `mpvd` box), and hostile variants of each. Every function
/// writes named files into `folder` and returns their paths (and, for an embedded video,
/// the byte range a reader must find).
///
/// Tools: gexiv2 (`ExifWriter`) sets the maker note as exiv2's CLI would (`-M"set
/// Exif.Photo.MakerNote Undefined …"`), ffmpeg makes the clips, exiftool writes XMP,
/// libheif (`HEIFWriter`) the HEICs. All are in the Makefile's TEST_PACKAGES.
public enum PairSamples {
    /// A content identifier as an iPhone writes one.
    public static let identifier = "8C4F9D2A-51E0-4B7B-9F4A-3E2D1C0B9A87"

    public struct LivePhoto: Sendable {
        public let still: String
        public let movie: String
    }

    public struct MotionPhoto: Sendable {
        public let path: String
        /// Where the MP4 lies in the file.
        public let video: ByteRange
    }

    // MARK: Live Photos

    /// `<stem>.JPG` with Apple's maker note holding `identifier`, and `<stem>.MOV` whose
    /// `com.apple.quicktime.content.identifier` is the same.
    @discardableResult
    public static func livePhotoJPEG(in folder: String, stem: String = "IMG_0001", identifier: String = identifier) throws -> LivePhoto {
        let still = try stillJPEG(in: folder, name: stem + ".JPG", makerNote: appleMakerNote(identifier: Array(identifier.utf8)))
        let movie = try liveMovie(in: folder, name: stem + ".MOV", identifier: identifier)
        return LivePhoto(still: still, movie: movie)
    }

    /// `<stem>.HEIC` whose Exif block holds Apple's maker note, and `<stem>.MOV`; nil where
    /// libheif has no HEVC encoder.
    public static func livePhotoHEIC(in folder: String, stem: String = "IMG_0002", identifier: String = identifier) throws -> LivePhoto? {
        guard HEIFWriter.canEncode else { return nil }
        let still = folder + "/" + stem + ".HEIC"
        try HEIFWriter.write(still, width: 64, height: 48, exif: appleExif(makerNote: appleMakerNote(identifier: Array(identifier.utf8))))
        return LivePhoto(still: still, movie: try liveMovie(in: folder, name: stem + ".MOV", identifier: identifier))
    }

    /// A QuickTime movie (ffmpeg, `moov/udta/meta` with `mdta` keys) carrying `identifier`.
    @discardableResult
    public static func liveMovie(in folder: String, name: String, identifier: String) throws -> String {
        let path = folder + "/" + name
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=duration=1:size=64x48:rate=10", "-c:v", "mpeg4", "-f", "mov",
                    "-movflags", "use_metadata_tags", "-metadata", "com.apple.quicktime.content.identifier=" + identifier, path])
        return path
    }

    /// A JPEG still with Apple's make and `makerNote` as its Exif maker note.
    @discardableResult
    public static func stillJPEG(in folder: String, name: String, makerNote: [UInt8]) throws -> String {
        let path = folder + "/" + name
        try ImageFactory.write(path, width: 64, height: 48, format: .jpeg)
        try ExifWriter.write(path, tags: [("Exif.Image.Make", "Apple"), ("Exif.Image.Model", "iPhone 15"),
                                          ("Exif.Photo.DateTimeOriginal", "2024:06:01 12:00:00"),
                                          ("Exif.Photo.MakerNote", makerNote.map(String.init).joined(separator: " "))])
        return path
    }

    /// Apple's maker note: "Apple iOS\0", version 1, "MM", an IFD at +14 whose offsets count
    /// from the note's start, with a version entry and tag 0x0011 holding `identifier` as
    /// ASCII. `count`, `offset` and `cut` make damaged notes.
    public static func appleMakerNote(identifier: [UInt8], count: UInt16? = nil, offset: UInt32? = nil, cut: Int = 0) -> [UInt8] {
        let be = TIFFBlockBuilder.u16, be32 = TIFFBlockBuilder.u32
        let value = identifier + [0]
        let dataAt = 14 + 2 + 2 * 12 + 4
        var note = Array("Apple iOS".utf8) + [0, 0, 1] + Array("MM".utf8)
        note += be(count ?? 2, true)
        note += be(0x0001, true) + be(9, true) + be32(1, true) + be32(14, true)  // SLONG version
        note += be(0x0011, true) + be(2, true) + be32(UInt32(value.count), true) + be32(offset ?? UInt32(dataAt), true)
        note += be32(0, true)
        note += value
        return Array(note.dropLast(cut))
    }

    /// A big-endian Exif block (TIFF) with Apple's make and `makerNote` in the Exif IFD.
    public static func appleExif(makerNote: [UInt8]) -> [UInt8] {
        var block = TIFFBlockBuilder()
        block.ifd0 = [TIFFBlockBuilder.ascii(0x010F, "Apple"), TIFFBlockBuilder.ascii(0x0110, "iPhone 15")]
        block.exif = [TIFFBlockBuilder.ascii(0x9003, "2024:06:01 12:00:00"), TIFFBlockBuilder.undefined(0x927C, makerNote)]
        return block.build(bigEndian: true)
    }

    // MARK: Motion Photos

    /// The XMP prefixes a Motion Photo is written with: Google's files (attributes,
    /// `GCamera`/`Container`/`Item`) or exiftool 13's (elements, `GContainer`/`GItem`).
    public enum XMPStyle: Sendable { case google, exiftool13 }

    /// `name`: a JPEG whose XMP says Motion Photo with a `Container:Directory`, then an MP4.
    @discardableResult
    public static func motionPhotoJPEG(in folder: String, name: String = "PXL_0001.MP.jpg", style: XMPStyle = .google) throws -> MotionPhoto {
        let clip = try mp4()
        let path = folder + "/" + name
        try ImageFactory.write(path, width: 64, height: 48, format: .jpeg)
        try writeXMP(motionPacket(videoLength: clip.count, style: style), into: path)
        return try append(clip, to: path)
    }

    /// `name`: a JPEG with the older `GCamera:MicroVideo` tags (written by exiftool's own
    /// tag table), then an MP4 `MicroVideoOffset` bytes long.
    @discardableResult
    public static func microVideoJPEG(in folder: String, name: String = "MVIMG_0001.jpg") throws -> MotionPhoto {
        let clip = try mp4()
        let path = folder + "/" + name
        try ImageFactory.write(path, width: 64, height: 48, format: .jpeg)
        try ExifTool.write(path, ["-XMP-GCamera:MicroVideo=1", "-XMP-GCamera:MicroVideoVersion=1",
                                  "-XMP-GCamera:MicroVideoOffset=\(clip.count)", "-XMP-GCamera:MicroVideoPresentationTimestampUs=500000"])
        return try append(clip, to: path)
    }

    /// `name`: a HEIC with Google's XMP (the primary's padding is the `mpvd` header) and its
    /// MP4 in a top-level `mpvd` box; without XMP (`xmp: false`), as Samsung writes them.
    /// Nil where libheif has no HEVC encoder.
    public static func motionPhotoHEIC(in folder: String, name: String = "PXL_0002.MP.HEIC", xmp: Bool = true) throws -> MotionPhoto? {
        guard HEIFWriter.canEncode else { return nil }
        let clip = try mp4()
        let path = folder + "/" + name
        let packet = xmp ? String(decoding: motionPacket(videoLength: clip.count, style: .google, primary: "image/heic", padding: 8),
                                  as: UTF8.self) : nil
        try HEIFWriter.write(path, width: 64, height: 48, xmp: packet)
        let box = TIFFBlockBuilder.u32(UInt32(8 + clip.count), true) + Array("mpvd".utf8) + clip
        let still = try RawFiles.read(path)
        try RawFiles.write(still + box, to: RawPath(path))
        return MotionPhoto(path: path, video: ByteRange(offset: Int64(still.count + 8), length: Int64(clip.count)))
    }

    /// `name`: a Samsung JPEG (make "samsung") with no XMP, its MP4 in the SEF trailer.
    @discardableResult
    public static func motionPhotoSamsungJPEG(in folder: String, name: String = "20240601_120001.jpg") throws -> MotionPhoto {
        let clip = try mp4()
        let path = folder + "/" + name
        try ImageFactory.write(path, width: 64, height: 48, format: .jpeg)
        try ExifWriter.write(path, tags: [("Exif.Image.Make", "samsung"), ("Exif.Image.Model", "SM-G960F")])
        let still = try RawFiles.read(path)
        let trailer = samsungTrailer(clip)
        try RawFiles.write(still + trailer.bytes, to: RawPath(path))
        return MotionPhoto(path: path, video: ByteRange(offset: Int64(still.count + trailer.videoAt), length: Int64(clip.count)))
    }

    /// A SEF trailer as Samsung's cameras append it (exiftool's `ProcessSamsung` reads it):
    /// a `MotionPhoto_Data` record holding `video`, a `MotionPhoto_Version` record, the
    /// "SEFH" directory naming both by their distance back from it, its length and "SEFT".
    /// `videoAt` is where the video starts in `bytes`; `back` and `size` override the
    /// video entry's values (hostile trailers).
    public static func samsungTrailer(_ video: [UInt8], back: UInt32? = nil, size: UInt32? = nil) -> (bytes: [UInt8], videoAt: Int) {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
        func record(_ type: Int, _ name: String, _ data: [UInt8]) -> [UInt8] { le16(0) + le16(type) + le32(name.utf8.count) + Array(name.utf8) + data }
        let data = record(0x0A30, "MotionPhoto_Data", video), version = record(0x0A31, "MotionPhoto_Version", Array("mpv2".utf8))
        let dirAt = data.count + version.count
        var directory = Array("SEFH".utf8) + le32(106) + le32(2)
        directory += le16(0) + le16(0x0A30) + (back.map { le32(Int($0)) } ?? le32(dirAt)) + (size.map { le32(Int($0)) } ?? le32(data.count))
        directory += le16(0) + le16(0x0A31) + le32(dirAt - data.count) + le32(version.count)
        return (data + version + directory + le32(directory.count) + Array("SEFT".utf8), 8 + "MotionPhoto_Data".utf8.count)
    }

    /// A Motion Photo XMP packet whose video item is `videoLength` bytes long.
    public static func motionPacket(videoLength: Int, style: XMPStyle, motionPhoto: String = "1", primary: String = "image/jpeg",
                                    padding: Int = 0) -> [UInt8] {
        let body: String
        switch style {
        case .google:
            body = """
                <rdf:Description rdf:about=""
                    xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"
                    xmlns:Container="http://ns.google.com/photos/1.0/container/"
                    xmlns:Item="http://ns.google.com/photos/1.0/container/item/"
                  GCamera:MotionPhoto="\(motionPhoto)" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="500000">
                  <Container:Directory>
                    <rdf:Seq>
                      <rdf:li rdf:parseType="Resource">
                        <Container:Item Item:Mime="\(primary)" Item:Semantic="Primary" Item:Length="0" Item:Padding="\(padding)"/>
                      </rdf:li>
                      <rdf:li rdf:parseType="Resource">
                        <Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\(videoLength)" Item:Padding="0"/>
                      </rdf:li>
                    </rdf:Seq>
                  </Container:Directory>
                </rdf:Description>
                """
        case .exiftool13:
            body = """
                <rdf:Description rdf:about='' xmlns:GCamera='http://ns.google.com/photos/1.0/camera/'>
                  <GCamera:MotionPhoto>\(motionPhoto)</GCamera:MotionPhoto>
                  <GCamera:MotionPhotoVersion>1</GCamera:MotionPhotoVersion>
                </rdf:Description>
                <rdf:Description rdf:about='' xmlns:GContainer='http://ns.google.com/photos/1.0/container/'
                  xmlns:GItem='http://ns.google.com/photos/1.0/container/item/'>
                  <GContainer:Directory>
                    <rdf:Seq>
                      <rdf:li rdf:parseType='Resource'>
                        <GContainer:Item rdf:parseType='Resource'>
                          <GItem:Mime>\(primary)</GItem:Mime><GItem:Semantic>Primary</GItem:Semantic>
                          <GItem:Length>0</GItem:Length><GItem:Padding>\(padding)</GItem:Padding>
                        </GContainer:Item>
                      </rdf:li>
                      <rdf:li rdf:parseType='Resource'>
                        <GContainer:Item rdf:parseType='Resource'>
                          <GItem:Mime>video/mp4</GItem:Mime><GItem:Semantic>MotionPhoto</GItem:Semantic>
                          <GItem:Length>\(videoLength)</GItem:Length>
                        </GContainer:Item>
                      </rdf:li>
                    </rdf:Seq>
                  </GContainer:Directory>
                </rdf:Description>
                """
        }
        return Array("""
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="photopick tests">
              <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            \(body)
              </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>
            """.utf8)
    }

    // MARK: Hostile samples

    /// Damaged and misleading pairs a reader must survive, each named for what is wrong:
    /// - `xmp-length-past-end.jpg`: the video item is longer than the file;
    /// - `garbage-video.jpg`: XMP right, but the bytes after the still are no MP4;
    /// - `video-cut-off.jpg`: XMP kept after an editor dropped the video;
    /// - `not-motion.jpg`: a directory with a video, but `MotionPhoto` is 0;
    /// - `samsung-lying.jpg`: a SEF trailer whose video entry points before the file;
    /// - `samsung-garbage.jpg`: a SEF trailer whose video is no MP4;
    /// - `note-truncated.JPG`: the maker note ends inside the identifier;
    /// - `note-offset-out.JPG`: the identifier's offset points far past the note;
    /// - `note-count-huge.JPG`: the IFD claims 65,535 entries;
    /// - `control-bytes.JPG` and `.MOV`: identifiers with control bytes in them;
    /// - `IMG_0100.JPG`, `IMG_0101.JPG`, `IMG_0100.MOV`: two stills claiming one movie;
    /// - `IMG_0200.MOV`: a movie whose still is missing.
    /// Returns every path by its name.
    public static func hostile(in folder: String) throws -> [String: String] {
        var out: [String: String] = [:]
        let clip = try mp4()
        func jpeg(_ name: String) throws -> String {
            let path = folder + "/" + name
            try ImageFactory.write(path, width: 64, height: 48, format: .jpeg)
            out[name] = path
            return path
        }
        var path = try jpeg("xmp-length-past-end.jpg")
        try writeXMP(motionPacket(videoLength: 50_000_000, style: .google), into: path)
        try append(clip, to: path)

        path = try jpeg("garbage-video.jpg")
        try writeXMP(motionPacket(videoLength: clip.count, style: .google), into: path)
        var noise = SeededGenerator(seed: 29)
        try append((0..<clip.count).map { _ in UInt8.random(in: 0...255, using: &noise) }, to: path)

        path = try jpeg("video-cut-off.jpg")
        try writeXMP(motionPacket(videoLength: clip.count, style: .google), into: path)

        path = try jpeg("samsung-lying.jpg")
        try ExifWriter.write(path, tags: [("Exif.Image.Make", "samsung")])
        try append(samsungTrailer(clip, back: 0xFFFF_FF00).bytes, to: path)

        path = try jpeg("samsung-garbage.jpg")
        try ExifWriter.write(path, tags: [("Exif.Image.Make", "samsung")])
        try append(samsungTrailer((0..<clip.count).map { _ in UInt8.random(in: 0...255, using: &noise) }).bytes, to: path)

        path = try jpeg("not-motion.jpg")
        try writeXMP(motionPacket(videoLength: clip.count, style: .google, motionPhoto: "0"), into: path)
        try append(clip, to: path)

        let id = Array(identifier.utf8)
        for (name, note) in [("note-truncated.JPG", appleMakerNote(identifier: id, cut: 20)),
                             ("note-offset-out.JPG", appleMakerNote(identifier: id, offset: 0xFFFF_FFF0)),
                             ("note-count-huge.JPG", appleMakerNote(identifier: id, count: 0xFFFF)),
                             ("control-bytes.JPG", appleMakerNote(identifier: Array("8C4F9D2A-\u{1}\u{7}-4B7B\u{1B}[2J".utf8)))] {
            out[name] = try stillJPEG(in: folder, name: name, makerNote: note)
        }
        out["control-bytes.MOV"] = try liveMovie(in: folder, name: "control-bytes.MOV", identifier: "8C4F9D2A-\u{1}\u{7}-4B7B")

        for name in ["IMG_0100.JPG", "IMG_0101.JPG"] {
            out[name] = try stillJPEG(in: folder, name: name, makerNote: appleMakerNote(identifier: Array(sharedIdentifier.utf8)))
        }
        out["IMG_0100.MOV"] = try liveMovie(in: folder, name: "IMG_0100.MOV", identifier: sharedIdentifier)
        out["IMG_0200.MOV"] = try liveMovie(in: folder, name: "IMG_0200.MOV", identifier: loneMovieIdentifier)
        return out
    }

    /// The identifiers the two-stills and lone-movie samples of `hostile` carry.
    public static let sharedIdentifier = "5B1C2D3E-0000-4000-8000-000000000100"
    public static let loneMovieIdentifier = "5B1C2D3E-0000-4000-8000-000000000200"

    // MARK: Making

    /// A one-second MP4 (MPEG-4 part 2, no audio), made once per test process, outside any
    /// sample folder (a test that scans the folder finds only the samples).
    public static func mp4() throws -> [UInt8] { try clip.get() }

    private static let clip = Result { () throws -> [UInt8] in
        let scratch = TemporaryDirectory(prefix: "photopick-pair-clip")
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=duration=1:size=64x48:rate=10", "-c:v", "mpeg4", "-f", "mp4", scratch.path + "/clip.mp4"])
        return try RawFiles.read(scratch.path + "/clip.mp4")
    }

    private static func ffmpeg(_ arguments: [String]) throws {
        guard let ffmpeg = Binaries.which("ffmpeg") else { throw FactoryError("ffmpeg is not installed (make test-deps installs it)") }
        let run = try ProcessRunner.run(ffmpeg, ["-v", "error", "-y"] + arguments)
        guard run.status == 0 else { throw FactoryError("ffmpeg \(arguments): \(run.stderrText)") }
    }

    /// The whole XMP packet written as it is (`exiftool "-xmp<=packet"`): exiftool 12.57 has
    /// no tags for the Container directory, and the packet is what a phone writes anyway.
    private static func writeXMP(_ packet: [UInt8], into path: String) throws {
        let packetPath = path + ".xmp"
        try RawFiles.write(packet, to: RawPath(packetPath))
        defer { try? FileManager.default.removeItem(atPath: packetPath) }
        try ExifTool.write(path, ["-xmp<=" + packetPath])
    }

    /// `bytes` appended to the file at `path`: where they start is the video's range.
    @discardableResult
    private static func append(_ bytes: [UInt8], to path: String) throws -> MotionPhoto {
        let still = try RawFiles.read(path)
        try RawFiles.write(still + bytes, to: RawPath(path))
        return MotionPhoto(path: path, video: ByteRange(offset: Int64(still.count), length: Int64(bytes.count)))
    }
}
