/// One result of `twhost plugins check`, with a rule id, a severity and a
/// one-sentence fix.
public struct CheckFinding: Equatable, Sendable {
    public enum Severity: String, Equatable, Sendable { case error, warning, note }
    public var rule: String
    public var severity: Severity
    /// The registration it is about, if any.
    public var registration: String?
    public var message: String
    public var fix: String

    public init(_ rule: String, _ severity: Severity, registration: String?, _ message: String, fix: String) {
        self.rule = rule
        self.severity = severity
        self.registration = registration
        self.message = message
        self.fix = fix
    }
}

/// The checks of `twhost plugins check`, run in the process that loaded the
/// plugin. A crash or hang here is caught by the parent process.
public enum PluginChecker {
    /// Every rule id, its severity and what it checks (docs/PluginAuthoring.md).
    public static let rules: [(id: String, severity: CheckFinding.Severity, text: String)] = [
        ("load-failed", .error, "The plugin loads and its descriptor passes validation (A-7)."),
        ("plugin-crashed", .error, "Loading and probing the plugin does not crash the process."),
        ("plugin-hung", .error, "Loading and probing finish within the time limit."),
        ("plugin-exited", .error, "The plugin never ends the process itself."),
        (
            "builder-kept", .error,
            "The plugin uses a builder (or any handle) only during the call that received it, on that thread."
        ),
        ("factory-failed", .error, "Every factory runs without builder misuse."),
        ("unstable-structure", .error, "Factories return the same structure active and inactive (R-ID-3)."),
        ("not-neutral", .error, "Inactive general view and shape modifiers leave the view unchanged."),
        ("neutrality-unknown", .note, "An inactive modifier twhost cannot judge as neutral."),
        ("invalid-default", .error, "Defaults are valid in the default theme and in --theme."),
        ("nondeterministic", .error, "Factories, parsers and utilities give the same output for the same input."),
        (
            "invalid-preset", .error,
            "Animation presets set only the parameters their SwiftUI curve takes, so their rendering compiles."
        ),
        ("parser-accepts-garbage", .warning, "Parsers and utilities reject malformed arguments."),
        (
            "shadows-builtin", .warning,
            "A registration name shadows a built-in class or recipe (R-PREC-2 makes it win)."
        ),
    ]

    /// Hostile arguments every parser and utility is called with. None may crash.
    public static let hostileCorpus: [(label: String, bytes: [UInt8])] = [
        ("empty", []),
        ("spaces", Array("   ".utf8)),
        ("huge", [UInt8](repeating: UInt8(ascii: "9"), count: 1 << 20)),
        ("NaN", Array("NaN".utf8)),
        ("infinity", Array("inf".utf8)),
        ("negative zero", Array("-0".utf8)),
        ("out of range", Array("1e999".utf8)),
        ("unbalanced open brackets", Array("[[[".utf8)),
        ("unbalanced close brackets", Array("]]]".utf8)),
        ("format string", Array("%n%s%x".utf8)),
        ("invalid UTF-8", [0xFF, 0xFE, 0xC3, 0x28]),
        ("lone continuation bytes", [0x80, 0x80, 0x80]),
    ]

