// The minimal EXIF (TIFF) reader used for HEIF/AVIF: bounds, loops, plausible values.
@testable import PhotoPickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let fields = MinimalExifParser.parse(bytes) else { return 0 }
    if let o = fields.orientation { precondition((1...8).contains(o)) }
    if let lat = fields.latitude { precondition(abs(lat) <= 90) }
    if let lon = fields.longitude { precondition(abs(lon) <= 180) }
    return 0
}
