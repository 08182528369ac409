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
/// between the word's remaining bytes and the name's, at least one edit
/// per byte every name below still has and the word's rest lacks, and at
/// least one edit per byte of the word's rest that no name below has at all
/// (bytes compared by class, `byteClass`: a matched byte has the class of
/// the byte it matches); the last two less one, for the byte a spanning
/// transposition takes. The bound on bytes every name still needs is what
/// keeps a near miss of one of 10,000 `bench-N-[…]` names from walking them
/// all (none of them ends without `-[…]`); the bound on bytes none has is
/// what leaves a random word's search near the root (half the visits of the
/// adversarial benchmark's words, docs/Performance.md).
///
/// The search runs over raw buffers with its scratch rows in one temporary
/// allocation, since it runs once per distinct unknown class.
///
/// A word's search visits at most `visitBudget` trie nodes: past it the word
/// gets no suggestion, so no input can make suggestions cost more than
/// `visitBudget × (2 × limit + 1)` table cells per distinct unknown word.
/// The budget is far above what a search of the shipped plugins' and the
/// built-in names visits (a few hundred nodes), so it only ever applies to
/// scopes with thousands of similar names.
package struct SuggestionIndex: Sendable {
    /// One trie node. Nodes are in preorder (bytewise order of their paths):
    /// the children of a node are `firstChild ..< firstChild + childCount`.
    private struct Node {
        var byte: UInt8 = 0
        var firstChild: Int32 = 0
        var childCount: Int32 = 0
        /// The index in `names` of the name ending here, or -1.
        var terminal: Int32 = -1
        /// The fewest and most bytes from this node to a name ending in its subtree.
        var minRemaining: Int32 = 0
        var maxRemaining: Int32 = 0
        /// Bytes every name below still has after this node (with how many
        /// times), at most `requiredKept` of them: `requiredStart ..< requiredEnd`
        /// in `required`.
        var requiredStart: Int32 = 0
        var requiredEnd: Int32 = 0
        /// The byte classes (`byteClass`) of every byte some name below still
        /// has after this node: a byte of the word outside them matches nothing
        /// below, so it costs an edit.
        var present: UInt64 = 0
    }

    /// One of 64 classes of a byte (letters and digits each their own), for
    /// `Node.present`: bytes of a class absent below a node are absent below it.
    @inline(__always) private static func byteClass(_ b: UInt8) -> UInt64 {
        let bit: UInt8
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): bit = b &- UInt8(ascii: "a")
        case UInt8(ascii: "0")...UInt8(ascii: "9"): bit = 26 &+ (b &- UInt8(ascii: "0"))
        default: bit = 36 &+ b % 28
        }
        return 1 << UInt64(bit)
    }

    /// A byte every name below a node still has: its number among
    /// the required bytes (`slotOfByte`), and how many times at least.
    private struct Required {
        var slot: Int32
        var times: Int32
    }

    private let nodes: [Node]
    private let required: [Required]
    /// Per byte, its number among the bytes some node requires, or -1.
    private let slotOfByte: [Int32]
    /// How many distinct bytes some node requires.
    private let slots: Int
    private let names: [String]

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
        var nodes = Self.trie(unique)
        (required, slotOfByte, slots) = Self.required(&nodes)
        self.nodes = nodes
    }

    /// The trie of sorted, distinct names, built level by level so that each
    /// node's children are contiguous; names are sorted, so children come out
    /// in byte order.
    private static func trie(_ names: [String]) -> [Node] {
        var nodes = [Node()]
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
                    nodes[node].terminal = Int32(i)
                    i += 1
                }
                nodes[node].firstChild = Int32(nodes.count)
                var children: Int32 = 0
                while i < range.upperBound {
                    let b = bytes[i][depth]
                    var j = i + 1
                    while j < range.upperBound && bytes[j][depth] == b { j += 1 }
                    next.append((nodes.count, i..<j))
                    nodes.append(Node(byte: b))
                    children += 1
                    i = j
                }
                nodes[node].childCount = children
            }
            level = next
            depth += 1
        }
        // Remaining lengths and byte classes, children before parents: children always have larger indices.
        for node in stride(from: nodes.count - 1, through: 0, by: -1) {
            var low = Int32.max
            var high: Int32 = 0
            var present: UInt64 = 0
            if nodes[node].terminal >= 0 { low = 0 }
            for child in children(of: nodes[node]) {
                low = min(low, nodes[child].minRemaining + 1)
                high = max(high, nodes[child].maxRemaining + 1)
                present |= nodes[child].present | byteClass(nodes[child].byte)
            }
            nodes[node].minRemaining = low == .max ? 0 : low
            nodes[node].maxRemaining = high
            nodes[node].present = present
        }
        return nodes
    }

    private static func children(of node: Node) -> Range<Int> {
        Int(node.firstChild)..<Int(node.firstChild) + Int(node.childCount)
    }

    /// The bytes each node's names all still contain: none where a name ends,
    /// otherwise what every child's subtree requires plus the child's byte.
    /// A subset (the kept ones) still bounds, so lists are cut at `requiredKept`.
    /// Sets each node's range in the list returned, with each byte's slot.
    private static func required(_ nodes: inout [Node]) -> (
        required: [Required], slotOfByte: [Int32], slots: Int
    ) {
        var lists = [[(UInt8, Int32)]](repeating: [], count: nodes.count)
        for node in stride(from: nodes.count - 1, through: 0, by: -1) where nodes[node].terminal < 0 {
            var common: [(UInt8, Int32)]?
            for child in children(of: nodes[node]) {
                var mine = lists[child]
                let byte = nodes[child].byte
                if let i = mine.firstIndex(where: { $0.0 == byte }) {
                    mine[i].1 += 1
                } else {
                    mine.append((byte, 1))
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
            lists[node] = Array((common ?? []).sorted { $0.0 < $1.0 }.prefix(requiredKept))
        }
        var required: [Required] = []
        var slotOfByte = [Int32](repeating: -1, count: 256)
        var slots = 0
        for (node, list) in lists.enumerated() {
            nodes[node].requiredStart = Int32(required.count)
            for (b, times) in list {
                if slotOfByte[Int(b)] < 0 {
                    slotOfByte[Int(b)] = Int32(slots)
                    slots += 1
                }
                required.append(Required(slot: slotOfByte[Int(b)], times: times))
            }
            nodes[node].requiredEnd = Int32(required.count)
        }
        return (required, slotOfByte, slots)
    }

    /// How many distinct names the index holds.
    package var count: Int { names.count }

    /// The nearest name within a distance that grows with the word's length
    /// (at most 3), as `Suggestion.nearest(to:in:)` chooses it: the smallest
    /// non-zero optimal-string-alignment distance, ties to the bytewise-first
    /// name; nil when none is near enough or the search exceeds its budget.
    /// - Complexity: O(visited nodes × limit), at most `visitBudget` nodes.
    package func nearest(to word: String) -> String? {
        guard !names.isEmpty else { return nil }
        var word = word
        let found = word.withUTF8 { w in
            nodes.withUnsafeBufferPointer { nodes in
                required.withUnsafeBufferPointer { required in
                    slotOfByte.withUnsafeBufferPointer { slotOfByte in
                        Self.search(w, nodes: nodes, required: required, slotOfByte: slotOfByte, slots: slots)
                    }
                }
            }
        }
        return found.map { names[Int($0)] }
    }

    /// The search itself, over raw buffers: it runs once per distinct unknown
    /// class, so its cost per visited node is the cost of suggestions
    /// (docs/Performance.md). All scratch memory is one temporary allocation.
    private static func search(
        _ w: UnsafeBufferPointer<UInt8>, nodes: UnsafeBufferPointer<Node>, required: UnsafeBufferPointer<Required>,
        slotOfByte: UnsafeBufferPointer<Int32>, slots: Int
    ) -> Int32? {
        let count = w.count
        // The band is fixed by the word; `limit` shrinks as nearer names are found.
        let band = max(1, min(3, count / 3))
        var limit = band
        let root = nodes[0]
        // No name's length is within the limit of the word's: nothing to compare.
        if count + band < Int(root.minRemaining) || count - band > Int(root.maxRemaining) { return nil }
        let width = 2 * band + 1
        let over = band + 1
        let maxDepth = Int(root.maxRemaining)
        let stride1 = count + 1
        // Each row has one padding cell either side, always `over`, so that
        // reading a neighbour never needs a bounds test.
        let rowStride = width + 2
        let rowCells = (maxDepth + 1) * rowStride
        let perDepth = maxDepth + 2
        let total = rowCells + slots + count * stride1 + 3 * perDepth + 64 + stride1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: total) { scratch -> Int32? in
            guard let base = scratch.baseAddress else { return nil }
            // (rows + 1 + d * rowStride)[j - d + band] = distance(name prefix of length d,
            // word prefix of length j), for j within `band` of d; cells outside it
            // are more than `band` apart and count as `over`.
            let rows = base + 1
            // Per required byte's slot, its row in `suffix`, or -1 when the word
            // lacks that byte; suffix[row * stride1 + j]: how often the byte
            // occurs in the word from j on.
            let slotRow = base + rowCells
            let suffix = slotRow + slots
            // Per depth: the node being looked at, the end of its siblings, and its byte.
            let cursor = suffix + count * stride1
            let siblingsEnd = cursor + perDepth
            let path = siblingsEnd + perDepth
            // Per byte class, the positions in the word of its bytes (bit j for
            // byte j), so that the bytes from j on of the classes no name below a
            // node has are counted with one population count. Words longer than
            // 64 bytes (only possible with names over 61 bytes) go without that bound.
            let classPositions = path + perDepth
            let positional = count <= 64
            // Per node, for each column j of its row: how many of the word's bytes
            // from j on are of a class no name below has.
            let absent = classPositions + 64
            base.initialize(repeating: over, count: rowCells)
            for j in 0...min(band, count) { rows[band + j] = j }
            slotRow.initialize(repeating: -1, count: slots)
            var suffixRows = 0
            var wordClasses: UInt64 = 0
            for j in 0..<count {
                let b = w[j]
                let bit = Self.byteClass(b)
                if positional {
                    let c = bit.trailingZeroBitCount
                    if wordClasses & bit == 0 { classPositions[c] = 0 }
                    classPositions[c] |= 1 << j
                    wordClasses |= bit
                }
                let slot = Int(slotOfByte[Int(b)])
                guard slot >= 0, slotRow[slot] < 0 else { continue }
                slotRow[slot] = suffixRows
                let counts = suffix + suffixRows * stride1
                suffixRows += 1
                // A running count (not the next cell read back) keeps the loop in registers.
                var running = 0
                counts[count] = 0
                var k = count - 1
                while k >= 0 {
                    running += w[k] == b ? 1 : 0
                    counts[k] = running
                    k -= 1
                }
            }
            path.initialize(repeating: 0, count: perDepth)

            var best: Int32?
            // The root is the empty name, at the word's length from it.
            if root.terminal >= 0, count > 0, count <= limit {
                best = root.terminal
                limit = count - 1
            }
            var visits = 0
            // Depth-first in byte order: at each depth, the next sibling to look at.
            var depth = 1
            cursor[1] = Int(root.firstChild)
            siblingsEnd[1] = Int(root.firstChild) + Int(root.childCount)
            while depth > 0 {
                if cursor[depth] == siblingsEnd[depth] {
                    depth -= 1
                    continue
                }
                let index = cursor[depth]
                cursor[depth] = index + 1
                // Only the word itself would be nearer, and it is never suggested.
                if limit <= 0 { break }
                visits += 1
                if visits > visitBudget { return nil }
                let node = nodes[index]
                let b = node.byte
                path[depth] = Int(b)
                let low = max(0, depth - band)
                let high = min(count, depth + band)
                // The prefix is longer than the word by more than the band.
                if low > high { continue }
                // The word's bytes (as positions) of classes no name below has.
                var absentPositions: UInt64 = 0
                var missingClasses = wordClasses & ~node.present
                while missingClasses != 0 {
                    absentPositions |= UInt64(UInt(bitPattern: classPositions[missingClasses.trailingZeroBitCount]))
                    missingClasses &= missingClasses - 1
                }
                // Before any cell: a cell at column j is at least |j - depth| (the
                // prefixes' lengths differ by that), so if no column can stay within
                // the limit with what the rest owes for lengths and absent bytes,
                // nothing below can.
                if absentPositions != 0 {
                    // One population count, then one bit per column.
                    var running = (absentPositions >> UInt64(high)).nonzeroBitCount
                    absent[high] = running
                    var column = high - 1
                    while column >= low {
                        running += Int(truncatingIfNeeded: absentPositions >> UInt64(column)) & 1
                        absent[column] = running
                        column -= 1
                    }
                    var reachable = false
                    for j in low...high {
                        let rest = count - j
                        let owed = max(
                            0, rest - Int(node.maxRemaining), Int(node.minRemaining) - rest, absent[j] - 1)
                        if abs(j - depth) + owed <= limit {
                            reachable = true
                            break
                        }
                    }
                    if !reachable { continue }
                }
                // Cell k of a row is column j = k + depth - band; the row above
                // has column j at k + 1 (column j - 1 at k), the row two above column j - 2 at k.
                let row = rows + depth * rowStride
                let above = row - rowStride
                let twoAbove = above - rowStride
                row.update(repeating: over, count: width)
                let previousByte = depth > 1 ? path[depth - 1] : -1
                var rowMin = over
                var bound = over
                for j in low...high {
                    let k = j - depth + band
                    var value: Int
                    if j == 0 {
                        value = depth
                    } else {
                        let cost = w[j - 1] == b ? 0 : 1
                        value = min(above[k + 1] + 1, row[k - 1] + 1, above[k] + cost)
                        if j > 1 && b == w[j - 2] && previousByte == Int(w[j - 1]) {
                            value = min(value, twoAbove[k] + 1)
                        }
                    }
                    value = min(value, over)
                    row[k] = value
                    rowMin = min(rowMin, value)
                    // What any name below still owes for the word's rest: its length,
                    // and the bytes all its names have that the rest lacks, and the
                    // bytes of the rest none of them has, one edit each (one fewer
                    // when a transposition spans this row: see the type's notes).
                    let rest = count - j
                    let owed = max(
                        0, rest - Int(node.maxRemaining), Int(node.minRemaining) - rest,
                        absentPositions == 0 ? 0 : absent[j] - 1)
                    if value + owed < bound {
                        var missing = 0
                        for r in Int(node.requiredStart)..<Int(node.requiredEnd) {
                            let need = required[r]
                            let suffixRow = slotRow[Int(need.slot)]
                            let has = suffixRow < 0 ? 0 : suffix[suffixRow * stride1 + j]
                            missing += max(0, Int(need.times) - has)
                        }
                        bound = min(bound, value + max(owed, missing - 1))
                    }
                }
                // Row minima never decrease with depth (as `Suggestion.distance` relies on).
                if rowMin > limit || bound > limit { continue }
                if node.terminal >= 0 {
                    let k = count - depth + band
                    let d = k < 0 || k >= width ? over : row[k]
                    if d > 0 && d <= limit {
                        best = node.terminal
                        limit = d - 1
                    }
                }
                if node.childCount > 0 {
                    depth += 1
                    cursor[depth] = Int(node.firstChild)
                    siblingsEnd[depth] = Int(node.firstChild) + Int(node.childCount)
                }
            }
            return best
        }
    }
}
