import PhotoPickCore
import PhotoPickSystem

/// The xdg-desktop-portal running on the session bus, as far as it can be asked: the bus says
/// which process owns `org.freedesktop.portal.Desktop`, and /proc what that process was
/// started with and when.
struct RunningPortal {
    static let busName = "org.freedesktop.portal.Desktop"

    let pid: UInt32
    /// Nil when /proc would not say (another user's process).
    let environment: [String: String]?
    let started: Double?

    enum Found {
        case running(RunningPortal)
        case notRunning
        /// No session bus, or it could not be asked: why.
        case unknown(String)
    }

    static func find(_ paths: SetupPaths) -> Found {
        guard let address = paths.busAddress(socketExists: { path in
            (try? PathStatus.of(RawPath(path)))??.kind == .other
        }) else { return .unknown(tr("no session bus")) }
        do {
            guard let pid = try BusPeer.ownerPID(of: busName, address: address) else { return .notRunning }
            return .running(RunningPortal(pid: pid, environment: ProcessFacts.environment(of: pid), started: ProcessFacts.startTime(of: pid)))
        } catch {
            return .unknown(error.message)
        }
    }

    /// Whether it started before `change` (seconds since 1970). The start is known to the
    /// kernel's tick (10 ms); a change within 50 ms after it counts as before.
    func startedBefore(_ change: Double) -> Bool {
        guard let started else { return false }
        return started + 0.05 < change
    }
}
