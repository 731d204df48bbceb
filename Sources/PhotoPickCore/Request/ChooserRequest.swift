/// What a caller asks of one chooser run, from the command line and/or a request file.
/// Every field is optional: `overriding` layers the command line over a request file,
/// and `configuration` turns the result into a `PickerConfiguration`.
public struct ChooserRequest: Sendable, Equatable {
    /// The version of the request and response schema this build reads and writes.
    public static let schemaVersion = 1

    public enum FilterChoice: Sendable, Hashable {
        /// One of `filters`, by name.
        case name(String)
        /// A filter given in full (the portal's form); added to `filters` when not among them.
        case filter(NamedFilter)
    }

    public var title: String?
    public var acceptLabel: String?
    public var multiple: Bool?
    public var maximum: Int?
    public var minimum: Int?
    public var filters: [NamedFilter]?
    public var currentFilter: FilterChoice?
    /// The library roots (the portal's `current_folder`, or the command line's folders).
    public var folders: [RawPath]?
    public var preselect: [RawPath]?
    public var choices: [ChooserChoice]?
    /// The caller's window: the picker is made transient for it.
    public var parentWindow: ParentWindow?
    /// Modal for `parentWindow` (nothing without one).
    public var modal: Bool?

    public init() {}

    /// This request, with every field that `other` sets taken from `other`.
    public func overriding(with other: ChooserRequest) -> ChooserRequest {
        var r = self
        if let v = other.title { r.title = v }
        if let v = other.acceptLabel { r.acceptLabel = v }
        if let v = other.multiple { r.multiple = v }
        if let v = other.maximum { r.maximum = v }
        if let v = other.minimum { r.minimum = v }
        if let v = other.filters { r.filters = v }
        if let v = other.currentFilter { r.currentFilter = v }
        if let v = other.folders { r.folders = v }
        if let v = other.preselect { r.preselect = v }
        if let v = other.choices { r.choices = v }
        if let v = other.parentWindow { r.parentWindow = v }
        if let v = other.modal { r.modal = v }
        return r
    }

    /// Kept as bytes: a file name in the message is printed as the kernel gave it (on stderr)
    /// or with `\udcXX` escapes (in a JSON response), never repaired to U+FFFD.
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let bytes: [UInt8]
        public init(_ description: String) { bytes = Array(description.utf8) }
        /// `before`, then `path` byte for byte, then `after`.
        public init(_ before: String, path: [UInt8], _ after: String) {
            bytes = Array(before.utf8) + path + Array(after.utf8)
        }
        public var description: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The pick limits: `multiple: false` means exactly one; `max` and `min` must agree with it
    /// and with each other.
    public func limits() throws -> (maximum: Int?, minimum: Int) {
        if let maximum, maximum < 1 { throw Invalid("max must be at least 1 (got \(maximum))") }
        if let minimum, minimum < 0 { throw Invalid("min must not be negative (got \(minimum))") }
        var maximum = self.maximum
        let minimum = self.minimum ?? 0
        if multiple == false {
            if let m = maximum, m != 1 { throw Invalid("max \(m) contradicts single selection") }
            if minimum > 1 { throw Invalid("min \(minimum) contradicts single selection") }
            maximum = 1
        }
        if let maximum, minimum > maximum { throw Invalid("min \(minimum) is more than max \(maximum)") }
        return (maximum, minimum)
    }

    /// The filters with the current one among them, and its index (nil without filters).
    public func resolvedFilters() throws -> (filters: [NamedFilter], current: Int?) {
        var filters = self.filters ?? []
        switch currentFilter {
        case nil:
            return (filters, filters.isEmpty ? nil : 0)
        case .name(let name):
            guard let i = filters.firstIndex(where: { $0.name == name }) else {
                throw Invalid("current filter '\(name)' is not one of the filters")
            }
            return (filters, i)
        case .filter(let filter):
            if let i = filters.firstIndex(where: { $0.name == filter.name }) { return (filters, i) }
            filters.append(filter)
            return (filters, filters.count - 1)
        }
    }

    /// The session's configuration; `defaultRoots` when no folders were asked for.
    public func configuration(defaultRoots: [RawPath]) throws -> PickerConfiguration {
        let (maximum, minimum) = try limits()
        let (filters, current) = try resolvedFilters()
        var ids: Set<String> = []
        for choice in choices ?? [] where !ids.insert(choice.id).inserted {
            throw Invalid("choice id '\(choice.id)' is used twice")
        }
        var configuration = PickerConfiguration(roots: folders ?? defaultRoots, maximum: maximum, minimum: minimum)
        if let title { configuration.title = title }
        if let acceptLabel { configuration.acceptLabel = acceptLabel }
        configuration.filters = filters
        configuration.currentFilter = current
        configuration.preselect = preselect ?? []
        configuration.choices = choices ?? []
        configuration.parentWindow = parentWindow
        configuration.modal = modal ?? false
        return configuration
    }
}
