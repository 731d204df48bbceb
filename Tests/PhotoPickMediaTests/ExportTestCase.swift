import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// What the export tests share: a temporary folder, the engine over the built worker, and
/// fingerprints of the originals, which every test checks are unchanged at its end.
class ExportTestCase: XCTestCase {
    var dir: TemporaryDirectory!
    private var fingerprints: [String: Data] = [:]

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        guard FileManager.default.isExecutableFile(atPath: Binaries.exporter) else {
            throw XCTSkip("photopick-exporter is not built beside the tests (swift build builds it)")
        }
    }

    override func tearDownWithError() throws {
        for (path, bytes) in fingerprints {
            XCTAssertEqual(FileManager.default.contents(atPath: path), bytes, "\(path): an original was changed")
        }
    }

    /// Remembers `path`'s bytes: tearDown checks the export left it byte-identical.
    func original(_ path: String) -> RawPath {
        fingerprints[path] = FileManager.default.contents(atPath: path)
        return RawPath(path)
    }

    func engine(workers: Int = 2, executable: String = Binaries.exporter, timeLimit: Double = 60) -> ExportEngine {
        ExportEngine(executable: executable, workerCount: workers, timeLimit: timeLimit,
                     privateRoot: RawPath(dir.path + "/cache/photopick/exports"))
    }

    func settings(_ configure: (inout ExportSettings) -> Void = { _ in }) -> ExportSettings {
        var s = ExportSettings()
        s.directory = RawPath(dir.path + "/out")
        configure(&s)
        return s
    }

    func export(_ sources: [RawPath], _ settings: ExportSettings, engine: ExportEngine? = nil) async throws -> ExportReport {
        try await (engine ?? self.engine()).export(sources, settings: settings, progress: { _ in })
    }

    /// The one exported path of a one-file report, or a failure naming the reason.
    func exported(_ report: ExportReport, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        XCTAssertEqual(report.outcomes.count, 1, file: file, line: line)
        guard case .exported(let path, _) = report.outcomes.first?.result else {
            throw FactoryError("not exported: \(String(describing: report.outcomes.first?.result))")
        }
        return path.description
    }

    /// Each outcome's error as the exporter made it: nil for a file exported. A failure's
    /// `reason` is its English message (checked here), what machine output carries.
    func errors(_ report: ExportReport, file: StaticString = #filePath, line: UInt = #line) -> [MediaError?] {
        report.outcomes.map { outcome in
            guard case .failed(let reason) = outcome.result else { return nil }
            let error = outcome.error as? MediaError
            XCTAssertEqual(reason, error?.message(in: .english), "\(outcome.source)", file: file, line: line)
            return error
        }
    }

    func photo(_ name: String, width: Int = 400, height: Int = 300, format: ImageFactory.Format = .jpeg) throws -> RawPath {
        let path = dir.path + "/" + name
        try ImageFactory.write(path, width: width, height: height, format: format)
        return original(path)
    }

    func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    func magic(_ path: String, count: Int = 12) -> [UInt8] {
        Array((FileManager.default.contents(atPath: path) ?? Data()).prefix(count))
    }

    /// A JPEG's TIFF-structured Exif (what follows "Exif\0\0" in its APP1 segment), for HEICs.
    func tiffExif(of path: String) -> [UInt8]? {
        let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        var i = 2
        while i + 10 < bytes.count, bytes[i] == 0xFF {
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if bytes[i + 1] == 0xE1, Array(bytes[(i + 4)..<(i + 10)]) == Array("Exif".utf8) + [0, 0] {
                return Array(bytes[(i + 10)..<min(bytes.count, i + 2 + length)])
            }
            i += 2 + length
        }
        return nil
    }
}
