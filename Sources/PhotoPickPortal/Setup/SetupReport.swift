import PhotoPickCore

/// What a `photopick portal` command says and its exit status: lines for stdout, warnings
/// for stderr (each printed after "photopick: warning: ").
public struct SetupReport: Sendable {
    public var lines: [String] = []
    public var warnings: [String] = []
    public var status: Int32 = 0

    public init() {}
}

/// A reason a command stops before changing anything (exit status 2).
public struct SetupError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Exit statuses of `photopick portal status`.
public enum ChooserStatusCode {
    /// photopick answers FileChooser requests (and the running portal, if any, agrees).
    public static let photopick: Int32 = 0
    /// Another backend answers them, or none.
    public static let other: Int32 = 1
    /// No xdg-desktop-portal, or another error.
    public static let error: Int32 = 2
    /// The running portal started before its configuration changed: restart it.
    public static let restartNeeded: Int32 = 3
}
