import PhotoPickSystem

/// Every row of the command table the window has (`Command.when`) has a handler, and no
/// handler is for a row it does not have (handlers are added by `CommandName` alone, so
/// every handler has a row). Checked once the application's and the window's actions are in:
/// with tracing on, `commands-handled N of M` and a `command-unhandled NAME` or
/// `command-unexpected NAME` line for each mismatch; a debug build stops at once.
@MainActor
enum CommandCoverage {
    static func check(handled: Set<CommandName>, exportChoice: Bool) {
        let expected = Set(Commands.all.filter { $0.when == .always || exportChoice }.map(\.id))
        let unhandled = expected.subtracting(handled).map(\.action).sorted()
        let unexpected = handled.subtracting(expected).map(\.action).sorted()
        if Trace.isEnabled {
            Trace.mark("commands-handled \(expected.count - unhandled.count) of \(expected.count)")
            for name in unhandled { Trace.mark("command-unhandled \(name)") }
            for name in unexpected { Trace.mark("command-unexpected \(name)") }
        }
        assert(unhandled.isEmpty && unexpected.isEmpty, "commands without a handler: \(unhandled); handlers without a row here: \(unexpected)")
    }
}
