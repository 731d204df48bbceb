/// Decides a file's MIME type from its name and its first bytes.
///
/// The core stays free of C libraries; the media layer implements this with
/// shared-mime-info through GIO, and tests may use that same implementation.
public protocol ContentTypeSniffer: Sendable {
    /// How many leading bytes `mimeType` wants to see.
    var headLength: Int { get }
    /// The MIME type of a file called `name` that starts with `head`, or nil if unknown.
    func mimeType(name: [UInt8], head: [UInt8]) -> String?
}
