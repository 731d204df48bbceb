// The portal request parser: any bytes give a request or a clean error, never a crash or a hang.
@testable import PhotoPickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let parsed = try? RequestParser.parse(bytes) else { return 0 }
    let request = parsed.request
    if let max = request.maximum, let min = request.minimum { _ = max - min }
    for path in (request.preselect ?? []) + (request.folders ?? []) {
        precondition(path.bytes.first == UInt8(ascii: "/") && !path.bytes.contains(0), "a request path is absolute, without NUL")
    }
    for filter in request.filters ?? [] {
        for pattern in filter.patterns { _ = Glob(pattern).matches("IMG_0001.JPG") }
    }
    return 0
}
