import Foundation
@testable import PhotoPickConvert
import PhotoPickCore
@testable import PhotoPickMedia
import PhotoPickSystem
import TestSupport
import XCTest

/// The export worker is an executable of its own, `photopick-exporter`: the engine finds it
/// beside the program, it answers a bad request with an error and goes on, it runs below the
/// parent's priority, and it loads libvips with the HEIF module alone, while the thumbnail
/// worker never loads libvips at all.
final class ExporterExecutableTests: ExportTestCase {
    func testTheEngineFindsTheExporterBesideTheProgramThroughALink() throws {
        XCTAssertEqual(ExportEngine.siblingExecutable(of: Binaries.photopick), Binaries.exporter)
        let link = dir.path + "/photopick"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: Binaries.photopick)
        XCTAssertEqual(ExportEngine.siblingExecutable(of: link), Binaries.exporter, "found beside the link's target")
        let lonely = dir.path + "/alone/photopick"
        try FileManager.default.createDirectory(atPath: dir.path + "/alone", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Binaries.photopick, toPath: lonely)
        XCTAssertNil(ExportEngine.siblingExecutable(of: lonely), "no exporter beside it")
    }

    /// Installed (make install, the Debian package), the workers are photopick's own, in
    /// `libexec/photopick/` beside `bin/`, and are found from `bin/photopick`.
    func testTheWorkersAreFoundInLibexecFromAnInstalledProgram() throws {
        let bin = dir.path + "/usr/bin", libexec = dir.path + "/usr/libexec/photopick"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: libexec, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Binaries.photopick, toPath: bin + "/photopick")
        try FileManager.default.copyItem(atPath: Binaries.exporter, toPath: libexec + "/photopick-exporter")
        try FileManager.default.copyItem(atPath: Binaries.thumbnailer, toPath: libexec + "/photopick-thumbnailer")
        XCTAssertEqual(ExportEngine.siblingExecutable(of: bin + "/photopick"), libexec + "/photopick-exporter")
        XCTAssertEqual(ThumbnailWorkerPool.siblingExecutable(of: bin + "/photopick"), libexec + "/photopick-thumbnailer")
    }

    /// Started from PATH, a program's argv[0] is its bare name: the workers are still found
    /// from the program's own file, whatever the working folder holds.
    func testTheRunningProgramIsItsOwnFileNotItsBareName() throws {
        let running = ProgramSearch.runningExecutable
        XCTAssertTrue(running.hasPrefix("/"), running)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: running), running)
        XCTAssertEqual(URL(fileURLWithPath: running).lastPathComponent,
                       URL(fileURLWithPath: try XCTUnwrap(CommandLine.arguments.first)).resolvingSymlinksInPath().lastPathComponent)
    }

    func testABadRequestIsAnsweredWithAnErrorAndTheNextJobStillRuns() throws {
        let source = try photo("a.jpg")
        let temporary = dir.path + "/a.tmp"
        _ = FileManager.default.createFile(atPath: temporary, contents: Data())
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.exporter)
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var settings = ExportSettings()
        settings.format = .png
        let job = ExportJob(id: 7, source: source, temporary: RawPath(temporary), settings: settings)
        input.fileHandleForWriting.write(Data("nonsense\n1 zz zz jpeg 0 85 none 0\n".utf8) + Data(job.line))
        try input.fileHandleForWriting.close()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "stdin closed: the worker ends cleanly")
        XCTAssertEqual(lines.count, 3, "one reply per line: \(lines)")
        for bad in lines.prefix(2) {
            XCTAssertEqual(ExportJobReply(line: bad), ExportJobReply(id: 0, result: .failure(.worker(path: nil, failure: .badRequest))))
        }
        guard let last = lines.last, case .success(let made) = ExportJobReply(line: last)?.result else {
            return XCTFail("the good job after the bad ones failed: \(lines)")
        }
        XCTAssertEqual(made.fileExtension, Array("png".utf8))
        XCTAssertEqual(magic(temporary, count: 4), [0x89, 0x50, 0x4E, 0x47])
    }

    func testTheExporterRunsNicerThanItsParent() throws {
        let worker = try ExportWorkerProcess(executable: Binaries.exporter, arguments: [])
        defer { worker.terminate() }
        let parent = try XCTUnwrap(ProcStat.nice(of: getpid()))
        XCTAssertEqual(try XCTUnwrap(ProcStat.nice(of: worker.pid)), min(19, parent + BackgroundPriority.niceIncrement))
    }

    /// libvips' own module search would load ImageMagick, poppler, OpenSlide and JPEG XL into
    /// every worker; only HEIF is wanted, and HEICs still export (through it or HEIFDecoding).
    func testTheExporterLoadsLibvipsWithTheHEIFModuleAlone() throws {
        let source = try photo("a.jpg")
        let temporary = dir.path + "/a.tmp"
        _ = FileManager.default.createFile(atPath: temporary, contents: Data())
        let worker = try ExportWorkerProcess(executable: Binaries.exporter, arguments: [])
        defer { worker.terminate() }
        let job = ExportJob(id: 1, source: source, temporary: RawPath(temporary), settings: ExportSettings())
        guard case .reply(let reply) = worker.run(job, timeLimit: 60), case .success = reply.result else {
            return XCTFail("the export failed")
        }
        // Read to its end by hand: /proc files report a size of 0.
        let maps = String(decoding: try XCTUnwrap(FileContents.read(RawPath("/proc/\(worker.pid)/maps"), limit: 16 << 20)), as: UTF8.self)
        XCTAssertTrue(maps.contains("/libvips.so"), "libvips did the export")
        for unwanted in ["vips-magick", "vips-poppler", "vips-openslide", "vips-jxl", "libMagickCore"] {
            XCTAssertFalse(maps.contains(unwanted), "\(unwanted) is loaded")
        }
        // The worker's libvips is the one this test links, so its module folder too; the maps
        // name files with symbolic links resolved (/lib is one to /usr/lib).
        let folder = URL(fileURLWithPath: try XCTUnwrap(VipsLibrary.moduleFolder())).resolvingSymlinksInPath().path
        let heifModule = folder + "/vips-heif.so"
        XCTAssertTrue(maps.contains(heifModule), "the HEIF module is loaded from \(heifModule)")
    }

    func testTheThumbnailWorkerDoesNotLinkLibvips() throws {
        let ldd = try ProcessRunner.run("/usr/bin/ldd", [Binaries.thumbnailer])
        XCTAssertEqual(ldd.status, 0, ldd.stderrText)
        XCTAssertTrue(ldd.stdoutText.contains("libgdk_pixbuf"), ldd.stdoutText)
        XCTAssertFalse(ldd.stdoutText.contains("libvips"), "the thumbnailer links libvips")
        let exporter = try ProcessRunner.run("/usr/bin/ldd", [Binaries.exporter])
        XCTAssertTrue(exporter.stdoutText.contains("libvips"), exporter.stdoutText)
    }
}
