// MP4/QuickTime metadata for an export without location: the whole input is a file.
@testable import PhotoPickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let found = QuickTimeMetadata.read(bytes)
    _ = found.location
    precondition(found.refusal == nil || found.blanks.isEmpty, "a refused file gets nothing to write")
    var end: UInt64 = 0
    for blank in found.blanks.sorted(by: { $0.offset < $1.offset }) {
        precondition(blank.offset >= end && blank.size >= UInt64(blank.headerLength) && blank.offset + blank.size <= UInt64(size))
        end = blank.offset + blank.size
    }
    guard found.refusal == nil else { return 0 }
    // What the export writes must read back clean: nothing left to blank, no place.
    for blank in found.blanks {
        let start = Int(blank.offset)
        bytes.replaceSubrange((start + 4)..<(start + 8), with: Array("free".utf8))
        for i in (start + blank.headerLength)..<(start + Int(blank.size)) { bytes[i] = 0 }
    }
    let again = QuickTimeMetadata.read(bytes)
    precondition(again.refusal == nil && again.blanks.isEmpty && again.location == nil && again.xmpPackets.isEmpty)
    return 0
}
