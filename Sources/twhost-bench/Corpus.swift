import Glibc
import TWHost

/// Class-list corpora written both as a twhost scene and as an HTML file that
/// Tailwind v4 scans, so both engines compile the same class lists.
struct Corpus {
    var name: String
    /// Per surface: Tailwind's classes and twhost's closest equivalents.
    var surfaces: [(tailwind: [String], twhost: [String])]

    /// A small deterministic generator (64-bit LCG), so runs compare.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// ~30 common classes; where Tailwind's and twhost's names differ, the
    /// pair says so. docs/Performance.md lists the differences.
    static let common: [(String, String)] = [
        ("p-2", "p-2"), ("p-4", "p-4"), ("px-4", "px-4"), ("py-2", "py-2"), ("rounded", "rounded"),
        ("rounded-lg", "rounded-lg"), ("rounded-full", "rounded-full"), ("bg-white", "bg-white"),
        ("bg-blue-500", "bg-blue"), ("bg-gray-100", "bg-muted"), ("text-white", "text-white"),
        ("text-gray-700", "text-muted-foreground"), ("text-sm", "text-sm"), ("text-lg", "text-lg"),
        ("text-xl", "text-xl"),
        ("font-medium", "font-medium"), ("font-bold", "font-bold"), ("shadow", "shadow"), ("shadow-md", "shadow-md"),
        ("border", "border"), ("border-gray-200", "border-border"), ("w-[120px]", "w-[120px]"),
        ("w-[240px]", "w-[240px]"),
        ("opacity-50", "opacity-50"), ("opacity-75", "opacity-75"), ("hover:bg-blue-600", "hover:bg-indigo"),
        ("focus:border-blue-500", "focus:border-blue"), ("disabled:opacity-50", "disabled:opacity-50"),
        ("duration-200", "duration-200"), ("duration-300", "duration-300"), ("rotate-3", "rotate-3"),
        ("-rotate-2", "-rotate-2"), ("hover:shadow-lg", "hover:shadow-lg"),
    ]

    /// 20,000 surfaces of 5–12 classes drawn from the common classes.
    static func repeated(surfaces count: Int = 20_000) -> Corpus {
        var random = Random(state: 42)
        var surfaces: [([String], [String])] = []
        for _ in 0..<count {
            let n = 5 + random.below(8)
            var tw: [String] = []
            var host: [String] = []
            for _ in 0..<n {
                let pair = common[random.below(common.count)]
                tw.append(pair.0)
                host.append(pair.1)
            }
            surfaces.append((tw, host))
        }
        return Corpus(name: "repeated", surfaces: surfaces)
    }

    /// 10,000 surfaces × 10 arbitrary-value classes, mostly unique.
    static func unique(surfaces count: Int = 10_000) -> Corpus {
        var random = Random(state: 7)
        var surfaces: [([String], [String])] = []
        let hex = Array("0123456789abcdef")
        for _ in 0..<count {
            var classes: [String] = []
            let color = String((0..<6).map { _ in hex[random.below(16)] })
            let hover = String((0..<6).map { _ in hex[random.below(16)] })
            classes.append("w-[\(1 + random.below(40_000))px]")
            classes.append("h-[\(1 + random.below(40_000))px]")
            classes.append("p-[\(random.below(20_000))px]")
            classes.append("rotate-[\(random.below(36_000))deg]")
            classes.append("bg-[#\(color)]")
            classes.append("duration-[\(random.below(60_000))ms]")
            classes.append("opacity-[\(random.below(100))%]")
            classes.append("hover:bg-[#\(hover)]")
            classes.append("hover:w-[\(1 + random.below(40_000))px]")
            classes.append("focus:p-[\(random.below(20_000))px]")
            surfaces.append((classes, classes))
        }
        return Corpus(name: "unique", surfaces: surfaces)
    }

