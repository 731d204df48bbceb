@testable import PhotoPickCore
import TestSupportCore
import XCTest

/// A Motion Photo's XMP names its video by namespace URI, whatever the prefixes; the range
/// is laid back from the file's end as media3 does; anything else says no video.
final class MotionPhotoXMPTests: XCTestCase {
    private let camera = "http://ns.google.com/photos/1.0/camera/"
    private let container = "http://ns.google.com/photos/1.0/container/"
    private let item = "http://ns.google.com/photos/1.0/container/item/"

    private func packet(_ description: String) -> [UInt8] {
        Array("""
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            \(description)
            </rdf:RDF></x:xmpmeta>
            <?xpacket end="w"?>
            """.utf8)
    }

    /// A directory in attribute form with these prefixes and items (mime, semantic, length).
    private func directory(camera c: String = "GCamera", container k: String = "Container", item i: String = "Item",
                           flag: String = "MotionPhoto=\"1\"", items: [(String, String, String)]) -> [UInt8] {
        let lis = items.map { """
            <rdf:li rdf:parseType="Resource"><\(k):Item \(i):Mime="\($0.0)" \(i):Semantic="\($0.1)" \(i):Length="\($0.2)"/></rdf:li>
            """ }.joined()
        return packet("""
            <rdf:Description rdf:about="" xmlns:\(c)="\(camera)" xmlns:\(k)="\(container)" xmlns:\(i)="\(item)" \(c):\(flag)>
            <\(k):Directory><rdf:Seq>\(lis)</rdf:Seq></\(k):Directory></rdf:Description>
            """)
    }

    private let twoItems = [("image/jpeg", "Primary", "0"), ("video/mp4", "MotionPhoto", "3000")]

    /// An edited photo's description carries hundreds of attributes (Lightroom's crs:
    /// settings) and many bindings: the claim is still read.
    func testAManyAttributedDescriptionStillNamesTheVideo() throws {
        let settings = (0..<600).map { "crs:Setting\($0)=\"\($0)\"" }.joined(separator: " ")
        let bindings = (0..<300).map { "xmlns:p\($0)=\"urn:p\($0)\"" }.joined(separator: " ")
        let description = String(decoding: directory(items: twoItems), as: UTF8.self)
            .replacingOccurrences(of: "rdf:about=\"\"", with: "rdf:about=\"\" xmlns:crs=\"http://ns.adobe.com/camera-raw-settings/1.0/\" \(bindings) \(settings)")
        let found = try XCTUnwrap(MotionPhotoXMP.parse(Array(description.utf8)))
        XCTAssertEqual(found.range(fileSize: 10_000), ByteRange(offset: 7_000, length: 3_000))
    }

    func testGoogleAttributesGiveTheVideoAtTheEnd() throws {
        let found = try XCTUnwrap(MotionPhotoXMP.parse(directory(items: twoItems)))
        XCTAssertEqual(found.range(fileSize: 10_000), ByteRange(offset: 7_000, length: 3_000))
    }

    func testPrefixesDoNotMatterNamespacesDo() throws {
        for (c, k, i) in [("Camera", "Container", "Item"), ("GCamera", "GContainer", "GItem"), ("a", "b", "c")] {
            let found = MotionPhotoXMP.parse(directory(camera: c, container: k, item: i, items: twoItems))
            XCTAssertEqual(found?.range(fileSize: 10_000), ByteRange(offset: 7_000, length: 3_000), "\(c) \(k) \(i)")
        }
        // Google's prefixes bound to other URIs (the depth map's container): no video.
        let depth = packet("""
            <rdf:Description rdf:about="" xmlns:GCamera="\(camera)" xmlns:Container="http://ns.google.com/photos/dd/1.0/container/"
              xmlns:Item="http://ns.google.com/photos/dd/1.0/item/" GCamera:MotionPhoto="1">
            <Container:Directory><rdf:Seq><rdf:li rdf:parseType="Resource">
            <Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="3000"/></rdf:li></rdf:Seq>
            </Container:Directory></rdf:Description>
            """)
        XCTAssertNil(MotionPhotoXMP.parse(depth))
    }

    func testElementFormAsExiftool13WritesIt() throws {
        let xmp = packet("""
            <rdf:Description rdf:about='' xmlns:GCamera='\(camera)'><GCamera:MotionPhoto>1</GCamera:MotionPhoto></rdf:Description>
            <rdf:Description rdf:about='' xmlns:GContainer='\(container)' xmlns:GItem='\(item)'>
             <GContainer:Directory><rdf:Seq>
              <rdf:li rdf:parseType='Resource'><GContainer:Item rdf:parseType='Resource'>
               <GItem:Mime>image/jpeg</GItem:Mime><GItem:Semantic>Primary</GItem:Semantic><GItem:Length>0</GItem:Length>
              </GContainer:Item></rdf:li>
              <rdf:li rdf:parseType='Resource'><GContainer:Item rdf:parseType='Resource'>
               <GItem:Mime> video/quicktime </GItem:Mime><GItem:Semantic>MotionPhoto</GItem:Semantic><GItem:Length>2500</GItem:Length>
              </GContainer:Item></rdf:li>
              <rdf:li rdf:parseType='Resource'><GContainer:Item rdf:parseType='Resource'>
               <GItem:Mime>image/jpeg</GItem:Mime><GItem:Semantic>GainMap</GItem:Semantic><GItem:Length>500</GItem:Length>
              </GContainer:Item></rdf:li>
             </rdf:Seq></GContainer:Directory></rdf:Description>
            """)
        let found = try XCTUnwrap(MotionPhotoXMP.parse(xmp))
        XCTAssertEqual(found.range(fileSize: 10_000), ByteRange(offset: 7_000, length: 2_500), "before the gain map's 500 bytes")
    }

