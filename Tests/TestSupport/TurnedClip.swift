import Foundation
import TestSupportCore

/// A copy of a clip whose container says to turn it to be shown (as a phone held upright
/// writes it): the frames stay as stored, the track header's matrix carries the turn.
///
/// ffmpeg 5 (Debian 12) writes that matrix from the stream tag `-metadata:s:v rotate=N`;
/// ffmpeg 6 and later ignore the tag and take the input option `-display_rotation N` instead
/// (a remux: on a generated source it has no effect). For the same N both write the same
/// matrix (N = 90: a = d = 0, b = −1, c = 1), which ffprobe reports as `rotation=N`.
public enum TurnedClip {
    /// Copies `source` (an MP4 or QuickTime file) to `destination` with a turn of `degrees`
    /// (90, 180 or 270) in its container; ffmpeg's messages when it fails.
    public static func write(ffmpeg: String, source: String, destination: String, degrees: Int) throws {
        let arguments = takesDisplayRotation(ffmpeg)
            ? ["-display_rotation", String(degrees), "-i", source, "-c", "copy", destination]
            : ["-i", source, "-c", "copy", "-metadata:s:v", "rotate=\(degrees)", destination]
        let run = try ProcessRunner.run(ffmpeg, ["-v", "error", "-y"] + arguments)
        guard run.status == 0 else { throw FactoryError("ffmpeg \(arguments): \(run.stderrText)") }
    }

    /// Whether this ffmpeg has the input option (its full help lists every option it takes).
    static func takesDisplayRotation(_ ffmpeg: String) -> Bool {
        guard let help = try? ProcessRunner.run(ffmpeg, ["-hide_banner", "-h", "full"]) else { return false }
        return help.stdoutText.contains("-display_rotation")
    }
}
