// EXIF and XMP dates and UTC offsets: input is "value NUL offset".
@testable import PhotoPickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let value = String(decoding: parts[0], as: UTF8.self)
    let offset = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : nil
    if let date = ExifDate.parse(value, offset: offset) {
        precondition(date.seconds.isFinite)
        if let o = date.utcOffset { precondition(abs(o) <= 14 * 3600 + 59 * 60) }
    }
    if let date = ExifDate.parseXMP(value) { precondition(date.seconds.isFinite) }
    if let o = ExifDate.utcOffset(value) { precondition(abs(o) <= 14 * 3600 + 59 * 60) }
    return 0
}
