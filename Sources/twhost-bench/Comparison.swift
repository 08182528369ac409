import Glibc
import TWHost

/// The side-by-side table of `bash Scripts/bench.sh --vs-tailwind`: whole
/// processes of twhost and, where it applies, of the Tailwind v4 CLI on the
/// same class lists, with medians, ranges, peak memory and the issue's target
/// per row. Every corpus is generated from a fixed seed, so builds compare.
struct Comparison {
    /// What a row must reach.
    enum Target {
        /// twhost's median wall time at most this fraction of Tailwind's.
        case wallRatio(Double)
        /// Wall time and peak memory each at most this fraction of Tailwind's.
        case wallAndMemoryRatio(Double)
        /// twhost's median peak memory at most this many MiB.
        case peakMiB(Double)
        /// twhost's median wall time at most this many milliseconds.
        case wallMilliseconds(Double)
        /// A figure to read, not a target.
        case none

        var text: String {
            switch self {
            case .wallRatio(let r): return "≤ \(format(r))× wall"
            case .wallAndMemoryRatio(let r): return "≤ \(format(r))× wall and memory"
            case .peakMiB(let m): return "≤ \(format(m)) MiB peak"
            case .wallMilliseconds(let ms): return ms >= 1000 ? "≤ \(format(ms / 1000)) s" : "≤ \(format(ms)) ms"
            case .none: return "—"
            }
        }
    }

    /// Whole-process figures of one command: milliseconds and MiB per run.
    struct Runs {
        var wall: Measurement
        var memory: Measurement
        /// Exit statuses seen (a row whose command failed says so).
        var statuses: [Int32]
    }

    struct Row {
        var name: String
        var twhost: Runs
        var tailwind: Runs?
        var target: Target
        /// A figure other than wall and memory (a consumer's load time), shown instead.
        var note: String?

        var wallRatio: Double? { tailwind.map { twhost.wall.median / $0.wall.median } }
        var memoryRatio: Double? { tailwind.map { twhost.memory.median / $0.memory.median } }

        /// "met", "missed", "n/a" (the target needs Tailwind, which is not installed) or "".
        var verdict: String {
            switch target {
            case .wallRatio(let r):
                guard let w = wallRatio else { return "n/a" }
                return w <= r ? "met" : "missed"
            case .wallAndMemoryRatio(let r):
                guard let w = wallRatio, let m = memoryRatio else { return "n/a" }
                return w <= r && m <= r ? "met" : "missed"
            case .peakMiB(let m): return twhost.memory.median <= m ? "met" : "missed"
            case .wallMilliseconds(let ms): return twhost.wall.median <= ms ? "met" : "missed"
            case .none: return ""
            }
        }
    }

    var rows: [Row] = []

    /// Runs `argv` `runs` times (alternating with `other` when given, so both
    /// see the same machine) and returns both figures.
    static func time(_ argv: [String], runs: Int, alternatingWith other: [String]? = nil) -> (Runs, Runs?) {
        var wall: [Double] = []
        var memory: [Double] = []
        var statuses: [Int32] = []
        var otherWall: [Double] = []
        var otherMemory: [Double] = []
        var otherStatuses: [Int32] = []
        for _ in 0..<runs {
            let t = runTimed(argv)
            wall.append(t.seconds * 1000)
            memory.append(t.peakMiB)
            statuses.append(t.status)
            if let other {
                let c = runTimed(other)
                otherWall.append(c.seconds * 1000)
                otherMemory.append(c.peakMiB)
                otherStatuses.append(c.status)
            }
        }
        let mine = Runs(
            wall: Measurement(name: "", unit: "ms", samples: wall),
            memory: Measurement(name: "", unit: "MiB", samples: memory), statuses: statuses)
        guard other != nil else { return (mine, nil) }
        return (
            mine,
            Runs(
                wall: Measurement(name: "", unit: "ms", samples: otherWall),
                memory: Measurement(name: "", unit: "MiB", samples: otherMemory), statuses: otherStatuses)
        )
    }

    /// "662 ms (654–675)" or "1.61 s (1.52–1.86)".
    static func duration(_ m: Measurement) -> String {
        if m.median >= 1000 {
            return "\(format(m.median / 1000)) s (\(format(m.minimum / 1000))–\(format(m.maximum / 1000)))"
        }
        return "\(format(m.median)) ms (\(format(m.minimum))–\(format(m.maximum)))"
    }

    static func memory(_ m: Measurement) -> String { "\(format(m.median)) MiB" }

    /// The table, in Markdown, as docs/Performance.md shows it.
    var markdown: String {
        var out = "| row | twhost | twhost peak | Tailwind v4 | Tailwind peak | ratio | target | |\n"
        out += "|---|---|---|---|---|---|---|---|\n"
        for row in rows {
            let twhostWall = row.note ?? Self.duration(row.twhost.wall)
            let failed = row.twhost.statuses.contains { $0 < 0 || $0 > 1 }
            let tailwindWall = row.tailwind.map { Self.duration($0.wall) } ?? "—"
            let tailwindMemory = row.tailwind.map { Self.memory($0.memory) } ?? "—"
            var ratio = "—"
            if let w = row.wallRatio, let m = row.memoryRatio {
                ratio = "\(format(w))× wall, \(format(m))× memory"
            }
            let memoryText = row.note == nil ? Self.memory(row.twhost.memory) : "—"
            out +=
                "| \(row.name) | \(twhostWall)\(failed ? " (exit \(row.twhost.statuses.max() ?? -1))" : "") | \(memoryText) | \(tailwindWall) | \(tailwindMemory) | \(ratio) | \(row.target.text) | \(row.verdict) |\n"
        }
        return out
    }
}

/// Seconds Python's `json.load` takes to read `path`, median of `runs` loads
/// in one interpreter (nil when python3 is not installed).
func pythonLoadSeconds(_ path: String, runs: Int = 5) -> Measurement? {
    guard let python = findOnPath("python3") else { return nil }
    let script = """
        import json, sys, time
        samples = []
        for _ in range(\(runs)):
            with open(sys.argv[1], 'rb') as f:
                start = time.perf_counter()
                json.load(f)
                samples.append(time.perf_counter() - start)
        print(' '.join(repr(s * 1000) for s in samples))
        """
    let output = captureOutput([python, "-c", script, path])
    let samples = output.split(separator: " ").compactMap { Double($0.filter { !$0.isWhitespace }) }
    guard samples.count == runs else { return nil }
    return Measurement(name: "", unit: "ms", samples: samples)
}

/// A command's standard output (standard error discarded).
func captureOutput(_ argv: [String]) -> String {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { return "" }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer {
        for p in cArgs { free(p) }
        posix_spawn_file_actions_destroy(&actions)
    }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, argv[0], &actions, nil, &cArgs, environ)
    close(pipe[1])
    var output = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while spawned == 0 {
        let n = read(pipe[0], &buffer, buffer.count)
        if n <= 0 { break }
        output += buffer[0..<n]
    }
    close(pipe[0])
    if spawned == 0 {
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
    return String(decoding: output, as: UTF8.self)
}

/// Runs a command with its standard output written to `path`.
func runToFile(_ argv: [String], _ path: String) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer {
        for p in cArgs { free(p) }
        posix_spawn_file_actions_destroy(&actions)
    }
    var pid: pid_t = 0
    guard posix_spawnp(&pid, argv[0], &actions, nil, &cArgs, environ) == 0 else { return -1 }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
}
