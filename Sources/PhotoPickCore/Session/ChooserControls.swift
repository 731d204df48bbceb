/// The chooser's own controls beside the session: which of the caller's named filters is
/// in effect, and the answers to the caller's choices. The window shows them; the
/// response reports them.
public final class ChooserControls {
    public let filters: [NamedFilter]
    public private(set) var currentFilter: Int?
    public private(set) var choices: ChoiceValues

    /// Called after the filter changes (the shown assets must be recomputed).
    public var onFilterChange: (() -> Void)?

    public init(configuration: PickerConfiguration) {
        filters = configuration.filters
        currentFilter = configuration.currentFilter.flatMap { configuration.filters.indices.contains($0) ? $0 : nil }
            ?? (configuration.filters.isEmpty ? nil : 0)
        choices = ChoiceValues(configuration.choices)
    }

    public var activeFilter: NamedFilter? { currentFilter.map { filters[$0] } }

    public func selectFilter(_ index: Int) {
        guard filters.indices.contains(index), index != currentFilter else { return }
        currentFilter = index
        onFilterChange?()
    }

    public func setChoice(_ id: String, to value: String) { choices.set(id, to: value) }
}
