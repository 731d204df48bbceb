// Byte paths through every encoding photopick writes and reads back: file:// URIs, the
// `lines` quoting, JSON strings; and path arguments as callers give them.
@testable import PhotoPickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let path = RawPath(bytes: [UInt8(ascii: "/")] + bytes.filter { $0 != 0 })

    precondition(FileURI.decode(FileURI.encode(path)) == path, "file:// URI round trip")
    let line = LineQuoting.line(for: path.bytes)
    precondition(!line.contains(0x0A), "a line holds no newline")
    precondition(LineQuoting.path(fromLine: line) == path.bytes, "lines round trip")
    var json: [UInt8] = []
    JSONByteString.encode(bytes, into: &json)
    precondition(JSONByteString.decode(json) == bytes, "JSON string round trip")
    precondition((try? JSONParser.parse(json)).map { value -> [UInt8] in
        switch value {
        case .string(let s): return Array(s.utf8)
        case .bytes(let b): return b
        default: return []
        }
    } == bytes, "JSON parser round trip")

    _ = FileURI.decode(String(decoding: bytes, as: UTF8.self))
    _ = LineQuoting.path(fromLine: bytes)
    _ = JSONByteString.decode(bytes)
    if let resolved = PathArgument.resolve(bytes, relativeTo: RawPath("/home/me")) {
        precondition(resolved.bytes.first == UInt8(ascii: "/") && !resolved.bytes.contains(0))
        precondition(PathArgument.normalized(resolved.bytes) == resolved, "normalizing is idempotent")
        precondition(!resolved.bytes.split(separator: UInt8(ascii: "/")).contains { $0.elementsEqual("..".utf8) }, "no .. left")
    }
    return 0
}