    func testMicroVideoOffsetCountsFromTheEnd() throws {
        let xmp = packet("""
            <rdf:Description rdf:about="" xmlns:GCamera="\(camera)" GCamera:MicroVideo="1" GCamera:MicroVideoVersion="1"
              GCamera:MicroVideoOffset="4321" GCamera:MicroVideoPresentationTimestampUs="500000"/>
            """)
        XCTAssertEqual(MotionPhotoXMP.parse(xmp)?.range(fileSize: 5_000), ByteRange(offset: 679, length: 4_321))
        XCTAssertNil(MotionPhotoXMP.parse(xmp)?.range(fileSize: 4_321), "a video from byte 0 is no Motion Photo")
    }

    func testAPacketThatNeverNamesTheCameraNamespaceIsNotWalked() {
        let other = Array(String(decoding: directory(items: twoItems), as: UTF8.self)
            .replacingOccurrences(of: "photos/1.0/camera/", with: "photos/1.0/kamera/").utf8)
        XCTAssertNil(MotionPhotoXMP.parse(other))
    }

    func testClaimsWithoutAUsableVideoAreNil() {
        let cases: [(String, [UInt8])] = [
            ("not a motion photo", directory(flag: "MotionPhoto=\"0\"", items: twoItems)),
            ("no flag", directory(flag: "MotionPhotoVersion=\"1\"", items: twoItems)),
            ("only the primary", directory(items: [twoItems[0]])),
            ("no MotionPhoto semantic", directory(items: [twoItems[0], ("video/mp4", "Other", "3000")])),
            ("an image, not a video", directory(items: [twoItems[0], ("image/jpeg", "MotionPhoto", "3000")])),
            ("length zero", directory(items: [twoItems[0], ("video/mp4", "MotionPhoto", "0")])),
            ("length negative", directory(items: [twoItems[0], ("video/mp4", "MotionPhoto", "-3000")])),
            ("length junk", directory(items: [twoItems[0], ("video/mp4", "MotionPhoto", "3e3")])),
            ("length overflows", directory(items: [twoItems[0], ("video/mp4", "MotionPhoto", "99999999999999999999")])),
            ("lengths add past Int64", directory(items: [twoItems[0], ("video/mp4", "MotionPhoto", "9223372036854775807"),
                                                         ("image/jpeg", "GainMap", "9223372036854775807")])),
            ("MicroVideo without offset", packet("<rdf:Description xmlns:GCamera=\"\(camera)\" GCamera:MicroVideo=\"1\"/>")),
            ("MicroVideo offset 0", packet("<rdf:Description xmlns:GCamera=\"\(camera)\" GCamera:MicroVideo=\"1\" GCamera:MicroVideoOffset=\"0\"/>")),
            ("unclosed", Array(directory(items: twoItems).dropLast(60))),
            ("mismatched", packet("<rdf:Description xmlns:GCamera=\"\(camera)\"><GCamera:MotionPhoto>1</GCamera:Other></rdf:Description>")),
            ("empty", []),
        ]
        for (what, bytes) in cases {
            let found = MotionPhotoXMP.parse(bytes)
            XCTAssertNil(found?.range(fileSize: 1 << 40), what)
        }
        // Longer than the file, or the whole file: no range in it.
        XCTAssertNil(MotionPhotoXMP.parse(directory(items: twoItems))?.range(fileSize: 3_000))
        XCTAssertNil(MotionPhotoXMP.parse(directory(items: twoItems))?.range(fileSize: 2_000))
    }

    func testDeepOrRandomPacketsNeverCrash() {
        let deep = packet("<rdf:Description xmlns:GCamera=\"\(camera)\" GCamera:MotionPhoto=\"1\">"
            + String(repeating: "<a:b xmlns:a=\"x\">", count: 10_000) + String(repeating: "</a:b>", count: 10_000) + "</rdf:Description>")
        XCTAssertNil(MotionPhotoXMP.parse(deep))
        var events = 0
        XCTAssertFalse(deep.withUnsafeBufferPointer { XMPWalk.walk($0) { _ in events += 1 } }, "too deep to be XMP")
        XCTAssertLessThan(events, 200, "stopped at the depth limit")
        let wide = Array(String(repeating: "<a/>", count: 200_000).utf8)
        XCTAssertFalse(wide.withUnsafeBufferPointer { XMPWalk.walk($0) { _ in } }, "more elements than any packet")
        var random = SeededGenerator(seed: 29)
        let good = directory(items: twoItems)
        for _ in 0..<1_000 {
            var bytes = good
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), 0, 0xFF,
                                                                          UInt8(ascii: "/"), UInt8(ascii: ":")].randomElement(using: &random)!
            }
            _ = MotionPhotoXMP.parse(bytes)?.range(fileSize: 10_000)
        }
    }
}
