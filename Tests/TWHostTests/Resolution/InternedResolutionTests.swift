import Testing

@testable import TWHost
@testable import TWResolution
@testable import TWScenes
@testable import TWSupport

/// The interned path (classes as numbers, styling steps memoised) gives the
/// general path's answers: random class lists over every styling step, on
/// every source kind, in several states and OS versions, through one scope
/// (so memoised steps are reused across lists) and compared with the general
/// path without any memo.
@Suite("Interned resolution")
struct InternedResolutionTests {
    /// Built-ins of every styling step, with variants and bracketed values;
    /// and classes the interned path leaves to the general path.
    static let pool = [
        "p-4", "px-2", "pt-1", "py-3", "pl-[7px]", "w-full", "w-[120px]", "h-[44px]", "min-h-10", "size-8",
        "max-w-[300px]", "h-full", "text-center", "leading-tight", "tracking-wide", "truncate", "italic", "not-italic",
        "font-mono", "font-semibold", "font-bold", "text-2xl", "text-sm", "text-red", "text-white", "bg-red",
        "bg-blue", "bg-white", "border", "border-2", "border-red", "rounded", "rounded-md", "rounded-full",
        "shadow", "shadow-lg", "opacity-0", "opacity-50", "blur-sm", "scale-95", "rotate-45", "-rotate-2",
        "translate-x-2", "-translate-y-1", "tint-blue", "control-large", "control-mini", "animate-spring",
        "animate-none", "duration-500", "delay-100", "hover:bg-green", "focus:text-blue", "disabled:opacity-25",
        "group-hover:scale-110", "hover:focus:rounded-lg", "hover:shadow-lg", "focus:border-blue", "rounded-[9999px]",
        "p-[13px]", "opacity-[0.3]",
        // General path only: findings, native button styles, pressed variants, plugin classes.
        "bogus", "style-bordered", "pressed:bg-red", "active:opacity-50", "max-w-xs", "frosted", "elevation-[2]",
        "hover:tilt-[3]",
    ]

    static let environments = [
        RenderEnvironment(), RenderEnvironment(osVersion: 13), RenderEnvironment(osVersion: 26),
        RenderEnvironment(platform: .macos, osVersion: 11), RenderEnvironment(platform: .macos),
        RenderEnvironment(reduceMotion: true),
    ]

    static let sources = [
        SurfaceSource(.view), SurfaceSource(.text), SurfaceSource(.image), SurfaceSource(.shape),
        SurfaceSource(.text, wrapped: true, wrapper: "padding"),
    ]

    static let states: [SurfaceState] = [
        SurfaceState(), SurfaceState([.hover]), SurfaceState([.hover, .focus, .disabled]),
        SurfaceState([], explicit: [.pressed]),
    ]

    @Test("random lists resolve as on the general path, entry bytes included")
    func matchesGeneralPath() {
        var seed: UInt64 = 7
        func below(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        var interned = 0
        // Without plugins, and with material and motion in scope (their slots inactive on the interned path).
        for (environment, registry) in Self.environments.flatMap({ e in
            [(e, PluginRegistry(plugins: [])), (e, Engine.shippedRegistry)]
        }) {
            let scope = ResolutionScope(registry: registry, environment: environment)
            for _ in 0..<250 {
                let list = (0..<(1 + below(9))).map { _ in Self.pool[below(Self.pool.count)] }.joined(separator: " ")
                let source = Self.sources[below(Self.sources.count)]
                let state = Self.states[below(Self.states.count)]
                let fast = InternedResolution.resolve(
                    TWClasses(list), source: source, state: state, scope: scope, includeDefaults: true)
                let general = SurfaceResolver.resolve(
                    TWClasses(list), source: source, state: state, scope: scope,
                    options: .init(detail: .reported, memoised: false))
                let viaResolver = SurfaceResolver.resolve(
                    TWClasses(list), source: source, state: state, scope: scope, options: .init(detail: .reported))
                #expect(viaResolver == general, "\(list) on \(source.targetName), \(environment)")
                guard let fast else { continue }
                interned += 1
                #expect(fast == general, "\(list) on \(source.targetName), \(environment)")
                #expect(Self.json(fast.chain, memoised: true) == Self.json(general.chain, memoised: false), "\(list)")
            }
        }
        // Most lists (those without a general-only class) take the interned path.
        #expect(interned > 1200)
    }

    @Test("what the interned path leaves to the general path")
    func generalOnly() {
        let scope = ResolutionScope(registry: PluginRegistry(plugins: []))
        func takes(_ classes: String, _ source: SurfaceSource = SurfaceSource(.view), in scope: ResolutionScope)
            -> Bool
        {
            InternedResolution.resolve(
                TWClasses(classes), source: source, state: SurfaceState(), scope: scope, includeDefaults: true) != nil
        }
        #expect(takes("p-4 bg-blue hover:bg-red duration-200 w-[12px]", in: scope))
        #expect(!takes("p-4 bogus", in: scope))
        #expect(!takes("p-4 pressed:bg-red", in: scope))
        #expect(!takes("style-bordered p-4", in: scope))
        #expect(!takes("p-4", SurfaceSource(.button), in: scope))
        // With plugins in scope: built-in classes only (every slot inactive), not a plugin's class.
        #expect(takes("p-4", in: Engine.scope()))
        #expect(takes("p-4", SurfaceSource(.shape), in: Engine.scope()))
        #expect(!takes("p-4 frosted", in: Engine.scope()))
        #expect(!takes("tilt-[3] p-4", in: Engine.scope()))
        let withDefaults = ResolutionScope(
            registry: PluginRegistry(plugins: []), rules: Rules(view: TWClasses("p-2")))
        #expect(!takes("p-4", in: withDefaults))
    }

    /// The chain as the JSON report writes it: shared entries from the
    /// rendering kept with them, or every entry rendered now.
    static func json(_ chain: [ChainEntry], memoised: Bool) -> [String] {
        chain.map { entry in
            let w = ByteWriter()
            if memoised { SceneReport.writeEntry(entry, to: w) } else { SceneReport.renderEntry(entry, to: w) }
            return w.string
        }
    }
}

/// The filter that decides when a bracketed class is remembered.
@Suite("Seen-once filter")
struct SeenOnceFilterTests {
    @Test("a class is met once, then again; another class is new")
    func meets() {
        var filter = SeenOnceFilter()
        let list = "w-[137px] h-[2px] w-[137px]"
        let words = list.split(separator: " ")
        let meetings = [words[0], words[1], words[2], words[0]].map { filter.meet($0) }
        #expect(meetings == [false, false, true, true])
        // Thousands of distinct classes: each new on its first meeting (no
        // two of these share a hash), and the table does not grow.
        var repeats = 0
        for i in 0..<20_000 where filter.meet(Substring("p-[\(i)px]")) { repeats += 1 }
        #expect(repeats == 0)
    }
}