    /// About `bytes` of class text in which every class is unknown, for a
    /// scope with the 10,000 registrations `bench-0` … `bench-9999` of a
    /// generated plugin: near misses of those names (which share long
    /// prefixes with thousands of them), misspelled built-in roots and random
    /// words, nearly all distinct, in surfaces of about 100 KB (9,000 classes:
    /// under the 10,000-class limit, so every class is looked up). No
    /// Tailwind counterpart: Tailwind ignores what it does not know.
    static func adversarial(bytes: Int = 1_200_000, surfaceBytes: Int = 100_000) -> Corpus {
        var random = Random(state: 1_337)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let roots = [
            "rouned", "paddng", "shadw", "opacty", "fnt", "txt", "bakground", "bordr", "rotat", "duraton", "framee",
            "tlt", "frostd", "mrgin", "heigt", "widht",
        ]
        func word(_ range: ClosedRange<Int>) -> String {
            String((0..<(range.lowerBound + random.below(range.count))).map { _ in letters[random.below(26)] })
        }
        var surfaces: [([String], [String])] = []
        var written = 0
        while written < bytes {
            var classes: [String] = []
            var surfaceWritten = 0
            while surfaceWritten < surfaceBytes {
                let n = random.below(10_000)
                let text: String
                switch random.below(6) {
                case 0: text = "bench-\(n)\(letters[random.below(26)])"
                case 1: text = "bnech-\(n)"
                case 2: text = "bench\(n)-\(word(1...3))"
                case 3: text = roots[random.below(roots.count)] + "-" + word(1...6)
                default: text = word(4...9) + (random.below(2) == 0 ? "" : "-" + word(2...6))
                }
                written += text.utf8.count + 1
                surfaceWritten += text.utf8.count + 1
                classes.append(text)
            }
            surfaces.append((classes, classes))
        }
        return Corpus(name: "adversarial", surfaces: surfaces)
    }

    var distinctClasses: Int { Set(surfaces.flatMap(\.twhost)).count }

    /// The plugins the README's command resolves with (`--plugins material,motion`).
    static let plugins = ["material", "motion"]

    /// A scene with one Text per surface under a VStack, with `plugins` in
    /// the root's rules (none: a plugin-free scene).
    func sceneJSON(plugins: [String]) -> String {
        let rules =
            plugins.isEmpty
            ? "" : "\"rules\": {\"plugins\": [\(plugins.map { "\"\($0)\"" }.joined(separator: ", "))]}, "
        var out = "{\"scene\": 1, \"name\": \"\(name)\", \"root\": {\"type\": \"VStack\", \(rules)\"children\": [\n"
        for (i, s) in surfaces.enumerated() {
            out += "{\"type\": \"Text\", \"tw\": \"\(s.twhost.joined(separator: " "))\"}"
            out += i + 1 < surfaces.count ? ",\n" : "\n"
        }
        return out + "]}}\n"
    }

    var html: String {
        var out = "<!doctype html>\n<html><body>\n"
        for s in surfaces { out += "<div class=\"\(s.tailwind.joined(separator: " "))\">x</div>\n" }
        return out + "</body></html>\n"
    }

    static let inputCSS = "@import \"tailwindcss\" source(none);\n@source \"./corpus.html\";\n"
}

/// Runs a command to completion with stdout and stderr discarded; returns
/// wall seconds and the child's peak resident set in MiB.
func runTimed(_ argv: [String]) -> (seconds: Double, peakMiB: Double, status: Int32) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer {
        for p in cArgs { free(p) }
        posix_spawn_file_actions_destroy(&actions)
    }
    var pid: pid_t = 0
    let clock = ContinuousClock()
    let start = clock.now
    guard posix_spawnp(&pid, argv[0], &actions, nil, &cArgs, environ) == 0 else { return (.nan, .nan, -1) }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let d = clock.now - start
    let seconds = Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    return (seconds, Double(usage.ru_maxrss) / 1024, status)
}

func findOnPath(_ name: String) -> String? {
    guard let path = getenv("PATH").map({ String(cString: $0) }) else { return nil }
    for dir in path.split(separator: ":") where access("\(dir)/\(name)", X_OK) == 0 { return "\(dir)/\(name)" }
    return nil
}
