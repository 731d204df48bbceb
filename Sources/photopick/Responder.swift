import Foundation
import PhotoPickCore
import PhotoPickSystem

/// Writes the response file (`--response`/`--portal`) when there is one: atomically, and
/// for every outcome, so a caller waiting on it always gets a complete answer.
struct Responder {
    let path: RawPath?

    func write(_ response: ChooserResponse) throws {
        guard let path else { return }
        CrashResponse.disarm()  // answered now; a crash in the few calls left must not replace it
        do {
            try AtomicFile.write(response.bytes(), to: path, beforeRename: TestHooks.pauseBeforeRename)
        } catch {
            throw UserError("cannot write the response: \(error)")
        }
    }

    /// Answers with an error response and returns the error to report (exit status 2).
    func fail(_ message: String) -> UserError { fail(bytes: Array(message.utf8)) }

    /// The same for a message that may hold a file name's bytes (not UTF-8, perhaps): raw on
    /// stderr, `\udcXX` escapes in the response.
    func fail(bytes message: [UInt8]) -> UserError {
        do {
            try write(.failure(bytes: message))
        } catch {
            return UserError(bytes: message + Array(" (and \(error))".utf8))
        }
        return UserError(bytes: message)
    }
}

/// Hooks for tests, read from the environment; inert otherwise.
enum TestHooks {
    /// `PHOTOPICK_TEST_TRAP=1`: stop on a Swift runtime trap once the options are read, as a
    /// bug would, so a test can check the response file still gets its answer.
    static func trapIfAsked() {
        guard ProcessInfo.processInfo.environment["PHOTOPICK_TEST_TRAP"] == "1" else { return }
        let values: [Int] = []
        _ = values[Int(getpid()) % 1 + 1]  // out of range: SIGILL
    }

    /// `PHOTOPICK_TEST_PAUSE_BEFORE_RENAME=seconds`: the response is complete and synced in
    /// its temporary file but not yet renamed, so a test can kill the process right there.
    static func pauseBeforeRename() {
        guard let text = ProcessInfo.processInfo.environment["PHOTOPICK_TEST_PAUSE_BEFORE_RENAME"],
              let seconds = Double(text), seconds > 0 else { return }
        FileHandle.standardError.write(Data("photopick-test: pausing before rename\n".utf8))
        usleep(useconds_t(seconds * 1_000_000))
    }
}
