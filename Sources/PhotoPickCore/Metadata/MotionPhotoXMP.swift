/// What a Motion Photo's XMP says about the video after its still, counted from the end of
/// the file (which is all the XMP can say: it is written before the video is appended).
///
/// Google's Motion Photo format 1.0: `Camera:MotionPhoto` = 1 and a `Container:Directory`
/// whose items follow the primary image, each `Item:Length` bytes long; the item with
/// `Item:Semantic` "MotionPhoto" and a video MIME type is the video (as androidx.media3
/// computes it: items laid back from the end of the file). The older MicroVideo:
/// `Camera:MicroVideo` = 1 and `Camera:MicroVideoOffset`, the video's length from the end.
/// Names are matched by namespace URI, whatever the prefix.
///
/// The XMP is a claim, not a fact: editors keep it after cutting the video off, so the
/// caller checks the range it gives (`EmbeddedVideo.verified`).
public struct MotionPhotoXMP: Sendable, Hashable {
    /// Where the video starts and ends, in bytes before the end of the file.
    public let startFromEnd: Int64
    public let endFromEnd: Int64

    static let camera = "http://ns.google.com/photos/1.0/camera/"
    static let container = "http://ns.google.com/photos/1.0/container/"
    static let item = "http://ns.google.com/photos/1.0/container/item/"
    static let videoTypes: Set<String> = ["video/mp4", "video/quicktime"]

    /// The range in a file of `fileSize` bytes; nil when it does not lie after the file's first byte.
    public func range(fileSize: Int64) -> ByteRange? {
        guard startFromEnd > endFromEnd, startFromEnd < fileSize else { return nil }
        return ByteRange(offset: fileSize - startFromEnd, length: startFromEnd - endFromEnd)
    }

    /// What `packet` (an XMP packet as written) says; nil when it says no video is there.
    public static func parse(_ packet: UnsafeBufferPointer<UInt8>) -> MotionPhotoXMP? {
        // Both flags are in the camera namespace: a packet that never names it (nearly every
        // photo's) is passed over without walking its XML.
        guard mentions(packet, cameraURI) else { return nil }
        var flags: [String: String] = [:]
        var items: [[String: String]] = []
        var openItem: [String: String]?
        var directories = 0
        let wellFormed = XMPWalk.walk(packet) { event in
            switch event {
            case .start(let name, let attributes):
                if name.uri == container, name.local == "Directory" { directories += 1 }
                if name.uri == container, name.local == "Item", directories > 0, openItem == nil { openItem = [:] }
                for (attribute, value) in attributes {
                    if attribute.uri == camera { flags[attribute.local] = value }
                    if attribute.uri == item, openItem != nil { openItem?[attribute.local] = value }
                }
            case .end(let name, let text):
                if name.uri == camera, let text { flags[name.local] = text }
                if name.uri == item, let text, openItem != nil { openItem?[name.local] = text }
                if name.uri == container, name.local == "Item", let done = openItem {
                    if items.count < 64 { items.append(done) }
                    openItem = nil
                }
                if name.uri == container, name.local == "Directory" { directories -= 1 }
            }
        }
        guard wellFormed else { return nil }
        let trimmed = { (key: String) in flags[key]?.trimmingWhitespace }
        if trimmed("MotionPhoto") == "1" || trimmed("MicroVideo") == "1", let video = directoryVideo(items) { return video }
        if trimmed("MicroVideo") == "1", let offset = trimmed("MicroVideoOffset").flatMap(Int64.init), offset > 0 {
            return MotionPhotoXMP(startFromEnd: offset, endFromEnd: 0)
        }
        return nil
    }

    static let cameraURI = Array(camera.utf8)

    /// Whether `needle` occurs in `haystack`.
    static func mentions(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var i = 0
        while i <= haystack.count - needle.count {
            if haystack[i] == first, needle.indices.allSatisfy({ haystack[i + $0] == needle[$0] }) { return true }
            i += 1
        }
        return false
    }

    /// The same, from a packet in an array.
    public static func parse(_ packet: [UInt8]) -> MotionPhotoXMP? {
        packet.withUnsafeBufferPointer(parse)
    }

    /// The video item of a directory, laid back from the end: each item after the first
    /// (the primary image, which runs from the file's start) is its `Length` long.
    static func directoryVideo(_ items: [[String: String]]) -> MotionPhotoXMP? {
        guard items.count >= 2 else { return nil }
        var end: Int64 = 0
        for item in items.dropFirst().reversed() {
            guard let length = Int64(item["Length"]?.trimmingWhitespace ?? "0"), length >= 0 else { return nil }
            let (start, overflow) = end.addingReportingOverflow(length)
            guard !overflow else { return nil }
            let mime = item["Mime"]?.trimmingWhitespace.lowercased() ?? ""
            if item["Semantic"]?.trimmingWhitespace == "MotionPhoto", videoTypes.contains(mime), length > 0 {
                return MotionPhotoXMP(startFromEnd: start, endFromEnd: end)
            }
            end = start
        }
        return nil
    }
}
