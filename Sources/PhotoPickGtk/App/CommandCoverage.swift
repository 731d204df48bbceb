import PhotoPickSystem

/// Every row of the command table the window has (`Command.when`) has a handler, no handler
/// is for a row it does not have (handlers are added by `CommandName` alone, so every handler
/// has a row), and every place with keys in the table has had them bound (`KeyBindings`).
/// Checked once the application's, the window's and the grid's actions are in: with tracing
/// on, `commands-handled N of M`, `keys-bound N of M`, and a `command-unhandled NAME`,
/// `command-unexpected NAME` or `keys-unbound PLACE` line for each mismatch; a debug build
/// stops at once.
@MainActor
enum CommandCoverage {
    static func check(handled: Set<CommandName>, exportChoice: Bool) {
        let expected = Set(Commands.all.filter { $0.when == .always || exportChoice }.map(\.id))
        let unhandled = expected.subtracting(handled).map(\.action).sorted()
        let unexpected = handled.subtracting(expected).map(\.action).sorted()
        let places = Command.Place.allCases.filter { !KeyBindings.rows(in: $0).isEmpty }
        let unbound = places.filter { !KeyBindings.bound.contains($0) }.map { "\($0)" }
        if Trace.isEnabled {
            Trace.mark("commands-handled \(expected.count - unhandled.count) of \(expected.count)")
            for name in unhandled { Trace.mark("command-unhandled \(name)") }
            for name in unexpected { Trace.mark("command-unexpected \(name)") }
            Trace.mark("keys-bound \(places.count - unbound.count) of \(places.count)")
            for place in unbound { Trace.mark("keys-unbound \(place)") }
        }
        assert(unhandled.isEmpty && unexpected.isEmpty, "commands without a handler: \(unhandled); handlers without a row here: \(unexpected)")
        assert(unbound.isEmpty, "keys of the table never bound: \(unbound)")
    }
}
