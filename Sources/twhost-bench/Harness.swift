/// Timing with ContinuousClock: medians and ranges over repeated runs, with
/// results kept from the optimizer by `blackHole`.
struct Measurement {
    var name: String
    var unit: String
    var samples: [Double]

    var sorted: [Double] { samples.sorted() }
    var median: Double {
        let s = sorted
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    var minimum: Double { sorted.first ?? .nan }
    var maximum: Double { sorted.last ?? .nan }
}

@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Runs `body` `runs` times and returns the seconds each took.
func sample(runs: Int, _ body: () -> Void) -> [Double] {
    let clock = ContinuousClock()
    var out: [Double] = []
    out.reserveCapacity(runs)
    for _ in 0..<runs {
        let start = clock.now
        body()
        let d = clock.now - start
        out.append(Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
    }
    return out
}

func format(_ v: Double) -> String {
    if v >= 100 { return String(Int(v.rounded())) }
    let scaled = (v * 100).rounded() / 100
    return String(scaled)
}

/// 100000 → "100,000".
func grouped(_ n: Int) -> String {
    let digits = Array(String(n))
    var out = ""
    for (i, d) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(d)
    }
    return out
}
