// MP4/QuickTime headers: the whole input is a file.
@testable import PhotoPickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let header = QuickTimeHeader.parse(bytes) {
        if let d = header.durationSeconds { precondition(d.isFinite && d > 0 && d < 1e7) }
        if let c = header.creationSeconds { precondition(c.isFinite && c >= 631_152_000) }
        if let w = header.width, let h = header.height { precondition(w > 0 && h > 0) }
        precondition((header.width == nil) == (header.height == nil))
    }
    return 0
}
