import Foundation
import PhotoPickCore
import PhotoPickMedia

/// The stderr line for each file an export could not make, the same in `photopick export`
/// and after a picker's Done: "photopick: cannot export NAME: why". The name goes out byte for
/// byte; a marker holds its place through the translation. The reason is the exporter's error in
/// the user's language (the response file and JSON keep the English `reason`).
enum ExportFailureLines {
    static func write(_ report: ExportReport) {
        for failure in report.failures {
            guard case .failed(let reason) = failure.result else { continue }
            let words = (failure.error as? MediaError)?.message() ?? reason
            // TRANSLATORS: on stderr after "photopick: ": a picked file and why it was not exported.
            let parts = tr("cannot export %1$s: %2$s", "\u{0}", words)
                .split(separator: "\u{0}", omittingEmptySubsequences: false)
            let line = Array((parts.first ?? "").utf8) + failure.source.bytes + Array((parts.dropFirst().first ?? "").utf8)
            FileHandle.standardError.write(Data(Array("photopick: ".utf8) + line + [0x0A]))
        }
    }
}
