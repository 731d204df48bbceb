// The thumbnail PNG text reader over any bytes (cached thumbnails come from any program).
@testable import PhotoPickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let texts = PNGTextChunks.parse(bytes) else { return 0 }
    for key in texts.keys { precondition(!key.isEmpty) }
    _ = ThumbnailSource(uri: "file:///a.jpg", mtime: 1_700_000_000, size: 1234).isDescribed(by: texts)
    return 0
}
