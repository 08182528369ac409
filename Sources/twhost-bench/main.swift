import Glibc
import TWHost

/// twhost-bench PLUGIN_DIR GENERATED_DIR [--json]
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
var results: [Measurement] = []

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
guard let plugin = load.plugins.first, let registration = plugin.modifiers.first else {
    StandardError.write("error: cannot load bench-0 from \(generatedDirectory): \(load.errors)\n")
    exit(2)
}
let invoker = registration.factoryInvoker
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
report(Measurement(name: "factory dispatch via libffi", unit: "ns/call", samples: ffiSamples))
report(Measurement(name: "factory dispatch direct C call", unit: "ns/call", samples: directSamples))
if !json {
    let ratio = (ffiSamples.sorted()[7]) / max(directSamples.sorted()[7], 1e-9)
    print("ffi / direct median ratio: \(format(ratio))x")
}

if json {
    let items: [JSONValue] = results.map {
        .object([
            ("name", .string($0.name)), ("unit", .string($0.unit)), ("median", .number($0.median)),
            ("min", .number($0.minimum)), ("max", .number($0.maximum)), ("runs", .number(Double($0.samples.count))),
        ])
    }
    print(JSONValue.object([("benchmarks", .array(items))]).serialized())
}
