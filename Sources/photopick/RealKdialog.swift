#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore
import PhotoPickSystem

/// The kdialog photopick stands in for, to hand on the dialogs it does not show (save,
/// folders, message boxes…).
enum RealKdialog {
    /// Set for the kdialog photopick runs: if that "kdialog" is a script that runs photopick
    /// again, the second photopick refuses instead of handing on in a loop.
    static let handOffVariable = "PHOTOPICK_KDIALOG_HANDOFF"

    enum Search {
        case found(RawPath)
        case none
        /// This photopick was run by the kdialog a photopick handed on to.
        case loop
    }

    /// The first `kdialog` on PATH that is not photopick itself (nor a link to it).
    static func find() -> Search {
        guard getenv(handOffVariable) == nil else { return .loop }
        let path = getenv("PATH").map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? Array("/usr/bin:/bin".utf8)
        return ProgramSearch.find("kdialog", in: path, excluding: ProgramSearch.ownExecutable()).map(Search.found) ?? .none
    }

    /// Replaces this process with `program`, given `arguments` as they came. Returns only
    /// when that failed, with the reason.
    static func exec(_ program: RawPath, _ arguments: [[UInt8]]) -> String {
        setenv(handOffVariable, "1", 1)
        let argv = ([Array("kdialog".utf8)] + arguments).map { bytes -> UnsafeMutablePointer<CChar>? in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, b) in bytes.enumerated() { copy[i] = CChar(bitPattern: b) }
            copy[bytes.count] = 0
            return copy
        } + [nil]
        program.withCString { _ = execv($0, argv) }
        return "cannot run \(program): \(SystemError(call: "execv", code: errno).reason)"
    }
}
