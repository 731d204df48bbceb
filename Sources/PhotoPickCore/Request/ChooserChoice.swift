/// An extra question the caller asks beside the files, as the portal's `choices`: a check
/// box (no options; values "true"/"false") or one of several options.
public struct ChooserChoice: Sendable, Hashable {
    public struct Option: Sendable, Hashable {
        public var id: String
        public var label: String
        public init(id: String, label: String) {
            self.id = id
            self.label = label
        }
    }

    public var id: String
    public var label: String
    public var options: [Option]
    /// The value the choice starts with: "true"/"false" for a check box, else an option id.
    public var initial: String

    public init(id: String, label: String, options: [Option] = [], initial: String = "") {
        self.id = id
        self.label = label
        self.options = options
        self.initial = initial.isEmpty ? (options.first?.id ?? "false") : initial
    }

    public var isCheckBox: Bool { options.isEmpty }

    /// Whether `value` is one this choice can take.
    public func accepts(_ value: String) -> Bool {
        isCheckBox ? value == "true" || value == "false" : options.contains { $0.id == value }
    }
}

/// The answers to the choices, by choice id, in the caller's order.
public struct ChoiceValues: Sendable, Equatable {
    public private(set) var choices: [ChooserChoice]
    private var values: [String: String]

    public init(_ choices: [ChooserChoice]) {
        self.choices = choices
        values = Dictionary(choices.map { ($0.id, $0.initial) }, uniquingKeysWith: { first, _ in first })
    }

    public func value(of id: String) -> String? { values[id] }

    /// Sets a choice's value; values the choice cannot take are ignored.
    public mutating func set(_ id: String, to value: String) {
        guard let choice = choices.first(where: { $0.id == id }), choice.accepts(value) else { return }
        values[id] = value
    }

    /// (id, value) pairs in the caller's order, as the response carries them.
    public var pairs: [(id: String, value: String)] { choices.map { ($0.id, values[$0.id] ?? $0.initial) } }
}
