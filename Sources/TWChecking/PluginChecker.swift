import TWLoading
import TWModel
import TWResolution

/// The checks of `twhost plugins check`, run in the process that loaded the
/// plugin. A crash or hang here is caught by the parent process, which learns
/// from the announced `CheckStep` which class did it.
///
/// A plugin is checked in units, one per registration (modifiers, utilities,
/// recipes, then presets, in the descriptor's order), so that a check cut
/// short by a crash can carry on with the next unit in a fresh process.
package enum PluginChecker {
    /// Hostile arguments every parser and utility is called with. None may crash.
    package static let hostileCorpus: [(label: String, bytes: [UInt8])] = [
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

    /// How many units `check` runs for a plugin.
    package static func unitCount(_ plugin: LoadedPlugin) -> Int {
        plugin.modifiers.count + plugin.utilities.count + plugin.recipes.count + plugin.animations.count
    }

    /// Runs every check on a loaded plugin.
    /// - Parameters:
    ///   - themes: the themes in force, labelled for messages ("the default
    ///     theme"); defaults must be valid in each, and the first is the one
    ///     factories, parsers and utilities are probed in.
    ///   - firstUnit: skip the units before this one (a check that carries on
    ///     after a crash).
    ///   - progress: told what is about to run, so a crash can be attributed.
    ///   - found: told each finding as soon as it is made, so a crash later on
    ///     does not lose it.
    /// - Returns: every finding, in the order made.
    package static func check(
        _ plugin: LoadedPlugin, themes: [(label: String, theme: Theme)], from firstUnit: Int = 0,
        progress: (CheckStep) -> Void, found: (CheckFinding) -> Void = { _ in }
    ) -> [CheckFinding] {
        withoutActuallyEscaping(progress) { progress in
            withoutActuallyEscaping(found) { found in
                let run = _CheckRun(plugin: plugin, themes: themes, progress: progress, found: found)
                var unit = 0
                for m in plugin.modifiers {
                    if unit >= firstUnit { run.modifier(m, unit: unit) }
                    unit += 1
                }
                for u in plugin.utilities {
                    if unit >= firstUnit { run.utility(u, unit: unit) }
                    unit += 1
                }
                for r in plugin.recipes {
                    if unit >= firstUnit { run.recipe(r) }
                    unit += 1
                }
                for a in plugin.animations {
                    if unit >= firstUnit { run.preset(a, unit: unit) }
                    unit += 1
                }
                return run.findings
            }
        }
    }

    /// `name-mismatch`: the descriptor's name is not the file's stem, so
    /// `--plugins <name>` can never load it (nil when they agree).
    package static func nameFinding(descriptorName: String, path: String) -> CheckFinding? {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard "lib\(descriptorName).so" != file.lowercased() else { return nil }
        let stem = file.lowercased().hasPrefix("lib") ? String(file.dropFirst(3).dropLast(3)) : nil
        let byName =
            stem.map { "--plugins \($0) would refuse it (the name differs)" }
            ?? "no name finds it (plugins are found as lib<name>.so)"
        return CheckFinding(
            .nameMismatch, registration: nil,
            "the descriptor's name is '\(descriptorName)' but the file is \(file): \(byName), and --plugins \(descriptorName) looks for lib\(descriptorName).so",
            fix: "rename the file lib\(descriptorName).so"
                + (stem.map { ", or set descriptor.name to \"\($0.lowercased())\"" } ?? ""))
    }
}

/// One run of the checks over a plugin's units; records findings as it goes.
final class _CheckRun {
    let plugin: LoadedPlugin
    let themes: [(label: String, theme: Theme)]
    /// The theme factories, parsers and utilities are probed in.
    let theme: Theme
    let progress: (CheckStep) -> Void
    let found: (CheckFinding) -> Void
    private(set) var findings: [CheckFinding] = []
    /// Rules already reported per registration, for those reported once each
    /// (the first input that shows them is enough to fix them).
    private var reportedOnce = Set<[String]>()
    static let builtinNames = Set(BuiltinUtilities.exactTags.keys).union(BuiltinRecipes.definitions.keys)

    init(
        plugin: LoadedPlugin, themes: [(label: String, theme: Theme)], progress: @escaping (CheckStep) -> Void,
        found: @escaping (CheckFinding) -> Void
    ) {
        self.plugin = plugin
        self.themes = themes.isEmpty ? [("default theme", .standard)] : themes
        self.theme = self.themes[0].theme
        self.progress = progress
        self.found = found
    }

    func record(_ finding: CheckFinding) {
        findings.append(finding)
        found(finding)
    }

    /// Records a finding unless its registration already has one of its rule.
    func recordOnce(_ finding: CheckFinding) {
        guard reportedOnce.insert([finding.registration ?? "", finding.rule.rawValue]).inserted else { return }
        record(finding)
    }

    // MARK: Modifiers

    func modifier(_ m: ModifierRegistration, unit: Int) {
        if m.form.isExactTag ? Self.builtinNames.contains(m.name) : BuiltinUtilities.isRoot(m.name) {
            record(
                CheckFinding(
                    .shadowsBuiltin, registration: m.name,
                    "'\(m.name)' \(m.form.isExactTag ? "is a built-in class" : "is a built-in bracket utility"); the registration wins over it in every scope that loads this plugin",
                    fix: "rename it, e.g. '\(plugin.name)-\(m.name)', unless replacing the built-in is the point"))
        }
        let target = m.form.target?.rawValue
        let defaultValue = defaults(m, unit: unit)
        // The class that passes the default, when one can (an empty or blank argument cannot be written).
        let defaultClass =
            m.form.isExactTag
            ? m.name
            : m.defaultArgument.flatMap { raw in
                raw.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } ? nil : ArgumentSweep.className(m.name, raw)
            }
        var reference: (className: String, ir: ModifierIR)?
        if m.argumentType == .none || defaultValue != nil {
            reference = probe(m, unit: unit, value: defaultValue, defaultClass: defaultClass, target: target)
        }
        if m.argumentType != .none { sweep(m, unit: unit, reference: reference, target: target) }
        if let parser = m.parser { hostileInput(m, parser, unit: unit) }
    }

    /// `invalid-default`: the default in each theme in force. Returns it
    /// decoded in the first theme, when it decodes there.
    private func defaults(_ m: ModifierRegistration, unit: Int) -> TypedValue? {
        guard let raw = m.defaultArgument else { return nil }
        var first: TypedValue?
        for (index, (label, t)) in themes.enumerated() {
            if m.parser != nil {  // value forms' defaults are decoded by the host: no plugin code runs
                progress(
                    CheckStep(
                        unit: unit, registration: m.name, action: .defaultArgument,
                        input: "its default '\(raw)' in the \(label)"))
            }
            let decoded = m.defaultValue(in: t)
            if index == 0, m.parser != nil, let decoded, let again = m.defaultValue(in: t), decoded != again {
                recordOnce(
                    CheckFinding(
                        .nondeterministic, registration: m.name,
                        "the parser read its default '\(raw)' as \(Self.describe(decoded)), then as \(Self.describe(again))",
                        fix: "make the parser pure: no counters, clocks, randomness or global state"))
            }
            switch decoded {
            case .success(let value)?: if index == 0 { first = value }
            case .failure(let failure)?:
                let fix =
                    failure.missingThemeEntry.map {
                        "define \($0) in every theme the plugin is used with (and check with --theme FILE), or use a literal default that needs no theme entry"
                    } ?? "use a default that decodes under its type in every theme"
                record(
                    CheckFinding(
                        .invalidDefault, registration: m.name,
                        "default '\(raw)' is invalid in the \(label): \(failure.message)", fix: fix))
            case nil: break
            }
        }
        return first
    }

    /// The factory active and inactive with the default, each twice: failures,
    /// determinism, one structure, neutrality. Returns the active modifier.
    private func probe(
        _ m: ModifierRegistration, unit: Int, value: TypedValue?, defaultClass: String?, target: String?
    ) -> (className: String, ir: ModifierIR)? {
        // Text and image forms run only when selected: never inactive.
        let targetOnly = m.form.target == .text || m.form.target == .image
        let input = m.defaultArgument.map { "its default '\($0)'" }
        progress(
            CheckStep(
                unit: unit, registration: m.name, action: .factory, active: true, className: defaultClass,
                input: input, target: target))
        let active1 = m.makeModifier(active: true, value: value)
        let active2 = m.makeModifier(active: true, value: value)
        var inactive1: Result<ModifierIR, FactoryCallError>?
        var inactive2: Result<ModifierIR, FactoryCallError>?
        if !targetOnly {
            progress(
                CheckStep(
                    unit: unit, registration: m.name, action: .factory, active: false, input: input, target: target))
            inactive1 = m.makeModifier(active: false, value: value)
            inactive2 = m.makeModifier(active: false, value: value)
        }
        // Who is speaking, in messages: the class with its default, or the exact tag called active.
        let activeName = m.form.isExactTag ? "\(m.name) (active)" : defaultClass ?? m.name
        let inactiveName = "\(m.name) absent (inactive\(input.map { ", with \($0)" } ?? ""))"
        if case .failure(let error) = active1 {
            recordOnce(factoryFailed(m, error, className: defaultClass, who: activeName))
        } else if case .failure(let error)? = inactive1 {
            recordOnce(factoryFailed(m, error, className: nil, who: inactiveName))
        }
        if active1 != active2 {
            recordOnce(nondeterministic(m, who: activeName, active1, active2, className: defaultClass))
        } else if let inactive1, let inactive2, inactive1 != inactive2 {
            recordOnce(nondeterministic(m, who: inactiveName, inactive1, inactive2, className: nil))
        }
        guard let active = try? active1.get() else { return nil }
        if let inactive = try? inactive1?.get() {
            if active.structure != inactive.structure {
                recordOnce(
                    CheckFinding(
                        .unstableStructure, registration: m.name,
                        "active returns \(Self.code(active)) but inactive returns \(Self.code(inactive)): toggling the class resets child state",
                        fix: "change values, do not branch: return the same modifier with a neutral value"))
            } else {
                neutrality(m, inactive)
            }
        }
        return (activeName, active)
    }

    private func neutrality(_ m: ModifierRegistration, _ inactive: ModifierIR) {
        switch Neutrality.check(inactive) {
        case .neutral: break
        case .notNeutral(let why):
            record(
                CheckFinding(
                    .notNeutral, registration: m.name, "inactive: \(why)",
                    fix:
                        "make the default (inactive) value neutral: it must leave layout, appearance and interaction unchanged"
                ))
        case .unknown(let modifier):
            record(
                CheckFinding(
                    .neutralityUnknown, registration: m.name,
                    "inactive: twhost does not know when .\(modifier) is neutral (\(inactive.swiftCode))",
                    fix: "check by hand that the inactive modifier changes nothing"))
        }
    }

    /// The argument sweep: every argument of `ArgumentSweep` through the
    /// host's decoder (value forms) or the plugin's parser (argument form),
    /// then, when it is accepted, the factory active, twice. Each rule is
    /// reported once per registration, with the first class that shows it.
    private func sweep(
        _ m: ModifierRegistration, unit: Int, reference: (className: String, ir: ModifierIR)?, target: String?
    ) {
        var reference = reference
        let arguments =
            m.parser == nil
            ? ArgumentSweep.arguments(for: m.argumentType) : ArgumentSweep.parserArguments(for: m.argumentType)
        for raw in arguments {
            let className = ArgumentSweep.className(m.name, raw)
            let decoded: Result<TypedValue, ArgumentDecoder.Failure>
            if let parser = m.parser {
                progress(
                    CheckStep(
                        unit: unit, registration: m.name, action: .parser, className: className,
                        input: "'\(raw)'", target: target))
                decoded = parser.parse(raw, theme: theme)
                let again = parser.parse(raw, theme: theme)
                if decoded != again {
                    recordOnce(
                        CheckFinding(
                            .nondeterministic, registration: m.name,
                            "the parser read '\(raw)' as \(Self.describe(decoded)), then as \(Self.describe(again))",
                            fix: "make the parser pure: no counters, clocks, randomness or global state",
                            className: className))
                }
            } else {
                decoded = ArgumentDecoder.decode(raw, as: m.argumentType, theme: theme)
            }
            // An argument the type or the parser rejects never reaches the factory.
            guard case .success(let value) = decoded else { continue }
            progress(
                CheckStep(
                    unit: unit, registration: m.name, action: .factory, active: true, className: className,
                    input: value.displayText, target: target))
            let first = m.makeModifier(active: true, value: value)
            let second = m.makeModifier(active: true, value: value)
            if first != second { recordOnce(nondeterministic(m, who: className, first, second, className: className)) }
            switch first {
            case .failure(let error): recordOnce(factoryFailed(m, error, className: className, who: className))
            case .success(let ir):
                guard let known = reference else {
                    reference = (className, ir)
                    continue
                }
                if ir.structure != known.ir.structure {
                    recordOnce(
                        CheckFinding(
                            .unstableStructure, registration: m.name,
                            "\(known.className) returns \(Self.code(known.ir)) but \(className) returns \(Self.code(ir)): changing only the argument resets child state",
                            fix:
                                "change values, do not branch on the argument: return the same modifiers for every value",
                            className: className))
                }
            }
        }
    }

    /// Parsers reject the hostile corpus rather than accept (or crash on) it.
    private func hostileInput(_ m: ModifierRegistration, _ parser: PluginArgumentParser, unit: Int) {
        for probe in PluginChecker.hostileCorpus {
            progress(
                CheckStep(unit: unit, registration: m.name, action: .parser, input: "the \(probe.label) input"))
            if case .success(let value) = parser.parse(bytes: probe.bytes, theme: theme),
                probe.label != "negative zero"
            {
                record(
                    CheckFinding(
                        .parserAcceptsGarbage, registration: m.name,
                        "the parser accepted \(probe.label) input as \(value.displayText)",
                        fix: "reject arguments the registration cannot use, so that strict parsing reports them"))
            }
        }
    }

    private func factoryFailed(
        _ m: ModifierRegistration, _ error: FactoryCallError, className: String?, who: String
    ) -> CheckFinding {
        CheckFinding(
            .factoryFailed, registration: m.name, "\(who): \(error.description)",
            fix: "balance every begin with an end and name every modifier and view", className: className)
    }

    private func nondeterministic(
        _ m: ModifierRegistration, who: String, _ first: Result<ModifierIR, FactoryCallError>,
        _ second: Result<ModifierIR, FactoryCallError>, className: String?
    ) -> CheckFinding {
        CheckFinding(
            .nondeterministic, registration: m.name,
            "\(who): the same input gave \(Self.describe(first)), then \(Self.describe(second))",
            fix: "make the factory pure: no counters, clocks, randomness or global state", className: className)
    }

    // MARK: Utilities, recipes, presets

    func utility(_ u: UtilityRegistration, unit: Int) {
        if BuiltinUtilities.isRoot(u.prefix) {
            record(
                CheckFinding(
                    .shadowsBuiltin, registration: u.prefix,
                    "'\(u.prefix)-[…]' is a built-in bracket utility; the utility wins over it",
                    fix: "rename the prefix unless replacing the built-in is the point"))
        }
        var seen = Set<String>()
        let arguments = (RegistryProbes.utilityArguments + ArgumentSweep.parserArguments(for: .custom)).filter {
            seen.insert($0).inserted
        }
        for argument in arguments {
            let className = ArgumentSweep.className(u.prefix, argument)
            progress(
                CheckStep(
                    unit: unit, registration: u.prefix, action: .utility, className: className,
                    input: "'\(argument)'"))
            let first = u.expand(argument, theme: theme)
            let second = u.expand(argument, theme: theme)
            if first != second {
                record(
                    CheckFinding(
                        .nondeterministic, registration: u.prefix,
                        "\(className): the same argument expanded to \(Self.describe(first)), then to \(Self.describe(second))",
                        fix: "make the utility pure", className: className))
                break
            }
        }
        for probe in PluginChecker.hostileCorpus {
            progress(
                CheckStep(unit: unit, registration: u.prefix, action: .utility, input: "the \(probe.label) input"))
            if case .success(let classes) = u.expander?.expand(bytes: probe.bytes, theme: theme),
                probe.label != "negative zero" && probe.label != "huge"
            {
                record(
                    CheckFinding(
                        .parserAcceptsGarbage, registration: u.prefix,
                        "the utility accepted \(probe.label) input and returned '\(classes.prefix(80))'",
                        fix: "reject arguments the utility cannot use"))
            }
        }
    }

    func recipe(_ r: RecipeRegistration) {
        guard BuiltinRecipes.definitions[r.name] != nil || BuiltinUtilities.exactTags[r.name] != nil else { return }
        record(
            CheckFinding(
                .shadowsBuiltin, registration: r.name,
                "the recipe '\(r.name)' replaces a built-in class or recipe",
                fix: "rename it unless replacing the built-in is the point"))
    }

    func preset(_ a: AnimationPresetRegistration, unit: Int) {
        var reportedNondeterminism = false
        for seconds in ArgumentSweep.presetDurations {
            let className = ArgumentSweep.presetClass(a.name, seconds: seconds)
            progress(
                CheckStep(
                    unit: unit, registration: a.name, action: .preset, className: className,
                    input: seconds.map { "\(SwiftLiteral.number($0)) s" }))
            let first = a.make(seconds: seconds)
            let second = a.make(seconds: seconds)
            if first != second && !reportedNondeterminism {
                reportedNondeterminism = true
                record(
                    CheckFinding(
                        .nondeterministic, registration: a.name,
                        "\(className): the same duration gave \(first.swiftCode), then \(second.swiftCode)",
                        fix: "make the preset pure", className: className))
            }
        }
        for seconds in [nil, 0.25] as [Double?] {
            let made = a.make(seconds: seconds)
            let invalid = made.invalidParameters
            guard !invalid.isEmpty else { continue }
            record(
                CheckFinding(
                    .invalidPreset, registration: a.name,
                    "animate-\(a.name)\(seconds.map { " with \(SwiftLiteral.number($0)) s" } ?? " without a duration"): \(made.functionName) takes no \(invalid.map(\.rawValue).joined(separator: " or ")), yet the preset sets \(invalid.map(made.describe).joined(separator: ", ")): SwiftUI code with it would not compile",
                    fix:
                        "set only what the curve takes: duration for linear and the ease curves; duration and bounce, or response and dampingFraction, for spring; duration and bounce (the extra bounce) for smooth, snappy and bouncy; a negative value means not set"
                ))
            break
        }
        if BuiltinUtilities.curveNames[a.name] != nil {
            record(
                CheckFinding(
                    .shadowsBuiltin, registration: a.name,
                    "animate-\(a.name) is a built-in preset; the plugin's wins",
                    fix: "rename the preset unless replacing the built-in is the point"))
        }
    }

    // MARK: Words

    static func code(_ ir: ModifierIR) -> String { ir.swiftCode.isEmpty ? "nothing" : ir.swiftCode }

    static func describe(_ result: Result<ModifierIR, FactoryCallError>) -> String {
        switch result {
        case .success(let ir): return code(ir)
        case .failure(let error): return "an error (\(error.description))"
        }
    }

    static func describe(_ result: Result<TypedValue, ArgumentDecoder.Failure>) -> String {
        switch result {
        case .success(let value): return value.displayText
        case .failure(let failure): return "a rejection (\(failure.message))"
        }
    }

    static func describe(_ result: Result<String, ArgumentDecoder.Failure>) -> String {
        switch result {
        case .success(let classes): return "'\(classes)'"
        case .failure(let failure): return "a rejection (\(failure.message))"
        }
    }
}
