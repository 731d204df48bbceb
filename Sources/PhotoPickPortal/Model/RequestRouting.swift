/// Which backend answers a call: photopick's window, or the delegate, unchanged.
public struct RequestRouting: Sendable {
    public enum Route: Equatable, Sendable {
        case picker
        case delegate(because: String)
    }

    public let takes: PortalSettings.Takes
    public let media: MediaFilters

    public init(takes: PortalSettings.Takes, media: MediaFilters) {
        self.takes = takes
        self.media = media
    }

    public func route(_ call: FileChooserCall) -> Route {
        guard call.method == .openFile else { return .delegate(because: "\(call.method.rawValue) saves files") }
        guard !call.options.directory else { return .delegate(because: "it asks for a folder") }
        if takes == .everyOpen { return .picker }
        var filters = call.options.filters
        if let current = call.options.currentFilter, !filters.contains(current) { filters.append(current) }
        if filters.isEmpty { return .delegate(because: "it has no filters (set OpenFile=every-open to take it)") }
        return media.areMedia(filters) ? .picker : .delegate(because: "its filters are not all photos and videos")
    }
}
