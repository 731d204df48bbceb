/// Which backend answers the requests photopick does not take, chosen as xdg-desktop-portal
/// 1.16 would choose a FileChooser backend if photopick were not installed: among the
/// `.portal` files, the first (by name) whose `UseIn` lists a desktop of
/// `XDG_CURRENT_DESKTOP` (in that order, ignoring case); else the first that offers a
/// FileChooser at all; else xdg-desktop-portal-gtk.
public struct DelegateChoice: Sendable {
    public static let ownBusName = "org.freedesktop.impl.portal.desktop.photopick"
    public static let fallbackBusName = "org.freedesktop.impl.portal.desktop.gtk"
    public static let fileChooserInterface = "org.freedesktop.impl.portal.FileChooser"

    /// One `.portal` file.
    public struct PortalFile: Sendable, Equatable {
        /// The file's name without `.portal` (`gtk`).
        public var name: String
        public var busName: String
        public var interfaces: [String]
        public var useIn: [String]

        public init(name: String, busName: String, interfaces: [String], useIn: [String]) {
            self.name = name
            self.busName = busName
            self.interfaces = interfaces
            self.useIn = useIn
        }
    }

    public let portals: [PortalFile]
    public let desktops: [String]

    /// `currentDesktop`: `XDG_CURRENT_DESKTOP`, colon-separated.
    public init(portals: [PortalFile], currentDesktop: String) {
        self.portals = portals.sorted { $0.name < $1.name }
        desktops = currentDesktop.split(separator: ":").map { $0.lowercased() }.filter { !$0.isEmpty }
    }

    /// The bus name to hand requests to. `configured` (from portal.conf) wins: a `.portal`
    /// file's name or a bus name. Photopick itself is never chosen.
    public func busName(configured: String?, warn: (String) -> Void) -> String {
        if let configured {
            if let named = resolve(configured), named != Self.ownBusName { return named }
            warn("portal.conf: Delegate=\(configured) \(configured.contains(".") ? "is photopick itself or not a bus name" : "names no usable .portal file"); using the default")
        }
        return defaultBusName
    }

    public var defaultBusName: String {
        let candidates = portals.filter { $0.busName != Self.ownBusName && $0.interfaces.contains(Self.fileChooserInterface) }
        for desktop in desktops {
            if let chosen = candidates.first(where: { $0.useIn.contains { $0.lowercased() == desktop } }) {
                return chosen.busName
            }
        }
        return candidates.first?.busName ?? Self.fallbackBusName
    }

    private func resolve(_ configured: String) -> String? {
        if configured.contains(".") { return Self.isBusName(configured) ? configured : nil }
        if let file = portals.first(where: { $0.name == configured }) { return file.busName }
        // The usual naming, for a backend whose .portal file is elsewhere.
        let guess = "org.freedesktop.impl.portal.desktop." + configured
        return Self.isBusName(guess) ? guess : nil
    }

    /// A well-known D-Bus name: dot-separated elements of [A-Za-z0-9_-], not starting with a digit.
    static func isBusName(_ name: String) -> Bool {
        let elements = name.split(separator: ".", omittingEmptySubsequences: false)
        guard elements.count >= 2, name.utf8.count <= 255 else { return false }
        return elements.allSatisfy { element in
            guard let first = element.first, !first.isNumber else { return false }
            return element.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        }
    }
}
