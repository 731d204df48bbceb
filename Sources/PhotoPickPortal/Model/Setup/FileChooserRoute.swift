/// Which backend xdg-desktop-portal gives an interface to, worked out as the installed version
/// does it (its `find_portal_implementation`, 1.16 to 1.20), from the same inputs: the
/// `.portal` files, `XDG_CURRENT_DESKTOP`, and from 1.17 on the `portals.conf` in effect.
public struct FileChooserRoute: Sendable, Equatable {
    /// A `.portal` file as the portal loads it.
    public struct Backend: Sendable, Equatable {
        /// The file's name without `.portal`: what `portals.conf` names.
        public var name: String
        public var busName: String
        public var interfaces: [String]
        /// Nil when the file has no `UseIn` key (1.16 does not load such a file).
        public var useIn: [String]?

        public init(name: String, busName: String, interfaces: [String], useIn: [String]?) {
            self.name = name
            self.busName = busName
            self.interfaces = interfaces
            self.useIn = useIn
        }
    }

    /// The `portals.conf` in effect: its path and its `[preferred]` entries, in file order.
    public struct Config: Sendable, Equatable {
        public var path: String
        public var entries: [(key: String, portals: [String])]

        public init(path: String, entries: [(key: String, portals: [String])]) {
            self.path = path
            self.entries = entries
        }

        public func portals(for key: String) -> [String]? { entries.last { $0.key == key }?.portals }

        public static func == (a: Config, b: Config) -> Bool {
            a.path == b.path && a.entries.map(\.key) == b.entries.map(\.key) && a.entries.map(\.portals) == b.entries.map(\.portals)
        }
    }

    public enum Reason: Sendable, Equatable {
        /// The interface's own line in the config.
        case configured(path: String)
        /// The config's `default=` line.
        case configDefault(path: String)
        /// The config says `none`: no backend at all.
        case configNone(path: String)
        /// A `.portal` file's `UseIn` names this desktop.
        case useIn(desktop: String)
        /// 1.16: the first `.portal` file offering the interface.
        case anyBackend
        /// 1.18.2 and later: xdg-desktop-portal-gtk, when nothing else chose.
        case gtkLastResort
        /// Nothing offers the interface.
        case noBackend
    }

    /// The chosen backend's `.portal` name, nil for none.
    public let backend: String?
    public let reason: Reason

    public init(backend: String?, reason: Reason) {
        self.backend = backend
        self.reason = reason
    }

    public static let gtkBusName = DelegateChoice.fallbackBusName

    /// The backend `version` chooses for `interface`.
    public static func choose(_ interface: String = DelegateChoice.fileChooserInterface, version: PortalVersion,
                              backends: [Backend], desktop: DesktopNames, config: Config?) -> FileChooserRoute {
        if !version.readsPortalsConf { return useIn116(interface, backends: backends, desktop: desktop) }
        let desktops = desktop.lowercased
        let sorted = sortedByUseIn(backends, desktops: desktops, suffix: "")
        let offering = sorted.filter { $0.interfaces.contains(interface) }

        if let config {
            let own = config.portals(for: interface)
            let list = own ?? config.portals(for: "default")
            if let list, list.contains("none") { return .init(backend: nil, reason: .configNone(path: config.path)) }
            let reason: Reason = own != nil ? .configured(path: config.path) : .configDefault(path: config.path)
            if version.triesTheListInItsOrder {
                if let own, let found = inListOrder(own, offering: offering, star: true) {
                    return .init(backend: found, reason: .configured(path: config.path))
                }
                // 1.19 and later look up "*" in default= as if "default" were an interface: nothing.
                if let all = config.portals(for: "default"), let found = inListOrder(all, offering: offering, star: false) {
                    return .init(backend: found, reason: .configDefault(path: config.path))
                }
            } else if let list, let found = offering.first(where: { list.contains($0.name) || list.contains("*") }) {
                return .init(backend: found.name, reason: reason)
            }
        }
        for name in desktops {
            if let found = offering.first(where: { ($0.useIn ?? []).contains { $0.lowercased() == name } }) {
                return .init(backend: found.name, reason: .useIn(desktop: name))
            }
        }
        if version.fallsBackToGtk, let gtk = offering.first(where: { $0.busName == gtkBusName }) {
            return .init(backend: gtk.name, reason: .gtkLastResort)
        }
        return .init(backend: nil, reason: .noBackend)
    }

    /// 1.19 and later: the first name in `list` whose backend offers the interface; `*` any
    /// (in the files' order), or, where the portal stops at it (`default=*`), nothing.
    private static func inListOrder(_ list: [String], offering: [Backend], star: Bool) -> String? {
        for name in list {
            if name == "*" { return star ? offering.first?.name : nil }
            if let found = offering.first(where: { $0.name == name }) { return found.name }
        }
        return nil
    }

    /// 1.16: only files with `UseIn` count; the first offering the interface whose `UseIn`
    /// names a desktop (in the desktops' order, case ignored), else the first offering it.
    private static func useIn116(_ interface: String, backends: [Backend], desktop: DesktopNames) -> FileChooserRoute {
        let loaded = backends.filter { $0.useIn != nil }
        let offering = sortedByUseIn(loaded, desktops: desktop.entries, suffix: ".portal").filter { $0.interfaces.contains(interface) }
        for name in desktop.entries {
            if let found = offering.first(where: { uses($0, name) }) {
                return .init(backend: found.name, reason: .useIn(desktop: name))
            }
        }
        if let any = offering.first { return .init(backend: any.name, reason: .anyBackend) }
        return .init(backend: nil, reason: .noBackend)
    }

    private static func uses(_ backend: Backend, _ desktop: String) -> Bool {
        (backend.useIn ?? []).contains { $0.lowercased() == desktop.lowercased() }
    }

    /// The portal's order of its backends: those whose `UseIn` names an earlier desktop first,
    /// then by name (1.16 compares the whole file name, `suffix` `.portal`; later ones without it).
    static func sortedByUseIn(_ backends: [Backend], desktops: [String], suffix: String) -> [Backend] {
        func rank(_ backend: Backend) -> Int { desktops.firstIndex { uses(backend, $0) } ?? desktops.count }
        return backends.sorted { a, b in
            let (ra, rb) = (rank(a), rank(b))
            return ra != rb ? ra < rb : Array((a.name + suffix).utf8).lexicographicallyPrecedes(Array((b.name + suffix).utf8))
        }
    }
}
