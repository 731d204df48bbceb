import Foundation
import PhotoPickCore
#if canImport(Glibc)
import Glibc
#endif

/// Core's host with its local zone set: by default the offsets come from glibc's
/// `localtime_r` under `TZ`; everything else from the host it stands in for. Core's own tests
/// otherwise run on whatever host an earlier suite installed (the detached one is UTC, where a
/// local reading and a UTC one cannot be told apart).
public struct LocalZoneHost: HostSystem {
    let base: any HostSystem
    let offset: @Sendable (Int64) -> Int64

    public init(base: any HostSystem, offset: @escaping @Sendable (Int64) -> Int64 = LocalZoneHost.glibcOffset) {
        self.base = base
        self.offset = offset
    }

    /// The offset `TZ` gives at `seconds`, by `localtime_r`.
    public static func glibcOffset(_ seconds: Int64) -> Int64 {
        var t = time_t(seconds)
        var parts = tm()
        localtime_r(&t, &parts)
        return Int64(parts.tm_gmtoff)
    }

    public func now() -> Double { base.now() }
    public func utcOffset(at seconds: Int64) -> Int64 { offset(seconds) }
    public func kind(of path: RawPath) -> PathKind { base.kind(of: path) }
    public func identity(of path: RawPath) -> FileIdentity? { base.identity(of: path) }
    public func currentDirectory() -> RawPath { base.currentDirectory() }
    public func environmentValue(_ name: String) -> [UInt8]? { base.environmentValue(name) }
    public func readAll(_ path: RawPath?, limit: Int) throws(SystemError) -> [UInt8]? { try base.readAll(path, limit: limit) }
}

/// Runs `body` with `TZ` set to `zone` and Core's host answering in it; restores both.
public func inLocalZone<T>(_ zone: String, _ body: () throws -> T) throws -> T {
    try withHost(LocalZoneHost(base: Host.current)) { try withTimeZone(zone, body) }
}

/// Runs `body` with Core's host answering UTC whatever `TZ` says; restores the host.
public func onUTCHost<T>(_ body: () throws -> T) rethrows -> T {
    try withHost(LocalZoneHost(base: Host.current, offset: { _ in 0 }), body)
}

private func withHost<T>(_ host: any HostSystem, _ body: () throws -> T) rethrows -> T {
    let previous = Host.current
    Host.install(host)
    defer { Host.install(previous) }
    return try body()
}
