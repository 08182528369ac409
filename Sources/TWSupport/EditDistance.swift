/// Suggestions for misspelled names ("did you mean 'frosted'?").
package enum Suggestion {
    /// Edit distance over bytes counting an adjacent transposition as one
    /// edit (optimal string alignment), with an early cut-off above `limit`.
    package static func distance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        if abs(x.count - y.count) > limit { return limit == .max ? abs(x.count - y.count) : limit + 1 }
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var beforePrevious = Array(repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = Array(repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            var rowMin = current[0]
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] {
                    best = min(best, beforePrevious[j - 2] + 1)
                }
                current[j] = best
                rowMin = min(rowMin, best)
            }
            if rowMin > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[y.count]
    }

    /// The nearest candidate within a distance that grows with the word's
    /// length (at most 3 unless `limit` says otherwise); ties go to the
    /// bytewise-first candidate.
    package static func nearest<S: Sequence>(to word: String, in candidates: S, limit: Int? = nil) -> String?
    where S.Element == String {
        let limit = limit ?? max(1, min(3, word.utf8.count / 3))
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(word, candidate, limit: limit)
            guard d <= limit, d > 0 else { continue }
            if let current = best {
                if d < current.1 || (d == current.1 && candidate.utf8.lexicographicallyPrecedes(current.0.utf8)) {
                    best = (candidate, d)
                }
            } else {
                best = (candidate, d)
            }
        }
        return best?.0
    }
}
