/// Everything a caller can ask of one picker run, as one layered model: the request file,
/// zenity's and kdialog's options, the command line and the window's remembered settings
/// each fill in what they know, `overriding(with:)` stacks them, and `PickerConfiguration`
/// reads the result with the defaults. Every field is optional: nil means "not asked".
public struct PickerOptions: Sendable, Equatable {
    /// The version of the request and response schema this build reads and writes.
    public static let schemaVersion = 1

    public enum FilterChoice: Sendable, Hashable {
        /// One of `filters`, by name.
        case name(String)
        /// A filter given in full (the portal's form); added to `filters` when not among them.
        case filter(NamedFilter)
    }

    // The chooser's contract: what the request file, zenity, kdialog and the command line ask.
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
    /// What may be shown and picked at all (`--type`, `--mime-type`, `--pattern`).
    public var restriction: AssetRestriction?
    /// Copy the picked files to the clipboard instead of answering; the window stays open.
    public var copy: Bool?
    /// Offer Browse Files…: the caller (the portal backend) can hand the request to another chooser.
    public var browse: Bool?
    /// Which files of a picked Live Photo, RAW+JPEG or Motion Photo come back.
    public var pairs: PairsChoice?

    // How the window shows the library at first; the user can change each.
    /// The album shown first, by title as `photopick albums` prints it.
    public var album: String?
    public var grouping: AssetGrouping?
    public var sort: AssetSort?
    public var filter: AssetFilter?

    /// Turn the picks into new files before answering (`--convert`, `--max-size`, …, or the
    /// request's `export` object); nil answers with the originals.
    public var export: ExportSettings?

    public init() {}

    /// These options, with every field that `other` sets taken from `other`.
    public func overriding(with other: PickerOptions) -> PickerOptions {
        var merged = self
        for layer in Self.layers { layer(&merged, other) }
        // Export settings stack field by field: a request's format and the command line's size.
        if let theirs = other.export { merged.export = (export ?? ExportSettings()).overriding(with: theirs) }
        return merged
    }

    /// One merge step per field: the only place that lists them, so a new field is one line here.
    private static var layers: [(inout PickerOptions, PickerOptions) -> Void] {
        [layer(\.title), layer(\.acceptLabel), layer(\.multiple), layer(\.maximum), layer(\.minimum),
         layer(\.filters), layer(\.currentFilter), layer(\.folders), layer(\.preselect), layer(\.choices),
         layer(\.parentWindow), layer(\.modal), layer(\.restriction), layer(\.copy), layer(\.browse), layer(\.pairs),
         layer(\.album), layer(\.grouping), layer(\.sort), layer(\.filter)]
    }

    private static func layer<Value>(_ field: WritableKeyPath<PickerOptions, Value?>)
        -> (inout PickerOptions, PickerOptions) -> Void {
        { merged, other in if let value = other[keyPath: field] { merged[keyPath: field] = value } }
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

    /// Throws the first way these options contradict themselves.
    public func check() throws {
        _ = try limits()
        _ = try resolvedFilters()
        var ids: Set<String> = []
        for choice in choices ?? [] where !ids.insert(choice.id).inserted {
            throw Invalid("choice id '\(choice.id)' is used twice")
        }
        if let problem = export?.problem { throw Invalid(problem) }
    }
}
