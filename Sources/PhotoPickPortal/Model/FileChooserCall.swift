/// One call of `org.freedesktop.impl.portal.FileChooser`, decoded and type-checked: what
/// the routing, the request file and the window title are made from.
public struct FileChooserCall: Sendable, Equatable {
    public enum Method: String, Sendable {
        case openFile = "OpenFile", saveFile = "SaveFile", saveFiles = "SaveFiles"
    }

    public var method: Method
    /// The object path of the Request this call answers to (the frontend makes it).
    public var handle: String
    public var appID: String
    /// `x11:XID`, `wayland:HANDLE` or empty.
    public var parentWindow: String
    public var title: String
    public var options: OpenFileOptions

    public init(method: Method, handle: String, appID: String = "", parentWindow: String = "", title: String = "",
                options: OpenFileOptions = OpenFileOptions()) {
        self.method = method
        self.handle = handle
        self.appID = appID
        self.parentWindow = parentWindow
        self.title = title
        self.options = options
    }
}

/// The `OpenFile` options of the 1.16 spec, with the spec's defaults.
public struct OpenFileOptions: Sendable, Equatable {
    public var acceptLabel: String?
    /// Default yes; photopick's window has no modality of its own (parenting is the caller's).
    public var modal = true
    /// Default no: exactly one file.
    public var multiple = false
    public var directory = false
    public var filters: [PortalFilter] = []
    public var currentFilter: PortalFilter?
    public var choices: [PortalChoice] = []
    /// The folder's bytes, without the terminating NUL.
    public var currentFolder: [UInt8]?

    public init() {}
}

/// A filter as the portal serialises it, `(sa(us))`: a name and globs (0) or MIME types (1),
/// in the caller's order. Kept whole so the answer can hand back the caller's own filter.
public struct PortalFilter: Sendable, Hashable {
    public enum Item: Sendable, Hashable {
        case glob(String)
        case mimeType(String)
    }

    public var name: String
    public var items: [Item]

    public init(name: String, items: [Item]) {
        self.name = name
        self.items = items
    }

    public var globs: [String] { items.compactMap { if case .glob(let g) = $0 { g } else { nil } } }
    public var mimeTypes: [String] { items.compactMap { if case .mimeType(let m) = $0 { m } else { nil } } }
}

/// A choice, `(ssa(ss)s)`: an id, a label, options (none: a check box) and the initial value
/// ("" lets the chooser decide).
public struct PortalChoice: Sendable, Hashable {
    public var id: String
    public var label: String
    public var options: [Option]
    public var initial: String

    public struct Option: Sendable, Hashable {
        public var id: String
        public var label: String
        public init(id: String, label: String) {
            self.id = id
            self.label = label
        }
    }

    public init(id: String, label: String, options: [Option] = [], initial: String = "") {
        self.id = id
        self.label = label
        self.options = options
        self.initial = initial
    }
}

/// A call whose options do not have the types the spec gives them: answered with 2.
public struct MalformedRequest: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
