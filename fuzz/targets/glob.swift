// Glob patterns from requests and --pattern against file names: input is "pattern NUL name".
// Matching must stay fast (no exponential backtracking) and escaping a name must match it.
@testable import PhotoPickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let pattern = String(decoding: parts[0], as: UTF8.self)
    let name = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : pattern
    _ = Glob(pattern).matches(name)
    precondition(Glob("*").matches(name))
    let escaped = name.unicodeScalars.map { "\\" + String($0) }.joined()
    precondition(Glob(escaped).matches(name), "an escaped name matches itself")
    return 0
}
