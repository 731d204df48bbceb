extension Array {
    /// Sorts as a stable `sort(by:)` does (equal elements keep their order), but sorts 4-byte
    /// indices and then moves each element into place along the permutation's cycles. The
    /// standard sort's buffer is half the array: 20 MB for the million 40-byte candidates a
    /// first scan sorts at the listing's end, the cold window's peak; this needs 6 bytes an element.
    mutating func sortThroughIndices(by areInIncreasingOrder: (Element, Element) -> Bool) {
        guard count > 1 else { return }
        guard count <= Int(UInt32.max) else { return sort(by: areInIncreasingOrder) }  // not a library's size
        var order = [UInt32](0..<UInt32(count))
        withUnsafeBufferPointer { elements in
            order.sort { a, b in
                if areInIncreasingOrder(elements[Int(a)], elements[Int(b)]) { return true }
                if areInIncreasingOrder(elements[Int(b)], elements[Int(a)]) { return false }
                return a < b
            }
        }
        // Position i takes the element at order[i]; a placed position is marked order[i] == i.
        for start in 0..<count where Int(order[start]) != start {
            let first = self[start]
            var i = start
            while true {
                let from = Int(order[i])
                order[i] = UInt32(i)
                if from == start {
                    self[i] = first
                    break
                }
                self[i] = self[from]
                i = from
            }
        }
    }
}
