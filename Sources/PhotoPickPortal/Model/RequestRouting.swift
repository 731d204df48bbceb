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
        if call.options.filters.isEmpty, call.options.currentFilter == nil {
            return .delegate(because: "it has no filters (set OpenFile=every-open to take it)")
        }
        switch media.verdict(current: call.options.currentFilter, filters: call.options.filters) {
        case .media: return .picker
        case .other(let why): return .delegate(because: "\(why)")
        }
    }
}
