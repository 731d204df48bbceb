import Foundation

/// Measures and prints rows of the benchmark table: the median of several runs, and its
/// ratio to a reference measured in the same run (so numbers compare across machines).
/// The ratio is always value ÷ reference in the row's unit: below 1 is faster for times and
/// smaller for memory, above 1 is faster for rates. A row with a target says whether it
/// was met.
struct BenchTable {
    enum Unit: String {
        case ms
        case mb = "MB"
        case rate = "files/s"
        case bytes = "B"
    }

    /// A goal for a row: a bound on its value, or on its ratio to the reference.
    struct Target {
        enum Bound { case atMost, atLeast }
        let bound: Bound
        let limit: Double
        let onRatio: Bool

        static func atMost(_ limit: Double) -> Target { Target(bound: .atMost, limit: limit, onRatio: false) }
        static func atLeast(_ limit: Double) -> Target { Target(bound: .atLeast, limit: limit, onRatio: false) }
        static func ratioAtMost(_ limit: Double) -> Target { Target(bound: .atMost, limit: limit, onRatio: true) }
        static func ratioAtLeast(_ limit: Double) -> Target { Target(bound: .atLeast, limit: limit, onRatio: true) }

        func text(_ unit: Unit) -> String {
            (bound == .atMost ? "≤ " : "≥ ") + String(format: "%g", limit) + (onRatio ? "×" : " " + unit.rawValue)
        }

        /// Nil when the row has no number to judge (no reference for a ratio, a failed run).
        func met(value: Double, reference: Double?) -> Bool? {
            let measured = onRatio ? reference.map { value / $0 } : value
            guard let measured, measured.isFinite else { return nil }
            return bound == .atMost ? measured <= limit : measured >= limit
        }
    }

    struct Row {
        let section: String
        let name: String
        let value: Double
        let unit: Unit
        let reference: Double?
        let target: Target?
        let note: String

        /// "met", "missed", or "-" (no target, or nothing to judge).
        var verdict: String {
            guard let met = target?.met(value: value, reference: reference) else { return "-" }
            return met ? "met" : "missed"
        }
    }

    private(set) var rows: [Row] = []

    /// The median wall-clock time of `runs` calls of `body`, in milliseconds, after one warm-up.
    static func median(runs: Int = 9, _ body: () -> Void) -> Double {
        body()
        var times: [Double] = []
        for _ in 0..<runs {
            times.append(wallMs(body))
        }
        return times.sorted()[times.count / 2]
    }

    mutating func add(section: String, _ name: String, ms: Double, reference: Double? = nil, target: Target? = nil,
                      note: String = "") {
        add(section: section, name, value: ms, unit: .ms, reference: reference, target: target, note: note)
    }

    mutating func add(section: String, _ name: String, value: Double, unit: Unit, reference: Double? = nil,
                      target: Target? = nil, note: String = "") {
        let row = Row(section: section, name: name, value: value, unit: unit, reference: reference, target: target,
                      note: note)
        rows.append(row)
        // Sections take minutes: show each row as it is measured, the table comes at the end.
        let judged = target.map { " (target \($0.text(unit)): \(row.verdict))" } ?? ""
        log(String(format: "  %@ %@: %.2f %@", section, name, value, unit.rawValue) + judged)
    }

    func print() {
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
        let nameWidth = max(40, (rows.map(\.name.count).max() ?? 0) + 2)
        Swift.print(pad("section", 11) + pad("measure", nameWidth) + lpad("value", 11) + " " + pad("unit", 8)
                    + lpad("reference", 11) + lpad("ratio", 8) + "  " + pad("target", 12) + pad("verdict", 8) + "note")
        for row in rows {
            let ref = row.reference.map { String(format: "%.2f", $0) } ?? "-"
            let ratio = row.reference.map { String(format: "%.2f", row.value / $0) } ?? "-"
            let target = row.target?.text(row.unit) ?? "-"
            Swift.print(pad(row.section, 11) + pad(row.name, nameWidth) + lpad(String(format: "%.2f", row.value), 11)
                        + " " + pad(row.unit.rawValue, 8) + lpad(ref, 11) + lpad(ratio, 8) + "  " + pad(target, 12)
                        + pad(row.verdict, 8) + row.note)
        }
    }
}

/// Keeps a computed value alive so the optimiser cannot drop the work that made it.
@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
