import Foundation

/// Measures and prints rows of the benchmark table: the median of several runs, and its
/// ratio to a reference measured in the same run (so numbers compare across machines).
struct BenchTable {
    struct Row {
        let section: String
        let name: String
        let medianMs: Double
        let referenceMs: Double?
        let note: String
    }

    private(set) var rows: [Row] = []

    /// The median wall-clock time of `runs` calls of `body`, in milliseconds, after one warm-up.
    static func median(runs: Int = 9, _ body: () -> Void) -> Double {
        body()
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return times.sorted()[times.count / 2]
    }

    mutating func add(section: String, _ name: String, ms: Double, reference: Double? = nil, note: String = "") {
        rows.append(Row(section: section, name: name, medianMs: ms, referenceMs: reference, note: note))
    }

    func print() {
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
        let nameWidth = max(40, (rows.map(\.name.count).max() ?? 0) + 2)
        Swift.print(pad("section", 9) + pad("measure", nameWidth) + lpad("median ms", 11) + lpad("ref ms", 10) + lpad("ratio", 8) + "  note")
        for row in rows {
            let ref = row.referenceMs.map { String(format: "%.2f", $0) } ?? "-"
            let ratio = row.referenceMs.map { String(format: "%.2f", row.medianMs / $0) } ?? "-"
            Swift.print(pad(row.section, 9) + pad(row.name, nameWidth) + lpad(String(format: "%.2f", row.medianMs), 11)
                        + lpad(ref, 10) + lpad(ratio, 8) + "  " + row.note)
        }
    }
}

/// Keeps a computed value alive so the optimiser cannot drop the work that made it.
@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
