// A stable sort that merges through a buffer its caller keeps, so that a sort run every tick
// allocates nothing once the buffer has grown (the standard library's `sort` allocates its
// merge buffer on every call of more than a few elements).

extension Array {
    /// Sorts the array stably by `areInIncreasingOrder` — the same result as
    /// `sort(by:)`, which is stable too — merging through `scratch` (any contents; the caller
    /// keeps it between calls) instead of a buffer of its own.
    ///
    /// A natural bottom-up merge sort: each pass merges neighbouring ascending runs, so an
    /// array that is sorted already costs one scan, and one with a few changes a few passes.
    mutating func stableSort(scratch: inout [Element], by areInIncreasingOrder: (Element, Element) -> Bool) {
        let n = count
        guard n > 1 else { return }
        scratch.removeAll(keepingCapacity: true)
        // As large as the array's own storage: the scratch grows only when the array has.
        if scratch.capacity < n { scratch.reserveCapacity(capacity) }
        scratch.append(contentsOf: self)
        let resultInScratch = withUnsafeMutableBufferPointer { a in
            scratch.withUnsafeMutableBufferPointer { b in
                var (source, target) = (a, b)
                var swapped = false
                while true {
                    var first = 1
                    while first < n && !areInIncreasingOrder(source[first], source[first - 1]) { first += 1 }
                    if first == n { return swapped }
                    var start = 0, middle = first
                    while start < n {
                        var end = middle
                        if end < n {
                            end += 1
                            while end < n && !areInIncreasingOrder(source[end], source[end - 1]) { end += 1 }
                        }
                        // Merge source[start..<middle] and source[middle..<end]; a tie takes the left.
                        var left = start, right = middle, out = start
                        while left < middle && right < end {
                            if areInIncreasingOrder(source[right], source[left]) {
                                target[out] = source[right]; right += 1
                            } else {
                                target[out] = source[left]; left += 1
                            }
                            out += 1
                        }
                        while left < middle { target[out] = source[left]; left += 1; out += 1 }
                        while right < end { target[out] = source[right]; right += 1; out += 1 }
                        start = end
                        if start < n {
                            middle = start + 1
                            while middle < n && !areInIncreasingOrder(source[middle], source[middle - 1]) { middle += 1 }
                        }
                    }
                    swap(&source, &target)
                    swapped.toggle()
                }
            }
        }
        if resultInScratch {
            withUnsafeMutableBufferPointer { a in
                scratch.withUnsafeBufferPointer { b in
                    for i in 0..<n { a[i] = b[i] }
                }
            }
        }
    }
}
