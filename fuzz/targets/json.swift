// The JSON parser: what it accepts, serialized again, parses to the same value (a fixed point).
@testable import PhotoPickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let value = try? JSONParser.parse(bytes) else { return 0 }
    let compact = value.serialized()
    guard let again = try? JSONParser.parse(compact) else { fatalError("serialized JSON does not parse: \(compact)") }
    precondition(again.serialized() == compact, "serializing is not a fixed point")
    guard let pretty = try? JSONParser.parse(value.pretty()) else { fatalError("pretty JSON does not parse") }
    precondition(pretty.serialized() == compact, "pretty and compact differ")
    return 0
}
