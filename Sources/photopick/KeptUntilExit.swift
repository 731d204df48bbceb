/// What a headless command built (a library of a million assets, the scan's file list), kept
/// until the process exits: freeing a million values one by one costs about a second at the
/// end of `photopick list` that nobody waits for, while exit hands the memory back at once.
enum KeptUntilExit {
    private final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Never released: the one reference is retained and dropped on purpose.
    static func keep<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Box(value))
    }
}
