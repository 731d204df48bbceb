// Dates in file names, screenshot names and natural order: input is "name NUL other name".
@testable import PhotoPickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let name = String(decoding: parts[0], as: UTF8.self)
    if let civil = FileNameDate.civil(name) {
        precondition(civil.isValid && FileNameDate.years.contains(civil.year), "an invalid date from \(name)")
    }
    if let date = FileNameDate.parse(name) { precondition(date.seconds.isFinite) }
    _ = ScreenshotDetector.isScreenshot(name: name, folderPath: [name], mimeType: "image/png", pixelSize: (1920, 1080))
    if parts.count > 1 {
        let other = String(decoding: parts[1], as: UTF8.self)
        precondition(NaturalOrder.compare(name, other) == -NaturalOrder.compare(other, name), "natural order is not antisymmetric")
        precondition(NaturalOrder.compare(name, name) == 0)
    }
    return 0
}
