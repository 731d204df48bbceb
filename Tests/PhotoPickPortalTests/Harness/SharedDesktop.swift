import Foundation
import XCTest

/// One private desktop per test class: started by the class's first test, stopped after
/// its last (starting Xvfb, a bus and xdg-desktop-portal costs a few seconds).
final class SharedDesktop: @unchecked Sendable {
    private let lock = NSLock()
    private var desktop: PortalDesktop?
    private var failure: Error?
    private let environment: [String: String]

    /// `environment`: added to the desktop's session (see `PortalDesktop.init`).
    init(environment: [String: String] = [:]) { self.environment = environment }

    func get() throws -> PortalDesktop {
        lock.lock(); defer { lock.unlock() }
        if let failure { throw failure }
        if let desktop { return desktop }
        do {
            let started = try PortalDesktop(environment: environment)
            desktop = started
            return started
        } catch {
            failure = error
            throw error
        }
    }

    func stop() {
        lock.lock(); defer { lock.unlock() }
        desktop?.stop()
        desktop = nil
        failure = nil
    }
}

/// JSON text of a value (sorted keys), to compare what the clients print.
func jsonText(_ value: Any?) -> String {
    guard let value, JSONSerialization.isValidJSONObject([value]),
          let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys]) else { return "\(String(describing: value))" }
    return String(decoding: data, as: UTF8.self)
}
