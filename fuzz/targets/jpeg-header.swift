// The JPEG frame-header reader that guards decoders against bombs.
@testable import PhotoPickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let size = JPEGFrameHeader.size(bytes) {
        precondition((1...65535).contains(size.width) && (1...65535).contains(size.height))
    }
    return 0
}
