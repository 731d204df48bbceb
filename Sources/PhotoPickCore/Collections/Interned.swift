/// Values that repeat across a library (MIME types, cameras, folder albums), each stored
/// once and named by its position: a million assets then carry a small number each, not a
/// string or a path of their own.
struct Interned<Value: Hashable & Sendable>: Sendable {
    private(set) var values: [Value] = []
    private var positions: [Value: Int] = [:]

    /// The position of `value`, added if new. Assets arrive folder by folder, so the value
    /// of the one before is checked first (equal at once when they share storage).
    mutating func position(of value: Value) -> Int {
        if let last = values.indices.last, values[last] == value { return last }
        if let known = positions[value] { return known }
        values.append(value)
        positions[value] = values.count - 1
        return values.count - 1
    }

    subscript(position: Int) -> Value { values[position] }
}
