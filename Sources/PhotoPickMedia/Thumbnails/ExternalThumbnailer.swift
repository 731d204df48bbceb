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
    public func make(_ path: RawPath, mimeType: String, size: ThumbnailSize) throws(MediaError) -> DecodedImage {
        guard let entry = registry.entry(for: mimeType) else { throw .unsupported(path: path, type: mimeType) }
        guard let uri = CanonicalURI.of(path) else { throw .unreadable(path: path, reason: .error(nil)) }
        let temporary = NSTemporaryDirectory()
        var template = Array((temporary + "/photopick-thumbnailer-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw .unwritable(path: RawPath(temporary), reason: SystemError.text(errno))
        }
        let folder = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/thumbnail.png"
        let argv: [[UInt8]]
        do {
            argv = try entry.argv(size: size.pixels, inputURI: uri, inputPath: path, output: output)
        } catch {
            throw .thumbnailer(name: entry.name, failure: .badCommand(error.description))
        }
        let command = String(decoding: argv[0], as: UTF8.self)
        guard let program = ThumbnailerRegistry.findProgram(command) else {
            throw .thumbnailer(name: entry.name, failure: .notInstalled(command: command))
        }
        if let failure = run(program, [Array(program.utf8)] + argv.dropFirst()) {
            throw .thumbnailer(name: entry.name, failure: failure)
        }
        guard FileManager.default.fileExists(atPath: output) else { throw .thumbnailer(name: entry.name, failure: .wroteNothing) }
        return try ImageDecoder().decode(RawPath(output), fitting: size.pixels)
    }

    /// Runs the thumbnailer to completion or kills it at the time limit; nil when it succeeded.
    private func run(_ program: String, _ argv: [[UInt8]]) -> MediaError.ThumbnailerFailure? {
        let outcome: ThumbnailerProcess.Outcome
        do { outcome = try ThumbnailerProcess.run(program, argv: argv, timeout: timeout) } catch {
            return .couldNotStart(error.description)
        }
        switch outcome {
        case .exited(0): return nil
        case .exited(let status), .signalled(let status): return .exited(status: status)
        case .timedOut: return .timedOut(seconds: Int(timeout))
        }
    }
}
