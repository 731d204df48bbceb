import Foundation
import PhotoPickCore

/// The stderr line for each file an export could not make, the same in `photopick export`
/// and after a picker's Done: "photopick: cannot export NAME: why". The name goes out byte for
/// byte; a marker holds its place through the translation.
enum ExportFailureLines {
    static func write(_ report: ExportReport) {
        for failure in report.failures {
            guard case .failed(let reason) = failure.result else { continue }
            // TRANSLATORS: on stderr after "photopick: ": a picked file and why it was not exported.
            let parts = tr("cannot export %1$s: %2$s", "\u{0}", reason)
                .split(separator: "\u{0}", omittingEmptySubsequences: false)
            let line = Array((parts.first ?? "").utf8) + failure.source.bytes + Array((parts.dropFirst().first ?? "").utf8)
            FileHandle.standardError.write(Data(Array("photopick: ".utf8) + line + [0x0A]))
        }
    }
}
