import Foundation
import PhotoPickCore
import PhotoPickSystem

/// The private folder (mode 0700, in `XDG_RUNTIME_DIR`) holding the request and response
/// files of the windows open now; made on first use, removed when the backend stops.
@MainActor
final class RuntimeFolder {
    private let base: String
    private var made: String?

    init(base: String) { self.base = base }

    /// The folder, made if needed.
    func path() throws -> String {
        if let made { return made }
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("photopick-portal-XXXXXX".utf8CString)
        let result: UnsafeMutablePointer<CChar>
        do {
            result = try Syscall.retrying("mkdtemp") { mkdtemp(&template) }  // mkdtemp makes it 0700
        } catch {
            throw BackendFailure("cannot make a private folder in \(base): \(error.reason)")
        }
        let path = String(cString: result)
        made = path
        return path
    }

    func remove() {
        guard let made else { return }
        try? FileManager.default.removeItem(atPath: made)
        self.made = nil
    }
}

/// A step of a request that could not be done; said in the log, answered with 2.
struct BackendFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
