/// "Did you mean" over a large, fixed set of names (every class a scope
/// knows, which grows with its plugins' registrations), answering exactly
/// what `Suggestion.nearest(to:in:)` answers over the same names, at a cost
/// bounded by the word and the limit rather than by the number of names.
///
/// The names are kept in a trie in bytewise order and searched depth first
/// with one row of the edit-distance table per trie level (a byte shared by
/// a thousand names is compared once), so:
/// - only the diagonal band of a row that can stay within the limit is
///   computed (a cell further than `limit` from the diagonal is already
///   over it);
/// - a branch is left as soon as every cell of its row, plus the length
///   difference its shortest and longest name still owe, is over the limit
///   (the cheap bound before any further edit distance);
/// - after a match at distance `d`, only names nearer than `d` can win (the
///   walk is in bytewise order, so equal distances keep the first name, the
///   tie-break `nearest` uses), so the limit shrinks as matches are found.
///
/// Both cuts are exact. Row minima never decrease from a row to the next
/// (a transposition from two rows up costs at least the cell it skips), and
/// any alignment of a name with the word passes each row at some column `j`
/// or transposes across it from `j - 1`, which the substitution into that
/// row already bounds; either way the rest costs at least the difference
/// between the word's remaining bytes and the name's, and at least one edit
/// per byte every name below still has and the word's rest lacks (less one,
/// for the byte a spanning transposition takes). That last bound is what
/// keeps a near miss of one of 10,000 `bench-N-[…]` names from walking them
/// all: none of them ends without `-[…]`.
///
/// A word's search visits at most `visitBudget` trie nodes: past it the word
/// gets no suggestion, so no input can make suggestions cost more than
/// `visitBudget × (2 × limit + 1)` table cells per distinct unknown word.
/// The budget is far above what a search of the shipped plugins' and the
/// built-in names visits (a few hundred nodes), so it only ever applies to
/// scopes with thousands of similar names.
package struct SuggestionIndex: Sendable {
    /// Trie nodes in preorder (bytewise order of their paths): the children of
    /// node `n` are `firstChild[n] ..< firstChild[n] + childCount[n]`.
    private var byte: [UInt8] = [0]
    private var firstChild: [Int32] = [0]
    private var childCount: [Int32] = [0]
    /// The index in `names` of the name ending here, or -1.
    private var terminal: [Int32] = [-1]
    /// The fewest and most bytes from this node to a name ending in its subtree.
    private var minRemaining: [Int32] = [0]
    private var maxRemaining: [Int32] = [0]
    /// Bytes every name below a node still has after it (with how many times),
    /// at most `requiredKept` of them: `requiredStart[n] ..< requiredStart[n + 1]`
    /// in `requiredByte` and `requiredTimes`.
    private var requiredStart: [Int32] = []
    private var requiredByte: [UInt8] = []
    private var requiredTimes: [Int32] = []
    /// Each byte that some node requires, numbered (-1 for the others).
    private var requiredSlot = [Int16](repeating: -1, count: 256)
    private var requiredBytes: [UInt8] = []
    private var names: [String] = []

    private static let requiredKept = 8

    /// Node visits per search before it gives up (no suggestion).
    package static let visitBudget = 1 << 16

    /// - Parameter names: the candidates, in any order; duplicates are kept once.
    package init<S: Sequence>(_ names: S) where S.Element == String {
        var sorted = Array(names)
        sorted.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var unique: [String] = []
        unique.reserveCapacity(sorted.count)
        for name in sorted where unique.last != name { unique.append(name) }
        self.names = unique
        build()
    }

    /// Builds the trie level by level so that each node's children are
    /// contiguous; names are sorted, so children come out in byte order.
    private mutating func build() {
        let bytes = names.map { Array($0.utf8) }
        // Each pending node: its index and the range of names whose paths pass through it, at a depth.
        var level: [(node: Int, range: Range<Int>)] = [(0, 0..<bytes.count)]
        var depth = 0
        while !level.isEmpty {
            var next: [(node: Int, range: Range<Int>)] = []
            for (node, range) in level {
                var i = range.lowerBound
                // A name that ends here sorts first in its range (it is a prefix of the rest).
                if i < range.upperBound && bytes[i].count == depth {
                    terminal[node] = Int32(i)
                    i += 1
                }
                firstChild[node] = Int32(byte.count)
                var children: Int32 = 0
                while i < range.upperBound {
                    let b = bytes[i][depth]
                    var j = i + 1
                    while j < range.upperBound && bytes[j][depth] == b { j += 1 }
                    let child = byte.count
                    byte.append(b)
                    firstChild.append(0)
                    childCount.append(0)
                    terminal.append(-1)
                    minRemaining.append(0)
                    maxRemaining.append(0)
                    next.append((child, i..<j))
                    children += 1
                    i = j
                }
                childCount[node] = children
            }
            level = next
            depth += 1
        }
        // Remaining lengths, children before parents: children always have larger indices.
        for node in stride(from: byte.count - 1, through: 0, by: -1) {
            var low = Int32.max
            var high: Int32 = 0
            if terminal[node] >= 0 { low = 0 }
            let first = Int(firstChild[node])
            for child in first..<first + Int(childCount[node]) {
                low = min(low, minRemaining[child] + 1)
                high = max(high, maxRemaining[child] + 1)
            }
            minRemaining[node] = low == .max ? 0 : low
            maxRemaining[node] = high
        }
        buildRequired()
    }

    /// The bytes each node's names all still contain: none where a name ends,
    /// otherwise what every child's subtree requires plus the child's byte.
    /// A subset (the kept ones) still bounds, so lists are cut at `requiredKept`.
    private mutating func buildRequired() {
        var lists = [[(UInt8, Int32)]](repeating: [], count: byte.count)
        for node in stride(from: byte.count - 1, through: 0, by: -1) where terminal[node] < 0 {
            let first = Int(firstChild[node])
            var common: [(UInt8, Int32)]?
            for child in first..<first + Int(childCount[node]) {
                var mine = lists[child]
                if let i = mine.firstIndex(where: { $0.0 == byte[child] }) {
                    mine[i].1 += 1
                } else {
                    mine.append((byte[child], 1))
                }
                guard let sofar = common else {
                    common = mine
                    continue
                }
                common = sofar.compactMap { entry in
                    guard let other = mine.first(where: { $0.0 == entry.0 }) else { return nil }
                    return (entry.0, min(entry.1, other.1))
                }
                if common?.isEmpty == true { break }
            }
            lists[node] = Array((common ?? []).sorted { $0.0 < $1.0 }.prefix(Self.requiredKept))
        }
        requiredStart.reserveCapacity(byte.count + 1)
        for list in lists {
            requiredStart.append(Int32(requiredByte.count))
            for (b, times) in list {
                requiredByte.append(b)
                requiredTimes.append(times)
                if requiredSlot[Int(b)] < 0 {
                    requiredSlot[Int(b)] = Int16(requiredBytes.count)
                    requiredBytes.append(b)
                }
            }
        }
        requiredStart.append(Int32(requiredByte.count))
    }

    /// How many distinct names the index holds.
    package var count: Int { names.count }

    /// The nearest name within a distance that grows with the word's length
    /// (at most 3), as `Suggestion.nearest(to:in:)` chooses it: the smallest
    /// non-zero optimal-string-alignment distance, ties to the bytewise-first
    /// name; nil when none is near enough or the search exceeds its budget.
    /// - Complexity: O(visited nodes × limit), at most `visitBudget` nodes.
    package func nearest(to word: String) -> String? {
        let w = Array(word.utf8)
        let count = w.count
        // The band is fixed by the word; `limit` shrinks as nearer names are found.
        let band = max(1, min(3, count / 3))
        var limit = band
        guard !names.isEmpty else { return nil }
        // No name's length is within the limit of the word's: nothing to compare.
        if count + band < Int(minRemaining[0]) || count - band > Int(maxRemaining[0]) { return nil }
        let width = 2 * band + 1
        let over = band + 1
        let maxDepth = Int(maxRemaining[0])
        // rows[d * width + (j - d + band)] = distance(name prefix of length d, word prefix of length j),
        // for j within `band` of d; cells outside it are more than `band` apart and count as `over`.
        var rows = [Int](repeating: over, count: (maxDepth + 1) * width)
        for j in 0...min(band, count) { rows[band + j] = j }
        var path = [UInt8](repeating: 0, count: maxDepth + 1)
        var best: Int32?
        var visits = 0
        // suffixCount[slot * (count + 1) + j]: how often a required byte occurs in the word from j on.
        let stride1 = count + 1
        var suffixCount = [Int32](repeating: 0, count: requiredBytes.count * stride1)
        for (slot, b) in requiredBytes.enumerated() {
            var j = count - 1
            while j >= 0 {
                suffixCount[slot * stride1 + j] = suffixCount[slot * stride1 + j + 1] + (w[j] == b ? 1 : 0)
                j -= 1
            }
        }

        func cell(_ d: Int, _ j: Int) -> Int {
            let k = j - d + band
            return k < 0 || k >= width || j < 0 || j > count ? over : rows[d * width + k]
        }

        // Depth-first in byte order; each entry is a node and its depth.
        var stack: [(node: Int32, depth: Int)] = []
        func pushChildren(of node: Int, depth: Int) {
            let first = Int(firstChild[node])
            // Pushed last-first so the smallest byte is visited first.
            for child in stride(from: first + Int(childCount[node]) - 1, through: first, by: -1) {
                stack.append((Int32(child), depth + 1))
            }
        }
        // The root is the empty name, at the word's length from it.
        if terminal[0] >= 0, count > 0, count <= limit {
            best = terminal[0]
            limit = count - 1
        }
        pushChildren(of: 0, depth: 0)
        while let (node32, depth) = stack.popLast() {
            // Only the word itself would be nearer, and it is never suggested.
            if limit <= 0 { break }
            visits += 1
            if visits > Self.visitBudget { return nil }
            let node = Int(node32)
            let b = byte[node]
            path[depth] = b
            let low = max(0, depth - band)
            let high = min(count, depth + band)
            // The prefix is longer than the word by more than the band.
            if low > high { continue }
            let base = depth * width
            for k in 0..<width { rows[base + k] = over }
            var rowMin = over
            var bound = over
            for j in low...high {
                var value: Int
                if j == 0 {
                    value = depth
                } else {
                    let cost = w[j - 1] == b ? 0 : 1
                    value = min(cell(depth - 1, j) + 1, cell(depth, j - 1) + 1, cell(depth - 1, j - 1) + cost)
                    if depth > 1 && j > 1 && b == w[j - 2] && path[depth - 1] == w[j - 1] {
                        value = min(value, cell(depth - 2, j - 2) + 1)
                    }
                }
                value = min(value, over)
                rows[base + j - depth + band] = value
                rowMin = min(rowMin, value)
                // What any name below still owes for the word's rest: its length,
                // and the bytes all its names have that the rest lacks, one edit
                // each (one fewer when a transposition spans this row: see the
                // type's notes).
                let rest = count - j
                let owed = max(0, rest - Int(maxRemaining[node]), Int(minRemaining[node]) - rest)
                if value + owed < bound {
                    var missing: Int32 = 0
                    for r in Int(requiredStart[node])..<Int(requiredStart[node + 1]) {
                        let slot = Int(requiredSlot[Int(requiredByte[r])])
                        missing += max(0, requiredTimes[r] - suffixCount[slot * stride1 + j])
                    }
                    bound = min(bound, value + max(owed, Int(missing) - 1))
                }
            }
            // Row minima never decrease with depth (as `Suggestion.distance` relies on).
            if rowMin > limit || bound > limit { continue }
            if terminal[node] >= 0 {
                let d = cell(depth, count)
                if d > 0 && d <= limit {
                    best = terminal[node]
                    limit = d - 1
                }
            }
            if childCount[node] > 0 { pushChildren(of: node, depth: depth) }
        }
        return best.map { names[Int($0)] }
    }
}
