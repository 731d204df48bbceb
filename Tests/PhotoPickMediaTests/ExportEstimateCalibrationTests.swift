import Foundation
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem
import TestSupport
import XCTest

/// The footer's estimate against what the export really writes: real photos (the shared
/// corpus's JPEG, HEIC and AVIF photos) exported through the engine at the sizes, qualities and
/// formats the window and the command line offer. The estimate of the whole export must land
/// within 25 % of the real total (one photo alone may lie further off: content decides).
final class ExportEstimateCalibrationTests: ExportTestCase {
    static let band = 0.25

    private func corpus(_ sub: String) throws -> String {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["PHOTOPICK_CORPUS"], !env.isEmpty { candidates.append(env + "/" + sub) }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(package.deletingLastPathComponent().appendingPathComponent("shared/corpus/" + sub).path)
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw XCTSkip("corpus file \(sub) not found (looked in \(candidates.joined(separator: ", "))); set PHOTOPICK_CORPUS")
        }
        return found
    }

    func testTheEstimateLandsWithinABandOfRealExports() async throws {
        let names = ["orientation/Landscape_1.jpg", "orientation/Portrait_3.jpg", "formats/example.heic",
                     "formats/fox.profile0.8bpc.yuv420.avif", "formats/kimono.rotate90.avif"]
        let sniffer = GIOContentTypeSniffer(), reader = Exiv2MetadataReader()
        var photos: [(path: RawPath, bytes: Int64, mime: String, size: (width: Int, height: Int))] = []
        for name in names {
            let copy = dir.path + "/" + (name as NSString).lastPathComponent
            try FileManager.default.copyItem(atPath: try corpus(name), toPath: copy)
            let bytes = try RawFiles.read(copy)
            let mime = try XCTUnwrap(sniffer.mimeType(name: Array(RawPath(copy).lastComponentBytes), head: Array(bytes.prefix(sniffer.headLength))))
            let size = try XCTUnwrap(reader.metadata(for: RawPath(copy), mimeType: mime, modified: 0).displaySize, copy)
            photos.append((original(copy), Int64(bytes.count), mime, size))
        }
        let cases: [(what: String, format: ExportSettings.Format, maxSize: Int?, quality: Int?)] = [
            ("Original, as kept", .keep, nil, nil), ("JPEG, 2048", .jpeg, 2048, nil), ("JPEG, 1024, quality 70", .jpeg, 1024, 70),
            ("JPEG, 512", .jpeg, 512, nil), ("JPEG, quality 95", .jpeg, nil, 95), ("WebP, 1024", .webp, 1024, nil),
            ("PNG, 512", .png, 512, nil),
        ]
        for (i, c) in cases.enumerated() {
            let s = settings {
                $0.format = c.format
                $0.maxSize = c.maxSize
                $0.quality = c.quality
                $0.directory = RawPath(dir.path + "/out\(i)")
            }
            let report = try await export(photos.map(\.path), s)
            XCTAssertTrue(report.isComplete, "\(c.what): \(report.failures)")
            let estimate = photos.reduce(Int64(0)) { sum, p in
                sum + ExportEstimate.bytes(sourceBytes: p.bytes, mimeType: p.mime, isVideo: false,
                                           width: p.size.width, height: p.size.height, settings: s)
            }
            let ratio = Double(estimate) / Double(report.totalBytes)
            XCTAssertEqual(ratio, 1, accuracy: Self.band,
                           "\(c.what): estimated \(estimate) bytes, exported \(report.totalBytes) (× \(ratio))")
        }
    }
}
