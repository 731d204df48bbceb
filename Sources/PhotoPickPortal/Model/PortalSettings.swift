/// `$XDG_CONFIG_HOME/photopick/portal.conf`, a key file:
///
///     [FileChooser]
///     OpenFile=media-only      # or every-open
///     Delegate=gtk             # a .portal file's name, or a D-Bus name
///
/// Read at every request, so an edit takes effect without restarting the backend.
public struct PortalSettings: Sendable, Equatable {
    public enum Takes: String, Sendable {
        /// OpenFile requests for photos and videos (MediaFilters decides).
        case mediaOnly = "media-only"
        /// Every OpenFile request (folders still go to the delegate).
        case everyOpen = "every-open"
    }

    public static let group = "FileChooser"

    public var takes: Takes = .mediaOnly
    /// What the config names (`gtk`, `org.freedesktop.impl.portal.desktop.kde`); nil: the default.
    public var delegate: String?

    public init(takes: Takes = .mediaOnly, delegate: String? = nil) {
        self.takes = takes
        self.delegate = delegate
    }

    /// Settings from the group's keys; `warn` hears about values that are not understood.
    public static func from(_ values: [String: String], warn: (String) -> Void) -> PortalSettings {
        var settings = PortalSettings()
        if let text = values["OpenFile"] {
            if let takes = Takes(rawValue: text.trimmingSpaces) {
                settings.takes = takes
            } else {
                warn("portal.conf: OpenFile=\(text) is neither media-only nor every-open; using media-only")
            }
        }
        if let name = values["Delegate"]?.trimmingSpaces, !name.isEmpty { settings.delegate = name }
        return settings
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
