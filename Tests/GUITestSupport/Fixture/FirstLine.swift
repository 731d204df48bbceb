import Foundation

/// Starts a server that announces itself with one line on stdout (Xvfb's display number,
/// dbus-daemon's address) and returns that line once it comes: the server is ready then.
enum FirstLine {
    static func read(from process: Process, what: String) throws -> String {
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        var bytes: [UInt8] = []
        while !bytes.contains(0x0A) {
            let chunk = out.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            bytes += chunk
        }
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.isRunning, !line.isEmpty else {
            if process.isRunning { process.terminate() }
            throw GUITestError("\(what) did not start (it printed '\(line)')")
        }
        return line
    }
}