    /// Runs every check on a loaded plugin.
    /// - Parameters:
    ///   - themes: themes defaults must be valid in (the default theme first).
    ///   - progress: told what is about to run, so a crash can be attributed.
    public static func check(_ plugin: LoadedPlugin, themes: [(String, Theme)], progress: (String) -> Void)
        -> [CheckFinding]
    {
        var findings: [CheckFinding] = []
        let theme = themes.first?.1 ?? .standard
        let builtinNames = Set(BuiltinUtilities.exactTags.keys).union(BuiltinRecipes.definitions.keys)
        for m in plugin.modifiers {
            // Shadowing built-ins.
            if m.form.isExactTag ? builtinNames.contains(m.name) : BuiltinUtilities.roots[m.name] != nil {
                findings.append(
                    CheckFinding(
                        "shadows-builtin", .warning, registration: m.name,
                        "'\(m.name)' \(m.form.isExactTag ? "is a built-in class" : "is a built-in bracket utility"); the registration wins over it in every scope that loads this plugin",
                        fix: "rename it, e.g. '\(plugin.name)-\(m.name)', unless replacing the built-in is the point"))
            }
            // Defaults valid in every theme.
            var defaultValue: TypedValue?
            for (label, t) in themes {
                progress("\(m.name): default argument in the \(label) theme")
                if case .failure(let failure)? = m.defaultValue(in: t) {
                    findings.append(
                        CheckFinding(
                            "invalid-default", .error, registration: m.name,
                            "default '\(m.defaultArgument ?? "")' is invalid in the \(label) theme: \(failure.message)",
                            fix:
                                "use a default that parses under its type in every theme (a literal, not a theme name that may be missing)"
                        ))
                }
            }
            if case .success(let v)? = m.defaultValue(in: theme) { defaultValue = v }
            // Probe: active and inactive, each twice. Text and image forms run only when selected.
            let targetOnly = m.form.target == .text || m.form.target == .image
            progress("\(m.name): factory, active")
            let active1 = m.makeModifier(active: true, value: defaultValue)
            let active2 = m.makeModifier(active: true, value: defaultValue)
            var inactive1: Result<ModifierIR, FactoryCallError>?
            var inactive2: Result<ModifierIR, FactoryCallError>?
            if !targetOnly {
                progress("\(m.name): factory, inactive")
                inactive1 = m.makeModifier(active: false, value: defaultValue)
                inactive2 = m.makeModifier(active: false, value: defaultValue)
            }
            for result in [active1, inactive1].compactMap({ $0 }) {
                if case .failure(let error) = result {
                    findings.append(
                        CheckFinding(
                            "factory-failed", .error, registration: m.name, error.description,
                            fix: "balance every begin with an end and name every modifier and view"))
                    break
                }
            }
            if (try? active1.get()) != (try? active2.get())
                || inactive1.map({ try? $0.get() }) != inactive2.map({ try? $0.get() })
            {
                findings.append(
                    CheckFinding(
                        "nondeterministic", .error, registration: m.name,
                        "two calls with the same input returned different modifiers",
                        fix: "make the factory pure: no counters, clocks, randomness or global state"))
            }
            if let active = try? active1.get(), let inactive = try? inactive1?.get() {
                if active.structure != inactive.structure {
                    findings.append(
                        CheckFinding(
                            "unstable-structure", .error, registration: m.name,
                            "active returns \(active.swiftCode.isEmpty ? "nothing" : active.swiftCode) but inactive returns \(inactive.swiftCode.isEmpty ? "nothing" : inactive.swiftCode): toggling the class resets child state",
                            fix: "change values, do not branch: return the same modifier with a neutral value"))
                } else {
                    switch Neutrality.check(inactive) {
                    case .neutral: break
                    case .notNeutral(let why):
                        findings.append(
                            CheckFinding(
                                "not-neutral", .error, registration: m.name, "inactive: \(why)",
                                fix:
                                    "make the default (inactive) value neutral: it must leave layout, appearance and interaction unchanged"
                            ))
                    case .unknown(let modifier):
                        findings.append(
                            CheckFinding(
                                "neutrality-unknown", .note, registration: m.name,
                                "inactive: twhost does not know when .\(modifier) is neutral (\(inactive.swiftCode))",
                                fix: "check by hand that the inactive modifier changes nothing"))
                    }
                }
            }
            // Parsers: deterministic, and they reject hostile input rather than crash.
            if let parser = m.parser {
                if let raw = m.defaultArgument {
                    progress("\(m.name): parser, twice with '\(raw)'")
                    if parser.parse(raw, theme: theme) != parser.parse(raw, theme: theme) {
                        findings.append(
                            CheckFinding(
                                "nondeterministic", .error, registration: m.name,
                                "the parser read '\(raw)' differently twice", fix: "make the parser pure"))
                    }
                }
                for probe in hostileCorpus {
                    progress("\(m.name): parser with \(probe.label) input")
                    if case .success(let value) = parser.parse(bytes: probe.bytes, theme: theme),
                        probe.label != "negative zero"
                    {
                        findings.append(
                            CheckFinding(
                                "parser-accepts-garbage", .warning, registration: m.name,
                                "the parser accepted \(probe.label) input as \(value.displayText)",
                                fix: "reject arguments the registration cannot use, so that strict parsing reports them"
                            ))
                    }
                }
            }
        }
        for u in plugin.utilities {
            if BuiltinUtilities.roots[u.prefix] != nil {
                findings.append(
                    CheckFinding(
                        "shadows-builtin", .warning, registration: u.prefix,
                        "'\(u.prefix)-[…]' is a built-in bracket utility; the utility wins over it",
                        fix: "rename the prefix unless replacing the built-in is the point"))
            }
            progress("\(u.prefix): utility, twice with the probes")
            for argument in RegistrySnapshot.utilityProbes
            where u.expand(argument, theme: theme) != u.expand(argument, theme: theme) {
                findings.append(
                    CheckFinding(
                        "nondeterministic", .error, registration: u.prefix,
                        "the utility expanded '\(argument)' differently twice", fix: "make the utility pure"))
                break
            }
            for probe in hostileCorpus {
                progress("\(u.prefix): utility with \(probe.label) input")
                if case .success(let classes) = u.expander?.expand(bytes: probe.bytes, theme: theme),
                    probe.label != "negative zero" && probe.label != "huge"
                {
                    findings.append(
                        CheckFinding(
                            "parser-accepts-garbage", .warning, registration: u.prefix,
                            "the utility accepted \(probe.label) input and returned '\(classes.prefix(80))'",
                            fix: "reject arguments the utility cannot use"))
                }
            }
        }
        for r in plugin.recipes
        where BuiltinRecipes.definitions[r.name] != nil || BuiltinUtilities.exactTags[r.name] != nil {
            findings.append(
                CheckFinding(
                    "shadows-builtin", .warning, registration: r.name,
                    "the recipe '\(r.name)' replaces a built-in class or recipe",
                    fix: "rename it unless replacing the built-in is the point"))
        }
        for a in plugin.animations {
            progress("\(a.name): animation preset, twice")
            if a.make(seconds: 0.25) != a.make(seconds: 0.25) || a.make(seconds: nil) != a.make(seconds: nil) {
                findings.append(
                    CheckFinding(
                        "nondeterministic", .error, registration: a.name,
                        "the preset returned different animations for the same duration", fix: "make the preset pure"))
            }
            for seconds in [nil, 0.25] as [Double?] {
                let made = a.make(seconds: seconds)
                let invalid = made.invalidParameters
                guard !invalid.isEmpty else { continue }
                findings.append(
                    CheckFinding(
                        "invalid-preset", .error, registration: a.name,
                        "animate-\(a.name)\(seconds.map { " with \(_IRRenderer.formatNumber($0)) s" } ?? " without a duration"): \(made.functionName) takes no \(invalid.map(\.rawValue).joined(separator: " or ")), yet the preset sets \(invalid.map(made.describe).joined(separator: ", ")): SwiftUI code with it would not compile",
                        fix:
                            "set only what the curve takes: duration for linear and the ease curves; duration and bounce, or response and dampingFraction, for spring; duration and bounce (the extra bounce) for smooth, snappy and bouncy; a negative value means not set"
                    ))
                break
            }
            if BuiltinUtilities.curveNames[a.name] != nil {
                findings.append(
                    CheckFinding(
                        "shadows-builtin", .warning, registration: a.name,
                        "animate-\(a.name) is a built-in preset; the plugin's wins",
                        fix: "rename the preset unless replacing the built-in is the point"))
            }
        }
        return findings
    }
}
