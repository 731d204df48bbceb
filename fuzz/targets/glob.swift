// Glob patterns from requests, --pattern and --filter against file names (raw bytes): input is "pattern NUL name".
// Matching must stay fast (no exponential backtracking) and escaping a name must match it.
@testable import PhotoPickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let pattern = String(decoding: parts[0], as: UTF8.self)
    let nameBytes = parts.count > 1 ? Array(parts[1]) : Array(parts[0])
    let name = String(decoding: nameBytes, as: UTF8.self)
    _ = Glob(pattern).matches(nameBytes)
    precondition(Glob("*").matches(nameBytes), "any name, UTF-8 or not, matches *")
    let escaped = name.unicodeScalars.map { "\\" + String($0) }.joined()
    precondition(Glob(escaped).matches(name), "an escaped name matches itself")
    return 0
}
