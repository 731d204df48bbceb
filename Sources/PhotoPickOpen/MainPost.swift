/// How what a background thread read comes back to the main actor, in the order posted: the
/// front gives its bridge (the window: `MainQueueBridge.post`, which GLib's loop drains), a
/// test the main dispatch queue.
public typealias MainPost = @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void
