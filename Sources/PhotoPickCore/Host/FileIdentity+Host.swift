extension FileIdentity {
    /// The identity of what `path` leads to (following links); nil if it cannot be `stat`ed.
    public static func of(_ path: RawPath) -> FileIdentity? { Host.current.identity(of: path) }
}
