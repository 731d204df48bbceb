/// Positions by date, newest first, for a listing of a million files: a radix sort of keys
/// that order the dates as unsigned integers, instead of a comparison sort that loads two
/// dates (and on a tie two paths) for each of twenty million comparisons.
enum DateOrder {
    /// A key that sorts ascending as `date` sorts descending (-0 is 0, as `==` has it).
    static func key(_ date: Double) -> UInt64 {
        let bits = (date == 0 ? 0 : date).bitPattern
        let ascending = bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
        return ~ascending
    }

    /// The positions of `dates`, newest first; equal dates keep their positions' order (stable).
    static func newestFirst(_ dates: [Double]) -> [Int] {
        let n = dates.count
        var keys = dates.map(key)
        var order = Array(0..<n)
        var keysOut = [UInt64](repeating: 0, count: n)
        var orderOut = [Int](repeating: 0, count: n)
        var counts = [Int](repeating: 0, count: 1 << 16)
        // Least significant digit first, 16 bits a pass: each pass is stable, so the last one
        // leaves the keys in order and equal keys in position order. A digit every key shares
        // (the exponent of dates in one era) needs no pass.
        for shift in stride(from: 0, to: 64, by: 16) {
            for i in counts.indices { counts[i] = 0 }
            for k in keys { counts[Int(truncatingIfNeeded: k >> UInt64(shift)) & 0xFFFF] += 1 }
            if counts.contains(n) { continue }
            var sum = 0
            for i in counts.indices { (counts[i], sum) = (sum, sum + counts[i]) }
            for i in 0..<n {
                let digit = Int(truncatingIfNeeded: keys[i] >> UInt64(shift)) & 0xFFFF
                keysOut[counts[digit]] = keys[i]
                orderOut[counts[digit]] = order[i]
                counts[digit] += 1
            }
            swap(&keys, &keysOut)
            swap(&order, &orderOut)
        }
        return order
    }

    /// Sorts each run of equal dates in `order` by `precedes` (the paths).
    static func sortRunsOfEqualDates(_ order: inout [Int], dates: [Double], by precedes: (Int, Int) -> Bool) {
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, dates[order[end]] == dates[order[start]] { end += 1 }
            if end - start > 1 { order[start..<end].sort(by: precedes) }
            start = end
        }
    }
}
