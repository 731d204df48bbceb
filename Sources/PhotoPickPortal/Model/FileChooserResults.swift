/// What a FileChooser call answers: the response code and the results vardict's entries.
public struct FileChooserResults: Sendable, Equatable {
    /// The portal's response codes.
    public enum Response: UInt32, Sendable {
        case success = 0
        case cancelled = 1
        /// "The user interaction was ended in some other way": errors, and `Request.Close`.
        case other = 2
    }

    public var response: Response
    public var uris: [String] = []
    /// Present when the caller sent choices: `a(ss)`, in the caller's order.
    public var choices: [(id: String, value: String)]?
    public var currentFilter: PortalFilter?
    public var writable: Bool?

    public init(response: Response, uris: [String] = [], choices: [(id: String, value: String)]? = nil,
                currentFilter: PortalFilter? = nil, writable: Bool? = nil) {
        self.response = response
        self.uris = uris
        self.choices = choices
        self.currentFilter = currentFilter
        self.writable = writable
    }

    public static let ended = FileChooserResults(response: .other)

    public static func == (a: FileChooserResults, b: FileChooserResults) -> Bool {
        a.response == b.response && a.uris == b.uris && a.currentFilter == b.currentFilter && a.writable == b.writable
            && a.choices?.map { [$0.id, $0.value] } == b.choices?.map { [$0.id, $0.value] }
    }
}
