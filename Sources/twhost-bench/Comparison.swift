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
        /// Wall time and peak memory at most these fractions of Tailwind's.
        case wallAndMemoryRatios(wall: Double, memory: Double)
        /// twhost's median wall time at most this fraction of another row's (named, in ms).
        case wallOf(Double, row: String, milliseconds: Double)
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
            case .wallAndMemoryRatios(let w, let m): return "≤ \(format(w))× wall, ≤ \(format(m))× memory"
            case .wallOf(let r, let row, _): return "≤ \(format(r))× \(row)"
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
        /// The wall times, run by run, of the twhost command this row's runs
        /// alternated with (the row its `.wallOf` target names).
        var alternatedWith: [Double]?

        /// Each run's wall time against the run it alternated with (Tailwind's,
        /// or `alternatedWith`'s): a slow spell of the machine slows both runs of
        /// a turn alike, so these ratios stray less than one of two medians does.
        /// Shown beside the ratio of medians, which the verdict reads.
        var runByRun: Measurement? {
            guard let other = alternatedWith ?? tailwind?.wall.samples, other.count == twhost.wall.samples.count,
                !other.isEmpty
            else { return nil }
            return Measurement(name: "", unit: "×", samples: zip(twhost.wall.samples, other).map { $0 / $1 })
        }

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
            case .wallAndMemoryRatios(let wall, let memory):
                guard let w = wallRatio, let m = memoryRatio else { return "n/a" }
                return w <= wall && m <= memory ? "met" : "missed"
            case .wallOf(let r, _, let milliseconds):
                return twhost.wall.median <= r * milliseconds ? "met" : "missed"
            case .peakMiB(let m): return twhost.memory.median <= m ? "met" : "missed"
            case .wallMilliseconds(let ms): return twhost.wall.median <= ms ? "met" : "missed"
            case .none: return ""
            }
        }
    }

    var rows: [Row] = []

    /// Runs `argv` `runs` times (alternating with `other` when given, so both
    /// see the same machine) and returns both figures. Each run goes through
    /// `/usr/bin/time` for its peak memory (see `runMeasured`), which adds
    /// about a millisecond of process start to its wall time; with `precise`,
    /// the timed runs are direct and one more run measures memory.
    static func time(_ argv: [String], runs: Int, alternatingWith other: [String]? = nil, precise: Bool = false)
        -> (Runs, Runs?)
    {
        func measure(_ argv: [String]) -> Runs {
            var wall: [Double] = []
            var memory: [Double] = []
            var statuses: [Int32] = []
            for _ in 0..<runs {
                let t = precise ? runTimed(argv) : runMeasured(argv)
                wall.append(t.seconds * 1000)
                statuses.append(exitStatus(t.status))
                if !precise { memory.append(t.peakMiB) }
            }
            if precise { memory.append(runMeasured(argv).peakMiB) }
            return Runs(
                wall: Measurement(name: "", unit: "ms", samples: wall),
                memory: Measurement(name: "", unit: "MiB", samples: memory), statuses: statuses)
        }
        guard let other else { return (measure(argv), nil) }
        // Alternating: one run of each at a time.
        var mine: [Runs] = []
        var theirs: [Runs] = []
        for _ in 0..<runs {
            mine.append(measureOnce(argv, precise: precise))
            theirs.append(measureOnce(other, precise: false))
        }
        return (merge(mine), merge(theirs))
    }

    private static func measureOnce(_ argv: [String], precise: Bool) -> Runs {
        let t = runMeasured(argv)
        return Runs(
            wall: Measurement(name: "", unit: "ms", samples: [t.seconds * 1000]),
            memory: Measurement(name: "", unit: "MiB", samples: [t.peakMiB]), statuses: [exitStatus(t.status)])
    }

    private static func merge(_ runs: [Runs]) -> Runs {
        Runs(
            wall: Measurement(name: "", unit: "ms", samples: runs.flatMap(\.wall.samples)),
            memory: Measurement(name: "", unit: "MiB", samples: runs.flatMap(\.memory.samples)),
            statuses: runs.flatMap(\.statuses))
    }

    /// A wait status as a shell shows it: the exit code, or 128 + the signal.
    static func exitStatus(_ status: Int32) -> Int32 {
        status < 0 ? status : (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
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
            let failed = row.twhost.statuses.contains { $0 != 0 && $0 != 1 }
            let tailwindWall = row.tailwind.map { Self.duration($0.wall) } ?? "—"
            let tailwindMemory = row.tailwind.map { Self.memory($0.memory) } ?? "—"
            var ratio = "—"
            if let w = row.wallRatio, let m = row.memoryRatio {
                ratio = "\(format(w))× wall, \(format(m))× memory"
            } else if case .wallOf(_, _, let milliseconds) = row.target, milliseconds > 0 {
                // Against the other twhost row its target names.
                ratio = "\(format(row.twhost.wall.median / milliseconds))×"
            }
            if let r = row.runByRun {
                ratio += "; run by run \(format(r.median))× (\(format(r.minimum))–\(format(r.maximum)))"
            }
            let memoryText = row.note == nil ? Self.memory(row.twhost.memory) : "—"
            out +=
                "| \(row.name) | \(twhostWall)\(failed ? " (exit \(row.twhost.statuses.max() ?? -1))" : "") | \(memoryText) | \(tailwindWall) | \(tailwindMemory) | \(ratio) | \(row.target.text) | \(row.verdict) |\n"
        }
        return out
    }
}

/// A command's wall time, exit status and peak memory. A process spawned from
/// this one shares its memory until it execs, and Linux counts that in the
/// child's peak, so a direct child's `ru_maxrss` is at least this harness's
/// own size; `/usr/bin/time` starts small, so the peak it reports for its
/// child is the command's own. Without it, the direct figure (an upper bound).
func runMeasured(_ argv: [String]) -> (seconds: Double, peakMiB: Double, status: Int32) {
    guard access("/usr/bin/time", X_OK) == 0 else { return runTimed(argv) }
    let report = "/tmp/twhost-bench-time-\(getpid()).txt"
    defer { unlink(report) }
    let t = runTimed(["/usr/bin/time", "-f", "%M", "-o", report] + argv)
    guard let text = try? FileIO.read(report),
        let kilobytes = Double(String(decoding: text, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "")
    else { return (t.seconds, .nan, t.status) }
    return (t.seconds, kilobytes / 1024, t.status)
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
