import Foundation
import Glibc
import PhotoPickCore
import PhotoPickSystem

/// Thumbnails of videos (and other types gdk-pixbuf cannot read) through the thumbnailers
/// installed for them (`.thumbnailer` entries: ffmpegthumbnailer, totem-video-thumbnailer…).
///
/// The `Exec` line is split into arguments as GLib would (`ShellWords`) and run directly —
/// never through a shell, so nothing in a file name is interpreted, and with the path's own
/// bytes for `%i` — with no input or terminal, under a time limit after which it is killed
/// (`ThumbnailerProcess`). It writes a PNG into a private
/// temporary folder, which is read back and removed. Runs inside a thumbnail worker: the
/// worker's memory limit applies to the thumbnailer too (rlimits are inherited).
public struct ExternalThumbnailer: Sendable {
    public let registry: ThumbnailerRegistry
    /// Seconds a thumbnailer may run; below the worker's own limit, so the worker survives.
    public let timeout: Double

    public init(registry: ThumbnailerRegistry = .load(), timeout: Double = 8) {
        self.registry = registry
        self.timeout = timeout
    }

    public func canThumbnail(_ mimeType: String) -> Bool { registry.entry(for: mimeType) != nil }

    /// A thumbnail fitting `size`, made by the installed thumbnailer for `mimeType`.
    public func make(_ path: RawPath, mimeType: String, size: ThumbnailSize) throws -> DecodedImage {
        guard let entry = registry.entry(for: mimeType) else { throw MediaError("no thumbnailer for \(mimeType)") }
        guard let uri = CanonicalURI.of(path) else { throw MediaError("\(path): no URI") }
        var template = Array((NSTemporaryDirectory() + "/photopick-thumbnailer-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw MediaError("cannot make a temporary folder") }
        let folder = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/thumbnail.png"
        let argv = try entry.argv(size: size.pixels, inputURI: uri, inputPath: path, output: output)
        let command = String(decoding: argv[0], as: UTF8.self)
        guard let program = ThumbnailerRegistry.findProgram(command) else {
            throw MediaError("\(entry.name): \(command) is not installed")
        }
        try run(program, [Array(program.utf8)] + argv.dropFirst(), name: entry.name)
        guard FileManager.default.fileExists(atPath: output) else { throw MediaError("\(entry.name) wrote no thumbnail") }
        return try ImageDecoder().decode(RawPath(output), fitting: size.pixels)
    }

    /// Runs the thumbnailer to completion or kills it at the time limit.
    private func run(_ program: String, _ argv: [[UInt8]], name: String) throws {
        let outcome: ThumbnailerProcess.Outcome
        do { outcome = try ThumbnailerProcess.run(program, argv: argv, timeout: timeout) } catch {
            throw MediaError("\(name) could not be started: \(error)")
        }
        switch outcome {
        case .exited(0):
            return
        case .exited(let status), .signalled(let status):
            throw MediaError("\(name) failed (status \(status))")
        case .timedOut:
            throw MediaError("\(name) took longer than \(Int(timeout)) s and was stopped")
        }
    }
}
