import PhotoPickCore
@testable import PhotoPickMedia

extension JPEGHeadMetadata {
    /// What the head alone gives, for the tests that compare it with exiv2's reading of the file.
    static func findings(_ head: UnsafeBufferPointer<UInt8>) -> MetadataFindings? {
        if case .found(let findings) = read(head) { return findings }
        return nil
    }
}
