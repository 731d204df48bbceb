import PhotoPickCore
import PhotoPickSystem

/// Runs `body` on the system's host, as the programs run (local offsets from localtime_r
/// under `TZ`), with `TZ` set to `zone`; restores both. In a zone that is not UTC a date read
/// in the wrong zone differs from the right one, even on a machine that runs in UTC.
public func onSystemHost<T>(inZone zone: String, _ body: () throws -> T) throws -> T {
    let previous = Host.current
    SystemHost.install()
    defer { Host.install(previous) }
    return try withTimeZone(zone, body)
}
